import { useMemo } from 'react'
import { scoreText } from '#shared/measurements/display.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { ScoreAttempt } from '#shared/scoring/index.ts'
import type { Species } from '#shared/species/types.ts'
import { fieldErrors, hasEntries, scoreForm } from '../../species/calculator/calculator-form.ts'
import { engineForm, metricEntryError } from '../../species/calculator/metric-entries.ts'
import { scoreName } from '../../species/calculator/score-summary.tsx'
import { formChart, type MeasurementFormState } from './form-state.ts'

type Props = {
  form: MeasurementFormState
  species: Species | undefined
  estimate: ScoreAttempt | undefined
  units: UnitSystem
}

/** The score as it stands, beside Save: the chart's score, or a fish's estimated weight. */
export function LiveScore({ form, species, estimate, units }: Props) {
  const chart = formChart(form)
  const fish = Boolean(species?.fishFormulas?.length) && !species?.scoringCategories.length
  const attempt = useMemo(() => {
    if (!chart || fish || !hasEntries(form.sheet)) return undefined
    const errors = fieldErrors(chart, form.sheet, units === 'metric' ? metricEntryError : undefined)
    return scoreForm(chart, chart.system, engineForm(chart, form.sheet, units), errors)
  }, [chart, fish, form.sheet, units])
  const shown = fish ? estimate : attempt
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
