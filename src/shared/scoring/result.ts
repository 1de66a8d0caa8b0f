import type { System } from './chart.ts'

// The result of scoring one sheet (docs/scoring-rules.md §9): inches (pounds for weights) as numbers, text the
// record-book way. Plain types, so the live preview does not load zod; result-schema.ts has the checked zod twins.

export const TROPHY_CLASSES = ['record', 'trophy', 'standard'] as const
export type TrophyClass = (typeof TROPHY_CLASSES)[number]

export type ScoreLine = {
  /** What the line is, with the chart letter, e.g. "G-2 Length of point G-2". */
  label: string
  /** The value(s) as a measurer writes them, e.g. "right 10 2/8 · left 9 6/8 · difference 0 4/8". */
  value: string
}

/** Whether the score meets each book's minimum (SCI only where one is known). */
export type Records = {
  bcAwards?: boolean
  bcAllTime?: boolean
  py?: boolean
  sci?: boolean
  /** Turkey: meets the Kansas Trophy Turkey Award (65). Fish: meets the trophy weight given with the sheet. */
  other?: boolean
}

/** A chart row with a value on the sheet, in chart order: inches, pounds for a weight, points for a count row. */
export type BreakdownRow = {
  key: string
  letter: string
  /** Side rows: the right side's value; absent when only the other side has one (it counts 0). */
  right?: number
  left?: number
  /** Side rows whose difference the chart deducts under this system: |right − left|, a blank side counting 0. */
  difference?: number
  /** Single rows (spreads, skull length and width, turkey weight and spurs, fish length and girth). */
  value?: number
}

/** A list of lengths as the sheet gives it (abnormal points, crown points, turkey beards), with its total. */
export type BreakdownList = {
  key: string
  /** Lists kept per antler; absent for lists that belong to no side (turkey beards). */
  side?: 'right' | 'left'
  lengths: number[]
  total: number
}

/** The sums a paper chart shows, in inches, so a page can lay them out without reading `lines` (docs/scoring.md). */
export type ScoreBreakdown = {
  rows: BreakdownRow[]
  /** Charts with right and left columns: each column's total of the scored rows (a point counts 1 inch). */
  sideTotals?: { right: number; left: number }
  /** Charts that deduct differences under this system (B&C, P&Y): the difference column's total. */
  differenceTotal?: number
  lists: BreakdownList[]
  /** Antlers and caribou; `limitedTo` is the longer main beam when it caps the credit. Moose's spread is a row. */
  spreadCredit?: { inside: number; credit: number; limitedTo?: number }
}

export type ScoreResult = {
  system: System
  category: string
  /** The entry score: net for B&C and P&Y, the total for SCI, skulls and NWTF, estimated pounds for fish. */
  score: number
  /** e.g. "168 5/8", "21 13/16", "92.0625", "9.92 lb (9 lb 15 oz)". */
  scoreText: string
  /** B&C-policy gross (docs/scoring-rules.md §1.1). */
  gross?: number
  net?: number
  spreadCredit?: number
  symmetryDeductions?: number
  abnormalTotal?: number
  /** Fish: the estimate; turkey: the weight read to the ounce. */
  weightLbs?: number
  records: Records
  trophyClass: TrophyClass
  breakdown: ScoreBreakdown
  lines: ScoreLine[]
}
