import type { ScoreResult } from '../result.ts'
import type { ParsedSheet } from '../sheet.ts'
import { scoreFrame } from './frame.ts'

// Pronghorn, sheep and goat (scoring.md §1.7–§1.9): net = Σ sides (C + D-1…D-4 [+ E prong]) − Σ|R − L| over the
// rows the chart deducts: all for pronghorn, only D-1…D-4 for sheep, all for goat (decisions.ts). Spreads are
// recorded, not scored.
export function scoreHorns(sheet: ParsedSheet): ScoreResult {
  return scoreFrame(sheet, { sideLabel: 'horn' })
}
