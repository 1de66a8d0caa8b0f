import type { ReactNode } from 'react'

export type Column<T> = {
  label: string
  cell: (row: T) => ReactNode
  className?: string
  /** On a phone the cell shows without its column's name (a name that heads the card, the buttons). */
  bare?: boolean
}

type Props<T> = { label: string; columns: readonly Column<T>[]; rows: readonly T[]; rowKey: (row: T) => string }

const CELL =
  'align-top text-stone-800 md:px-4 md:py-3 max-md:before:block max-md:before:text-xs max-md:before:font-semibold max-md:before:tracking-wide max-md:before:text-stone-600 max-md:before:uppercase max-md:before:content-[attr(data-label)]'

/**
 * A table on wide screens; on a phone each row is a card whose cells carry their column's name, so nothing sits
 * off-screen. The wide table's container is a focusable region named after the table, so keyboard users can
 * scroll it if a long value makes it overflow, and tests can find it (getByRole('region', { name })).
 */
export function AdminTable<T>({ label, columns, rows, rowKey }: Props<T>) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <section aria-label={label} tabIndex={0} className="md:overflow-x-auto md:rounded-xl md:border md:border-stone-200">
      <table className="w-full border-collapse text-left text-sm md:min-w-[44rem]">
        <thead className="bg-stone-100 text-xs font-semibold tracking-wide text-stone-700 uppercase max-md:sr-only">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="px-4 py-3">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-md:grid max-md:gap-3 md:divide-y md:divide-stone-200 md:bg-white">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="max-md:grid max-md:gap-3 max-md:rounded-xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-4"
            >
              {columns.map((c) => (
                <td
                  key={c.label}
                  data-label={c.bare ? undefined : c.label}
                  className={`${c.bare ? 'align-top text-stone-800 md:px-4 md:py-3' : CELL} ${c.className ?? ''}`}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
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
