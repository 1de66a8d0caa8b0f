import { relativeAge } from '#client/lib/relative-age.ts'

const MINUTE_MS = 60_000
const HOUR_MS = 60 * MINUTE_MS

/**
 * A comment's age: 'Just now', '5 min ago', '3 h ago' within the day, then the card's calendar wording
 * ('1 day ago', 'N weeks ago', a date; docs/product.md §2).
 */
export function timeAgo(value: string, now: Date = new Date()): string {
  const then = new Date(value)
  const ms = now.getTime() - then.getTime()
  if (Number.isNaN(ms)) return 'Invalid date'
  if (ms < MINUTE_MS) return 'Just now'
  if (ms < HOUR_MS) return `${Math.floor(ms / MINUTE_MS)} min ago`
  if (ms < 24 * HOUR_MS) return `${Math.floor(ms / HOUR_MS)} h ago`
  return relativeAge(then, now)
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' })

/** 'Member since March 2026'. */
export function memberSince(value: string): string {
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? 'Member' : `Member since ${monthYear.format(date)}`
}
