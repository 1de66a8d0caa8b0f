/** Where sign-in goes when `next` is missing or not ours. */
export const DEFAULT_NEXT = '/'

// Browsers drop tabs and newlines and read `\` as `/` before resolving a URL, so `/\t/evil.example` becomes
// `//evil.example`, another site. Such characters have no place in a path of ours.
const CONTROL_OR_BACKSLASH = /[\p{Cc}\\]/u

/**
 * The page to open after sign-in: `next` when it is a path on `origin` (the page's own, location.origin), written
 * plainly, else DEFAULT_NEXT. The value is returned as given, so what the browser resolves is what was checked.
 */
export function safeNext(next: string | null | undefined, origin: string): string {
  if (!next?.startsWith('/') || next.startsWith('//') || CONTROL_OR_BACKSLASH.test(next)) return DEFAULT_NEXT
  try {
    const url = new URL(next, origin)
    // A resolved path starting `//` (from `/.//x`) stays here, but is one careless copy away from another site.
    return url.origin === origin && !url.pathname.startsWith('//') ? next : DEFAULT_NEXT
  } catch {
    return DEFAULT_NEXT
  }
}
