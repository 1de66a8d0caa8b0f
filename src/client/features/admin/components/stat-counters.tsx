import type { BetaRequest } from '#shared/schemas/admin.ts'

export function StatCounters({ requests }: { requests: BetaRequest[] }) {
  const count = (status: BetaRequest['status']) => requests.filter((r) => r.status === status).length
  const items = [
    { label: 'Pending Review', value: count('pending'), tone: 'text-amber-800' },
    { label: 'Approved', value: count('approved'), tone: 'text-pine-800' },
    { label: 'Denied', value: count('denied'), tone: 'text-red-800' },
    { label: 'Total Requests', value: requests.length, tone: 'text-stone-900' },
  ]
  return (
    <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {items.map((item) => (
        <div key={item.label} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
          <dt className="text-sm font-medium text-stone-700">{item.label}</dt>
          <dd className={`mt-1 text-3xl font-extrabold tabular-nums ${item.tone}`}>{item.value}</dd>
        </div>
      ))}
    </dl>
  )
}
