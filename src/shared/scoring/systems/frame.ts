import { deductsDifferences } from '../chart.ts'
import { formatScore, UNITS_PER_INCH } from '../fractions.ts'
import { checkBooks } from '../records.ts'
import type { ScoreLine, ScoreResult } from '../result.ts'
import type { ParsedSheet } from '../sheet.ts'

// What antlers, moose, caribou, horns and skulls share: the right/left columns, the difference column, the
// spread rows, and turning integer units into the result of scoring.md §9.

export type SideTally = { right: number; left: number; difference: number; lines: ScoreLine[] }

/**
 * Column totals of the scored side rows in the chart's unit (a point count is worth 1 inch per point), and the
 * difference column: Σ|R − L| over the rows whose difference the chart deducts. A missing value counts 0.
 */
export function tallySides(sheet: ParsedSheet): SideTally {
  const fmt = formatter(sheet)
  const per = UNITS_PER_INCH[sheet.chart.unit]
  const tally: SideTally = { right: 0, left: 0, difference: 0, lines: [] }
  for (const row of sheet.chart.sideRows) {
    const rawRight = sheet.right.rows[row.key]
    const rawLeft = sheet.left.rows[row.key]
    if (rawRight === undefined && rawLeft === undefined) continue
    const weight = row.quantity === 'count' ? per : 1
    const right = (rawRight ?? 0) * weight
    const left = (rawLeft ?? 0) * weight
    const show = (units: number) => (row.quantity === 'count' ? String(units / weight) : fmt(units))
    let tail = 'recorded, not scored'
    if (row.scored) {
      tally.right += right
      tally.left += left
      if (row.difference) tally.difference += Math.abs(right - left)
      tail = row.difference ? `difference ${show(Math.abs(right - left))}` : 'no difference taken'
    }
    tally.lines.push({ label: rowLabel(row), value: `right ${show(right)} · left ${show(left)} · ${tail}` })
  }
  return tally
}

/** Lines for the single rows of the chart that are recorded but not scored (tip-to-tip, greatest spread). */
export function recordedLines(sheet: ParsedSheet): ScoreLine[] {
  const fmt = formatter(sheet)
  return [...sheet.chart.spreadRows, ...sheet.chart.singleRows]
    .filter((row) => !row.scored && sheet.single[row.key] !== undefined)
    .map((row) => ({ label: rowLabel(row), value: `${fmt(sheet.single[row.key] ?? 0)} (recorded, not scored)` }))
}

export function rowLabel(row: { letter: string; label: string }): string {
  return row.letter ? `${row.letter} ${row.label}` : row.label
}

export function formatter(sheet: ParsedSheet): (units: number) => string {
  return (units) => formatScore(units, sheet.chart.unit)
}

export function sum(values: readonly number[] | undefined): number {
  return (values ?? []).reduce((total, value) => total + value, 0)
}

/** `3 2/8 + 1 4/8 = 4 6/8`, or `none`. */
export function listText(values: readonly number[] | undefined, fmt: (units: number) => string): string {
  if (!values || values.length === 0) return 'none'
  const total = fmt(sum(values))
  return values.length === 1 ? total : `${values.map(fmt).join(' + ')} = ${total}`
}

export type ChartTotals = {
  scoreUnits: number
  grossUnits?: number
  spreadCreditUnits?: number
  symmetryUnits?: number
  abnormalUnits?: number
  lines: ScoreLine[]
}

/** Units → inches, the record-book text, the books met and the trophy class. B&C and P&Y sheets report `net`. */
export function chartResult(sheet: ParsedSheet, totals: ChartTotals): ScoreResult {
  const { chart, system } = sheet
  const per = UNITS_PER_INCH[chart.unit]
  const score = totals.scoreUnits / per
  const inches = (key: string, units: number | undefined) => (units === undefined ? {} : { [key]: units / per })
  const books = checkBooks(chart.minimums, system, totals.scoreUnits, chart.unit)
  return {
    system,
    category: sheet.category,
    score,
    scoreText: formatScore(totals.scoreUnits, chart.unit),
    ...inches('gross', totals.grossUnits),
    ...(system === 'bc' || system === 'py' ? { net: score } : {}),
    ...inches('spreadCredit', totals.spreadCreditUnits),
    ...inches('symmetryDeductions', totals.symmetryUnits),
    ...inches('abnormalTotal', totals.abnormalUnits),
    records: books.records,
    trophyClass: books.trophyClass,
    lines: [...totals.lines, ...books.lines],
  }
}

/** The spread credit under the chart's rule: all of it, or no more than the longer main beam (scoring.md §1.1). */
export function spreadCredit(sheet: ParsedSheet, spread: number, beamKey: string): number {
  if (sheet.chart.spreadCredit !== 'longer-beam') return spread
  return Math.min(spread, Math.max(sheet.right.rows[beamKey] ?? 0, sheet.left.rows[beamKey] ?? 0))
}

export function spreadLine(sheet: ParsedSheet, spread: number, credit: number, beamKey: string): ScoreLine {
  const fmt = formatter(sheet)
  const longer = Math.max(sheet.right.rows[beamKey] ?? 0, sheet.left.rows[beamKey] ?? 0)
  const limited = credit < spread ? ` (limited to the longer main beam, ${fmt(longer)})` : ''
  return { label: 'Spread credit', value: `${fmt(credit)}${limited}` }
}

export type FrameOptions = {
  /** The scored spread row, if any: `insideSpread` (caribou) or `greatestSpread` (moose). */
  spreadKey?: string
  /** The main beam row that limits the spread credit. */
  beamKey?: string
  sideLabel: string
}

/**
 * Charts without abnormal points: score = spread credit + right + left − difference column; gross = full
 * spread + right + left (B&C policy: no deductions, §1.1). Moose, caribou and horns.
 */
export function scoreFrame(sheet: ParsedSheet, options: FrameOptions): ScoreResult {
  const fmt = formatter(sheet)
  const sides = tallySides(sheet)
  const spread = options.spreadKey ? (sheet.single[options.spreadKey] ?? 0) : 0
  const credit = options.beamKey ? spreadCredit(sheet, spread, options.beamKey) : spread
  const deducts = deductsDifferences(sheet.system)
  const difference = deducts ? sides.difference : 0
  const subtotal = credit + sides.right + sides.left
  const score = subtotal - difference
  const spreadRow = sheet.chart.spreadRows.find((row) => row.key === options.spreadKey)
  const lines: ScoreLine[] = [
    ...recordedLines(sheet),
    ...(spreadRow ? [{ label: rowLabel(spreadRow), value: fmt(spread) }] : []),
    ...(options.beamKey ? [spreadLine(sheet, spread, credit, options.beamKey)] : []),
    ...sides.lines,
    { label: `Right ${options.sideLabel} total`, value: fmt(sides.right) },
    { label: `Left ${options.sideLabel} total`, value: fmt(sides.left) },
    ...(deducts ? [{ label: 'Difference total', value: fmt(sides.difference) }] : []),
    { label: spreadRow ? 'Subtotal (spread + right + left)' : 'Subtotal (right + left)', value: fmt(subtotal) },
    ...(deducts ? [{ label: 'Less difference total', value: fmt(difference) }] : []),
    { label: deducts ? 'Net score' : 'SCI score', value: fmt(score) },
    { label: 'B&C gross score (no deductions)', value: fmt(spread + sides.right + sides.left) },
  ]
  return chartResult(sheet, {
    scoreUnits: score,
    grossUnits: spread + sides.right + sides.left,
    ...(spreadRow ? { spreadCreditUnits: credit } : {}),
    symmetryUnits: difference,
    lines,
  })
}
