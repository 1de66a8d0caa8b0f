import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import {
  EmptyCollection,
  MeasurementCard,
  MeasurementCardSkeleton,
  useOutboxEntries,
} from '#client/features/measurements/index.ts'
import { useUnits } from '#client/lib/use-units.ts'
import { DASHBOARD_RECENT, useRecentByDateTaken } from '../api.ts'

/**
 * 'Recent Measurements': 3 cards and 'View All'; the empty state offers 'Add First Measurement'. The
 * newest by date taken, the date each card shows, so the order and the dates agree.
 */
export function RecentMeasurements({ onAddMeasurement }: { onAddMeasurement: () => void }) {
  const units = useUnits()
  const pages = useRecentByDateTaken()
  const items = pages.data?.items.slice(0, DASHBOARD_RECENT) ?? []
  const waiting = useOutboxEntries().length
  return (
    <section
      aria-labelledby="recent-title"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id="recent-title" className="text-xl font-bold text-stone-900">
            Recent Measurements
          </h2>
          <p className="text-sm text-stone-600">Newest by date taken</p>
        </div>
        <Link
          href={paths.measurements}
          className="text-sm font-semibold whitespace-nowrap text-pine-800 underline-offset-4 hover:underline"
        >
          View All
        </Link>
      </div>
      {waiting > 0 ? (
        <p className="mt-4 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-950">
          {waiting === 1 ? '1 measurement is' : `${waiting} measurements are`} waiting to sync.{' '}
          <Link href={paths.measurements} className="font-semibold underline underline-offset-4">
            See {waiting === 1 ? 'it' : 'them'}
          </Link>
        </p>
      ) : null}
      {pages.isPending ? (
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true" aria-label="Recent Measurements">
          {Array.from({ length: DASHBOARD_RECENT }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={i} className={`grid ${i === 2 ? 'sm:max-xl:hidden' : ''}`}>
              <MeasurementCardSkeleton />
            </li>
          ))}
        </ul>
      ) : pages.isError ? (
        <div role="alert" className="mt-5 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-semibold">Your recent measurements could not be loaded.</p>
          <button
            type="button"
            onClick={() => void pages.refetch()}
            className="mt-2 font-semibold underline underline-offset-4"
          >
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <div className="mt-6">
          <EmptyCollection action="Add First Measurement" onAction={onAddMeasurement} />
        </div>
      ) : (
        <ul className="mt-5 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Recent Measurements">
          {items.map((m) => (
            <li key={m.id} className="grid">
              <MeasurementCard measurement={m} units={units} eager />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
