import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ANTLERED_CATEGORIES, CARIBOU_CATEGORIES } from './categories.ts'
import {
  CHART_CATEGORIES,
  type Chart,
  formatInches,
  formatLengthList,
  getChart,
  type ScoreBreakdown,
  type ScoreResult,
  type ScoreSheet,
  ScoringError,
  scoreSheet,
  UNITS_PER_INCH,
} from './index.ts'
import { ScoreResultSchema } from './result-schema.ts'

// Properties every sheet must have, over generated racks, horns, skulls, birds and fish.

const RUNS = { numRuns: 300 }

/** A value of a row: whole units as inches (number) or as record-book text, or absent. */
function valueFor(chart: Chart, quantity: string, max: number): fc.Arbitrary<number | string | undefined> {
  const per = UNITS_PER_INCH[chart.unit]
  if (quantity === 'count') return fc.option(fc.integer({ min: 0, max: 25 }), { nil: undefined })
  return fc.option(
    fc
      .integer({ min: 0, max: max * per })
      .chain((units) => fc.constantFrom(units / per, `${Math.floor(units / per)} ${units % per}/${per}`)),
    { nil: undefined },
  )
}

const lengths = (chart: Chart, max: number) =>
  fc.array(
    fc.integer({ min: 0, max: max * UNITS_PER_INCH[chart.unit] }).map((u) => u / UNITS_PER_INCH[chart.unit]),
    {
      maxLength: 4,
    },
  )

function sideFor(chart: Chart): fc.Arbitrary<Record<string, unknown>> {
  const entries: Record<string, fc.Arbitrary<unknown>> = {}
  for (const row of chart.sideRows) entries[row.key] = valueFor(chart, row.quantity, 60)
  for (const list of chart.sideLists) entries[list.key] = lengths(chart, 15)
  return fc.record(entries, { requiredKeys: [] })
}

/** A valid sheet for a chart, every value random; fish and turkey get their required values. */
function sheetFor(chart: Chart): fc.Arbitrary<ScoreSheet> {
  const single: Record<string, fc.Arbitrary<unknown>> = {}
  for (const row of [...chart.spreadRows, ...chart.singleRows]) {
    const max = row.quantity === 'weight' ? 40 : 70
    single[row.key] = row.required
      ? valueFor(chart, row.quantity, max).map((v) => v ?? 1)
      : valueFor(chart, row.quantity, max)
  }
  for (const list of chart.singleLists) single[list.key] = lengths(chart, 15)
  if (chart.sideRows.length > 0) {
    single.right = sideFor(chart)
    single.left = sideFor(chart)
  }
  const requiredKeys = chart.singleRows.filter((row) => row.required).map((row) => row.key)
  return fc
    .record(single, { requiredKeys })
    .map((measurements) => ({ system: chart.system, category: chart.category, measurements }) as ScoreSheet)
}

const allCharts = CHART_CATEGORIES.flatMap((category) => getChart(category).systems.map((s) => getChart(category, s)))
const fishCharts = ['length-girth-800', 'length-cubed-1600', 'length-girth-754.5'].map((c) => getChart(c))
const anySheet = fc.constantFrom(...allCharts, ...fishCharts).chain(sheetFor)

function swapSides(sheet: ScoreSheet): ScoreSheet {
  const { right, left, spurRightIn, spurLeftIn, ...rest } = sheet.measurements
  return {
    ...sheet,
    measurements: { ...rest, right: left, left: right, spurRightIn: spurLeftIn, spurLeftIn: spurRightIn },
  }
}

const withoutLines = ({ lines, breakdown, ...rest }: ScoreResult) => rest

/** The breakdown of the swapped sheet, swapped back: right ↔ left everywhere, in a fixed order. */
function mirrored(breakdown: ScoreBreakdown): ScoreBreakdown {
  const flip = (key: string) => ({ spurRightIn: 'spurLeftIn', spurLeftIn: 'spurRightIn' })[key] ?? key
  const byKey = (a: { key: string; side?: string }, b: { key: string; side?: string }) =>
    `${a.key}.${a.side}`.localeCompare(`${b.key}.${b.side}`)
  const { sideTotals, ...rest } = breakdown
  return {
    ...rest,
    ...(sideTotals ? { sideTotals: { right: sideTotals.left, left: sideTotals.right } } : {}),
    rows: breakdown.rows
      .map(({ right, left, ...row }) => ({
        ...row,
        key: flip(row.key),
        ...(left === undefined ? {} : { right: left }),
        ...(right === undefined ? {} : { left: right }),
      }))
      .sort(byKey),
    lists: breakdown.lists
      .map((list) =>
        list.side ? { ...list, side: list.side === 'right' ? ('left' as const) : ('right' as const) } : list,
      )
      .sort(byKey),
  }
}

