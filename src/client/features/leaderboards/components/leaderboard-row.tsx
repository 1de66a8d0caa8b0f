import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { Avatar } from '#client/components/avatar.tsx'
import { fullName } from '#client/lib/user-name.ts'
import type { Leaderboard, LeaderboardRow as Row } from '#shared/schemas/achievements.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import { rowValue, totalsText } from '../board-views.ts'
import type { BoardScale } from '../species-names.ts'
import { RankBadge } from './rank-badge.tsx'

type Props = { row: Row; board: Leaderboard; scale: BoardScale; units: UnitSystem; isViewer: boolean }

/** One member on a board: rank, avatar, full name, their totals and the value; the whole row opens their profile. */
export function LeaderboardRow({ row, board, scale, units, isViewer }: Props) {
  const value = rowValue(board, row.value, scale, units)
  const name = fullName(row.user) ?? row.user.firstName ?? row.user.lastName ?? 'Member'
  return (
    <Link
      href={paths.profile.href(row.user.id)}
      data-testid="leaderboard-row"
      className={`flex items-center gap-2.5 rounded-xl px-2 py-2.5 transition-colors hover:bg-stone-100 sm:gap-4 sm:px-3 ${
        isViewer ? 'bg-pine-50 ring-1 ring-pine-200' : ''
      }`}
    >
      <RankBadge rank={row.rank} />
      <Avatar user={{ ...row.user, email: null }} className="size-9 sm:size-10" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="min-w-0 truncate font-semibold text-stone-900">{name}</span>
          {/* On a phone the name keeps the room and the row's tint marks the viewer; screen readers hear it anyway. */}
          {isViewer ? (
            <>
              <span className="hidden shrink-0 rounded-md bg-pine-700 px-1.5 py-0.5 text-xs font-semibold text-white sm:inline">
                You
              </span>
              <span className="sr-only sm:hidden">(you)</span>
            </>
          ) : null}
        </span>
        <span className="block text-xs text-stone-700">{totalsText(row)}</span>
      </span>
      <span className="shrink-0 text-right">
        <span className="block text-lg leading-tight font-bold text-stone-900 tabular-nums">{value.text}</span>
        <span className="block text-xs text-stone-700">{value.label}</span>
      </span>
    </Link>
  )
}
