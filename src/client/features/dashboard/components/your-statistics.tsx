import Award from 'lucide-react/icons/award'
import Layers from 'lucide-react/icons/layers'
import PawPrint from 'lucide-react/icons/paw-print'
import Trophy from 'lucide-react/icons/trophy'
import type { ReactNode } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { TrophyClassBadge } from '#client/features/measurements/index.ts'
import { formatCount } from '#client/lib/format.ts'
import { useUnits } from '#client/lib/use-units.ts'
import type { MeasurementStats } from '#shared/schemas/measurements.ts'
import { StatisticsCharts } from './statistics-charts.tsx'
import { bestValueText } from './statistics-data.ts'

/** How many personal bests the list shows before 'and N more'. */
const BESTS_SHOWN = 5

// The tiles follow the width of the list, not of the window: beside Calibration at 1280 px four tiles are narrow, so
// the icon shows only where the label still fits on its line beside it (no word breaks inside).
function Tile({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 items-center gap-x-3 rounded-xl bg-stone-100 p-3.5 @4xl:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="contents">
        <span className="row-span-2 hidden size-10 shrink-0 items-center justify-center rounded-lg bg-white text-pine-800 shadow-xs @4xl:inline-flex">
          {icon}
        </span>
        <span className="text-sm font-medium break-words text-stone-700">{label}</span>
      </dt>
      <dd className="text-2xl font-extrabold text-stone-900 tabular-nums @4xl:col-start-2">{children}</dd>
    </div>
  )
}

/** Holds the place of Your Statistics while they load (about its height with four tiles and a few bests). */
export function StatisticsSkeleton() {
  return (
    <div
      aria-hidden="true"
      data-testid="statistics-skeleton"
      className="@container animate-pulse rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="h-7 w-40 rounded bg-stone-200" />
      <div className="mt-4 grid grid-cols-2 gap-3 @xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-24 rounded-xl bg-stone-100" />
        ))}
      </div>
      <div className="mt-6 h-48 rounded-xl bg-stone-100" />
    </div>
  )
}

/** docs/product.md §2 'Your Statistics': Total Measurements, Trophy Class, Personal Bests, Species Recorded, and charts. */
export function YourStatistics({ stats }: { stats: MeasurementStats }) {
  const bests = stats.personalBests
  const units = useUnits()
  return (
    <section
      aria-labelledby="stats-title"
      className="@container rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="stats-title" className="text-xl font-bold text-stone-900">
        Your Statistics
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-3 @xl:grid-cols-4">
        <Tile label="Total Measurements" icon={<Layers className="size-5" aria-hidden="true" />}>
          {formatCount(stats.total)}
        </Tile>
        <Tile label="Trophy Class" icon={<Award className="size-5" aria-hidden="true" />}>
          {stats.bestTrophyClass ? <TrophyClassBadge trophyClass={stats.bestTrophyClass} className="text-sm" /> : '—'}
        </Tile>
        <Tile label="Personal Bests" icon={<Trophy className="size-5" aria-hidden="true" />}>
          {formatCount(bests.length)}
        </Tile>
        <Tile label="Species Recorded" icon={<PawPrint className="size-5" aria-hidden="true" />}>
          {formatCount(stats.species)}
        </Tile>
      </dl>

      {bests.length > 0 ? (
        <div className="mt-6">
          <h3 className="font-semibold text-stone-900">Personal bests</h3>
          <ol className="mt-2 divide-y divide-stone-100">
            {bests.slice(0, BESTS_SHOWN).map((best) => (
              <li key={best.speciesId}>
                <Link
                  href={paths.measurement.href(best.measurementId)}
                  className="flex items-center gap-3 rounded-lg py-2 text-sm hover:bg-stone-50 sm:px-2"
                >
                  <span className="min-w-0 flex-1 truncate font-medium text-stone-900">{best.species}</span>
                  <span className="shrink-0 font-semibold text-stone-900 tabular-nums">
                    {bestValueText(best, units)}
                  </span>
                  <TrophyClassBadge trophyClass={best.trophyClass} />
                </Link>
              </li>
            ))}
          </ol>
          {bests.length > BESTS_SHOWN ? (
            <p className="mt-1 text-sm text-stone-600">and {bests.length - BESTS_SHOWN} more species</p>
          ) : null}
        </div>
      ) : null}

      {/* The figures and their tables come with the page; recharts only when they scroll into view. */}
      <StatisticsCharts stats={stats} units={units} />
    </section>
  )
}
