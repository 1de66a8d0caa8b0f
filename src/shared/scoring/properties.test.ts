import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ANTLERED_CATEGORIES, CARIBOU_CATEGORIES } from './categories.ts'
import {
  CHART_CATEGORIES,
  type Chart,
  getChart,
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

const withoutLines = ({ lines, ...rest }: ScoreResult) => rest

describe('properties', () => {
  it('swapping left and right never changes any score', () => {
    fc.assert(
      fc.property(anySheet, (sheet) => {
        expect(withoutLines(scoreSheet(swapSides(sheet)))).toEqual(withoutLines(scoreSheet(sheet)))
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
