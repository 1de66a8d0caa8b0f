// docs/product.md §2 measurement card: '1 day ago'; 'N days ago' under 7 days; 'N weeks ago' under 30 days; otherwise a
// date. Days are calendar days in the viewer's time zone, so a catch from last night reads '1 day ago' this
// morning. docs/product.md leaves day 0 open: it reads 'Today' (also for a time slightly ahead of the clock).

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })
const DAY_MS = 24 * 60 * 60 * 1000

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime()
}

/** Whole calendar days from `then` to `now` (negative when `then` is a later day). */
export function calendarDaysBetween(then: Date, now: Date): number {
  // Rounded: a day across a daylight-saving change is 23 or 25 hours long.
  return Math.round((startOfDay(now) - startOfDay(then)) / DAY_MS)
}

export function relativeAge(value: string | Date, now: Date = new Date()): string {
  const then = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(then.getTime())) return 'Invalid date'
  const days = calendarDaysBetween(then, now)
  if (days <= 0) return 'Today'
  if (days === 1) return '1 day ago'
  if (days < 7) return `${days} days ago`
  if (days < 30) {
    const weeks = Math.floor(days / 7)
    return weeks === 1 ? '1 week ago' : `${weeks} weeks ago`
  }
  return dateFormat.format(then)
}

/** A date as the detail page writes it: 'Mar 4, 2026'. */
export function formatDate(value: string | Date): string {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? 'Invalid date' : dateFormat.format(date)
}

/** relativeAge inside a sentence ('taken today', 'taken 3 days ago'). */
export function relativeAgeInSentence(value: string | Date, now: Date = new Date()): string {
  const age = relativeAge(value, now)
  return age === 'Today' ? 'today' : age
}
