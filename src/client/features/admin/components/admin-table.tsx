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

type SectionProps = {
  id: string
  title: string
  description: string
  /** What loads, what failed and what is empty, in the section's words. */
  texts: { loading: string; failed: string; empty: string }
  query: { isLoading: boolean; isError: boolean; empty: boolean }
  children: ReactNode
}

/** An admin list with its heading, and one line while it loads, when it failed or when nothing is in it. */
export function AdminSection({ id, title, description, texts, query, children }: SectionProps) {
  return (
    <div className="grid gap-3">
      <div>
        <h2 id={id} className="text-xl font-bold text-stone-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{description}</p>
      </div>
      {query.isLoading ? (
        <p className="text-sm text-stone-700">{texts.loading}</p>
      ) : query.isError ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {texts.failed}
        </p>
      ) : query.empty ? (
        <p className="rounded-xl border border-stone-200 bg-white p-4 text-stone-700">{texts.empty}</p>
      ) : (
        children
      )}
    </div>
  )
}
