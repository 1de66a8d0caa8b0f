import { useDocumentTitle } from '../../../lib/document-title.ts'
import { CalibrationPanel } from '../components/calibration-panel.tsx'
import { DashboardHero } from '../components/dashboard-hero.tsx'
import { RecentMeasurements } from '../components/recent-measurements.tsx'

/**
 * Spec §2 dashboard. 'Community Highlights' and 'Your Statistics' appear only when there is data; no
 * measurement or post can exist yet, so they are left out until their features land.
 */
export function DashboardPage({ onAddMeasurement }: { onAddMeasurement: () => void }) {
  useDocumentTitle('Dashboard')
  return (
    <div className="grid gap-6">
      <DashboardHero onAddMeasurement={onAddMeasurement} />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <RecentMeasurements onAddMeasurement={onAddMeasurement} />
        </div>
        <CalibrationPanel />
      </div>
    </div>
  )
}
