import type { UseQueryResult } from '@tanstack/react-query'
import PawPrint from 'lucide-react/icons/paw-print'
import Trophy from 'lucide-react/icons/trophy'
import { Button } from '#client/components/button.tsx'
import { errorMessage } from '#client/lib/api.ts'
import type { Leaderboard, LeaderboardRow as Row } from '#shared/schemas/achievements.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { BoardScale } from '../species-names.ts'
import { LeaderboardRow } from './leaderboard-row.tsx'
import { LeaderboardSkeleton } from './leaderboard-skeleton.tsx'

type Props = {
  board: Leaderboard
  rows: UseQueryResult<Row[]>
  /** the viewer's row when they are outside the rows shown */
  ownRow: Row | null
  viewerId: string | undefined
  scale: BoardScale
  units: UnitSystem
}

/** The top rows of one board (the server sends at most LEADERBOARD_ROWS), 'No data yet', and 'Your rank'. */
export function LeaderboardBoard({ board, rows, ownRow, viewerId, scale, units }: Props) {
  if (rows.isPending) return <LeaderboardSkeleton />
  if (!rows.data)
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-center text-red-900">
        <p className="font-semibold">This leaderboard could not be loaded.</p>
        <p className="mt-1 text-sm">{errorMessage(rows.error, 'Check your connection and try again.')}</p>
        <Button className="mt-3" variant="outline" onClick={() => void rows.refetch()}>
          Try again
        </Button>
      </div>
    )
  if (rows.data.length === 0)
    return (
      <div className="flex flex-col items-center px-6 py-10 text-center">
        <span className="inline-flex size-12 items-center justify-center rounded-full bg-stone-100 text-stone-700">
          {board === 'species' ? (
            <PawPrint className="size-6" aria-hidden="true" />
          ) : (
            <Trophy className="size-6" aria-hidden="true" />
          )}
        </span>
        <p className="mt-3 font-semibold text-stone-900">No data yet</p>
        <p className="mt-1 max-w-sm text-sm text-stone-700">
          Nothing counts here for this period and evidence yet. Public measurements and earned achievements appear as
          soon as they are recorded.
        </p>
      </div>
    )
  return (
    <div className="grid grid-cols-1 gap-4">
      <ol aria-label="Top 10" className="grid grid-cols-1 gap-1">
        {rows.data.map((row) => (
          <li key={row.id}>
            <LeaderboardRow row={row} board={board} scale={scale} units={units} isViewer={row.user.id === viewerId} />
          </li>
        ))}
      </ol>
      {ownRow ? (
        <section
          aria-labelledby="your-rank"
          className="grid grid-cols-1 gap-1 border-t border-dashed border-stone-300 pt-3"
        >
          <h3 id="your-rank" className="px-2 text-xs font-semibold tracking-wide text-stone-700 uppercase sm:px-3">
            Your rank
          </h3>
          <LeaderboardRow row={ownRow} board={board} scale={scale} units={units} isViewer />
        </section>
      ) : null}
    </div>
  )
}
