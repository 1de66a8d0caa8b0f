import { useDocumentTitle } from '../../../lib/document-title.ts'
import { useMeasurementStats } from '../../measurements/api.ts'
import type { AddMeasurementStart } from '../../measurements/components/add-measurement-dialog.tsx'
import type { MeasuredValue } from '../../measuring/index.ts'
import { CalibrationPanel } from '../components/calibration-panel.tsx'
import { DashboardHero } from '../components/dashboard-hero.tsx'
import { RecentMeasurements } from '../components/recent-measurements.tsx'
import { YourStatistics } from '../components/your-statistics.tsx'

type Props = { onAddMeasurement: (start?: AddMeasurementStart) => void }

/**
 * Spec §2 dashboard: the hero, Recent Measurements, the calibration panel and, once there is something to
 * count, Your Statistics. 'Community Highlights' arrives with the community issue.
 */
export function DashboardPage({ onAddMeasurement }: Props) {
  useDocumentTitle('Dashboard')
  const stats = useMeasurementStats()
  const hasStats = stats.data !== undefined && stats.data.total > 0
  const addFirst = () => onAddMeasurement()
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
      {hasStats && <RecentMeasurements onAddMeasurement={addFirst} />}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 lg:col-span-2">
          {hasStats ? <YourStatistics stats={stats.data} /> : <RecentMeasurements onAddMeasurement={addFirst} />}
        </div>
        <CalibrationPanel onRecord={record} />
      </div>
    </div>
  )
}
