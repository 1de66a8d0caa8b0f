// Tabs kept in the query string (?tab=following), so Back and Forward move between them and a tab can be linked.
// The default tab has no parameter: /community is Everyone.

export function tabFromSearch<T extends string>(search: string, tabs: readonly T[], fallback: T): T {
  const value = new URLSearchParams(search).get('tab')
  return value !== null && (tabs as readonly string[]).includes(value) ? (value as T) : fallback
}

export function tabHref<T extends string>(path: string, tab: T, fallback: T): string {
  return tab === fallback ? path : `${path}?tab=${encodeURIComponent(tab)}`
}

/** The tab a key moves to in a tab list (arrows wrap, Home and End jump), or null for any other key. */
export function tabAfterKey<T>(tabs: readonly T[], current: T, key: string): T | null {
  const i = tabs.indexOf(current)
  if (i < 0 || tabs.length === 0) return null
  if (key === 'ArrowRight') return tabs[(i + 1) % tabs.length] ?? null
  if (key === 'ArrowLeft') return tabs[(i - 1 + tabs.length) % tabs.length] ?? null
  if (key === 'Home') return tabs[0] ?? null
  if (key === 'End') return tabs[tabs.length - 1] ?? null
  return null
}
