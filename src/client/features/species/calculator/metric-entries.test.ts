import { describe, expect, it } from 'vitest'
import { getChart, scoreSheet } from '#shared/scoring/index.ts'
import { WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { type CalculatorForm, fieldErrors, scoreForm, sheetFromForm } from './calculator-form.ts'
import {
  engineForm,
  engineValueText,
  metricEntryError,
  metricForm,
  storedForm,
  storedText,
  toEngineText,
} from './metric-entries.ts'

const typical = getChart('whitetail-typical', 'bc')
const turkey = getChart('wild-turkey', 'nwtf')

// docs/scoring-rules.md §1.2 worked example as the calculator holds it (inches as typed).
const example = WORKED_EXAMPLES.find((e) => e.sheet.category === 'whitetail-typical' && e.sheet.system === 'bc')
const m = example?.sheet.measurements as Record<string, Record<string, string | string[]> | string>
const side = (values: Record<string, string | string[]>) => {
  const rows: Record<string, string> = {}
  const lists: Record<string, string[]> = {}
  for (const [k, v] of Object.entries(values)) {
    if (Array.isArray(v)) lists[k] = v
    else rows[k] = v
  }
  return { rows, lists }
}
const INCHES: CalculatorForm = {
  single: { insideSpread: m.insideSpread as string },
  singleLists: {},
  right: side(m.right as Record<string, string | string[]>),
  left: side(m.left as Record<string, string | string[]>),
}

describe('metric chart entries', () => {
  it('reads centimetres as the inches the record book rounds them to, and shows them', () => {
    expect(toEngineText('46.99', 'length')).toBe('18.5')
    expect(engineValueText('46.99', typical, 'length')).toBe('= 18 4/8 in')
    expect(engineValueText('61.5', typical, 'length')).toBe('= 24 2/8 in')
    expect(storedText('61.5', typical, 'length')).toBe('24 2/8')
    expect(engineValueText('9.27', turkey, 'weight')).toBe('= 20.44 lb')
    expect(engineValueText('50.8', turkey, 'length')).toBe('= 20 in')
    expect(engineValueText('26.67', turkey, 'length')).toBe('= 10 8/16 in')
    expect(engineValueText('12', typical, 'count')).toBeUndefined()
  })

  it('refuses what is not a number of centimetres, and negative values; counts are read as typed', () => {
    expect(metricEntryError('abc', typical, 'length')).toBe('"abc" is not a number. Type centimetres, e.g. 61.5.')
    expect(metricEntryError('24 2/8', typical, 'length')).toBe('"24 2/8" is not a number. Type centimetres, e.g. 61.5.')
    expect(metricEntryError('-3', typical, 'length')).toBe('"-3" is negative; measurements are 0 or more')
    expect(metricEntryError('61,5', typical, 'length')).toBeUndefined()
    expect(metricEntryError('5', typical, 'count')).toBeUndefined()
    expect(metricEntryError('2.5', typical, 'count')).toMatch(/Type a whole number/)
  })

  it('scores the worked example typed in centimetres exactly as in inches (152 4/8)', () => {
    const cm = metricForm(typical, INCHES)
    expect(cm.single.insideSpread).toBe('46.99')
    expect(cm.right.rows.F).toBe('61.6')
    expect(cm.right.lists.abnormal).toEqual(['8.26', '3.81'])
    expect(fieldErrors(typical, cm, metricEntryError)).toEqual({})
    const live = scoreForm(typical, 'bc', engineForm(typical, cm, 'metric'), {})
    expect(live.ok && live.result.scoreText).toBe('152 4/8')
    const stored = storedForm(typical, cm, 'metric')
    expect(stored.right.rows.F).toBe('24 2/8')
    expect(scoreSheet(sheetFromForm(typical, 'bc', stored)).scoreText).toBe('152 4/8')
  })

  it('leaves an imperial form as typed', () => {
    expect(engineForm(typical, INCHES, 'imperial')).toBe(INCHES)
    expect(storedForm(typical, INCHES, 'imperial')).toBe(INCHES)
  })
})
