import Flag from 'lucide-react/icons/flag'
import { useRef, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#client/components/dialog.tsx'
import { toast } from '#client/components/toast-store.ts'
import { ApiError } from '#client/lib/api.ts'
import type { Report } from '#shared/schemas/community.ts'
import { type ReportAction, type ReportView, useReports, useResolveReport } from '../api.ts'
import { ReportCard } from './report-card.tsx'
import { failedToast, resolvedToast, TARGET_LABELS } from './report-text.ts'

type Pending = { report: Report; action: 'hide' | 'restore' }

/** The admin's Reports: open reports to hide or dismiss; resolved ones, whose hidden content may be restored. */
export function ReportsSection({ headingId }: { headingId: string }) {
  const [view, setView] = useState<ReportView>('open')
  const query = useReports(view)
  const open = useReports('open')
  const resolve = useResolveReport()
  const [confirming, setConfirming] = useState<Pending | null>(null)

  function run(report: Report, action: ReportAction) {
    resolve.mutate(
      { report, action },
      {
        onSuccess: () => {
          setConfirming(null)
          toast(resolvedToast(action, report))
        },
        onError: (error) => {
          setConfirming(null)
          toast({
            variant: 'destructive',
            ...failedToast(action, error instanceof ApiError ? error.serverMessage : undefined),
          })
        },
      },
    )
  }

  const onAction = (report: Report, action: ReportAction) =>
    action === 'dismiss' ? run(report, action) : setConfirming({ report, action })
  const openCount = open.data?.openCount

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-stone-900">
            Reports
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            Members report posts, comments and profiles. Hide what breaks the rules; dismiss the rest.
          </p>
        </div>
        <fieldset className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5">
          <legend className="sr-only">Which reports</legend>
          {(['open', 'resolved'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              onClick={() => setView(v)}
              className="rounded-md px-3 py-1.5 text-sm font-semibold text-stone-700 hover:text-stone-950 aria-pressed:bg-pine-700 aria-pressed:text-white"
            >
              {v === 'open' ? `Open${openCount === undefined ? '' : ` (${openCount})`}` : 'Resolved'}
            </button>
          ))}
        </fieldset>
      </div>

      {query.isPending ? (
        <p role="status" className="text-sm text-stone-700">
          Loading reports…
        </p>
      ) : query.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
          <p className="font-medium">The reports could not be loaded.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.items.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border-2 border-dashed border-stone-300 bg-white px-6 py-10 text-center">
          <Flag className="size-8 text-stone-500" aria-hidden="true" />
          <p className="mt-3 font-semibold text-stone-900">
            {view === 'open' ? 'No open reports' : 'No resolved reports yet'}
          </p>
          <p className="mt-1 text-sm text-stone-700">
            {view === 'open' ? 'Reports from members will show up here.' : 'Reports you hide or dismiss move here.'}
          </p>
        </div>
      ) : (
        <ul className="grid gap-3" aria-label={view === 'open' ? 'Open reports' : 'Resolved reports'}>
          {query.data.items.map((report) => (
            <li key={report.id}>
              <ReportCard
                report={report}
                busy={resolve.isPending && resolve.variables?.report.id === report.id ? resolve.variables.action : null}
                disabled={resolve.isPending}
                onAction={onAction}
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmResolve
        pending={confirming}
        busy={resolve.isPending}
        onConfirm={() => confirming && run(confirming.report, confirming.action)}
        onClose={() => setConfirming(null)}
      />
    </div>
  )
}

type ConfirmProps = { pending: Pending | null; busy: boolean; onConfirm: () => void; onClose: () => void }

/** Hide and restore are asked twice: they change what every member sees. */
function ConfirmResolve({ pending, busy, onConfirm, onClose }: ConfirmProps) {
  // Keep showing the last question while the dialog animates closed.
  const last = useRef<Pending | null>(null)
  if (pending) last.current = pending
  const shown = pending ?? last.current
  const what = shown ? TARGET_LABELS[shown.report.targetType].toLowerCase() : ''
  const hiding = shown?.action === 'hide'
  return (
    <Dialog open={pending !== null} onOpenChange={(next) => (!next && !busy ? onClose() : undefined)}>
      <DialogContent hideClose={busy} role="alertdialog">
        <DialogTitle>{hiding ? `Hide this ${what}?` : `Restore this ${what}?`}</DialogTitle>
        <DialogDescription>
          {hiding
            ? 'Nobody but its author and admins will see it. You can restore it later from Resolved.'
            : 'Every member allowed to see it will see it again.'}
        </DialogDescription>
        {shown?.report.target.text ? (
          <blockquote className="mt-4 line-clamp-3 rounded-lg bg-stone-100 p-3 text-sm break-words whitespace-pre-line text-stone-900">
            {shown.report.target.text}
          </blockquote>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant={hiding ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy}>
            {busy ? 'Processing...' : hiding ? `Hide ${what}` : `Restore ${what}`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  )
}
