import { describe, expect, it } from 'vitest'
import { WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { formatInches, formatLengthList, type ScoreResult, scoreSheet } from './index.ts'
import { ScoreResultSchema } from './result-schema.ts'

// The structured breakdown of the result (result.ts): the numbers a page lays out like the paper chart, checked
// against the hand-worked arithmetic of worked-examples.ts.

function worked(start: string): ScoreResult {
  const example = WORKED_EXAMPLES.find((e) => e.name.startsWith(start))
  if (!example) throw new Error(`no worked example ${start}`)
  return ScoreResultSchema.parse(scoreSheet(example.sheet))
}

const eighths = (inches: number) => formatInches(inches, 'eighths')

describe('breakdown: antlers', () => {
  const whitetail = worked('docs/scoring-rules.md §1.2 whitetail, typical')

  it('docs/scoring-rules.md §1.2: each row with right, left and difference, in inches', () => {
    expect(whitetail.breakdown.rows).toEqual([
      { key: 'insideSpread', letter: 'D', value: 18.5 },
      { key: 'F', letter: 'F', right: 24.25, left: 24.5, difference: 0.25 },
      { key: 'G1', letter: 'G-1', right: 4.5, left: 4.375, difference: 0.125 },
      { key: 'G2', letter: 'G-2', right: 10.25, left: 10.75, difference: 0.5 },
      { key: 'G3', letter: 'G-3', right: 9.75, left: 9.375, difference: 0.375 },
      { key: 'G4', letter: 'G-4', right: 5, left: 5.25, difference: 0.25 },
      { key: 'H1', letter: 'H-1', right: 4.75, left: 4.625, difference: 0.125 },
      { key: 'H2', letter: 'H-2', right: 4.25, left: 4.375, difference: 0.125 },
      { key: 'H3', letter: 'H-3', right: 4.5, left: 4.25, difference: 0.25 },
      { key: 'H4', letter: 'H-4', right: 4, left: 4.125, difference: 0.125 },
    ])
  })

  it('docs/scoring-rules.md §1.2: side totals 71 2/8 and 71 5/8, difference total 2 1/8, spread credit 18 4/8', () => {
    const { sideTotals, differenceTotal, spreadCredit } = whitetail.breakdown
    expect(sideTotals).toEqual({ right: 71.25, left: 71.625 })
    expect([eighths(sideTotals?.right ?? -1), eighths(sideTotals?.left ?? -1)]).toEqual(['71 2/8', '71 5/8'])
    expect(differenceTotal).toBe(2.125)
    expect(eighths(differenceTotal ?? -1)).toBe('2 1/8')
    expect(spreadCredit).toEqual({ inside: 18.5, credit: 18.5 })
    // net = spread credit + right + left − difference total − abnormal total
    const abnormal = whitetail.breakdown.lists.reduce((sum, list) => sum + list.total, 0)
    expect(18.5 + 71.25 + 71.625 - 2.125 - abnormal).toBe(whitetail.score)
  })

  it('docs/scoring-rules.md §1.2: the abnormal points of each side, with their totals', () => {
    expect(whitetail.breakdown.lists).toEqual([
      { key: 'abnormal', side: 'right', lengths: [3.25, 1.5], total: 4.75 },
      { key: 'abnormal', side: 'left', lengths: [2], total: 2 },
    ])
    const [right, left] = whitetail.breakdown.lists
    expect(formatLengthList(right?.lengths ?? [], 'eighths')).toBe('3 2/8 + 1 4/8 = 4 6/8')
    expect(formatLengthList(left?.lengths ?? [], 'eighths')).toBe('2 0/8')
  })

  it('an antler without abnormal points has empty lists; SCI has no difference column', () => {
    const sci = worked('docs/scoring-rules.md §3 SCI typical')
    expect(sci.breakdown.sideTotals).toEqual({ right: 71.25, left: 71.625 })
    expect(sci.breakdown.differenceTotal).toBeUndefined()
    expect(sci.breakdown.rows.every((row) => row.difference === undefined)).toBe(true)
    const blacktail = worked('Columbia blacktail')
    expect(blacktail.breakdown.lists).toEqual([
      { key: 'abnormal', side: 'right', lengths: [], total: 0 },
      { key: 'abnormal', side: 'left', lengths: [], total: 0 },
    ])
    expect(formatLengthList([], 'eighths')).toBe('none')
  })

  it('mule deer: the credit limited to the longer main beam, and a missing tine counted 0', () => {
    const mule = worked('mule deer typical')
    expect(mule.breakdown.spreadCredit).toEqual({ inside: 27, credit: 21.875, limitedTo: 21.875 })
    expect(mule.breakdown.rows.find((row) => row.key === 'G1')).toEqual({
      key: 'G1',
      letter: 'G-1',
      right: 1.5,
      difference: 1.5,
    })
    expect(mule.breakdown.sideTotals).toEqual({ right: 84.875, left: 80.5 })
    expect(mule.breakdown.differenceTotal).toBe(4.875)
    // The tip-to-tip spread is recorded: a row with its value, in no total.
    expect(mule.breakdown.rows[0]).toEqual({ key: 'tipToTipSpread', letter: 'B', value: 19 })
  })

  it("Roosevelt's elk: crown points per side, outside the difference column", () => {
    const elk = worked("Roosevelt's elk")
    expect(elk.breakdown.lists).toEqual([
      { key: 'abnormal', side: 'right', lengths: [2], total: 2 },
      { key: 'abnormal', side: 'left', lengths: [], total: 0 },
      { key: 'crown', side: 'right', lengths: [4, 3], total: 7 },
      { key: 'crown', side: 'left', lengths: [5], total: 5 },
    ])
    expect(elk.breakdown.sideTotals).toEqual({ right: 142, left: 139.75 })
    expect(elk.breakdown.differenceTotal).toBe(2.25)
  })
})

describe('breakdown: moose, caribou, horns', () => {
  it('Canada moose: points in points (1 inch each), the greatest spread as a row, no spread credit entry', () => {
    const moose = worked('Canada moose: 55')
    expect(moose.breakdown.rows).toEqual([
      { key: 'greatestSpread', letter: 'A', value: 55 },
      { key: 'abnormalPoints', letter: 'B', right: 1 },
      { key: 'points', letter: 'C', right: 12, left: 11, difference: 1 },
      { key: 'palmWidth', letter: 'D', right: 13, left: 12.5, difference: 0.5 },
      { key: 'palmLength', letter: 'E', right: 40, left: 41, difference: 1 },
      { key: 'beamCirc', letter: 'F', right: 7.5, left: 7.5, difference: 0 },
    ])
    expect(moose.breakdown.sideTotals).toEqual({ right: 72.5, left: 72 })
    expect(moose.breakdown.differenceTotal).toBe(2.5)
    expect(moose.breakdown.spreadCredit).toBeUndefined()
    expect(moose.breakdown.lists).toEqual([])
    expect(55 + 72.5 + 72 - 2.5).toBe(moose.score)
  })

  it('caribou: no brow differences, point counts recorded only, the credit capped at the longer beam E', () => {
    const caribou = worked('caribou-barren-ground')
    const rows = Object.fromEntries(caribou.breakdown.rows.map((row) => [row.key, row]))
    expect(rows.F1).toEqual({ key: 'F1', letter: 'F-1', right: 15, left: 2 })
    expect(rows.G1).toEqual({ key: 'G1', letter: 'G-1', right: 10, left: 0.5 })
    expect(rows.points).toEqual({ key: 'points', letter: 'D', right: 15, left: 13 })
    expect(rows.E).toEqual({ key: 'E', letter: 'E', right: 50, left: 49, difference: 1 })
    expect(caribou.breakdown.sideTotals).toEqual({ right: 171, left: 142 })
    expect(caribou.breakdown.differenceTotal).toBe(6.5)
    expect(caribou.breakdown.spreadCredit).toEqual({ inside: 40, credit: 40 })
    expect(40 + 171 + 142 - 6.5).toBe(caribou.score)
  })

  it('bighorn sheep: the length C takes no difference, the circumferences do; spreads are recorded', () => {
    const sheep = worked('bighorn sheep')
    expect(sheep.breakdown.rows).toEqual([
      { key: 'greatestSpread', letter: 'A', value: 23 },
      { key: 'tipToTipSpread', letter: 'B', value: 20 },
      { key: 'C', letter: 'C', right: 40, left: 38 },
      { key: 'D1', letter: 'D-1', right: 16, left: 16, difference: 0 },
      { key: 'D2', letter: 'D-2', right: 15.5, left: 15.25, difference: 0.25 },
      { key: 'D3', letter: 'D-3', right: 13, left: 13, difference: 0 },
      { key: 'D4', letter: 'D-4', right: 9, left: 8.5, difference: 0.5 },
    ])
    expect(sheep.breakdown.sideTotals).toEqual({ right: 93.5, left: 90.75 })
    expect(sheep.breakdown.differenceTotal).toBe(0.75)
    expect(sheep.breakdown.spreadCredit).toBeUndefined()
    expect(93.5 + 90.75 - 0.75).toBe(sheep.score)
  })
})

describe('breakdown: skulls, turkey, fish', () => {
  it('black bear: length and width in sixteenths, no columns', () => {
    const bear = worked('black bear')
    expect(bear.breakdown).toEqual({
      rows: [
        { key: 'skullLength', letter: 'A', value: 14.4375 },
        { key: 'skullWidth', letter: 'B', value: 9.1875 },
      ],
      lists: [],
    })
    expect(formatInches(14.4375, 'sixteenths')).toBe('14 7/16')
  })

  it('docs/scoring-rules.md §4 turkey: the weight in pounds, the spurs, every beard', () => {
    const turkey = worked('docs/scoring-rules.md §4 turkey with three beards')
    expect(turkey.breakdown).toEqual({
      rows: [
        { key: 'weightLbs', letter: '', value: 20.4375 },
        { key: 'spurRightIn', letter: '', value: 1 },
        { key: 'spurLeftIn', letter: '', value: 1.0625 },
      ],
      lists: [{ key: 'beardsIn', lengths: [10.5, 8.25, 6.75], total: 25.5 }],
    })
    expect(formatLengthList([10.5, 8.25, 6.75], 'sixteenths')).toBe('10 8/16 + 8 4/16 + 6 12/16 = 25 8/16')
    expect(20.4375 + 2 * 25.5 + 10 * (1 + 1.0625)).toBe(turkey.score)
  })

  it('docs/scoring-rules.md §5.1 fish: the length and girth', () => {
    expect(worked('docs/scoring-rules.md §5.1 fish').breakdown).toEqual({
      rows: [
        { key: 'lengthIn', letter: '', value: 31 },
        { key: 'girthIn', letter: '', value: 16 },
      ],
      lists: [],
    })
    expect(worked('bass by length only').breakdown.rows).toEqual([{ key: 'lengthIn', letter: '', value: 20 }])
  })
})
