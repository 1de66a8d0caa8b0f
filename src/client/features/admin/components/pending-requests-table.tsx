import { EXPERIENCE_LABELS } from '#shared/constants.ts'
import type { BetaRequest } from '#shared/schemas/admin.ts'
import { Button } from '../../../components/button.tsx'
import { formatDateTime } from '../../../lib/format.ts'
import { AdminTable, Cell } from './admin-table.tsx'

export type ReviewAction = 'approved' | 'denied'

type Props = { requests: BetaRequest[]; onReview: (request: BetaRequest, action: ReviewAction) => void }

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
        <AdminTable
          label="Pending Requests"
          columns={['Applicant', 'Email', 'Experience', 'Location', 'Applied', 'Actions']}
        >
          {requests.map((r) => {
            const name = `${r.firstName} ${r.lastName}`
            return (
              <tr key={r.id}>
                <Cell>
                  <span className="block font-semibold text-stone-900">{name}</span>
                  {r.reason ? <span className="mt-1 block max-w-xs text-stone-700">{r.reason}</span> : null}
                </Cell>
                <Cell className="whitespace-nowrap">{r.email}</Cell>
                <Cell>{EXPERIENCE_LABELS[r.huntingExperience]}</Cell>
                <Cell>{r.location}</Cell>
                <Cell className="whitespace-nowrap">{formatDateTime(r.createdAt)}</Cell>
                <Cell>
                  <div className="flex gap-2">
                    <Button size="sm" aria-label={`Approve ${name}`} onClick={() => onReview(r, 'approved')}>
                      Approve
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Deny ${name}`}
                      onClick={() => onReview(r, 'denied')}
                    >
                      Deny
                    </Button>
                  </div>
                </Cell>
              </tr>
            )
          })}
        </AdminTable>
      )}
    </div>
  )
}
