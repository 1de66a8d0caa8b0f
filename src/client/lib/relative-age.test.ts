import { describe, expect, it } from 'vitest'
import { calendarDaysBetween, formatDate, relativeAge, relativeAgeInSentence } from './relative-age.ts'

// Local dates, so the tests hold in any time zone.
const now = new Date(2026, 10, 22, 9, 30)
const daysAgo = (days: number, hour = 12) => new Date(2026, 10, 22 - days, hour, 0)

describe('relativeAge (docs/product.md §2 measurement card)', () => {
  it("reads 'Today' for the same calendar day", () => {
    expect(relativeAge(new Date(2026, 10, 22, 0, 5), now)).toBe('Today')
    expect(relativeAge(now, now)).toBe('Today')
  })

  it("reads 'Today' for a time slightly ahead of the clock", () => {
    expect(relativeAge(new Date(2026, 10, 22, 23, 0), now)).toBe('Today')
    expect(relativeAge(new Date(2026, 10, 23, 1, 0), now)).toBe('Today')
  })

  it("reads '1 day ago' for yesterday, even less than 24 hours ago", () => {
    expect(relativeAge(daysAgo(1, 23), now)).toBe('1 day ago')
    expect(relativeAge(daysAgo(1, 0), now)).toBe('1 day ago')
  })

  it("reads 'N days ago' under 7 days", () => {
    expect(relativeAge(daysAgo(2), now)).toBe('2 days ago')
    expect(relativeAge(daysAgo(6), now)).toBe('6 days ago')
  })

  it("reads 'N weeks ago' from 7 to 29 days", () => {
    expect(relativeAge(daysAgo(7), now)).toBe('1 week ago')
    expect(relativeAge(daysAgo(13), now)).toBe('1 week ago')
    expect(relativeAge(daysAgo(14), now)).toBe('2 weeks ago')
    expect(relativeAge(daysAgo(29), now)).toBe('4 weeks ago')
  })

  it('reads a date from 30 days on', () => {
    expect(relativeAge(daysAgo(30), now)).toBe('Oct 23, 2026')
    expect(relativeAge(new Date(2024, 0, 5), now)).toBe('Jan 5, 2024')
  })

  it('accepts ISO strings', () => {
    expect(relativeAge(daysAgo(3).toISOString(), now)).toBe('3 days ago')
  })

  it("says 'Invalid date' for a value it cannot read", () => {
    expect(relativeAge('not a date', now)).toBe('Invalid date')
  })
})

describe('calendarDaysBetween', () => {
  it('counts calendar days, not 24-hour periods', () => {
    expect(calendarDaysBetween(new Date(2026, 10, 21, 23, 59), new Date(2026, 10, 22, 0, 1))).toBe(1)
    expect(calendarDaysBetween(new Date(2026, 10, 22, 0, 1), new Date(2026, 10, 22, 23, 59))).toBe(0)
  })

  it('counts a day across a daylight-saving change as one day', () => {
    // 2026-03-08 and 2026-11-01 are DST changes in the US; whatever the zone, days stay whole.
    expect(calendarDaysBetween(new Date(2026, 2, 7, 12), new Date(2026, 2, 9, 12))).toBe(2)
    expect(calendarDaysBetween(new Date(2026, 9, 31, 12), new Date(2026, 10, 2, 12))).toBe(2)
  })
})

describe('formatDate', () => {
  it('writes a medium en-US date', () => {
    expect(formatDate(new Date(2026, 2, 4, 15))).toBe('Mar 4, 2026')
    expect(formatDate('nope')).toBe('Invalid date')
  })
})

describe('relativeAgeInSentence', () => {
  const now = new Date(2026, 10, 27, 9, 0)
  it.each([
    [new Date(2026, 10, 27, 6, 0), 'today'],
    [new Date(2026, 10, 26, 22, 0), '1 day ago'],
    [new Date(2026, 8, 1, 12, 0), 'Sep 1, 2026'],
  ])('writes %s as "%s" after a word like "taken"', (then, text) => {
    expect(relativeAgeInSentence(then, now)).toBe(text)
  })
})
