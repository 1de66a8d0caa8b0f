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

/**
 * One row of the chart that has a value on the sheet, in the chart's order (rows left blank are left out).
 * Numbers are inches; a weight is pounds; a count row (`quantity: 'count'`) is a number of points, each worth
 * 1 inch where the chart scores it.
 */
export type BreakdownRow = {
  /** The chart row's key, e.g. `G2`, `insideSpread`, `skullLength`. */
  key: string
  /** The chart's letter, e.g. `G-2`; empty when the paper chart has none. */
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
  /** The chart list's key: `abnormal`, `crown`, `beardsIn`. */
  key: string
  /** Lists kept per antler; absent for lists that belong to no side (turkey beards). */
  side?: 'right' | 'left'
  /** Each length in inches, in the sheet's order; empty when there are none. */
  lengths: number[]
  total: number
}

/**
 * The sums a paper chart shows, as numbers, so a page can lay them out without reading `lines`.
 * Inches throughout; `formatInches` and `formatLengthList` write them as the lines do.
 */
export type ScoreBreakdown = {
  rows: BreakdownRow[]
  /** Charts with right and left columns: each column's total of the scored rows (a point counts 1 inch). */
  sideTotals?: { right: number; left: number }
  /** Charts that deduct differences under this system (B&C, P&Y): the difference column's total. */
  differenceTotal?: number
  /** Every list of the chart: per side for side lists, with empty ones. */
  lists: BreakdownList[]
  /**
   * Antlers and caribou: the inside spread and the credit it earns; `limitedTo` is the longer main beam when
   * that caps the credit (B&C and P&Y). Moose credit the greatest spread in full: it is a row.
   */
  spreadCredit?: { inside: number; credit: number; limitedTo?: number }
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
  /** The chart's values and sums as numbers. */
  breakdown: ScoreBreakdown
  lines: ScoreLine[]
}
