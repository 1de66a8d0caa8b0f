import { z } from 'zod'
import { SYSTEMS } from './chart.ts'
import {
  type BreakdownList,
  type BreakdownRow,
  type Records,
  type ScoreBreakdown,
  type ScoreLine,
  type ScoreResult,
  TROPHY_CLASSES,
} from './result.ts'

// zod schemas of the result, for route response schemas and tests: a separate entry, so the browser's calculator
// does not load zod. The checks at the end fail to compile if a schema and its type in result.ts drift apart.

export const ScoreLineSchema = z.object({
  label: z.string().describe('What the line is, with the chart letter, e.g. "G-2 Length of point G-2"'),
  value: z
    .string()
    .describe('The value(s) as a measurer writes them, e.g. "right 10 2/8 · left 9 6/8 · difference 0 4/8"'),
})

export const RecordsSchema = z.object({
  bcAwards: z.boolean().optional().describe('Meets the B&C Awards minimum'),
  bcAllTime: z.boolean().optional().describe('Meets the B&C All-time minimum'),
  py: z.boolean().optional().describe('Meets the Pope and Young minimum'),
  sci: z.boolean().optional().describe('Meets the SCI minimum (SCI sheets; only where one is known)'),
  other: z
    .boolean()
    .optional()
    .describe('Turkey: meets the Kansas Trophy Turkey Award (65). Fish: meets the trophy weight given with the sheet'),
})

const inches = z.number().nonnegative()

export const BreakdownRowSchema = z.object({
  key: z.string().describe('The chart row key, e.g. "G2", "insideSpread", "skullLength"'),
  letter: z.string().describe('The chart letter, e.g. "G-2"; empty when the paper chart has none'),
  right: inches.optional().describe('Side rows: the right value (inches, or points for a count row)'),
  left: inches.optional(),
  difference: inches.optional().describe('Side rows whose difference is deducted under this system: |right − left|'),
  value: inches.optional().describe('Single rows: spreads, skull, turkey weight (lb) and spurs, fish length and girth'),
})

export const BreakdownListSchema = z.object({
  key: z.string().describe('"abnormal", "crown" or "beardsIn"'),
  side: z.enum(['right', 'left']).optional(),
  lengths: z.array(inches),
  total: inches,
})

export const ScoreBreakdownSchema = z.object({
  rows: z.array(BreakdownRowSchema).describe('The rows with a value, in chart order'),
  sideTotals: z.object({ right: inches, left: inches }).optional(),
  differenceTotal: inches.optional().describe('B&C and P&Y: the total of the difference column'),
  lists: z.array(BreakdownListSchema),
  spreadCredit: z
    .object({ inside: inches, credit: inches, limitedTo: inches.optional() })
    .optional()
    .describe('Antlers and caribou; limitedTo is the longer main beam when it caps the credit'),
})

export const ScoreResultSchema = z.object({
  system: z.enum(SYSTEMS),
  category: z.string(),
  score: z
    .number()
    .nonnegative()
    .describe('The entry score: net for B&C and P&Y, the total for SCI, skulls and NWTF, estimated pounds for fish'),
  scoreText: z.string().describe('e.g. "168 5/8", "21 13/16", "92.0625", "9.92 lb (9 lb 15 oz)"'),
  gross: z.number().nonnegative().optional().describe('B&C-policy gross (docs/scoring-rules.md §1.1)'),
  net: z.number().nonnegative().optional(),
  spreadCredit: z.number().nonnegative().optional(),
  symmetryDeductions: z.number().nonnegative().optional(),
  abnormalTotal: z.number().nonnegative().optional(),
  weightLbs: z.number().nonnegative().optional().describe('Fish: the estimate; turkey: the weight read to the ounce'),
  records: RecordsSchema,
  trophyClass: z.enum(TROPHY_CLASSES),
  breakdown: ScoreBreakdownSchema,
  lines: z.array(ScoreLineSchema),
})

// Compile-time: each schema infers exactly its plain type (a drift fails `npm run typecheck`).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Agree<T extends true> = T
export type SchemasMatchTypes = [
  Agree<Same<z.infer<typeof ScoreLineSchema>, ScoreLine>>,
  Agree<Same<z.infer<typeof RecordsSchema>, Records>>,
  Agree<Same<z.infer<typeof BreakdownRowSchema>, BreakdownRow>>,
  Agree<Same<z.infer<typeof BreakdownListSchema>, BreakdownList>>,
  Agree<Same<z.infer<typeof ScoreBreakdownSchema>, ScoreBreakdown>>,
  Agree<Same<z.infer<typeof ScoreResultSchema>, ScoreResult>>,
]
