import Sparkles from 'lucide-react/icons/sparkles'
import { useId, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import {
  confidenceText,
  estimateItems,
  referenceText,
  type SuggestionKey,
  scoreText,
  speciesText,
} from '../suggestions.ts'

type Props = {
  analysis: PhotoAnalysis
  units: UnitSystem
  /** The suggestions the form can take, depending on whether the member takes the suggested species too. */
  fillable: (withSpecies: boolean) => ReadonlySet<SuggestionKey>
  /** 'Use selected': the keys ticked that the form can take. */
  onAccept: (keys: SuggestionKey[]) => void
  onDismiss: () => void
}

function EstimateChip() {
  return (
    <span className="rounded-full bg-amber-200 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-amber-950 uppercase">
      Estimate
    </span>
  )
}

/**
 * What the vision model suggests for one photo, every value marked as an estimate. Nothing reaches the form until
 * the member ticks what to use and chooses 'Use selected'. A species outside the catalogue is 'Unknown'.
 */
export function AnalysisSuggestions({ analysis, units, fillable, onAccept, onDismiss }: Props) {
  const id = useId()
  const [checked, setChecked] = useState<ReadonlySet<SuggestionKey>>(() => fillable(true))
  const withSpecies = checked.has('species')
  const canFill = fillable(withSpecies)
  const species = speciesText(analysis.species)
  const estimates = estimateItems(analysis, units)
  const score = scoreText(analysis, units)
  const chosen = [...checked].filter((key) => canFill.has(key))

  const toggle = (key: SuggestionKey, on: boolean) =>
    setChecked((current) => {
      const next = new Set(current)
      if (on) next.add(key)
      else next.delete(key)
      // Taking or leaving the species changes which values fit the form: the ones that now fit start ticked.
      if (key === 'species') for (const k of fillable(on)) if (k !== 'species' && !current.has(k)) next.add(k)
      return next
    })

  const row = (key: SuggestionKey, label: string, value: string, detail: string | null) => {
    const can = canFill.has(key)
    const inputId = `${id}-${key}`
    return (
      <li key={key} className="flex items-start gap-3 rounded-lg bg-white px-3 py-2 ring-1 ring-amber-200">
        {can ? (
          <input
            id={inputId}
            type="checkbox"
            checked={checked.has(key)}
            onChange={(event) => toggle(key, event.target.checked)}
            className="mt-1 size-4 shrink-0 accent-pine-700"
          />
        ) : (
          <span className="mt-1 size-4 shrink-0" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {can ? (
              <label htmlFor={inputId} className="text-sm font-semibold text-stone-900">
                {label}: {value}
              </label>
            ) : (
              <span className="text-sm font-semibold text-stone-900">
                {label}: {value}
              </span>
            )}
            <EstimateChip />
          </div>
          {detail ? <p className="text-xs text-stone-700">{detail}</p> : null}
        </div>
      </li>
    )
  }

  const noField = 'No field for it in this form: shown for your information'
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4"
      data-testid="analysis-suggestions"
    >
      <div className="flex items-start gap-2">
        <Sparkles className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
        <div>
          <h4 id={`${id}-title`} className="font-bold text-stone-900">
            AI suggestions
          </h4>
          <p className="text-sm text-stone-700">
            Estimates from the photo, not measurements. Tick what to use: the form is filled only when you choose Use
            selected, and each value filled is marked as an AI estimate.
          </p>
        </div>
      </div>
      <ul className="grid gap-2" aria-label="Suggestions">
        {row(
          'species',
          'Species',
          species.name,
          analysis.species.id === null
            ? (species.detail ?? 'Not a species of our catalogue')
            : `${confidenceText(analysis.species.confidence)} confidence`,
        )}
        {estimates.map((item) => row(item.key, item.label, item.text, canFill.has(item.key) ? null : noField))}
      </ul>
      {estimates.length === 0 ? (
        <p className="text-sm text-stone-700">The model estimated no sizes from this photo.</p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-stone-700">Category</dt>
        <dd className="text-stone-900">{analysis.category ?? 'Unknown'}</dd>
        <dt className="font-medium text-stone-700">Reference object</dt>
        <dd className="text-stone-900">{referenceText(analysis.referenceObject)}</dd>
        <dt className="font-medium text-stone-700">Score estimate</dt>
        <dd className="text-stone-900">{score ?? 'None'}</dd>
        {analysis.notes ? (
          <>
            <dt className="font-medium text-stone-700">Model's note</dt>
            <dd className="text-stone-900">{analysis.notes}</dd>
          </>
        ) : null}
      </dl>
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => onAccept(chosen)} disabled={chosen.length === 0}>
          Use selected
        </Button>
        <Button variant="outline" onClick={onDismiss}>
          Dismiss
        </Button>
        <p className="ml-auto text-xs text-stone-600">Analysed by {analysis.model}</p>
      </div>
    </section>
  )
}
