import { describe, expect, it } from 'vitest'
import {
  buildSheet,
  CHART_CATEGORIES,
  type Chart,
  getChart,
  ScoringError,
  type SheetForm,
  scoreSheet,
} from './index.ts'

const everyChart: Chart[] = CHART_CATEGORIES.flatMap((category) =>
  getChart(category).systems.map((system) => getChart(category, system)),
)

/** A form with every row of the chart filled in, as the calculator page would send it. */
function filledForm(chart: Chart, text = '1'): SheetForm {
  const values: SheetForm['values'] = {}
  for (const row of [...chart.spreadRows, ...chart.singleRows]) values[row.key] = text
  for (const list of chart.singleLists) values[list.key] = [text, text]
  for (const side of ['right', 'left'] as const) {
    if (chart.sideRows.length === 0) continue
    const rows: Record<string, string | string[]> = {}
    for (const row of chart.sideRows) rows[row.key] = row.quantity === 'count' ? '3' : text
    for (const list of chart.sideLists) rows[list.key] = [text]
    values[side] = rows
  }
  return { system: chart.system, category: chart.category, values }
}

describe('chart definitions', () => {
  it('exist for every category and system, with a label and plain-language help on every row', () => {
    expect(everyChart.length).toBeGreaterThan(CHART_CATEGORIES.length)
    for (const chart of everyChart) {
      const rows = [
        ...chart.spreadRows,
        ...chart.sideRows,
        ...chart.singleRows,
        ...chart.sideLists,
        ...chart.singleLists,
      ]
      expect(rows.length, chart.category).toBeGreaterThan(0)
      for (const row of rows) {
        expect(row.label, `${chart.category} ${row.key}`).not.toBe('')
        expect(row.help.length, `${chart.category} ${row.key}`).toBeGreaterThan(20)
      }
      const keys = rows.map((row) => row.key)
      expect(new Set(keys).size, chart.category).toBe(keys.length)
      expect(chart.notes.length).toBeGreaterThan(0)
    }
  })

  it('lay out the whitetail chart as the paper chart: letters, columns and help', () => {
    const chart = getChart('whitetail-typical')
    expect(chart).toMatchObject({
      category: 'whitetail-typical',
      name: 'Whitetail deer, typical',
      unit: 'eighths',
      kind: 'antlers',
    })
    expect(chart.spreadRows.map((row) => row.letter)).toEqual(['B', 'C', 'D'])
    expect(chart.sideRows.map((row) => row.letter)).toEqual([
      'A',
      'F',
      ...[1, 2, 3, 4, 5, 6, 7].map((i) => `G-${i}`),
      ...[1, 2, 3, 4].map((i) => `H-${i}`),
    ])
    expect(chart.sideLists).toMatchObject([{ key: 'abnormal', letter: 'E', effect: 'subtracted' }])
    expect(chart.sideRows.find((row) => row.key === 'H1')?.help).toMatch(
      /^Circumference at the smallest place between the burr and the first point/,
    )
    expect(chart.spreadCredit).toBe('longer-beam')
    expect(chart.minimums.bcAllTime?.value).toBe(170)
  })

  it('mark which rows are scored and which differences are deducted', () => {
    const typical = getChart('whitetail-typical', 'bc')
    expect(typical.sideRows.find((row) => row.key === 'points')).toMatchObject({ scored: false, difference: false })
    expect(typical.sideRows.filter((row) => row.key !== 'points').every((row) => row.scored && row.difference)).toBe(
      true,
    )
    expect(getChart('whitetail-non-typical').sideLists[0]?.effect).toBe('added')
    expect(getChart('whitetail-typical', 'sci').sideLists[0]?.effect).toBe('recorded')
    expect(getChart('roosevelt-elk').sideLists.map((list) => [list.key, list.effect])).toEqual([
      ['abnormal', 'subtracted'],
      ['crown', 'added'],
    ])
  })

  it('give mule deer G-1 to G-4 and elk G-1 to G-7', () => {
    const points = (category: string) => getChart(category).sideRows.filter((row) => row.key.startsWith('G')).length
    expect(points('mule-deer-typical')).toBe(4)
    expect(points('sitka-blacktail-typical')).toBe(4)
    expect(points('elk-typical')).toBe(7)
    expect(points('tule-elk')).toBe(7)
  })

  it('describe skulls, turkey and fish', () => {
    expect(getChart('cougar')).toMatchObject({ unit: 'sixteenths', kind: 'skull', systems: ['bc', 'py', 'sci'] })
    expect(getChart('wild-turkey')).toMatchObject({ unit: 'sixteenths', kind: 'turkey', system: 'nwtf' })
    expect(getChart('wild-turkey').singleLists[0]?.key).toBe('beardsIn')
    expect(getChart('length-girth-800')).toMatchObject({
      kind: 'fish',
      system: 'fish',
      formula: { type: 'length-girth', divisor: '800', text: 'length × girth² ÷ 800' },
    })
    expect(getChart('length-cubed-2700').singleRows.map((row) => row.key)).toEqual(['lengthIn'])
  })

  it('reject an unknown category or a pair that makes no sense', () => {
    expect(() => getChart('dragon')).toThrow(ScoringError)
    expect(() => getChart('whitetail-typical', 'nwtf')).toThrow('system: nwtf does not score whitetail-typical')
    expect(() => getChart('length-girth-abc')).toThrow('category: "length-girth-abc" is not a category')
  })

  it('accept every key they list: a fully filled form scores on every chart', () => {
    for (const chart of everyChart) {
      const result = scoreSheet(buildSheet(filledForm(chart)))
      expect(result.category).toBe(chart.category)
      expect(Number.isFinite(result.score)).toBe(true)
    }
  })
})

describe('buildSheet', () => {
  it('turns form text into a sheet, leaving blank fields out', () => {
    const sheet = buildSheet({
      system: 'bc',
      category: 'whitetail-typical',
      values: {
        insideSpread: ' 18 4/8 ',
        tipToTipSpread: '',
        right: { F: '24 2/8', G1: '', abnormal: ['3 2/8', ' ', '1 4/8'] },
        left: { F: '', abnormal: [''] },
      },
    })
    expect(sheet).toEqual({
      system: 'bc',
      category: 'whitetail-typical',
      measurements: { insideSpread: '18 4/8', right: { F: '24 2/8', abnormal: ['3 2/8', '1 4/8'] } },
    })
  })

  it('keeps a fish trophy weight and scores like the sheet it builds', () => {
    const sheet = buildSheet({
      system: 'fish',
      category: 'length-girth-800',
      values: { lengthIn: '31', girthIn: '16' },
      trophyWeightLbs: '10',
    })
    expect(sheet.trophyWeightLbs).toBe('10')
    expect(scoreSheet(sheet)).toMatchObject({ score: 9.92, trophyClass: 'trophy' })
  })
})
