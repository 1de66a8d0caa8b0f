import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { BestBar } from './statistics-data.ts'

// The dashboard charts' drawings: the only module with recharts, a lazily loaded chunk that
// statistics-charts.tsx mounts when the charts come into view. Each drawing sits in an aria-hidden box; the
// figure around it holds the caption and a visually hidden table with the same numbers.

const AXIS = { fontSize: 12, fill: '#57534e' }

export type MonthBar = { short: string; long: string; count: number }

export function PerMonthPlot({ data, color }: { data: MonthBar[]; color: string }) {
  return (
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
        <Bar dataKey="count" fill={color} radius={[4, 4, 0, 0]} maxBarSize={32} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  )
}

export function BestPlot({ bars, color }: { bars: BestBar[]; color: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        data={bars}
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
  )
}
