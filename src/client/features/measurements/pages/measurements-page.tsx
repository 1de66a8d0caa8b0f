import Plus from 'lucide-react/icons/plus'
import { lazy, Suspense, useState } from 'react'
import { Link } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { buttonClass } from '#client/components/button.tsx'
import { LoadMore } from '#client/components/load-more.tsx'
import { useLatch } from '#client/lib/deferred.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { formatCount } from '#client/lib/format.ts'
import { useUnits } from '#client/lib/use-units.ts'
import { useMeasurementPages, useMeasurementStats } from '../api.ts'
import { CollectionStats } from '../components/collection-stats.tsx'
import { EmptyCollection } from '../components/empty-collection.tsx'
import { MeasurementCard } from '../components/measurement-card.tsx'
import { MeasurementCardSkeleton, SKELETON_CARDS } from '../components/measurement-card-skeleton.tsx'
import { RecentActivity } from '../components/recent-activity.tsx'
import { useOutbox } from '../components/use-outbox.ts'

// A draft's card scores it with the engine and names its species from the catalogue (about 20 kB gzip): it loads
// only when the outbox holds something, not with every visit to the collection.
const OutboxCard = lazy(() => import('../components/outbox-card.tsx').then((m) => ({ default: m.OutboxCard })))
// Discarding a draft asks first, in a Radix dialog loaded then.
const ConfirmDialog = lazy(() =>
  import('#client/components/confirm-dialog.tsx').then((m) => ({ default: m.ConfirmDialog })),
)

type Props = { onAddMeasurement: () => void }

/** docs/product.md §2 /measurements: the member's collection with its summary, recent activity and every measurement. */
export default function MeasurementsPage({ onAddMeasurement }: Props) {
  useDocumentTitle('Your Measurements')
  const units = useUnits()
  const stats = useMeasurementStats()
  const pages = useMeasurementPages()
  const outbox = useOutbox()
  const [discarding, setDiscarding] = useState<string | null>(null)
  const confirming = useLatch(discarding !== null)

  const items = pages.data?.pages.flatMap((page) => page.items) ?? []
  const total = pages.data?.pages[0]?.total ?? 0
  const waiting = outbox.entries.length
  const empty = pages.isSuccess && total === 0 && waiting === 0

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-stone-900">Your Measurements</h1>
          <p className="mt-1 text-stone-700">Every trophy and catch you have measured, newest catch first.</p>
        </div>
        <Link href={paths.home} className={buttonClass('primary', 'md')}>
          <Plus className="size-4" aria-hidden="true" />
          New Measurement
        </Link>
      </div>

      <CollectionStats stats={stats.data} />

      {items.length > 0 ? <RecentActivity items={items} units={units} /> : null}

      <section aria-labelledby="all-title" className="grid gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="all-title" className="text-xl font-bold text-stone-900">
            All Measurements
          </h2>
          <span className="rounded-full bg-stone-200 px-2.5 py-0.5 text-xs font-semibold text-stone-800">
            {formatCount(total)} total
          </span>
          {waiting > 0 ? (
            <span className="rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
              {waiting} waiting to sync
            </span>
          ) : null}
        </div>

        {pages.isError ? (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
            <p className="font-semibold">Your measurements could not be loaded.</p>
            <button
              type="button"
              onClick={() => void pages.refetch()}
              className="mt-2 font-semibold underline underline-offset-4"
            >
              Try again
            </button>
          </div>
        ) : null}

        {empty ? (
          <EmptyCollection action="Take First Measurement" onAction={onAddMeasurement} />
        ) : (
          <ul
            className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
            aria-label="All Measurements"
            aria-busy={pages.isPending}
          >
            {outbox.entries.map((entry) => (
              <li key={entry.id} className="grid">
                <Suspense fallback={<MeasurementCardSkeleton />}>
                  <OutboxCard entry={entry} units={units} onRetry={outbox.retry} onDiscard={setDiscarding} />
                </Suspense>
              </li>
            ))}
            {pages.isPending
              ? Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
                  <li key={i} className="grid">
                    <MeasurementCardSkeleton />
                  </li>
                ))
              : items.map((m, i) => (
                  <li key={m.id} className="grid">
                    <MeasurementCard measurement={m} units={units} eager={i < 3} />
                  </li>
                ))}
          </ul>
        )}
        {pages.isSuccess ? (
          <LoadMore
            hasMore={pages.hasNextPage}
            loading={pages.isFetchingNextPage}
            onLoadMore={() => void pages.fetchNextPage()}
          />
        ) : null}
      </section>

      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={discarding !== null}
            onOpenChange={(open) => (open ? undefined : setDiscarding(null))}
            title="Discard this measurement?"
            description="It has not reached the server: discarding deletes it and its photos from this device for good."
            confirm="Discard"
            onConfirm={() => {
              if (discarding) outbox.discard(discarding)
              setDiscarding(null)
            }}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
