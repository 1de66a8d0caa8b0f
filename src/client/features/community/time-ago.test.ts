import { describe, expect, it } from 'vitest'
import { memberSince, timeAgo } from './time-ago.ts'

const now = new Date('2026-03-10T12:00:00')

describe('timeAgo', () => {
  it.each([
    ['2026-03-10T11:59:30', 'Just now'],
    ['2026-03-10T12:00:30', 'Just now'], // a clock slightly ahead
    ['2026-03-10T11:55:00', '5 min ago'],
    ['2026-03-10T11:00:01', '59 min ago'],
    ['2026-03-10T09:00:00', '3 h ago'],
    ['2026-03-09T11:00:00', '1 day ago'],
    ['2026-03-01T12:00:00', '1 week ago'],
    ['not a date', 'Invalid date'],
  ])('reads %s as %s', (value, expected) => {
    expect(timeAgo(new Date(value).toString() === 'Invalid Date' ? value : new Date(value).toISOString(), now)).toBe(
      expected,
    )
  })
})

describe('memberSince', () => {
  it('names the month and year', () => {
    expect(memberSince('2026-03-04T10:00:00')).toBe('Member since March 2026')
  })
  it('falls back when the date cannot be read', () => {
    expect(memberSince('garbage')).toBe('Member')
  })
})
