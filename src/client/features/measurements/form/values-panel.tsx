import Ruler from 'lucide-react/icons/ruler'
import type { ReactNode } from 'react'
import { useWatch } from 'react-hook-form'
import { Button } from '#client/components/button.tsx'
import {
  type CalculatorFieldExtras,
  CalculatorFieldsProvider,
  CalculatorSheet,
  engineValueText,
  type SheetState,
} from '#client/features/species/index.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import { fishEstimate } from './build-input.ts'
import { clearFieldErrors, editForm, useFormErrors, useMeasurementForm } from './form-edit.ts'
import {
  categoryOptions,
  entryAt,
  fieldNote,
  formChart,
  type QuickField,
  quickFieldsFor,
  speciesKind,
  withQuickText,
  withSheetState,
} from './form-state.ts'
import { generalMessages } from './form-values.ts'
import { QuickFields } from './quick-fields.tsx'
import type { Measuring } from './use-measuring.ts'

type Props = { units: UnitSystem; busy: boolean; measuring: Measuring }

/** The values of the species chosen: its record-book chart, or quick values; and the messages about them. */
export function ValuesPanel({ units, busy, measuring }: Props) {
  const { control } = useMeasurementForm()
  const speciesId = useWatch({ control, name: 'speciesId' })
  const general = generalMessages(useFormErrors())
  const species = speciesId ? getSpecies(speciesId) : undefined
  if (!species) {
    return general.length > 0 ? <GeneralErrors messages={general} className="rounded-lg bg-red-50 px-3 py-2" /> : null
  }
  const kind = speciesKind(species)
  const canMeasure = measuring.start !== undefined
  const ruler = canMeasure ? ' The ruler beside a field measures it on your photo.' : ''
  const measureButton = (field: string, label: string) => (
    <MeasureButton field={field} label={label} measuring={measuring} busy={busy} />
  )
  return (
    <section aria-labelledby="add-values-title" className="grid gap-4">
      <div>
        <h3 id="add-values-title" className="text-lg font-bold text-stone-900">
          Measurements
        </h3>
        {kind === 'chart' && units === 'metric' ? (
          <p className="text-sm text-stone-700">
            Type centimetres, e.g. <span className="font-mono">61.5</span>. Record books score in inches: each value is
            converted and rounded as the book reads it, shown under it. Leave a missing point blank.
            {ruler}
          </p>
        ) : kind === 'chart' ? (
          <p className="text-sm text-stone-700">
            Record-book charts are read in inches: <span className="font-mono">24 2/8</span>,{' '}
            <span className="font-mono">24-2</span>, <span className="font-mono">24.25</span> and{' '}
            <span className="font-mono">24¼</span> all work. Leave a missing point blank.
            {ruler}
          </p>
        ) : canMeasure ? (
          <p className="text-sm text-stone-700">The ruler beside a field measures it on your photo.</p>
        ) : null}
      </div>
      {general.length > 0 ? (
        <GeneralErrors messages={general} className="grid gap-1 rounded-lg bg-red-50 px-3 py-2" />
      ) : null}
      {kind === 'chart' ? (
        <ChartValues species={species} units={units} measureButton={measureButton} />
      ) : (
        <QuickValues species={species} units={units} measureButton={measureButton} />
      )}
    </section>
  )
}

/** Messages about the form as a whole; the focus goes here when one is the first message of a save. */
function GeneralErrors({ messages, className }: { messages: string[]; className: string }) {
  return (
    <div role="alert" tabIndex={-1} data-error-anchor className={`${className} outline-none`}>
      {messages.map((message) => (
        <p key={message} className="text-sm font-medium text-red-800">
          {message}
        </p>
      ))}
    </div>
  )
}

type MeasureProps = { field: string; label: string; measuring: Measuring; busy: boolean }

/** 'Measure on photo' beside a length, when the form has a photo this browser can draw. */
function MeasureButton({ field, label, measuring, busy }: MeasureProps) {
  const { start } = measuring
  if (!start) return null
  return (
    <Button
      variant="outline"
      size="icon"
      className="size-9 shrink-0 sm:size-10"
      aria-label={`Measure ${label} on photo`}
      title="Measure on photo"
      disabled={busy}
      onClick={() => start(field, label)}
    >
      <Ruler className="size-4" aria-hidden="true" />
    </Button>
  )
}

type ValuesProps = {
  species: Species
  units: UnitSystem
  measureButton: (field: string, label: string) => ReactNode
}

/** A record-book chart: the calculator, with a ruler beside each length and the marks of photo and AI values. */
function ChartValues({ species, units, measureButton }: ValuesProps) {
  const form = useMeasurementForm()
  const [category, system, sheet, photoMeasured, aiEstimated] = useWatch({
    control: form.control,
    name: ['category', 'system', 'sheet', 'photoMeasured', 'aiEstimated'],
  })
  const errors = useFormErrors()
  const chart = formChart({ category, system })
  const extras: CalculatorFieldExtras = {
    idPrefix: 'add',
    units,
    addon: (field) => (field.quantity === 'length' ? measureButton(field.id, field.label) : null),
    note: (id) => fieldNote({ photoMeasured, aiEstimated }, id, units),
    // Metric: the inches (or pounds) each entry is read as, under it.
    hint: (id) => {
      if (units !== 'metric' || !chart) return undefined
      const found = entryAt(chart, sheet, id)
      return found ? engineValueText(found.text, chart, found.quantity) : undefined
    },
  }
  // Like a state setter: the calculator may send several updates before the form renders again.
  const onChange = (update: (state: SheetState) => SheetState) => {
    const values = form.getValues()
    const next = withSheetState(
      values,
      update({ category: values.category, system: values.system, form: values.sheet }),
    )
    if (next.changed.length > 0) clearFieldErrors(form, next.changed)
    editForm(form, () => next.form)
  }
  return (
    <CalculatorFieldsProvider value={extras}>
      <CalculatorSheet
        species={species}
        categories={categoryOptions(species)}
        value={{ category, system, form: sheet }}
        onChange={onChange}
        layout="dialog"
        extraErrors={errors}
      />
    </CalculatorFieldsProvider>
  )
}

/** Quick values: length, girth, width and weight as the species has them, and a fish's estimated weight. */
function QuickValues({ species, units, measureButton }: ValuesProps) {
  const form = useMeasurementForm()
  const [category, quick, photoMeasured, aiEstimated] = useWatch({
    control: form.control,
    name: ['category', 'quick', 'photoMeasured', 'aiEstimated'],
  })
  const errors = useFormErrors()
  const fields = quickFieldsFor(species, category)
  const onChange = (field: QuickField, value: string) => {
    clearFieldErrors(form, [field])
    editForm(form, (values) => withQuickText(values, field, value))
  }
  return (
    <QuickFields
      species={species}
      fields={fields}
      values={quick}
      units={units}
      errors={errors}
      notes={Object.fromEntries(fields.map((f) => [f, fieldNote({ photoMeasured, aiEstimated }, f, units)]))}
      addon={measureButton}
      estimate={speciesKind(species) === 'fish' ? fishEstimate({ category, quick }, species, units) : undefined}
      onChange={onChange}
    />
  )
}
