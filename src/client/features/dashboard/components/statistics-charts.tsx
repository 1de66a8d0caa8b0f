import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { MeasurementStats, UnitSystem } from '#shared/schemas/measurements.ts'
import { unitLabel } from '../../../lib/units.ts'
import { type BestBar, bestBars, monthNames } from './statistics-data.ts'

// The dashboard's charts (issue 4), a lazily loaded chunk with recharts. Each chart is a figure whose SVG is
// hidden from assistive technology; a visually hidden table beside it holds the same numbers.

const PINE = '#3f6a39'
const AMBER = '#d97706'
const AXIS = { fontSize: 12, fill: '#57534e' }

type Props = { stats: MeasurementStats; units: UnitSystem }

export default function StatisticsCharts({ stats, units }: Props) {
  const { scores, weights } = bestBars(stats.personalBests, units)
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-2 lg:items-start">
      <PerMonthChart perMonth={stats.perMonth} />
      <div className="grid gap-6">
        {scores.length > 0 ? (
          <BestChart
            id="best-scores"
            title="Best score per species"
            note="Record-book score (points)"
            bars={scores}
            color={PINE}
            valueHeader="Best score"
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
          />
        ) : null}
      </div>
    </div>
  )
}

function PerMonthChart({ perMonth }: { perMonth: MeasurementStats['perMonth'] }) {
  const data = perMonth.map((m) => ({ ...monthNames(m.month), count: m.count }))
  const total = data.reduce((sum, m) => sum + m.count, 0)
  return (
    <figure aria-labelledby="per-month-title" className="rounded-xl border border-stone-200 p-4">
      <figcaption id="per-month-title" className="font-semibold text-stone-900">
        Measurements per month
        <span className="block text-sm font-normal text-stone-700">
          The last 12 months by date taken: {total} in all
        </span>
      </figcaption>
      <div className="mt-3 h-56" aria-hidden="true" data-testid="chart-per-month">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 16, right: 4, left: -24, bottom: 0 }} accessibilityLayer={false}>
            <CartesianGrid vertical={false} stroke="#e7e5e4" />
            <XAxis dataKey="short" tick={AXIS} tickLine={false} axisLine={false} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={AXIS} tickLine={false} axisLine={false} width={48} />
            <Tooltip
              cursor={{ fill: '#f5f5f4' }}
              labelFormatter={(_, payload) => String(payload?.[0]?.payload?.long ?? '')}
              formatter={(value) => [String(value), 'Measurements']}
            />
            <Bar dataKey="count" fill={PINE} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
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

type BestProps = { id: string; title: string; note: string; bars: BestBar[]; color: string; valueHeader: string }

function BestChart({ id, title, note, bars, color, valueHeader }: BestProps) {
  const shown = bars.slice(0, 8)
  const height = 24 + shown.length * 36
  return (
    <figure aria-labelledby={`${id}-title`} className="rounded-xl border border-stone-200 p-4">
      <figcaption id={`${id}-title`} className="font-semibold text-stone-900">
        {title}
        <span className="block text-sm font-normal text-stone-700">{note}</span>
      </figcaption>
      <div className="mt-3" style={{ height }} aria-hidden="true" data-testid={`chart-${id}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={shown}
            layout="vertical"
            margin={{ top: 0, right: 84, left: 0, bottom: 0 }}
            accessibilityLayer={false}
          >
            <XAxis type="number" hide domain={[0, 'dataMax']} />
            <YAxis
              type="category"
              dataKey="species"
              tick={AXIS}
              tickLine={false}
              axisLine={false}
              width={112}
              interval={0}
            />
            <Bar dataKey="value" fill={color} radius={[0, 4, 4, 0]} barSize={20} isAnimationActive={false}>
              {/* A no-break space keeps '177 4/8' on one line: recharts wraps labels at spaces. */}
              <LabelList
                dataKey="label"
                position="right"
                formatter={(value) => String(value).replaceAll(' ', '\u00a0')}
                style={{ fontSize: 12, fill: '#292524', fontWeight: 600 }}
              />
            </Bar>
          </BarChart>
        </ResponsiveContainer>
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
