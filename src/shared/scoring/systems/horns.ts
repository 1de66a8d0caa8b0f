import type { ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import { scoreFrame } from './frame.ts'

// Pronghorn, sheep and goat (docs/scoring-rules.md §1.7–§1.9): net = Σ sides − Σ|R − L| over the rows the chart
// deducts (pronghorn all, sheep D-1…D-4 only, goat per decisions.ts). Spreads are recorded, not scored.
export function scoreHorns(sheet: ParsedSheet): ScoreResult {
  return scoreFrame(sheet, { sideLabel: 'horn' })
}
