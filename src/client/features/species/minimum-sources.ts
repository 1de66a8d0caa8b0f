import type { CategoryMinimumsRow } from '#shared/species/catalogue.ts'

// Most of a species' minimums share one publication per record book, so the page lists each source once with the
// books it covers instead of repeating it under every row. A book whose categories come from different sources
// names the categories, so every minimum can still be traced to its source.

export type MinimumSource = { source: string; covers: string }

export function minimumSources(rows: readonly CategoryMinimumsRow[]): MinimumSource[] {
  const entries = rows.flatMap((row) => row.minimums.map((m) => ({ source: m.source, book: m.label, row: row.label })))
  const sourcesOfBook = new Map<string, Set<string>>()
  for (const { book, source } of entries) sourcesOfBook.set(book, (sourcesOfBook.get(book) ?? new Set()).add(source))

  const sources = [...new Set(entries.map((e) => e.source))]
  return sources.map((source) => {
    const mine = entries.filter((e) => e.source === source)
    const books = [...new Set(mine.map((e) => e.book))]
    const split = books.some((book) => (sourcesOfBook.get(book)?.size ?? 0) > 1)
    const categories = [...new Set(mine.map((e) => e.row))]
    return { source, covers: split ? `${books.join(', ')} (${categories.join('; ')})` : books.join(', ') }
  })
}
