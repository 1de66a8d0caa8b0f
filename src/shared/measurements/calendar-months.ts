// Calendar months as a member reads them: on the clock of their device's time zone (docs/glossary.md, Figures).
// A catch taken at 8 pm on October 31 in Wisconsin belongs to October there, though it is November in UTC.

export const DEFAULT_TIME_ZONE = 'UTC'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit' })
    formats.set(timeZone, format)
  }
  return format
}

/** An IANA time zone name (or UTC offset) this runtime knows; anything else would throw in Intl. */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false
  try {
    formatIn(value)
    return true
  } catch {
    return false
  }
}

/** The calendar month of an instant in a time zone, as `YYYY-MM`. */
export function monthKey(instant: Date, timeZone: string): string {
  const parts = formatIn(timeZone).formatToParts(instant)
  const year = parts.find((p) => p.type === 'year')?.value ?? ''
  const month = parts.find((p) => p.type === 'month')?.value ?? ''
  return `${year.padStart(4, '0')}-${month}`
}

/** The month `back` months before `YYYY-MM` (pure calendar arithmetic, no time zone). */
export function monthBefore(key: string, back: number): string {
  const [year = 0, month = 1] = key.split('-').map(Number)
  const index = year * 12 + (month - 1) - back
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`
}

/** The last `count` calendar months ending with the one `now` is in, in `timeZone`, oldest first. */
export function lastMonths(now: Date, timeZone: string, count = 12): string[] {
  const current = monthKey(now, timeZone)
  return Array.from({ length: count }, (_, i) => monthBefore(current, count - 1 - i))
}

/** Instants per month over the last `count` months, oldest first, zero-filled; the last entry is "this month". */
export function countByMonth(
  instants: readonly Date[],
  now: Date,
  timeZone: string,
  count = 12,
): { month: string; count: number }[] {
  const months = lastMonths(now, timeZone, count)
  const counts = new Map(months.map((m) => [m, 0]))
  for (const instant of instants) {
    const key = monthKey(instant, timeZone)
    const current = counts.get(key)
    if (current !== undefined) counts.set(key, current + 1)
  }
  return months.map((month) => ({ month, count: counts.get(month) ?? 0 }))
}

const QUARTER_HOUR_MS = 15 * 60_000

/**
 * The first moment after `at` (ms) at which a calendar month may turn in some time zone: every zone's offset from
 * UTC is a whole number of quarter hours, so months turn only at UTC quarter hours. What counts months by the clock
 * may be kept until then.
 */
export function nextMonthTurn(at: number): number {
  return (Math.floor(at / QUARTER_HOUR_MS) + 1) * QUARTER_HOUR_MS
}
