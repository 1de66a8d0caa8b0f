import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  formatInches,
  formatLengthList,
  formatPoundsOunces,
  formatScore,
  formatSixteenthsDecimal,
  MAX_MEASUREMENT,
  parseMeasurement,
  tryParseMeasurement,
  type Unit,
} from './fractions.ts'
import { ScoringError } from './scoring-error.ts'

describe('parseMeasurement, eighths (antlers and horns)', () => {
  it.each([
    ['24 2/8', 194],
    ['24-2', 194],
    ['24.25', 194],
    [24.25, 194],
    ['24¼', 194],
    ['24 ¼', 194],
    ['24 1/4', 194],
    ['24 4/16', 194],
    ['24', 192],
    [24, 192],
    ['  24 2/8  ', 194],
    ['24 2/8"', 194],
    ['24 2/8 in', 194],
    ['1 3⁄8', 11], // Unicode fraction slash
    ['3/8', 3],
    ['½', 4],
    ['24⅛', 193],
    ['⅜', 3],
    ['⅝', 5],
    ['¾', 6],
    ['⅞', 7],
    ['.5', 4],
    ['24.', 192],
    ['1e1', 80],
    ['0', 0],
    [0, 0],
    ['24.3', 194], // 194.4 eighths → 194
    ['24.05', 192], // 192.4 → 192
    ['24 1/3', 195], // 194.67 → 195
    [MAX_MEASUREMENT, MAX_MEASUREMENT * 8],
  ])('%j → %i eighths', (input, eighths) => {
    expect(parseMeasurement(input, 'eighths')).toBe(eighths)
  })

  // Decision (docs/scoring.md, "Rounding"): an exact half unit rounds up, to the larger eighth.
  it.each([
    ['24.0625', 193], // 192.5 eighths
    ['24.1875', 194], // 193.5 eighths
    [24.0625, 193],
    ['24 1/16', 193],
    ['24 3/16', 194],
    ['0.0625', 1],
  ])('an exact half eighth rounds up: %j → %i', (input, eighths) => {
    expect(parseMeasurement(input, 'eighths')).toBe(eighths)
  })
})

describe('parseMeasurement, sixteenths (skulls, turkey) and weight', () => {
  it.each([
    ['21 13/16', 349],
    ['29 12/16', 476],
    ['24-2', 386], // dash part is in sixteenths here
    ['24.25', 388],
    ['24 2/8', 388],
    ['24 1/32', 385], // 384.5 → half up
    ['14 8/16', 232],
  ])('%j → %i sixteenths', (input, sixteenths) => {
    expect(parseMeasurement(input, 'sixteenths')).toBe(sixteenths)
  })

  // Weight is read to the nearest ounce = 1/16 lb (docs/scoring-rules.md §4): 20.52 lb → 20 lb 8 oz.
  it.each([
    ['20 lb 7 oz', 327],
    ['20lb 7oz', 327],
    ['20 lbs 7 ounces', 327],
    ['20-7', 327],
    ['20.4375', 327],
    ['20.52', 328],
    ['21.4', 342], // 342.4 oz → 21 lb 6 oz
    ['26 4/8', 424],
    ['20 lb', 320],
    ['7 oz', 7],
    [20.5, 328],
  ])('weight %j → %i oz', (input, ounces) => {
    expect(parseMeasurement(input, 'sixteenths', 'weight')).toBe(ounces)
  })

  it.each([
    ['5', 5],
    [12, 12],
    [' 3 ', 3],
  ])('count %j → %i', (input, count) => {
    expect(parseMeasurement(input, 'eighths', 'count')).toBe(count)
  })
})

