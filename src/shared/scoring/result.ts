import type { System } from './chart.ts'

// The result of scoring one sheet (scoring.md §9). Lengths and scores are in inches (pounds for fish and for
// turkey weight) as plain numbers; `scoreText` and every line value are written the record-book way.
// Plain types only, so the browser's live preview does not load zod: the zod schemas of the same shapes, for
// route response schemas, are in result-schema.ts, which checks at compile time that the two agree.

export const TROPHY_CLASSES = ['record', 'trophy', 'standard'] as const
export type TrophyClass = (typeof TROPHY_CLASSES)[number]

export type ScoreLine = {
  /** What the line is, with the chart letter, e.g. "G-2 Length of point G-2". */
  label: string
  /** The value(s) as a measurer writes them, e.g. "right 10 2/8 · left 9 6/8 · difference 0 4/8". */
  value: string
}

export type Records = {
  /** Meets the B&C Awards minimum. */
  bcAwards?: boolean
  /** Meets the B&C All-time minimum. */
  bcAllTime?: boolean
  /** Meets the Pope and Young minimum. */
  py?: boolean
  /** Meets the SCI minimum (SCI sheets; only where one is known). */
  sci?: boolean
  /** Turkey: meets the Kansas Trophy Turkey Award (65). Fish: meets the trophy weight given with the sheet. */
  other?: boolean
}

export type ScoreResult = {
  system: System
  category: string
  /** The entry score: net for B&C and P&Y, the total for SCI, skulls and NWTF, estimated pounds for fish. */
  score: number
  /** e.g. "168 5/8", "21 13/16", "92.0625", "9.92 lb (9 lb 15 oz)". */
  scoreText: string
  /** B&C-policy gross (scoring.md §1.1). */
  gross?: number
  net?: number
  spreadCredit?: number
  symmetryDeductions?: number
  abnormalTotal?: number
  /** Fish: the estimate; turkey: the weight read to the ounce. */
  weightLbs?: number
  records: Records
  trophyClass: TrophyClass
  lines: ScoreLine[]
}
