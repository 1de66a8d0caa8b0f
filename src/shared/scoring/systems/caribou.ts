import type { ScoreResult } from '../result.ts'
import type { ParsedSheet } from '../sheet.ts'
import { scoreFrame } from './frame.ts'

// Caribou (scoring.md §1.6): net = spread credit (C, capped at the longer main beam E) + Σ sides (E, F-1…F-5,
// G-1, G-2, H-1…H-4) − Σ|R − L|. The brow rows (F-1, G-1) take no difference and the point counts (D) are
// recorded only: both are switches in decisions.ts, applied through the chart's row flags.
export function scoreCaribou(sheet: ParsedSheet): ScoreResult {
  return scoreFrame(sheet, { spreadKey: 'insideSpread', beamKey: 'E', sideLabel: 'antler' })
}
