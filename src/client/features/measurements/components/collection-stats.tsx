import Award from 'lucide-react/icons/award'
import CalendarDays from 'lucide-react/icons/calendar-days'
import Crown from 'lucide-react/icons/crown'
import Layers from 'lucide-react/icons/layers'
import PawPrint from 'lucide-react/icons/paw-print'
import { formatCount } from '#client/lib/format.ts'
import type { MeasurementStats } from '#shared/schemas/measurements.ts'

type Props = { stats: MeasurementStats | undefined }

/** /measurements: Total, Trophies, Records, Species (distinct), This Month (the calendar month, by date taken). */
export function CollectionStats({ stats }: Props) {
  const items = [
    { label: 'Total', value: stats?.total, Icon: Layers, tone: 'bg-stone-100 text-stone-800' },
    { label: 'Trophies', value: stats?.trophies, Icon: Award, tone: 'bg-pine-100 text-pine-800' },
    { label: 'Records', value: stats?.records, Icon: Crown, tone: 'bg-amber-100 text-amber-900' },
    { label: 'Species', value: stats?.species, Icon: PawPrint, tone: 'bg-sky-100 text-sky-900' },
    { label: 'This Month', value: stats?.thisMonth, Icon: CalendarDays, tone: 'bg-violet-100 text-violet-900' },
  ]
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-busy={stats ? undefined : true}>
      {items.map(({ label, value, Icon, tone }) => (
        <div
          key={label}
          data-testid={`stat-${label.toLowerCase().replace(' ', '-')}`}
          className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 rounded-xl border border-stone-200 bg-white p-4 shadow-sm last:col-span-2 sm:last:col-span-1"
        >
          <dt className="contents">
            <span className={`row-span-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <span className="text-sm font-medium text-stone-700">{label}</span>
          </dt>
          <dd className="col-start-2 text-2xl font-extrabold text-stone-900 tabular-nums">
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
  )
}
