import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { VERDICTS, type Verdict } from '#shared/schemas/community.ts'
import {
  CONFIRMED_OUTSIDE_RANGE,
  LEAST_UNCERTAINTY_IN,
  type ReportedLengths,
  reportedValueFor,
  reportedWithinRange,
  verdictRuledOut,
} from './verdict-rule.ts'

const reported: ReportedLengths = { lengthIn: 22, spreadIn: 18.5, widthIn: null }

describe('reportedValueFor', () => {
  it.each([
    ['length', 'in', 22],
    ['spread', 'in', 18.5],
    ['width', 'in', null],
    ['length', 'lbs', null],
    ['score', 'in', null],
    ['right.G2', 'in', null],
  ] as const)('%s in %s → %s', (field, unit, expected) => {
    expect(reportedValueFor(reported, { field, unit })).toBe(expected)
  })
})

describe('verdictRuledOut', () => {
  it.each<[string, Verdict, number, number | null, number | null, string | null]>([
    ['68% less, ± 1/2 in', 'confirmed', 7, 0.5, 22, CONFIRMED_OUTSIDE_RANGE],
    ['just outside ± 3/8 in', 'confirmed', 21.5, 0.375, 22, CONFIRMED_OUTSIDE_RANGE],
    ['on the edge of ± 1/2 in', 'confirmed', 21.5, 0.5, 22, null],
    ['inside ± 1/4 in', 'confirmed', 22.125, 0.25, 22, null],
    ['a ± of 0 counts as 1/8 in', 'confirmed', 22.125, 0, 22, null],
    ['a ± of 0 and 2/8 in off', 'confirmed', 22.25, 0, 22, CONFIRMED_OUTSIDE_RANGE],
    ['no ± (an AI estimate)', 'confirmed', 7, null, 22, null],
    ['no reported value', 'confirmed', 7, 0.5, null, null],
    ['plausible far outside', 'plausible', 7, 0.5, 22, null],
    ['disputed far outside', 'disputed', 7, 0.5, 22, null],
    ['disputed inside', 'disputed', 22, 0.5, 22, null],
  ])('%s: %s', (_name, verdict, value, uncertainty, reportedIn, expected) => {
    expect(verdictRuledOut(verdict, { value, uncertainty }, reportedIn)).toBe(expected)
  })
})

const inches = fc.double({ min: 0.125, max: 400, noNaN: true })
const uncertainty = fc.double({ min: 0, max: 20, noNaN: true })

describe('verdict rule properties', () => {
  it('refuses Confirmed exactly when the reported value lies outside the ± (at least an eighth)', () => {
    fc.assert(
      fc.property(inches, uncertainty, inches, (value, u, reportedIn) => {
        const outside = Math.abs(value - reportedIn) > Math.max(u, LEAST_UNCERTAINTY_IN) + 1e-9
        expect(verdictRuledOut('confirmed', { value, uncertainty: u }, reportedIn) !== null).toBe(outside)
      }),
    )
  })

  it('never refuses Plausible or Disputed', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<Verdict>(...VERDICTS.filter((v) => v !== 'confirmed')),
        inches,
        fc.option(uncertainty),
        fc.option(inches),
        (verdict, value, u, reportedIn) => {
          expect(verdictRuledOut(verdict, { value, uncertainty: u }, reportedIn)).toBeNull()
        },
      ),
    )
  })

  it('a wider ± never rules out a Confirmed a narrower one allowed', () => {
    fc.assert(
      fc.property(inches, uncertainty, uncertainty, inches, (value, a, b, reportedIn) => {
        const [narrow, wide] = a <= b ? [a, b] : [b, a]
        fc.pre(reportedWithinRange(value, narrow, reportedIn) === true)
        expect(reportedWithinRange(value, wide, reportedIn)).toBe(true)
      }),
    )
  })

  it('is the same whichever side of the reported value the estimate falls', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 50, noNaN: true }), uncertainty, (off, u) => {
        const reportedIn = 100
        expect(reportedWithinRange(reportedIn + off, u, reportedIn)).toBe(
          reportedWithinRange(reportedIn - off, u, reportedIn),
        )
      }),
    )
  })
})
