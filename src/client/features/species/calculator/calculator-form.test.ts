import { describe, expect, it } from 'vitest'
import { type Chart, getChart, type ScoreResult } from '#shared/scoring/index.ts'
import {
  type CalculatorForm,
  chartLabel,
  differenceTotal,
  EMPTY_FORM,
  errorField,
  fieldErrors,
  hasEntries,
  listTotal,
  rowDifference,
  SIDES,
  scoreForm,
  sideTotal,
  spreadCreditText,
} from './calculator-form.ts'

// docs/scoring-rules.md §1.2 worked example, typed as a hunter might.
const WORKED: CalculatorForm = {
  single: { insideSpread: '18 4/8' },
  singleLists: {},
  right: {
    rows: { F: '24-2', G1: '4.5', G2: '10 2/8', G3: '9¾', G4: '5', H1: '4 6/8', H2: '4 2/8', H3: '4 4/8', H4: '4' },
    lists: { abnormal: ['3 2/8', '1 4/8'] },
  },
  left: {
    rows: {
      F: '24 6/8',
      G1: '4 2/8',
      G2: '10 4/8',
      G3: '9 3/8',
      G4: '5 2/8',
      H1: '4 6/8',
      H2: '4 4/8',
      H3: '4 2/8',
      H4: '4',
    },
    lists: { abnormal: ['2', ''] },
  },
}

function score(chart: Chart, form: CalculatorForm): ScoreResult {
  const attempt = scoreForm(chart, chart.system, form, fieldErrors(chart, form))
  if (!attempt.ok) throw new Error(attempt.error.message)
  return attempt.result
}

describe('scoreForm', () => {
  const typical = getChart('whitetail-typical', 'bc')

  it('scores the worked example and writes the figures the chart table shows from the breakdown', () => {
    const result = score(typical, WORKED)
    expect(result.scoreText).toBe('152 4/8')
    expect(sideTotal(typical, result, 'right')).toBe('71 2/8')
    expect(sideTotal(typical, result, 'left')).toBe('71 5/8')
    expect(differenceTotal(typical, result)).toBe('2 1/8')
    const beam = typical.sideRows.find((r) => r.key === 'F')
    expect(beam && rowDifference(typical, result, beam)).toBe('0 4/8')
    expect(spreadCreditText(typical, result)).toBe('18 4/8')
    const abnormal = typical.sideLists.find((l) => l.key === 'abnormal')
    expect(abnormal && listTotal(typical, result, abnormal, 'right')).toBe('3 2/8 + 1 4/8 = 4 6/8')
    expect(abnormal && listTotal(typical, result, abnormal, 'left')).toBe('2 0/8')
  })

  it('has no figures without a result, and none the engine does not give', () => {
    const beam = typical.sideRows[0]
    expect(beam && rowDifference(typical, undefined, beam)).toBeUndefined()
    expect(sideTotal(typical, undefined, 'right')).toBeUndefined()
    expect(spreadCreditText(typical, undefined)).toBeUndefined()
    const sci = getChart('whitetail-typical', 'sci')
    const result = score(sci, WORKED)
    expect(differenceTotal(sci, result)).toBeUndefined()
    expect(beam && rowDifference(sci, result, beam)).toBeUndefined()
    const blank = typical.sideRows.find((r) => r.key === 'G5')
    expect(blank && rowDifference(typical, score(typical, WORKED), blank)).toBeUndefined()
  })

  it('keeps the entries when the category changes to one with the same chart', () => {
    const nonTypical = getChart('whitetail-non-typical', 'bc')
    const attempt = scoreForm(nonTypical, 'bc', WORKED, fieldErrors(nonTypical, WORKED))
    expect(attempt.ok && attempt.result.scoreText).toBe('166 0/8')
  })

  it('leaves out an entry it cannot read, and says why', () => {
    const form = { ...WORKED, right: { ...WORKED.right, rows: { ...WORKED.right.rows, G2: 'ten' } } }
    const errors = fieldErrors(typical, form)
    expect(Object.keys(errors)).toEqual(['right.G2'])
    expect(errors['right.G2']).toMatch(/"ten" is not a measurement\. Type inches, e\.g\. 24 2\/8/)
    const attempt = scoreForm(typical, 'bc', form, errors)
    // Without right G-2: right 71 2/8 − 10 2/8, and the G-2 difference grows from 0 2/8 to 10 4/8:
    // 18 4/8 + 61 0/8 + 71 5/8 − 12 3/8 − 6 6/8 = 132 0/8.
    expect(attempt.ok && attempt.result.scoreText).toBe('132 0/8')
  })

  it('ignores keys of another chart and names the missing required field', () => {
    const fish = getChart('length-girth-800', 'fish')
    const attempt = scoreForm(fish, 'fish', { ...WORKED, single: { lengthIn: '31' } }, {})
    expect(attempt.ok).toBe(false)
    if (attempt.ok) return
    expect(errorField(attempt.error.path)).toBe('girthIn')
  })
})