const sorted = (breakdown: ScoreBreakdown): ScoreBreakdown => mirrored(mirrored(breakdown))

const total = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0)

describe('properties', () => {
  it('swapping left and right never changes any score', () => {
    fc.assert(
      fc.property(anySheet, (sheet) => {
        const swapped = scoreSheet(swapSides(sheet))
        const result = scoreSheet(sheet)
        expect(withoutLines(swapped)).toEqual(withoutLines(result))
        expect(mirrored(swapped.breakdown)).toEqual(sorted(result.breakdown))
      }),
      RUNS,
    )
  })

  it('adding an abnormal point lowers a typical net and raises a non-typical one by its length', () => {
    const antlers = ANTLERED_CATEGORIES.flatMap((category) =>
      (['bc', 'py', 'sci'] as const).map((s) => getChart(category, s)),
    )
    fc.assert(
      fc.property(
        fc.constantFrom(...antlers).chain((chart) => fc.tuple(fc.constant(chart), sheetFor(chart))),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom('right', 'left'),
        ([chart, sheet], eighths, side) => {
          const before = scoreSheet(sheet).score
          const measurements = { ...sheet.measurements } as Record<string, Record<string, unknown> | undefined>
          const rows = measurements[side] ?? {}
          measurements[side] = { ...rows, abnormal: [...((rows.abnormal as number[]) ?? []), eighths / 8] }
          const after = scoreSheet({ ...sheet, measurements: measurements as ScoreSheet['measurements'] }).score
          const effect = chart.sideLists.find((list) => list.key === 'abnormal')?.effect
          if (effect === 'added') expect(after).toBe(before + eighths / 8)
          else if (effect === 'subtracted') expect(after).toBe(Math.max(0, before - eighths / 8))
          else expect(after).toBe(before) // SCI typical leaves abnormal points out (decisions.ts)
          if (effect === 'subtracted' && before > 0) expect(after).toBeLessThan(before)
        },
      ),
      RUNS,
    )
  })

  it('the spread credit never exceeds the longer main beam (nor the spread)', () => {
    const capped = [...ANTLERED_CATEGORIES, ...CARIBOU_CATEGORIES].flatMap((c) => [
      getChart(c, 'bc'),
      getChart(c, 'py'),
    ])
    fc.assert(
      fc.property(fc.constantFrom(...capped).chain(sheetFor), (sheet) => {
        const result = scoreSheet(sheet)
        const beam = sheet.category.startsWith('caribou') ? 'E' : 'F'
        const longer = Math.max(beamOf(sheet.measurements.right, beam), beamOf(sheet.measurements.left, beam))
        const spread = inches(sheet.measurements.insideSpread)
        expect(result.spreadCredit).toBe(Math.min(spread, longer))
      }),
      RUNS,
    )
  })

  it('every result is well-formed: finite, never negative, gross at least the net', () => {
    fc.assert(
      fc.property(anySheet, (sheet) => {
        const result = ScoreResultSchema.parse(scoreSheet(sheet))
        for (const value of [result.score, result.gross, result.net, result.spreadCredit, result.symmetryDeductions]) {
          if (value !== undefined) expect(Number.isFinite(value) && value >= 0).toBe(true)
        }
        if (result.gross !== undefined && result.system !== 'sci')
          expect(result.gross).toBeGreaterThanOrEqual(result.score)
        expect(JSON.stringify(result.lines)).not.toMatch(/NaN|Infinity|undefined/)
      }),
      RUNS,
    )
  })

  it("the breakdown adds up to the score, as each kind's arithmetic says", () => {
    fc.assert(
      fc.property(anySheet, (sheet) => {
        const result = scoreSheet(sheet)
        const chart = getChart(sheet.category, sheet.system)
        const { breakdown } = result
        const row = (key: string) => breakdown.rows.find((r) => r.key === key)
        const listTotal = (key: string) => total(breakdown.lists.filter((l) => l.key === key).map((l) => l.total))
        for (const list of breakdown.lists) expect(list.total).toBe(total(list.lengths))
        if (chart.kind === 'skull') {
          expect(result.score).toBe((row('skullLength')?.value ?? 0) + (row('skullWidth')?.value ?? 0))
          return
        }
        if (chart.kind === 'turkey') {
          const spurs = (row('spurRightIn')?.value ?? 0) + (row('spurLeftIn')?.value ?? 0)
          expect(result.score).toBe((row('weightLbs')?.value ?? 0) + 2 * listTotal('beardsIn') + 10 * spurs)
          return
        }
        if (chart.kind === 'fish') {
          expect(breakdown.lists).toEqual([])
          expect(breakdown.rows.map((r) => r.key)).toContain('lengthIn')
          return
        }
        // Column totals: the scored side rows, a blank side counting 0; the difference column: the rows deducted.
        const scored = breakdown.rows.filter((r) => chart.sideRows.find((c) => c.key === r.key)?.scored)
        const sides = breakdown.sideTotals
        expect(sides).toEqual({
          right: total(scored.map((r) => r.right ?? 0)),
          left: total(scored.map((r) => r.left ?? 0)),
        })
        const differences = breakdown.rows.flatMap((r) => (r.difference === undefined ? [] : [r.difference]))
        for (const r of breakdown.rows) {
          if (r.difference !== undefined) expect(r.difference).toBe(Math.abs((r.right ?? 0) - (r.left ?? 0)))
        }
        const deducts = sheet.system !== 'sci'
        expect(breakdown.differenceTotal).toBe(deducts ? total(differences) : undefined)
        if (!deducts) expect(differences).toEqual([])
        expect(result.symmetryDeductions).toBe(breakdown.differenceTotal ?? 0)
        // Spread credit: antlers and caribou report it; moose credit the greatest spread row in full.
        const credit =
          chart.kind === 'moose' ? (row('greatestSpread')?.value ?? 0) : (breakdown.spreadCredit?.credit ?? 0)
        if (chart.kind === 'antlers' || chart.kind === 'caribou') {
          expect(breakdown.spreadCredit?.credit).toBe(result.spreadCredit)
          expect(breakdown.spreadCredit?.inside).toBe(row('insideSpread')?.value ?? 0)
        } else expect(breakdown.spreadCredit).toBeUndefined()
        const right = sides?.right ?? 0
        const left = sides?.left ?? 0
        const net = credit + right + left - (breakdown.differenceTotal ?? 0)
        if (chart.kind !== 'antlers') {
          expect(result.score).toBe(net)
          return
        }
        // B&C typical: net = credit + right + left − difference total − abnormal total (+ crown), floored at 0.
        const abnormal = listTotal('abnormal')
        expect(result.abnormalTotal).toBe(abnormal)
        const effect = chart.sideLists.find((list) => list.key === 'abnormal')?.effect
        const change = effect === 'added' ? abnormal : effect === 'subtracted' ? -abnormal : 0
        expect(result.score).toBe(Math.max(0, net + listTotal('crown') + change))
      }),
      RUNS,
    )
  })

  it('the breakdown, written with formatInches and formatLengthList, says what the lines say', () => {
    fc.assert(
      fc.property(anySheet, (sheet) => {
        const result = scoreSheet(sheet)
        const chart = getChart(sheet.category, sheet.system)
        const { breakdown, lines } = result
        const fmt = (inches: number) => formatInches(inches, chart.unit)
        const line = (label: string) => lines.find((l) => l.label === label)?.value
        for (const r of breakdown.rows) {
          const chartRow = [...chart.spreadRows, ...chart.sideRows, ...chart.singleRows].find((c) => c.key === r.key)
          const label = chartRow?.letter ? `${chartRow.letter} ${chartRow.label}` : chartRow?.label
          if (r.difference !== undefined && chartRow?.quantity === 'length') {
            expect(line(label ?? '')).toMatch(new RegExp(` · difference ${fmt(r.difference)}$`))
          }
          if (r.value !== undefined && chartRow?.scored && chart.kind !== 'turkey' && chart.kind !== 'fish') {
            expect(line(label ?? '')).toBe(fmt(r.value))
          }
        }
        if (breakdown.sideTotals) {
          const side = (name: string) => lines.find((l) => l.label.startsWith(`${name} `) && / total\b/.test(l.label))
          expect(side('Right')?.value).toBe(fmt(breakdown.sideTotals.right))
          expect(side('Left')?.value).toBe(fmt(breakdown.sideTotals.left))
        }
        if (breakdown.differenceTotal !== undefined)
          expect(line('Difference total')).toBe(fmt(breakdown.differenceTotal))
        for (const list of breakdown.lists) {
          const chartList = [...chart.sideLists, ...chart.singleLists].find((l) => l.key === list.key)
          const name = chartList?.letter ? `${chartList.letter} ${chartList.label}` : chartList?.label
          expect(line(list.side ? `${name}, ${list.side}` : (name ?? ''))).toBe(
            formatLengthList(list.lengths, chart.unit),
          )
        }
        const spread = breakdown.spreadCredit
        if (spread) {
          const limited =
            spread.limitedTo === undefined ? '' : ` (limited to the longer main beam, ${fmt(spread.limitedTo)})`
          expect(line('Spread credit')).toBe(`${fmt(spread.credit)}${limited}`)
          expect(spread.limitedTo === undefined).toBe(spread.credit === spread.inside)
        } else expect(line('Spread credit')).toBeUndefined()
      }),
      RUNS,
    )
  })

  it('no input, however wrong, gives NaN, Infinity, a negative score or an exception other than ScoringError', () => {
    const nasty = fc.oneof(
      fc.string(),
      fc.constantFrom(
        'NaN',
        'Infinity',
        '-0',
        '1e309',
        '1/0',
        '0/0',
        '24-',
        '-',
        '½½',
        '١٢',
        '24 2/8 in in',
        '  ',
        '\u0000',
      ),
      fc.double(),
      fc.integer(),
      fc.constantFrom(
        Number.NaN,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        -0,
        1e300,
        Number.MAX_SAFE_INTEGER,
      ),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.oneof(fc.string(), fc.double()), { maxLength: 3 }),
      fc.object({ maxDepth: 1 }),
    )
    const garbageSheet = fc.oneof(
      fc.anything(),
      anySheet.chain((sheet) =>
        fc.tuple(fc.constantFrom(...keysOf(sheet)), nasty).map(([path, value]) => setPath(sheet, path, value)),
      ),
      fc.record({
        system: fc.oneof(fc.constantFrom('bc', 'py', 'sci', 'nwtf', 'fish'), fc.string()),
        category: fc.oneof(fc.constantFrom(...CHART_CATEGORIES, 'length-girth-800', 'length-cubed-0.5'), fc.string()),
        measurements: fc.oneof(fc.object(), nasty),
        trophyWeightLbs: nasty,
      }),
    )
    fc.assert(
      fc.property(garbageSheet, (input) => {
        let result: ScoreResult
        try {
          result = scoreSheet(input)
        } catch (error) {
          expect(error).toBeInstanceOf(ScoringError)
          expect((error as ScoringError).message.length).toBeGreaterThan(0)
          return
        }
        expect(Number.isFinite(result.score) && result.score >= 0).toBe(true)
        expect(JSON.stringify(result)).not.toMatch(/NaN|Infinity/)
      }),
      { numRuns: 1000 },
    )
  })

  it('huge but accepted values stay exact and finite', () => {
    const huge = scoreSheet({
      system: 'bc',
      category: 'whitetail-non-typical',
      measurements: { insideSpread: 1000, right: { F: 1000, G1: 200, abnormal: Array(50).fill(1000) }, left: { F: 0 } },
    })
    expect(huge.score).toBe(1000 + 1000 + 200 - 1200 + 50_000)
    const fish = scoreSheet({
      system: 'fish',
      category: 'length-girth-0.000000001',
      measurements: { lengthIn: 1000, girthIn: 1000 },
    })
    expect(Number.isFinite(fish.score)).toBe(true)
  })
})

function inches(value: unknown): number {
  if (value === undefined) return 0
  if (typeof value === 'number') return value
  const [whole, fraction] = String(value).split(' ')
  const [n, d] = (fraction ?? '0/1').split('/').map(Number)
  return Number(whole) + (n ?? 0) / (d ?? 1)
}

function beamOf(side: unknown, key: string): number {
  return inches((side as Record<string, unknown> | undefined)?.[key])
}

function keysOf(sheet: ScoreSheet): string[][] {
  const paths: string[][] = [['system'], ['category'], ['measurements']]
  for (const [key, value] of Object.entries(sheet.measurements)) {
    paths.push(['measurements', key])
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) paths.push(['measurements', key, inner])
    }
  }
  return paths
}

function setPath(sheet: ScoreSheet, path: string[], value: unknown): unknown {
  const copy = structuredClone(sheet) as unknown as Record<string, unknown>
  let target = copy
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>
  target[path.at(-1) ?? ''] = value
  return copy
}
