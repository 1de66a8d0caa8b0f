import type { ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import { scoreFrame } from './frame.ts'

// Moose (docs/scoring-rules.md §1.5): net = greatest spread + Σ sides (points × 1 inch + palm width + palm length + beam
// circumference) − Σ|R − L| of those four. The greatest spread is credited in full (no cap).
export function scoreMoose(sheet: ParsedSheet): ScoreResult {
  return scoreFrame(sheet, { spreadKey: 'greatestSpread', sideLabel: 'antler' })
}
