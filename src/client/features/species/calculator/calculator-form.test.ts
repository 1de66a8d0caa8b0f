import { describe, expect, it } from 'vitest'
import { getChart } from '#shared/scoring/index.ts'
import {
  type CalculatorForm,
  EMPTY_FORM,
  errorField,
  fieldErrors,
  hasEntries,
  listTotal,
  rowDifference,
  scoreForm,
  sideTotal,
  spreadCreditText,
} from './calculator-form.ts'

// scoring.md §1.2 worked example, typed as a hunter might.
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

describe('scoreForm', () => {
  const typical = getChart('whitetail-typical', 'bc')

  it('scores the worked example and finds the lines the chart table shows', () => {
    const attempt = scoreForm(typical, 'bc', WORKED, fieldErrors(typical, WORKED))
    if (!attempt.ok) throw new Error(attempt.error.message)
    expect(attempt.result.scoreText).toBe('152 4/8')
    expect(sideTotal(attempt.result, 'right')).toBe('71 2/8')
    expect(sideTotal(attempt.result, 'left')).toBe('71 5/8')
    const beam = typical.sideRows.find((r) => r.key === 'F')
    expect(beam && rowDifference(attempt.result, beam)).toBe('0 4/8')
    expect(spreadCreditText(attempt.result)).toBe('18 4/8')
    const abnormal = typical.sideLists.find((l) => l.key === 'abnormal')
    expect(abnormal && listTotal(attempt.result, abnormal, 'right')).toBe('3 2/8 + 1 4/8 = 4 6/8')
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
