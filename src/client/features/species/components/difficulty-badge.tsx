import type { SpeciesDifficulty } from '#shared/species/types.ts'

const STYLES: Record<SpeciesDifficulty, string> = {
  Beginner: 'bg-pine-100 text-pine-900',
  Intermediate: 'bg-sky-100 text-sky-900',
  Advanced: 'bg-amber-100 text-amber-900',
  Expert: 'bg-red-100 text-red-900',
}

export function DifficultyBadge({ difficulty }: { difficulty: SpeciesDifficulty }) {
  return (
    <span className={`inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[difficulty]}`}>
      {difficulty}
    </span>
  )
}
