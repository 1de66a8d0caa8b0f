import { z } from 'zod'
import { SYSTEMS } from './chart.ts'

// The result of scoring one sheet (scoring.md §9). Lengths and scores are in inches (pounds for fish and for
// turkey weight) as plain numbers; `scoreText` and every line value are written the record-book way.

export const TROPHY_CLASSES = ['record', 'trophy', 'standard'] as const
export type TrophyClass = (typeof TROPHY_CLASSES)[number]

export const ScoreLineSchema = z.object({
  label: z.string().describe('What the line is, with the chart letter, e.g. "G-2 Length of point G-2"'),
  value: z
    .string()
    .describe('The value(s) as a measurer writes them, e.g. "right 10 2/8 · left 9 6/8 · difference 0 4/8"'),
})
export type ScoreLine = z.infer<typeof ScoreLineSchema>

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
export type Records = z.infer<typeof RecordsSchema>

export const ScoreResultSchema = z.object({
  system: z.enum(SYSTEMS),
  category: z.string(),
  score: z
    .number()
    .nonnegative()
    .describe('The entry score: net for B&C and P&Y, the total for SCI, skulls and NWTF, estimated pounds for fish'),
  scoreText: z.string().describe('e.g. "168 5/8", "21 13/16", "92.0625", "9.92 lb (9 lb 15 oz)"'),
  gross: z.number().nonnegative().optional().describe('B&C-policy gross (scoring.md §1.1)'),
  net: z.number().nonnegative().optional(),
  spreadCredit: z.number().nonnegative().optional(),
  symmetryDeductions: z.number().nonnegative().optional(),
  abnormalTotal: z.number().nonnegative().optional(),
  weightLbs: z.number().nonnegative().optional().describe('Fish: the estimate; turkey: the weight read to the ounce'),
  records: RecordsSchema,
  trophyClass: z.enum(TROPHY_CLASSES),
  lines: z.array(ScoreLineSchema),
})
export type ScoreResult = z.infer<typeof ScoreResultSchema>
