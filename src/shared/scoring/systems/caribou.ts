import type { ScoreResult } from '#shared/scoring/result.ts'
import type { ParsedSheet } from '#shared/scoring/sheet.ts'
import { scoreFrame } from './frame.ts'

// Caribou (docs/scoring-rules.md §1.6): net = spread credit (capped at the longer beam E) + Σ sides − Σ|R − L|. Brow
// differences and point counts (D) are decisions.ts switches, applied through the chart's row flags.
export function scoreCaribou(sheet: ParsedSheet): ScoreResult {
  return scoreFrame(sheet, { spreadKey: 'insideSpread', beamKey: 'E', sideLabel: 'antler' })
}
