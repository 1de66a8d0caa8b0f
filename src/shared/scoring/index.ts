import { type Chart, SYSTEM_NAMES, SYSTEMS, type System } from './chart.ts'
import { CHART_CATEGORIES, getChart } from './charts.ts'
import { DEFAULT_RULES, type ScoringRules } from './decisions.ts'
import type { ScoreResult } from './result.ts'
import { ScoringError } from './scoring-error.ts'
import { parseSheet } from './sheet.ts'
import { scoreAntlers } from './systems/antlers.ts'
import { scoreCaribou } from './systems/caribou.ts'
import { scoreFish } from './systems/fish.ts'
import { scoreHorns } from './systems/horns.ts'
import { scoreMoose } from './systems/moose.ts'
import { scoreSkull } from './systems/skulls.ts'
import { scoreTurkey } from './systems/turkey.ts'

// The scoring engine: pure, the same in the browser (live preview) and on the server (the score that counts).
// Rules and sources: docs/scoring-rules.md; our decisions: docs/scoring.md.

export { buildSheet, type ScoreSheet, type SheetForm } from './build-sheet.ts'
export {
  ANTLERED_CATEGORIES,
  CARIBOU_CATEGORIES,
  CATEGORY_MINIMUMS,
  type CategoryMinimums,
  type ChartCategory,
  HORN_CATEGORIES,
  type Minimum,
  MOOSE_CATEGORIES,
  SKULL_CATEGORIES,
  TURKEY_CATEGORIES,
} from './categories.ts'
export type { Chart, ChartKind, ChartList, ChartRow, FishFormula, System } from './chart.ts'
export { DEFAULT_RULES, type ScoringRules } from './decisions.ts'
export {
  formatInches,
  formatLengthList,
  formatScore,
  MAX_MEASUREMENT,
  type ParsedMeasurement,
  parseMeasurement,
  type Quantity,
  tryParseMeasurement,
  UNITS_PER_INCH,
  type Unit,
} from './fractions.ts'
// The result's zod schemas are a separate entry, './result-schema.ts', so a page scoring live does not load zod.
export type {
  BreakdownList,
  BreakdownRow,
  Records,
  ScoreBreakdown,
  ScoreLine,
  ScoreResult,
  TrophyClass,
} from './result.ts'
export { TROPHY_CLASSES } from './result.ts'
export { ScoringError } from './scoring-error.ts'
export { CHART_CATEGORIES, getChart, SYSTEM_NAMES, SYSTEMS }

export type ScoreOptions = {
  /** Fish: the species' trophy weight in pounds (overrides the sheet's `trophyWeightLbs`). */
  trophyWeightLbs?: number | string
  /** Flip an open rule (decisions.ts); the defaults are the documented decisions. */
  rules?: Partial<ScoringRules>
}

const SCORERS: Record<Chart['kind'], (sheet: ReturnType<typeof parseSheet>) => ScoreResult> = {
  antlers: scoreAntlers,
  moose: scoreMoose,
  caribou: scoreCaribou,
  horns: scoreHorns,
  skull: scoreSkull,
  turkey: scoreTurkey,
  fish: scoreFish,
}

/** Validates a score sheet (docs/scoring-rules.md §9) and scores it; throws a ScoringError naming the field. */
export function scoreSheet(input: unknown, options: ScoreOptions = {}): ScoreResult {
  const rules = { ...DEFAULT_RULES, ...options.rules }
  const sheet = parseSheet(input, { trophyWeightLbs: options.trophyWeightLbs, rules })
  return SCORERS[sheet.chart.kind](sheet)
}

export type ScoreAttempt =
  | { ok: true; result: ScoreResult }
  | { ok: false; error: { message: string; field: string; path: readonly (string | number)[] } }

/** scoreSheet without throwing, for live previews: an invalid sheet gives the error and the field it names. */
export function tryScoreSheet(input: unknown, options: ScoreOptions = {}): ScoreAttempt {
  try {
    return { ok: true, result: scoreSheet(input, options) }
  } catch (error) {
    if (!(error instanceof ScoringError)) throw error
    return { ok: false, error: { message: error.message, field: error.field, path: error.path } }
  }
}

/** The systems that score a category, e.g. ['bc', 'py', 'sci'] for whitetail-typical. */
export function systemsFor(category: string): readonly System[] {
  return getChart(category).systems
}
