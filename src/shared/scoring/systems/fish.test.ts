import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreSheet } from '#shared/scoring/index.ts'
import { fishTrophyClass } from './fish.ts'

// fishTrophyClass is the engine's fish rule for a weight that did not come from the formula (a scale weight).

describe('fishTrophyClass', () => {
  it.each([
    [5, 5, 'record'], // exactly the trophy weight
    [5, 5 + 1 / 16, 'trophy'], // 5 lb 1 oz
    [5, 6.25, 'trophy'], // 80 % of 6.25 lb = 5 lb, exactly
    [5, 6 + 5 / 16, 'standard'], // 80 % of 6 lb 5 oz = 5.05 lb
    [4.999, 5, 'trophy'],
    [3.999, 5, 'standard'],
    [4, 5, 'trophy'],
    [120, 80, 'record'],
  ] as const)('%s lb against a trophy weight of %s lb: %s', (weight, trophy, expected) => {
    expect(fishTrophyClass(weight, trophy)).toBe(expected)
  })

  it('reads the trophy weight to the ounce, as the engine does', () => {
    // 10.02 lb is 10 lb 0.32 oz → 10 lb 0 oz, so a 10 lb fish is a record.
    expect(fishTrophyClass(10, 10.02)).toBe('record')
  })

  it('is standard without a trophy weight, or with a nonsensical one', () => {
    expect(fishTrophyClass(50, undefined)).toBe('standard')
    expect(fishTrophyClass(50, 0)).toBe('standard')
    expect(fishTrophyClass(Number.NaN, 10)).toBe('standard')
  })

  it('agrees with the engine on the formula estimate (any length, any trophy weight)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 16, max: 60 * 16 }),
        fc.integer({ min: 1, max: 100 * 16 }),
        (lengthSixteenths, trophyOz) => {
          const trophyWeightLbs = trophyOz / 16
          const result = scoreSheet(
            { system: 'fish', category: 'length-cubed-1600', measurements: { lengthIn: lengthSixteenths / 16 } },
            { trophyWeightLbs },
          )
          expect(fishTrophyClass(result.score, trophyWeightLbs)).toBe(result.trophyClass)
        },
      ),
    )
  })
})
