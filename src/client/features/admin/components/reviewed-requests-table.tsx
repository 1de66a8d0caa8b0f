import type { BetaRequest } from '#shared/schemas/admin.ts'
import { formatDateTime } from '../../../lib/format.ts'
import { AdminTable, Cell } from './admin-table.tsx'
import { StatusBadge } from './status-badge.tsx'

export function ReviewedRequestsTable({ requests }: { requests: BetaRequest[] }) {
  if (requests.length === 0) return null
  return (
    <div className="grid gap-3">
      <h2 id="reviewed-title" className="text-xl font-bold text-stone-900">
        Previously Reviewed
      </h2>
      <AdminTable label="Previously Reviewed" columns={['Applicant', 'Email', 'Status', 'Reviewed', 'Notes']}>
        {requests.map((r) => (
          <tr key={r.id}>
            <Cell className="font-semibold text-stone-900">
              {r.firstName} {r.lastName}
            </Cell>
            <Cell className="whitespace-nowrap">{r.email}</Cell>
            <Cell>
              <StatusBadge status={r.status} />
            </Cell>
            <Cell className="whitespace-nowrap">{r.reviewedAt ? formatDateTime(r.reviewedAt) : 'N/A'}</Cell>
            <Cell className="max-w-xs">{r.reviewNotes || 'No notes'}</Cell>
          </tr>
        ))}
      </AdminTable>
    </div>
  )
}
