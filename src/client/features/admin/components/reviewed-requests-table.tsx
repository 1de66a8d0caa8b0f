import { formatDateTime } from '#client/lib/format.ts'
import type { BetaRequest } from '#shared/schemas/admin.ts'
import { AdminTable, type Column } from './admin-table.tsx'
import { StatusBadge } from './status-badge.tsx'

const COLUMNS: Column<BetaRequest>[] = [
  {
    label: 'Applicant',
    bare: true,
    className: 'font-semibold text-stone-900',
    cell: (r) => `${r.firstName} ${r.lastName}`,
  },
  { label: 'Email', className: 'break-all md:whitespace-nowrap md:break-normal', cell: (r) => r.email },
  { label: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
  {
    label: 'Reviewed',
    className: 'md:whitespace-nowrap',
    cell: (r) => (r.reviewedAt ? formatDateTime(r.reviewedAt) : 'N/A'),
  },
  { label: 'Notes', className: 'break-words md:max-w-xs', cell: (r) => r.reviewNotes || 'No notes' },
]

export function ReviewedRequestsTable({ requests }: { requests: BetaRequest[] }) {
  if (requests.length === 0) return null
  return (
    <div className="grid gap-3">
      <h2 id="reviewed-title" className="text-xl font-bold text-stone-900">
        Previously Reviewed
      </h2>
      <AdminTable label="Previously Reviewed" columns={COLUMNS} rows={requests} rowKey={(r) => r.id} />
    </div>
  )
}
