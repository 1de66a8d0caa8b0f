import Crown from 'lucide-react/icons/crown'
import Medal from 'lucide-react/icons/medal'
import { rankMark } from '../board-views.ts'

const MEDALS: Record<number, string> = { 2: 'text-slate-500', 3: 'text-orange-700' }

/** docs/product.md §2: 1 a crown, 2 and 3 medals (silver, bronze), the others '#n'. Screen readers hear 'Rank n'. */
export function RankBadge({ rank }: { rank: number }) {
  const mark = rankMark(rank)
  return (
    <span data-rank={rank} className="inline-flex w-8 shrink-0 items-center justify-center sm:w-9">
      <span className="sr-only">Rank {rank}</span>
      {mark === 'crown' ? (
        <Crown className="size-6 fill-amber-300 text-amber-600 sm:size-7" aria-hidden="true" />
      ) : mark === 'medal' ? (
        <Medal className={`size-6 sm:size-7 ${MEDALS[rank]}`} aria-hidden="true" />
      ) : (
        <span aria-hidden="true" className="text-sm font-bold text-stone-700 tabular-nums">
          #{rank}
        </span>
      )}
    </span>
  )
}
