import type { ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import { breakdownLists, chartResult, formatter, valueRows } from './frame.ts'

// Bears and cats (docs/scoring-rules.md §1.10): score = greatest length without the lower jaw + greatest width, in
// sixteenths, with no deductions.
export function scoreSkull(sheet: ParsedSheet): ScoreResult {
  const fmt = formatter(sheet)
  const length = sheet.single.skullLength ?? 0
  const width = sheet.single.skullWidth ?? 0
  return chartResult(sheet, {
    scoreUnits: length + width,
    lines: [
      { label: 'A Greatest length of skull', value: fmt(length) },
      { label: 'B Greatest width of skull', value: fmt(width) },
      { label: 'Score (length + width)', value: fmt(length + width) },
    ],
    breakdown: { rows: valueRows(sheet, sheet.chart.singleRows), lists: breakdownLists(sheet) },
  })
}
