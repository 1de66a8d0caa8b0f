import Ruler from 'lucide-react/icons/ruler'
import Sparkles from 'lucide-react/icons/sparkles'
import { Button } from '#client/components/button.tsx'
import { MeasurementPhoto } from '#client/features/measurements/index.ts'
import { formatLength } from '#client/lib/units.ts'
import type { Estimate } from '#shared/schemas/community.ts'
import type { Photo, UnitSystem } from '#shared/schemas/measurements.ts'
import { comparisonText, ESTIMATE_SOURCE_LABELS, estimateValueText } from './estimate.ts'
import type { AiState } from './use-ai-estimate.ts'

/** A value the checker can measure; `reportedIn` is null when the card does not report it. */
export type CheckOption = { field: string; label: string; reportedIn: number | null }
/** The checker's estimate so far, from the measuring tool or the AI. */
export type Taken = Pick<Estimate, 'value' | 'unit' | 'uncertainty' | 'source'>

type MeasureRowProps = {
  photo: Photo | undefined
  species: string
  measured: boolean
  onMeasure: () => void
  /** Present when the AI estimate is offered. */
  aiEstimate: { ai: AiState; ask: () => Promise<void> } | null
}

/** The photo, the button that opens the measuring tool and, when offered, the AI estimate with its note. */
export function MeasureRow({ photo, species, measured, onMeasure, aiEstimate }: MeasureRowProps) {
  const ai = aiEstimate?.ai
  return (
    <>
      <div className="flex flex-wrap items-center gap-4">
        <MeasurementPhoto
          photo={photo}
          size="thumb"
          alt={`Photo of the ${species}`}
          className="h-20 w-28 rounded-lg object-cover"
        />
        <Button variant={measured ? 'outline' : 'primary'} onClick={onMeasure} disabled={!photo}>
          <Ruler className="size-4" aria-hidden="true" />
          {measured ? 'Measure again' : 'Measure on the photo'}
        </Button>
        {aiEstimate ? (
          <Button variant="outline" onClick={() => void aiEstimate.ask()} disabled={ai?.kind === 'working'}>
            <Sparkles className="size-4" aria-hidden="true" />
            {ai?.kind === 'working' ? 'Analyzing…' : 'Use AI estimate'}
          </Button>
        ) : null}
      </div>
      {ai?.kind === 'note' ? (
        <p role="status" className="text-sm text-stone-700">
          {ai.message}
        </p>
      ) : null}
    </>
  )
}

type ComparisonProps = { taken: Taken; option: CheckOption; owner: string; units: UnitSystem }

/** The checker's estimate beside the value the owner reported, and how far apart they are. */
export function EstimateComparison({ taken, option, owner, units }: ComparisonProps) {
  return (
    <section aria-label="Your estimate and the reported value" className="rounded-xl bg-stone-100 p-4">
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-stone-700">Your estimate ({option.label.toLowerCase()})</dt>
          <dd className="text-lg font-bold text-stone-900 tabular-nums">{estimateValueText(taken, units)}</dd>
          <dd className="text-xs text-stone-600">{ESTIMATE_SOURCE_LABELS[taken.source]}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-700">Reported by {owner}</dt>
          <dd className="text-lg font-bold text-stone-900 tabular-nums">
            {option.reportedIn === null ? 'Not reported' : formatLength(option.reportedIn, units)}
          </dd>
        </div>
      </dl>
      {option.reportedIn !== null && taken.unit === 'in' ? (
        <p className="mt-3 text-sm text-stone-800">
          {comparisonText(taken.value, taken.uncertainty, option.reportedIn)}
        </p>
      ) : null}
    </section>
  )
}
