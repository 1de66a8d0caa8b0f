import { formatLength } from '#client/lib/units.ts'
import { entryScoreText, notationOf } from '#shared/measurements/display.ts'
import type { MeasurementSummary, UnitSystem } from '#shared/schemas/measurements.ts'
import type { System } from '#shared/scoring/chart.ts'
import { weightText } from '../share.ts'

export type ValueRow = { label: string; value: string }

type Source = {
  summary: MeasurementSummary
  score: number | null
  sheet: { system: System; category: string } | null
}

/**
 * docs/product.md §2 card rows, each shown only when present: Length, Width, Weight, Spread, Points, Score, Mass. Spread is
 * the inside spread, Points the point count, Mass the sum of circumferences. A fish's score is its estimated
 * weight, already in Weight, so it is not repeated. Skull and turkey lengths are in sixteenths, as they are read.
 */
export function measurementRows({ summary, score, sheet }: Source, units: UnitSystem): ValueRow[] {
  const rows: ValueRow[] = []
  const notation = notationOf(sheet?.category)
  const scoreText = entryScoreText({ score, sheet }, units)
  if (summary.lengthIn !== null) rows.push({ label: 'Length', value: formatLength(summary.lengthIn, units, notation) })
  if (summary.widthIn !== null) rows.push({ label: 'Width', value: formatLength(summary.widthIn, units, notation) })
  const weight = weightText(summary, units)
  if (weight) rows.push({ label: 'Weight', value: weight })
  if (summary.spreadIn !== null) rows.push({ label: 'Spread', value: formatLength(summary.spreadIn, units) })
  if (summary.points !== null) rows.push({ label: 'Points', value: String(summary.points) })
  if (scoreText && sheet?.system !== 'fish') rows.push({ label: 'Score', value: scoreText })
  if (summary.massIn !== null) rows.push({ label: 'Mass', value: formatLength(summary.massIn, units) })
  return rows
}
