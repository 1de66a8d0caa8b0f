import { lazy, type ReactNode, Suspense, useRef } from 'react'
import { unitLabel } from '#client/lib/units.ts'
import { useSeen } from '#client/lib/use-seen.ts'
import type { MeasurementStats, UnitSystem } from '#shared/schemas/measurements.ts'
import { type BestBar, bestBars, monthNames } from './statistics-data.ts'

// The dashboard's charts. Each chart is a figure with its caption and a visually hidden table holding
// the same numbers, rendered with the page; the drawing itself (recharts, about 100 kB gzip) is a lazily loaded
// chunk, fetched and rendered only when the charts come near the viewport, so it never weighs on the first
// paint of a dashboard where they sit below the fold.
const PerMonthPlot = lazy(() => import('./statistics-plots.tsx').then((m) => ({ default: m.PerMonthPlot })))
const BestPlot = lazy(() => import('./statistics-plots.tsx').then((m) => ({ default: m.BestPlot })))

const PINE = '#3f6a39'
const AMBER = '#d97706'

type Props = { stats: MeasurementStats; units: UnitSystem }

export function StatisticsCharts({ stats, units }: Props) {
  const { scores, weights } = bestBars(stats.personalBests, units)
  const ref = useRef<HTMLDivElement>(null)
  const seen = useSeen(ref)
  return (
    <div ref={ref} className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
      <PerMonthChart perMonth={stats.perMonth} seen={seen} />
      <div className="grid gap-6">
        {scores.length > 0 ? (
          <BestChart
            id="best-scores"
            title="Best score per species"
            note="Record-book score (points)"
            bars={scores}
            color={PINE}
            valueHeader="Best score"
            seen={seen}
          />
        ) : null}
        {weights.length > 0 ? (
          <BestChart
            id="best-weights"
            title="Heaviest fish per species"
            note={`Weight (${unitLabel(units, 'weight')})`}
            bars={weights}
            color={AMBER}
            valueHeader="Best weight"
            seen={seen}
          />
        ) : null}
      </div>
    </div>
  )
}

/** The drawing's box: its final size from the start (no layout shift), a placeholder until the drawing is in. */
function Plot({ seen, children }: { seen: boolean; children: ReactNode }) {
  const placeholder = <div className="size-full animate-pulse rounded-lg bg-stone-100" />
  return seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder
}

function PerMonthChart({ perMonth, seen }: { perMonth: MeasurementStats['perMonth']; seen: boolean }) {
  const data = perMonth.map((m) => ({ ...monthNames(m.month), count: m.count }))
  const total = data.reduce((sum, m) => sum + m.count, 0)
  // The last month is the current one: the same figure as This Month on Your Measurements.
  const thisMonth = data.at(-1)?.count ?? 0
  return (
    <figure aria-labelledby="per-month-title" className="rounded-xl border border-stone-200 p-4">
      <figcaption id="per-month-title" className="font-semibold text-stone-900">
        Measurements per month
        <span className="block text-sm font-normal text-stone-700">
          The last 12 months by date taken: {total} in all, {thisMonth} this month
        </span>
      </figcaption>
      <div className="mt-3 h-56" aria-hidden="true" data-testid="chart-per-month">
        <Plot seen={seen}>
          <PerMonthPlot data={data} color={PINE} />
        </Plot>
      </div>
      <div className="sr-only">
        <table>
          <caption>Measurements per month, the last 12 months</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Measurements</th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <tr key={m.long}>
                <th scope="row">{m.long}</th>
                <td>{m.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}

type BestProps = {
  id: string
  title: string
  note: string
  bars: BestBar[]
  color: string
  valueHeader: string
  seen: boolean
}

function BestChart({ id, title, note, bars, color, valueHeader, seen }: BestProps) {
  const shown = bars.slice(0, 8)
  const height = 24 + shown.length * 36
  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 p-4">
      <figcaption id={`${id}-title`} className="font-semibold text-stone-900">
        {title}
        <span className="block text-sm font-normal text-stone-700">{note}</span>
      </figcaption>
      <div className="mt-3" style={{ height }} aria-hidden="true" data-testid={`chart-${id}`}>
        <Plot seen={seen}>
          <BestPlot bars={shown} color={color} />
        </Plot>
      </div>
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Species</th>
              <th scope="col">{valueHeader}</th>
            </tr>
          </thead>
          <tbody>
            {bars.map((bar) => (
              <tr key={bar.species}>
                <th scope="row">{bar.species}</th>
                <td>{bar.label}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  )
}
