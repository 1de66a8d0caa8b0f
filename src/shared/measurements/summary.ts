import type { MeasurementSummary, QuickValues } from '#shared/schemas/measurements.ts'
import type { ChartKind } from '#shared/scoring/chart.ts'
import { getChart } from '#shared/scoring/charts.ts'
import type { BreakdownRow, ScoreResult } from '#shared/scoring/result.ts'

// The values a measurement card shows, read from the engine's breakdown and the quick values: the server stores them,
// and the client shows a card not synced yet with the same function. What each value counts: ADR 029.

type SheetValues = {
  lengthIn?: number
  widthIn?: number
  weightLbs?: number
  weightEstimated?: boolean
  spreadIn?: number
  points?: number
  massIn?: number
}

const SIDES = ['right', 'left'] as const

/** The circumference rows of each chart kind (mass). */
const CIRCUMFERENCES: Partial<Record<ChartKind, readonly string[]>> = {
  antlers: ['H1', 'H2', 'H3', 'H4'],
  caribou: ['H1', 'H2', 'H3', 'H4'],
  horns: ['D1', 'D2', 'D3', 'D4'],
  moose: ['beamCirc'],
}

/** The row holding each kind's length (side rows: the longer side). */
const LENGTH_ROW: Partial<Record<ChartKind, string>> = {
  antlers: 'F',
  caribou: 'E',
  horns: 'C',
  moose: 'palmLength',
  skull: 'skullLength',
  fish: 'lengthIn',
}

const ANTLER_POINTS = ['G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7']
const CARIBOU_POINTS = ['F1', 'F2', 'F3', 'F4', 'F5']

export function summarize(result: ScoreResult | null, quick: QuickValues | null): MeasurementSummary {
  const sheet = result ? sheetValues(result) : {}
  const scale = quick?.weightLbs
  const weightLbs = scale ?? sheet.weightLbs ?? null
  return {
    lengthIn: sheet.lengthIn ?? quick?.lengthIn ?? null,
    widthIn: sheet.widthIn ?? quick?.widthIn ?? null,
    weightLbs,
    weightEstimated: scale === undefined && weightLbs !== null && sheet.weightEstimated === true,
    spreadIn: sheet.spreadIn ?? null,
    points: sheet.points ?? null,
    massIn: sheet.massIn ?? null,
  }
}

function sheetValues(result: ScoreResult): SheetValues {
  const kind = getChart(result.category, result.system).kind
  const rows = new Map(result.breakdown.rows.map((row) => [row.key, row]))
  const values: SheetValues = {}

  const lengthRow = LENGTH_ROW[kind]
  if (lengthRow) assign(values, 'lengthIn', largest(rows.get(lengthRow)))
  if (kind === 'turkey') {
    const beards = result.breakdown.lists.find((list) => list.key === 'beardsIn')?.lengths ?? []
    if (beards.length > 0) values.lengthIn = Math.max(...beards)
  }

  if (kind === 'skull') assign(values, 'widthIn', rows.get('skullWidth')?.value)
  if (kind === 'moose') assign(values, 'widthIn', largest(rows.get('palmWidth')))

  if (kind === 'fish' && result.weightLbs !== undefined) {
    values.weightLbs = result.weightLbs
    values.weightEstimated = true
  }
  if (kind === 'turkey') assign(values, 'weightLbs', result.weightLbs ?? rows.get('weightLbs')?.value)

  const spreadRow = kind === 'moose' ? 'greatestSpread' : 'insideSpread'
  assign(values, 'spreadIn', rows.get(spreadRow)?.value)

  const circumferences = (CIRCUMFERENCES[kind] ?? []).flatMap((key) => sides(rows.get(key)))
  if (circumferences.length > 0) values.massIn = circumferences.reduce((total, value) => total + value, 0)

  assign(values, 'points', pointCount(kind, rows, result))
  return values
}

function pointCount(kind: ChartKind, rows: Map<string, BreakdownRow>, result: ScoreResult): number | undefined {
  if (kind === 'moose') {
    const points = sides(rows.get('points'))
    return points.length > 0 ? points.reduce((total, value) => total + value, 0) : undefined
  }
  if (kind === 'caribou') {
    const counted = [...sides(rows.get('points')), ...sides(rows.get('browPoints'))]
    if (counted.length > 0) return counted.reduce((total, value) => total + value, 0)
    return measuredPoints(rows, result, CARIBOU_POINTS, 'E', 0.5)
  }
  if (kind === 'antlers') return measuredPoints(rows, result, ANTLER_POINTS, 'F', 1)
  return undefined
}

/** Points at least `minimum` inches long on the point rows and side lists, plus each main beam with a length. */
function measuredPoints(
  rows: Map<string, BreakdownRow>,
  result: ScoreResult,
  pointRows: readonly string[],
  beamRow: string,
  minimum: number,
): number | undefined {
  let seen = false
  let count = 0
  for (const side of SIDES) {
    for (const key of pointRows) {
      const length = rows.get(key)?.[side]
      if (length === undefined) continue
      seen = true
      if (length >= minimum) count += 1
    }
    const beam = rows.get(beamRow)?.[side]
    if (beam !== undefined) {
      seen = true
      if (beam > 0) count += 1
    }
    for (const list of result.breakdown.lists) {
      if (list.side !== side || list.lengths.length === 0) continue
      seen = true
      count += list.lengths.filter((length) => length >= minimum).length
    }
  }
  return seen ? count : undefined
}

/** The values present on a side row (or a single row's value). */
function sides(row: BreakdownRow | undefined): number[] {
  if (!row) return []
  if (row.value !== undefined) return [row.value]
  return [row.right, row.left].filter((value): value is number => value !== undefined)
}

/** A single row's value, or the larger side of a side row. */
function largest(row: BreakdownRow | undefined): number | undefined {
  const values = sides(row)
  return values.length > 0 ? Math.max(...values) : undefined
}

function assign<K extends keyof SheetValues>(values: SheetValues, key: K, value: SheetValues[K] | undefined) {
  if (value !== undefined) values[key] = value
}
