import Award from 'lucide-react/icons/award'
import PawPrint from 'lucide-react/icons/paw-print'
import Users from 'lucide-react/icons/users'
import { formatCount } from '#client/lib/format.ts'
import type { FooterStats as Stats } from '../board-views.ts'

/** docs/product.md §2 footer: Active Hunters & Anglers, Total Trophies Recorded, Species Tracked. */
export function FooterStats({ stats }: { stats: Stats }) {
  const items = [
    { label: 'Active Hunters & Anglers', value: stats.members, Icon: Users, tone: 'bg-pine-100 text-pine-800' },
    { label: 'Total Trophies Recorded', value: stats.trophies, Icon: Award, tone: 'bg-amber-100 text-amber-900' },
    { label: 'Species Tracked', value: stats.species, Icon: PawPrint, tone: 'bg-sky-100 text-sky-900' },
  ]
  return (
    <section aria-labelledby="leaderboard-stats">
      <h2 id="leaderboard-stats" className="sr-only">
        Leaderboard statistics
      </h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {items.map(({ label, value, Icon, tone }) => (
          <div
            key={label}
            className="grid grid-cols-1 content-start gap-y-1 rounded-xl border border-stone-200 bg-white p-3 shadow-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-x-3 sm:p-4"
          >
            <dt className="contents">
              <span
                className={`mb-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg sm:row-span-2 sm:mb-0 sm:size-10 ${tone}`}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="row-start-3 text-xs font-medium text-stone-700 sm:col-start-2 sm:row-start-2 sm:text-sm">
                {label}
              </span>
            </dt>
            <dd className="row-start-2 text-2xl font-extrabold text-stone-900 tabular-nums sm:col-start-2 sm:row-start-1">
              {value === undefined ? (
                <span className="inline-block h-7 w-10 animate-pulse rounded bg-stone-200 align-middle">
                  <span className="sr-only">Loading</span>
                </span>
              ) : (
                formatCount(value)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
