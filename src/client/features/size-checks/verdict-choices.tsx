import type { Verdict } from '#shared/schemas/community.ts'
import { VERDICT_LABELS, VERDICT_MEANINGS, VERDICT_ORDER } from './estimate.ts'

type Props = {
  name: string
  chosen: Verdict | null
  /** why the checker's own estimate rules a verdict out, or null */
  ruledOut: (verdict: Verdict) => string | null
  onChoose: (verdict: Verdict) => void
}

/** The three verdicts as radios; one the estimate rules out is disabled with its reason in plain sight. */
export function VerdictChoices({ name, chosen, ruledOut, onChoose }: Props) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">Your verdict</legend>
      {VERDICT_ORDER.map((value) => {
        const why = ruledOut(value)
        return (
          <label
            key={value}
            className={`flex items-start gap-3 rounded-lg border border-stone-200 p-3 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 ${why ? 'cursor-not-allowed bg-stone-50' : 'cursor-pointer'}`}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={chosen === value}
              disabled={why !== null}
              aria-describedby={why ? `${name}-${value}-why` : undefined}
              onChange={() => onChoose(value)}
              className="mt-0.5 size-4 shrink-0 accent-pine-700"
            />
            <span className="text-sm">
              <span className={`font-semibold ${why ? 'text-stone-600' : 'text-stone-900'}`}>
                {VERDICT_LABELS[value]}
              </span>
              <span className={why ? 'text-stone-600' : 'text-stone-700'}> — {VERDICT_MEANINGS[value]}</span>
              {why ? (
                <span id={`${name}-${value}-why`} className="mt-1 block font-medium text-amber-900">
                  {why}
                </span>
              ) : null}
            </span>
          </label>
        )
      })}
    </fieldset>
  )
}
