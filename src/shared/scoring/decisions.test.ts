import { describe, expect, it } from 'vitest'
import { CARIBOU_SHEET, WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { DEFAULT_RULES, getChart, scoreSheet } from './index.ts'

// Each open rule of docs/scoring-rules.md §8 is a switch in decisions.ts; these tests pin the decision and show what
// flipping it does, so a change is deliberate.

const example = (start: string) => {
  const found = WORKED_EXAMPLES.find((e) => e.name.startsWith(start))
  if (!found) throw new Error(`no worked example ${start}`)
  return found.sheet
}
const caribou = { system: 'bc', category: 'caribou-barren-ground', measurements: CARIBOU_SHEET }

describe('caribou brow differences (F-1, G-1): not deducted', () => {
  it('leaves the brow out of the difference column', () => {
    expect(DEFAULT_RULES.caribouBrowDifferencesDeducted).toBe(false)
    expect(scoreSheet(caribou).symmetryDeductions).toBe(6.5)
    const chart = getChart('caribou-barren-ground')
    expect(chart.sideRows.filter((row) => row.scored && !row.difference).map((row) => row.key)).toEqual(['F1', 'G1'])
  })

  it('flipped: F-1 13 and G-1 9 4/8 are deducted too, 346 4/8 − 22 4/8 = 324 0/8', () => {
    const result = scoreSheet(caribou, { rules: { caribouBrowDifferencesDeducted: true } })
    expect(result.scoreText).toBe('324 0/8')
    expect(result.symmetryDeductions).toBe(29)
  })
})

describe('caribou point counts (D): recorded, not scored', () => {
  it('records the counts without adding them', () => {
    expect(DEFAULT_RULES.caribouPointCountsScored).toBe(false)
    expect(scoreSheet(caribou).lines).toContainEqual({
      label: 'D Number of points, excluding the brow',
      value: 'right 15 · left 13 · recorded, not scored',
    })
  })

  it('flipped: each point adds 1 inch and the point difference is deducted, 346 4/8 + 35 − 2 = 379 4/8', () => {
    expect(scoreSheet(caribou, { rules: { caribouPointCountsScored: true } }).scoreText).toBe('379 4/8')
  })
})

describe('caribou spread credit: capped at the longer main beam', () => {
  const wide = { ...caribou, measurements: { ...CARIBOU_SHEET, insideSpread: 52 } }
  it('credits no more than the longer beam, 50', () => {
    expect(scoreSheet(wide).spreadCredit).toBe(50)
  })
  it('flipped: credits all 52', () => {
    expect(scoreSheet(wide, { rules: { caribouSpreadCapped: false } }).spreadCredit).toBe(52)
  })
})

describe('mountain goat horn-length difference: deducted', () => {
  const goat = example('mountain goat')
  it('deducts the 4/8 length difference: 49 4/8, a trophy', () => {
    expect(DEFAULT_RULES.goatLengthDifferenceDeducted).toBe(true)
    expect(scoreSheet(goat)).toMatchObject({ scoreText: '49 4/8', trophyClass: 'trophy' })
    expect(getChart('mountain-goat').sideRows.every((row) => row.difference)).toBe(true)
  })
  it('flipped: only D-4 is deducted, 50 0/8, a record', () => {
    expect(scoreSheet(goat, { rules: { goatLengthDifferenceDeducted: false } })).toMatchObject({
      scoreText: '50 0/8',
      trophyClass: 'record',
    })
  })
  it('sheep never deduct the length difference; pronghorn always do', () => {
    expect(getChart('bighorn-sheep').sideRows.find((row) => row.key === 'C')?.difference).toBe(false)
    expect(getChart('pronghorn').sideRows.every((row) => row.difference)).toBe(true)
  })
})

describe('SCI: abnormal points left out of typical, spread not capped', () => {
  it('typical leaves abnormal points out; flipped, it subtracts them: 161 3/8 − 6 6/8 = 154 5/8', () => {
    const sheet = { ...example('docs/scoring-rules.md §1.2 whitetail'), system: 'sci' }
    expect(scoreSheet(sheet).scoreText).toBe('161 3/8')
    expect(scoreSheet(sheet, { rules: { sciTypicalSubtractsAbnormal: true } }).scoreText).toBe('154 5/8')
  })

  it('credits the full 27-inch spread; flipped, 21 7/8: 21 7/8 + 84 7/8 + 80 4/8 = 187 2/8', () => {
    const sheet = example('mule deer SCI')
    expect(scoreSheet(sheet).spreadCredit).toBe(27)
    expect(scoreSheet(sheet, { rules: { sciSpreadCapped: true } }).scoreText).toBe('187 2/8')
  })

  it('takes no symmetry deductions on any chart', () => {
    for (const category of ['whitetail-typical', 'moose-canada', 'caribou-woodland', 'pronghorn', 'mountain-goat']) {
      expect(getChart(category, 'sci').sideRows.some((row) => row.difference)).toBe(false)
    }
  })
})

describe('a typical net below 0 is reported as 0', () => {
  it('keeps the arithmetic in the line', () => {
    const result = scoreSheet({
      system: 'bc',
      category: 'whitetail-typical',
      measurements: { insideSpread: 2, right: { F: 3, abnormal: [10] }, left: { F: 3 } },
    })
    expect(result.score).toBe(0)
    expect(result.lines).toContainEqual({ label: 'Net score', value: '0 0/8 (the sum is below 0: −2 0/8)' })
  })
})

describe('trophy class', () => {
  // 20³ ÷ 1600 = 5 lb exactly; trophy weights are read to the ounce like any weight.
  const fish = (trophyWeightLbs: string) => ({
    system: 'fish',
    category: 'length-cubed-1600',
    measurements: { lengthIn: 20 },
    trophyWeightLbs,
  })
  it.each([
    ['5 lb', 'record'], // exactly the trophy weight
    ['5 lb 1 oz', 'trophy'],
    ['6 lb 4 oz', 'trophy'], // 80 % of 6.25 lb = 5 lb, exactly
    ['6 lb 5 oz', 'standard'], // 80 % = 5.05 lb
  ])('fish 5 lb against a trophy weight of %s: %s', (weight, trophyClass) => {
    expect(scoreSheet(fish(weight)).trophyClass).toBe(trophyClass)
  })

  it('a fish without a trophy weight is standard', () => {
    expect(scoreSheet({ ...fish(''), trophyWeightLbs: undefined })).toMatchObject({
      records: {},
      trophyClass: 'standard',
    })
  })

  it('a turkey meeting the Kansas award (65) is a trophy, never a record', () => {
    const turkey = (weightLbs: number) => ({ system: 'nwtf', category: 'wild-turkey', measurements: { weightLbs } })
    expect(scoreSheet(turkey(65))).toMatchObject({ records: { other: true }, trophyClass: 'trophy' })
    expect(scoreSheet(turkey(64.9375))).toMatchObject({ records: { other: false }, trophyClass: 'standard' })
  })

  it('B&C and P&Y sheets are checked against all three books; a P&Y minimum alone makes a trophy', () => {
    const pyExample = example('docs/scoring-rules.md §2 P&Y 130 2/8')
    expect(scoreSheet(pyExample)).toMatchObject({
      records: { bcAwards: false, bcAllTime: false, py: true },
      trophyClass: 'trophy',
    })
    expect(scoreSheet({ ...pyExample, system: 'bc' }).records).toEqual(scoreSheet(pyExample).records)
  })
})