describe('hasEntries', () => {
  it('is false for blank text only', () => {
    expect(hasEntries(EMPTY_FORM)).toBe(false)
    expect(hasEntries({ ...EMPTY_FORM, singleLists: { beardsIn: ['  '] } })).toBe(false)
    expect(hasEntries({ ...EMPTY_FORM, single: { weightLbs: '22' } })).toBe(true)
  })
})

// The page used to find these figures in the engine's lines; it now writes them from the breakdown. The text
// must be the same: the lines stay the reference for what a measurer reads.
describe("the figures say what the engine's lines say", () => {
  const line = (result: ScoreResult, label: string) => result.lines.find((l) => l.label === label)?.value

  function expectSameAsLines(chart: Chart, form: CalculatorForm) {
    const result = score(chart, form)
    for (const row of chart.sideRows) {
      // The table shows a difference only where the row takes one ('… · no difference taken' otherwise).
      const tail = line(result, chartLabel(row))?.match(/ · difference (.+)$/)?.[1]
      expect(rowDifference(chart, result, row)).toBe(row.scored && row.difference ? tail : undefined)
    }
    for (const side of SIDES) {
      const name = side === 'right' ? 'Right ' : 'Left '
      const total = result.lines.find((l) => l.label.startsWith(name) && / total\b/.test(l.label))?.value
      expect(sideTotal(chart, result, side)).toBe(total)
      for (const list of chart.sideLists) {
        expect(listTotal(chart, result, list, side)).toBe(line(result, `${chartLabel(list)}, ${side}`))
      }
    }
    for (const list of chart.singleLists) expect(listTotal(chart, result, list)).toBe(line(result, chartLabel(list)))
    expect(differenceTotal(chart, result)).toBe(line(result, 'Difference total'))
    expect(spreadCreditText(chart, result)).toBe(line(result, 'Spread credit'))
  }

  const side = (rows: Record<string, string>, lists: Record<string, string[]> = {}) => ({ rows, lists })

  it('antlers under B&C, P&Y and SCI, typical and non-typical', () => {
    for (const category of ['whitetail-typical', 'whitetail-non-typical']) {
      for (const system of ['bc', 'py', 'sci'] as const) expectSameAsLines(getChart(category, system), WORKED)
    }
  })

  it('a mule deer whose spread credit is limited to the longer beam, with a missing tine', () => {
    expectSameAsLines(getChart('mule-deer-typical', 'bc'), {
      ...EMPTY_FORM,
      single: { insideSpread: '27' },
      right: side({ F: '21 7/8', G1: '1 4/8', G2: '16' }, { abnormal: ['2 2/8'] }),
      left: side({ F: '20 2/8', G2: '15 4/8' }),
    })
  })

  it("Roosevelt's elk crown points, moose point counts, caribou and sheep", () => {
    expectSameAsLines(getChart('roosevelt-elk', 'bc'), {
      ...EMPTY_FORM,
      single: { insideSpread: '40' },
      right: side({ F: '48', G1: '15' }, { crown: ['4', '3'], abnormal: ['2'] }),
      left: side({ F: '47', G1: '15' }, { crown: ['5'] }),
    })
    expectSameAsLines(getChart('moose-canada', 'bc'), {
      ...EMPTY_FORM,
      single: { greatestSpread: '55' },
      right: side({ abnormalPoints: '1', points: '12', palmWidth: '13' }),
      left: side({ points: '11', palmWidth: '12 4/8' }),
    })
    expectSameAsLines(getChart('caribou-mountain', 'bc'), {
      ...EMPTY_FORM,
      single: { insideSpread: '52' },
      right: side({ E: '50', F1: '15', G1: '10' }),
      left: side({ E: '49', F1: '2' }),
    })
    expectSameAsLines(getChart('bighorn-sheep', 'py'), {
      ...EMPTY_FORM,
      right: side({ C: '40', D1: '16', D2: '15 4/8' }),
      left: side({ C: '38', D1: '16', D2: '15 2/8' }),
    })
  })

  it('turkey beards', () => {
    expectSameAsLines(getChart('wild-turkey'), {
      ...EMPTY_FORM,
      single: { weightLbs: '20 lb 7 oz', spurLeftIn: '1 1/16' },
      singleLists: { beardsIn: ['10 8/16', '8.25'] },
    })
  })
})
