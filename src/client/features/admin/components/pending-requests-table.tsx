import { Button } from '#client/components/button.tsx'
import { formatDateTime } from '#client/lib/format.ts'
import { EXPERIENCE_LABELS } from '#shared/constants.ts'
import type { BetaRequest } from '#shared/schemas/admin.ts'
import { AdminTable, type Column } from './admin-table.tsx'

export type ReviewAction = 'approved' | 'denied'

type Props = { requests: BetaRequest[]; onReview: (request: BetaRequest, action: ReviewAction) => void }

const nameOf = (r: BetaRequest) => `${r.firstName} ${r.lastName}`

function columns(onReview: Props['onReview']): Column<BetaRequest>[] {
  return [
    {
      label: 'Applicant',
      bare: true,
      cell: (r) => (
        <>
          <span className="block font-semibold text-stone-900">{nameOf(r)}</span>
          {r.reason ? <span className="mt-1 block max-w-xs text-stone-700">{r.reason}</span> : null}
        </>
      ),
    },
    { label: 'Email', className: 'break-all md:whitespace-nowrap md:break-normal', cell: (r) => r.email },
    { label: 'Experience', cell: (r) => EXPERIENCE_LABELS[r.huntingExperience] },
    { label: 'Location', cell: (r) => r.location },
    { label: 'Applied', className: 'md:whitespace-nowrap', cell: (r) => formatDateTime(r.createdAt) },
    {
      label: 'Actions',
      bare: true,
      cell: (r) => (
        <div className="flex gap-2">
          <Button size="sm" aria-label={`Approve ${nameOf(r)}`} onClick={() => onReview(r, 'approved')}>
            Approve
          </Button>
          <Button size="sm" variant="outline" aria-label={`Deny ${nameOf(r)}`} onClick={() => onReview(r, 'denied')}>
            Deny
          </Button>
        </div>
      ),
    },
  ]
}

export function PendingRequestsTable({ requests, onReview }: Props) {
  return (
    <div className="grid gap-3">
      <h2 id="pending-requests-title" className="text-xl font-bold text-stone-900">
        Pending Requests
      </h2>
      {requests.length === 0 ? (
        <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">
          No pending requests. You're all caught up.
        </p>
      ) : (
        <AdminTable label="Pending Requests" columns={columns(onReview)} rows={requests} rowKey={(r) => r.id} />
      )}
    </div>
  )
}
