import { describe, expect, it } from 'vitest'
import type { MeasurementSummary } from '#shared/schemas/measurements.ts'
import {
  aiEstimateFor,
  checkableValues,
  comparisonText,
  countsText,
  estimateValueText,
  reportedFor,
  VERDICT_ORDER,
} from './estimate.ts'

const summary = (overrides: Partial<MeasurementSummary> = {}): MeasurementSummary => ({
  lengthIn: null,
  widthIn: null,
  weightLbs: null,
  weightEstimated: false,
  spreadIn: null,
  points: null,
  massIn: null,
  ...overrides,
})

describe('estimateValueText', () => {
  it.each([
    [{ value: 24.25, unit: 'in', uncertainty: 0.375 }, 'imperial', '24 2/8 in ± 3/8 in'],
    [{ value: 24.25, unit: 'in', uncertainty: 0.375 }, 'metric', '61.6 cm ± 1.0 cm'],
    [{ value: 22, unit: 'in', uncertainty: 0 }, 'imperial', '22 in ± 1/8 in'],
    [{ value: 22, unit: 'in', uncertainty: 1.5 }, 'imperial', '22 in ± 1 4/8 in'],
    [{ value: 22, unit: 'in', uncertainty: null }, 'imperial', '22 in'],
    [{ value: 6.05, unit: 'lbs', uncertainty: 0.5 }, 'imperial', '6.05 lb ± 0.50 lb'],
    [{ value: 10, unit: 'lbs', uncertainty: null }, 'metric', '4.54 kg'],
  ] as const)('%o in %s reads %s', (estimate, units, expected) => {
    expect(estimateValueText(estimate, units)).toBe(expected)
  })
})

describe('checkableValues', () => {
  it('offers the card lengths that were reported, length first', () => {
    const values = checkableValues(summary({ lengthIn: 26.5, spreadIn: 18.5, widthIn: 7, weightLbs: 12, massIn: 40 }))
    expect(values).toEqual([
      { field: 'length', label: 'Length', reportedIn: 26.5 },
      { field: 'spread', label: 'Spread', reportedIn: 18.5 },
      { field: 'width', label: 'Width', reportedIn: 7 },
    ])
  })
  it('offers nothing when only values a photo cannot give were reported', () => {
    expect(checkableValues(summary({ weightLbs: 12, points: 10, massIn: 40 }))).toEqual([])
  })
})

describe('reportedFor', () => {
  it('finds the reported length an estimate is about', () => {
    expect(reportedFor(summary({ spreadIn: 18.5 }), { field: 'spread', unit: 'in' })?.reportedIn).toBe(18.5)
  })
  it('has none for a weight or an unknown field', () => {
    expect(reportedFor(summary({ lengthIn: 20 }), { field: 'length', unit: 'lbs' })).toBeNull()
    expect(reportedFor(summary({ lengthIn: 20 }), { field: 'right.G2', unit: 'in' })).toBeNull()
  })
})

describe('comparisonText', () => {
  it.each([
    [25, null, 25, 'The same as reported'],
    [24.9, null, 25, 'The same as reported'],
    [24, null, 25, '4% less than reported'],
    [27.5, null, 25, '10% more than reported'],
    [24.75, 0.375, 25, '1% less than reported; the reported value is within your ± range'],
    [24, 0.5, 25, '4% less than reported; the reported value is outside your ± range'],
    [26, 1, 25, '4% more than reported; the reported value is within your ± range'],
    [25.125, 0, 25, '1% more than reported; the reported value is within your ± range'],
    [25.25, 0, 25, '1% more than reported; the reported value is outside your ± range'],
    [8, 0.5, 25, '68% less than reported; the reported value is outside your ± range'],
  ])('%f ± %s against %f: %s', (estimate, uncertainty, reported, expected) => {
    expect(comparisonText(estimate, uncertainty, reported)).toBe(expected)
  })
})

it('countsText writes the three counts in the order of the verdicts', () => {
  expect(countsText({ confirmed: 2, plausible: 0, disputed: 1 })).toBe('2 confirmed · 0 plausible · 1 disputed')
})

it('VERDICT_ORDER lists the verdicts of the contract', async () => {
  const { VERDICTS } = await import('#shared/schemas/community.ts')
  expect([...VERDICT_ORDER].sort()).toEqual([...VERDICTS].sort())
})

describe('aiEstimateFor', () => {
  const estimates = { lengthIn: 21.734, spreadIn: 18.5, points: 10, weightLbs: 6 }
  it.each([
    ['length', 21.73],
    ['spread', 18.5],
    ['width', undefined],
    ['weight', undefined],
    ['points', undefined],
    ['right.G2', undefined],
  ])('%s → %s', (field, expected) => {
    expect(aiEstimateFor(estimates, field)).toBe(expected)
  })

  it('gives nothing when the model estimated nothing', () => {
    expect(aiEstimateFor({}, 'length')).toBeUndefined()
  })
})
