import { lazy, Suspense } from 'react'
import { useLatch } from '#client/lib/deferred.ts'
import type { ReportSubject } from './report-dialog.tsx'

// The report dialog (Radix) loads the first time a member reports something, not with the feed.
const ReportDialog = lazy(() => import('./report-dialog.tsx').then((m) => ({ default: m.ReportDialog })))

export type { ReportSubject }

export function LazyReportDialog({ subject, onClose }: { subject: ReportSubject | null; onClose: () => void }) {
  const wanted = useLatch(subject !== null)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ReportDialog subject={subject} onClose={onClose} />
    </Suspense>
  )
}
