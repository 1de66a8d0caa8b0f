import { describe, expect, it } from 'vitest'
import { WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { CHART_CATEGORIES, scoreSheet } from './index.ts'

describe('worked examples, computed by hand (worked-examples.ts)', () => {
  it.each(WORKED_EXAMPLES.map((example) => [example.name, example] as const))('%s', (_, example) => {
    const { records, ...expected } = example.expected
    const result = scoreSheet(example.sheet)
    expect(result).toMatchObject({ system: example.sheet.system, category: example.sheet.category, ...expected })
    expect(result.records).toEqual(records)
  })

  it('cover every category of docs/scoring-rules.md §9 and both fish formulas', () => {
    const covered = new Set(WORKED_EXAMPLES.map((example) => example.sheet.category))
    for (const category of CHART_CATEGORIES) expect(covered).toContain(category)
    expect([...covered].some((category) => category.startsWith('length-girth-'))).toBe(true)
    expect([...covered].some((category) => category.startsWith('length-cubed-'))).toBe(true)
  })
})
