import { describe, expect, it } from 'vitest'
import { formatCount, formatDateTime } from './format.ts'

describe('formatDateTime', () => {
  it('uses the en-US short date and time style', () => {
    const local = new Date(2026, 10, 22, 13, 5)
    // ICU puts a narrow no-break space before AM/PM; \s matches it.
    expect(formatDateTime(local)).toMatch(/^11\/22\/26, 1:05\sPM$/)
    expect(formatDateTime(local.toISOString())).toMatch(/^11\/22\/26, 1:05\sPM$/)
  })

  it("says 'Invalid date' for values it cannot read", () => {
    expect(formatDateTime('not a date')).toBe('Invalid date')
    expect(formatDateTime('')).toBe('Invalid date')
    expect(formatDateTime(null)).toBe('Invalid date')
    expect(formatDateTime(undefined)).toBe('Invalid date')
  })
})

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(12500)).toBe('12,500')
    expect(formatCount(0)).toBe('0')
  })
})
