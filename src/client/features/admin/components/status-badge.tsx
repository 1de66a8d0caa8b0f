import type { BetaRequestStatus } from '#shared/constants.ts'

const STYLES: Record<BetaRequestStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-pine-100 text-pine-900',
  denied: 'bg-red-100 text-red-900',
}

const LABELS: Record<BetaRequestStatus, string> = { pending: 'Pending', approved: 'Approved', denied: 'Denied' }

export function StatusBadge({ status }: { status: BetaRequestStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STYLES[status]}`}>
      {LABELS[status]}
    </span>
  )
}
