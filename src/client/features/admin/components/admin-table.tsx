import type { ReactNode } from 'react'

type Props = { label: string; columns: string[]; children: ReactNode }

/**
 * A table that scrolls sideways on a phone. The scroll container is a focusable region named after the table,
 * so keyboard users can scroll it and tests can find it (getByRole('region', { name })).
 */
export function AdminTable({ label, columns, children }: Props) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-xl border border-stone-200">
      <table className="w-full min-w-[44rem] border-collapse text-left text-sm">
        <thead className="bg-stone-100 text-xs font-semibold tracking-wide text-stone-700 uppercase">
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col" className="px-4 py-3">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 bg-white">{children}</tbody>
      </table>
    </section>
  )
}

export function Cell({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <td className={`px-4 py-3 align-top text-stone-800 ${className}`}>{children}</td>
}
