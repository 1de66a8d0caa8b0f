import { lazy, Suspense, useRef } from 'react'
import type { AddMeasurementStart } from '#client/features/measurements/index.ts'
import { useMeasurementStats } from '#client/features/measurements/index.ts'
import type { MeasuredValue } from '#client/features/measuring/index.ts'
import { useDocumentTitle } from '#client/lib/document-title.ts'
import { useSeen } from '#client/lib/use-seen.ts'
import { useRecentByDateTaken } from '../api.ts'
import { CalibrationPanel } from '../components/calibration-panel.tsx'
import { DashboardHero } from '../components/dashboard-hero.tsx'
import { RecentMeasurements } from '../components/recent-measurements.tsx'
import { StatisticsSkeleton, YourStatistics } from '../components/your-statistics.tsx'

// Community Highlights: its code and its request wait until the lower half of the dashboard is in view.
const CommunityHighlights = lazy(() => import('../components/community-highlights.tsx'))

type Props = { onAddMeasurement: (start?: AddMeasurementStart) => void }

/**
 * docs/product.md §2 dashboard: the hero, Recent Measurements, the calibration panel, once there is something to count
 * Your Statistics, and Community Highlights when other members have posted.
 */
export function DashboardPage({ onAddMeasurement }: Props) {
  useDocumentTitle('Dashboard')
  const stats = useMeasurementStats()
  const recent = useRecentByDateTaken() // the same query as Recent Measurements: one request
  // Whichever answers first says whether the member has measurements. Until one does, the page is laid out as
  // for a member who has (most visits), so nothing on screen moves when they arrive: Recent Measurements
  // jumping out of the grid above it was a layout shift of 0.4 (Lighthouse CLS).
  const total = stats.data?.total ?? recent.data?.total
  const hasMeasurements = total === undefined ? !(stats.isError && recent.isError) : total > 0
  const addFirst = () => onAddMeasurement()
  const lower = useRef<HTMLDivElement>(null)
  const lowerSeen = useSeen(lower)
  // The measuring tool's 'Record a measurement': the new measurement starts with that photo and its value.
  const record = (measured: MeasuredValue) =>
    onAddMeasurement({
      ...(measured.image instanceof Blob ? { initialPhoto: measured.image } : {}),
      initialReference: measured.reference.kind,
      initialMeasured: measured,
    })
  // The calibration panel keeps its place in the tree whether or not statistics have loaded: moving it would
  // remount it and close a measuring tool opened before the statistics arrived.
  return (
    <div className="grid grid-cols-1 gap-6">
      <DashboardHero onAddMeasurement={onAddMeasurement} />
      {hasMeasurements && <RecentMeasurements onAddMeasurement={addFirst} />}
      <div ref={lower} className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          {!hasMeasurements ? (
            <RecentMeasurements onAddMeasurement={addFirst} />
          ) : stats.data ? (
            <YourStatistics stats={stats.data} />
          ) : stats.isError ? null : (
            <StatisticsSkeleton />
          )}
        </div>
        <CalibrationPanel onRecord={record} />
      </div>
      {lowerSeen ? (
        <Suspense fallback={null}>
          <CommunityHighlights />
        </Suspense>
      ) : null}
    </div>
  )
}