describe('parseMeasurement rejects garbage with a clear message', () => {
  it.each([
    ['abc', '"abc" is not a measurement'],
    ['', '"" is not a measurement'],
    ['24 2/8 2/8', '"24 2/8 2/8" is not a measurement'],
    ['24..5', '"24..5" is not a measurement'],
    ['-3', '"-3" is negative; measurements are 0 or more'],
    [-3, '-3 is negative; measurements are 0 or more'],
    ['−1 2/8', '"−1 2/8" is negative; measurements are 0 or more'],
    [Number.NaN, 'NaN is not a measurement'],
    [Number.POSITIVE_INFINITY, 'Infinity is not a measurement'],
    ['24-8', '"24-8": after the dash give eighths, 0 to 7'],
    ['24 9/8', '"24 9/8": the fraction after the whole inches must be less than 1'],
    ['3/0', '"3/0" divides by zero'],
    ['5000', '"5000" is more than 1000 inches'],
    ['1e999', '"1e999" is more than 1000 inches'],
    [1e21, '1e+21 is more than 1000 inches'],
    [true, 'true is not a measurement'],
    [null, 'null is not a measurement'],
    [{}, 'an object is not a measurement'],
    [[1], 'a list is not a measurement'],
    ['9'.repeat(80), `"${'9'.repeat(80)}" is not a measurement`],
  ])('%j', (input, message) => {
    expect(() => parseMeasurement(input, 'eighths')).toThrow(new ScoringError(message))
  })

  it('names the unit of a dash in sixteenths', () => {
    expect(() => parseMeasurement('24-16', 'sixteenths')).toThrow('after the dash give sixteenths, 0 to 15')
  })

  it('rejects a fractional point count', () => {
    expect(() => parseMeasurement('4.5', 'eighths', 'count')).toThrow('"4.5" is not a whole number of points')
  })

  it('tryParseMeasurement returns the message instead of throwing', () => {
    expect(tryParseMeasurement('abc', 'eighths')).toEqual({ ok: false, message: '"abc" is not a measurement' })
    expect(tryParseMeasurement('24-2', 'eighths')).toEqual({ ok: true, units: 194 })
  })
})

describe('formatScore writes the record-book way, unreduced', () => {
  it.each<[number, Unit, string]>([
    [1349, 'eighths', '168 5/8'],
    [1649, 'eighths', '206 1/8'],
    [1552, 'eighths', '194 0/8'],
    [58, 'eighths', '7 2/8'],
    [3, 'eighths', '0 3/8'],
    [0, 'eighths', '0 0/8'],
    [349, 'sixteenths', '21 13/16'],
    [476, 'sixteenths', '29 12/16'],
    [378, 'sixteenths', '23 10/16'],
  ])('%i %s → %s', (units, unit, text) => {
    expect(formatScore(units, unit)).toBe(text)
  })

  it('refuses a value that is not a number', () => {
    expect(() => formatScore(Number.NaN, 'eighths')).toThrow(ScoringError)
  })

  it('writes inches from a result in the chart unit, and lists of lengths as a measurer adds them', () => {
    expect(formatInches(71.25, 'eighths')).toBe('71 2/8')
    expect(formatInches(21.8125, 'sixteenths')).toBe('21 13/16')
    expect(formatInches(0, 'eighths')).toBe('0 0/8')
    expect(formatLengthList([3.25, 1.5], 'eighths')).toBe('3 2/8 + 1 4/8 = 4 6/8')
    expect(formatLengthList([2], 'eighths')).toBe('2 0/8')
    expect(formatLengthList([], 'sixteenths')).toBe('none')
  })

  it('writes turkey decimals and pounds with ounces', () => {
    expect(formatSixteenthsDecimal(1473)).toBe('92.0625')
    expect(formatPoundsOunces(327)).toBe('20 lb 7 oz')
  })

  it('reads back every value it writes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Unit>('eighths', 'sixteenths'),
        fc.integer({ min: 0, max: 16_000 }),
        (unit, units) => {
          const capped = Math.min(units, MAX_MEASUREMENT * (unit === 'eighths' ? 8 : 16))
          expect(parseMeasurement(formatScore(capped, unit), unit)).toBe(capped)
        },
      ),
    )
  })

  it('reads any decimal to the nearest unit, never NaN or negative', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: MAX_MEASUREMENT, noNaN: true }), (inches) => {
        const eighths = parseMeasurement(inches, 'eighths')
        expect(Number.isInteger(eighths)).toBe(true)
        expect(Math.abs(eighths - inches * 8)).toBeLessThanOrEqual(0.5 + 1e-9)
      }),
    )
  })
})
