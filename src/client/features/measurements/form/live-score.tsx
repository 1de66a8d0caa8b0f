import { useMemo } from 'react'
import { useWatch } from 'react-hook-form'
import {
  engineForm,
  fieldErrors,
  hasEntries,
  metricEntryError,
  scoreForm,
  scoreName,
} from '#client/features/species/index.ts'
import { scoreText } from '#shared/measurements/display.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { fishEstimate } from './build-input.ts'
import { useMeasurementForm } from './form-edit.ts'
import { formChart, speciesKind } from './form-state.ts'

/** The score as it stands, beside Save: the chart's score, or a fish's estimated weight. */
export function LiveScore({ units }: { units: UnitSystem }) {
  const { control } = useMeasurementForm()
  const [speciesId, category, system, sheet, quick] = useWatch({
    control,
    name: ['speciesId', 'category', 'system', 'sheet', 'quick'],
  })
  const species = speciesId ? getSpecies(speciesId) : undefined
  const chart = formChart({ category, system })
  const fish = species !== undefined && speciesKind(species) === 'fish'
  const attempt = useMemo(() => {
    if (!chart || fish || !hasEntries(sheet)) return undefined
    const errors = fieldErrors(chart, sheet, units === 'metric' ? metricEntryError : undefined)
    return scoreForm(chart, chart.system, engineForm(chart, sheet, units), errors)
  }, [chart, fish, sheet, units])
  const shown = fish && species ? fishEstimate({ category, quick }, species, units) : attempt
  if (!chart || !shown?.ok) return <span className="min-w-0 text-sm text-stone-600 max-sm:hidden" />
  return (
    <p className="min-w-0 text-sm text-stone-700">
      {scoreName(chart)}:{' '}
      <strong className="text-base font-extrabold text-stone-900 tabular-nums" data-testid="add-live-score">
        {scoreText(shown.result, units)}
      </strong>
    </p>
  )
}
