import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { completionRate, iconOf, progressPercent, tierOf } from './constants.ts'

// docs/product.md §4/§9: tiers from points (100 Gold, 50 Silver, else Bronze); §2: progress capped at 100 %, completion rate
// rounded and 0 when there are no achievements.

describe('tierOf', () => {
  it.each([
    [0, 'Bronze'],
    [10, 'Bronze'],
    [49, 'Bronze'],
    [50, 'Silver'],
    [75, 'Silver'],
    [99, 'Silver'],
    [100, 'Gold'],
    [150, 'Gold'],
  ] as const)('%i points is %s', (points, tier) => {
    expect(tierOf(points)).toBe(tier)
  })

  it('never falls as the points rise', () => {
    const rank = { Bronze: 0, Silver: 1, Gold: 2 }
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 }), (a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        expect(rank[tierOf(low)]).toBeLessThanOrEqual(rank[tierOf(high)])
      }),
    )
  })
})

describe('progressPercent', () => {
  it.each([
    [0, 10, 0],
    [3, 10, 30],
    [1, 3, 33],
    [2, 3, 67],
    [10, 10, 100],
    [25, 10, 100], // a value past the target (an award an admin revoked) is capped
    [0, 1, 0],
    [1, 1, 100],
    [1, null, 100],
    [0, null, 0],
    [5, 0, 100],
  ] as const)('%i of %s is %i %', (current, target, percent) => {
    expect(progressPercent(current, target)).toBe(percent)
  })

  it('is a whole number from 0 to 100 for any value and target', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (current, target) => {
        const percent = progressPercent(current, target)
        expect(Number.isInteger(percent)).toBe(true)
        expect(percent).toBeGreaterThanOrEqual(0)
        expect(percent).toBeLessThanOrEqual(100)
        if (current >= target) expect(percent).toBe(100)
      }),
    )
  })
})

describe('completionRate', () => {
  it.each([
    [0, 0, 0],
    [0, 41, 0],
    [1, 41, 2],
    [20, 41, 49],
    [41, 41, 100],
    [1, 3, 33],
    [2, 3, 67],
  ] as const)('%i earned of %i is %i %', (earned, all, rate) => {
    expect(completionRate(earned, all)).toBe(rate)
  })
})

describe('iconOf', () => {
  it('keeps the nine kinds and falls back to award', () => {
    expect(iconOf('crown')).toBe('crown')
    expect(iconOf('users')).toBe('users')
    expect(iconOf('rocket')).toBe('award')
    expect(iconOf('')).toBe('award')
  })
})
