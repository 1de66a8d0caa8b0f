import Award from 'lucide-react/icons/award'
import Crown from 'lucide-react/icons/crown'
import type { TrophyClass } from '#shared/scoring/result.ts'
import { TROPHY_CLASS_LABELS } from './labels.ts'

const STYLES: Record<TrophyClass, string> = {
  record: 'bg-amber-400 text-stone-950 ring-amber-500',
  trophy: 'bg-pine-700 text-white ring-pine-800',
  standard: 'bg-white text-stone-800 ring-stone-300',
}

/** The trophy class of a measurement: Record (gold, crown), Trophy (green, award), Standard (plain). */
export function TrophyClassBadge({ trophyClass, className = '' }: { trophyClass: TrophyClass; className?: string }) {
  const Icon = trophyClass === 'record' ? Crown : trophyClass === 'trophy' ? Award : null
  return (
    <span
      data-trophy-class={trophyClass}
      className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap shadow-xs ring-1 ${STYLES[trophyClass]} ${className}`}
    >
      {Icon ? <Icon className="size-3.5" aria-hidden="true" /> : null}
      {TROPHY_CLASS_LABELS[trophyClass]}
    </span>
  )
}
