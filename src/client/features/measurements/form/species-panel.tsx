import { useWatch } from 'react-hook-form'
import { SelectField } from '#client/components/select-field.tsx'
import { getSpecies } from '#shared/species/catalogue.ts'
import { editForm, useFormErrors, useMeasurementForm } from './form-edit.ts'
import { categoryOptions, speciesKind, withSpecies } from './form-state.ts'
import { SpeciesCombobox } from './species-combobox.tsx'

type Props = {
  /** The species list opened or closed: Escape belongs to it while it is open. */
  onListOpenChange: (open: boolean) => void
}

/** The species, and for a fish with several formulas, the one its weight is estimated with. */
export function SpeciesPanel({ onListOpenChange }: Props) {
  const form = useMeasurementForm()
  const [speciesId, category] = useWatch({ control: form.control, name: ['speciesId', 'category'] })
  const errors = useFormErrors()
  const species = speciesId ? getSpecies(speciesId) : undefined
  return (
    <section aria-labelledby="add-species-title" className="grid gap-4">
      <h3 id="add-species-title" className="text-lg font-bold text-stone-900">
        Species
      </h3>
      <SpeciesCombobox
        id="add-species"
        value={species}
        error={errors.species}
        onOpenChange={onListOpenChange}
        onChange={(picked) => {
          form.clearErrors()
          editForm(form, (values) => withSpecies(values, picked))
        }}
      />
      {species && speciesKind(species) === 'fish' && (species.fishFormulas?.length ?? 0) > 1 ? (
        <SelectField
          id="add-formula"
          label="Weight formula"
          value={category}
          placeholder="Formula"
          options={categoryOptions(species)}
          onValueChange={(value) => editForm(form, (values) => ({ ...values, category: value }))}
        />
      ) : null}
    </section>
  )
}
