import { type ChartRow, deductsDifferences } from '#shared/scoring/chart.ts'
import { formatScore, UNITS_PER_INCH } from '#shared/scoring/fractions.ts'
import { checkBooks } from '#shared/scoring/records.ts'
import type { BreakdownList, BreakdownRow, ScoreBreakdown, ScoreLine, ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'

// What antlers, moose, caribou, horns and skulls share: columns, differences, spreads, and units → the result.

export type SideTally = {
  right: number
  left: number
  difference: number
  lines: ScoreLine[]
  /** The side rows with a value, for the breakdown (inches; count rows in points). */
  rows: BreakdownRow[]
}

/** Column totals of the scored side rows (a point is worth 1 inch) and Σ|R − L| of deducted rows; blank counts 0. */
export function tallySides(sheet: ParsedSheet): SideTally {
  const fmt = formatter(sheet)
  const per = UNITS_PER_INCH[sheet.chart.unit]
  const tally: SideTally = { right: 0, left: 0, difference: 0, lines: [], rows: [] }
  for (const row of sheet.chart.sideRows) {
    const rawRight = sheet.right.rows[row.key]
    const rawLeft = sheet.left.rows[row.key]
    if (rawRight === undefined && rawLeft === undefined) continue
    const weight = row.quantity === 'count' ? per : 1
    const right = (rawRight ?? 0) * weight
    const left = (rawLeft ?? 0) * weight
    const show = (units: number) => (row.quantity === 'count' ? String(units / weight) : fmt(units))
    const deducted = row.scored && row.difference
    let tail = 'recorded, not scored'
    if (row.scored) {
      tally.right += right
      tally.left += left
      if (deducted) tally.difference += Math.abs(right - left)
      tail = deducted ? `difference ${show(Math.abs(right - left))}` : 'no difference taken'
    }
    tally.lines.push({ label: rowLabel(row), value: `right ${show(right)} · left ${show(left)} · ${tail}` })
    tally.rows.push({
      key: row.key,
      letter: row.letter,
      ...(rawRight === undefined ? {} : { right: right / per }),
      ...(rawLeft === undefined ? {} : { left: left / per }),
      ...(deducted ? { difference: Math.abs(right - left) / per } : {}),
    })
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

/** Breakdown rows of single-value rows (spreads, skull, turkey, fish) that have a value, in inches or pounds. */
export function valueRows(sheet: ParsedSheet, rows: readonly ChartRow[]): BreakdownRow[] {
  const per = UNITS_PER_INCH[sheet.chart.unit]
  return rows.flatMap((row) => {
    const units = sheet.single[row.key]
    if (units === undefined) return []
    return [{ key: row.key, letter: row.letter, value: row.quantity === 'count' ? units : units / per }]
  })
}

/** Every list of the chart, per side for side lists, in inches; a list left blank is empty. */
export function breakdownLists(sheet: ParsedSheet): BreakdownList[] {
  const per = UNITS_PER_INCH[sheet.chart.unit]
  const list = (key: string, values: readonly number[] | undefined, side?: 'right' | 'left'): BreakdownList => ({
    key,
    ...(side ? { side } : {}),
    lengths: (values ?? []).map((units) => units / per),
    total: sum(values) / per,
  })
  return [
    ...sheet.chart.sideLists.flatMap((l) => [
      list(l.key, sheet.right.lists[l.key], 'right'),
      list(l.key, sheet.left.lists[l.key], 'left'),
    ]),
    ...sheet.chart.singleLists.map((l) => list(l.key, sheet.singleLists[l.key])),
  ]
}

export function sideBreakdown(
  sheet: ParsedSheet,
  sides: SideTally,
  spread?: ScoreBreakdown['spreadCredit'],
): ScoreBreakdown {
  const per = UNITS_PER_INCH[sheet.chart.unit]
  return {
    rows: [...valueRows(sheet, sheet.chart.spreadRows), ...sides.rows, ...valueRows(sheet, sheet.chart.singleRows)],
    sideTotals: { right: sides.right / per, left: sides.left / per },
    ...(deductsDifferences(sheet.system) ? { differenceTotal: sides.difference / per } : {}),
    lists: breakdownLists(sheet),
    ...(spread ? { spreadCredit: spread } : {}),
  }
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

export type ChartTotals = {
  scoreUnits: number
  grossUnits?: number
  spreadCreditUnits?: number
  symmetryUnits?: number
  abnormalUnits?: number
  lines: ScoreLine[]
  breakdown: ScoreBreakdown
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
    breakdown: totals.breakdown,
    lines: [...totals.lines, ...books.lines],
  }
}

/** The spread credit under the chart's rule: all of it, or no more than the longer main beam (§1.1). */
export function spreadCredit(sheet: ParsedSheet, spread: number, beamKey: string): number {
  if (sheet.chart.spreadCredit !== 'longer-beam') return spread
  return Math.min(spread, longerBeam(sheet, beamKey))
}

export function spreadLine(sheet: ParsedSheet, spread: number, credit: number, beamKey: string): ScoreLine {
  const fmt = formatter(sheet)
  const longer = longerBeam(sheet, beamKey)
  const limited = credit < spread ? ` (limited to the longer main beam, ${fmt(longer)})` : ''
  return { label: 'Spread credit', value: `${fmt(credit)}${limited}` }
}

/** The spread credit for the breakdown, in inches: `limitedTo` is the longer main beam when it caps the credit. */
export function spreadBreakdown(
  sheet: ParsedSheet,
  spread: number,
  credit: number,
  beamKey: string,
): NonNullable<ScoreBreakdown['spreadCredit']> {
  const per = UNITS_PER_INCH[sheet.chart.unit]
  return {
    inside: spread / per,
    credit: credit / per,
    ...(credit < spread ? { limitedTo: longerBeam(sheet, beamKey) / per } : {}),
  }
}

function longerBeam(sheet: ParsedSheet, beamKey: string): number {
  return Math.max(sheet.right.rows[beamKey] ?? 0, sheet.left.rows[beamKey] ?? 0)
}

export type FrameOptions = {
  /** The scored spread row, if any: `insideSpread` (caribou) or `greatestSpread` (moose). */
  spreadKey?: string
  beamKey?: string
  sideLabel: string
}

/** Moose, caribou and horns: spread credit + right + left − differences; gross takes the full spread (§1.1). */
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
    breakdown: sideBreakdown(
      sheet,
      sides,
      options.beamKey ? spreadBreakdown(sheet, spread, credit, options.beamKey) : undefined,
    ),
  })
}
