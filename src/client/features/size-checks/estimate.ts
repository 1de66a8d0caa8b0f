import { formatLength, formatUncertainty, formatWeight } from '#client/lib/units.ts'
import { reportedWithinRange } from '#shared/community/verdict-rule.ts'
import type { CheckCounts, CheckState, Estimate, Verdict } from '#shared/schemas/community.ts'
import type { MeasurementSummary, UnitSystem } from '#shared/schemas/measurements.ts'
import type { AnalysisEstimates } from '#shared/schemas/photo-analysis.ts'

// The words and numbers of the member size check (docs/architecture.md §2): verdicts, states, estimates and how an estimate
// compares with the size the owner reported.

/** The verdicts from the best to the worst for the owner (the schema's VERDICTS, without loading zod). */
export const VERDICT_ORDER: readonly Verdict[] = ['confirmed', 'plausible', 'disputed']

export const VERDICT_LABELS: Record<Verdict, string> = {
  confirmed: 'Confirmed',
  plausible: 'Plausible',
  disputed: 'Disputed',
}

/** The radio group's descriptions: what each verdict says about the reported size. */
export const VERDICT_MEANINGS: Record<Verdict, string> = {
  confirmed: 'matches the reported size',
  plausible: "close, can't be sure",
  disputed: 'does not match',
}

export const CHECK_STATE_LABELS: Record<CheckState, string> = {
  unverified: 'Unverified',
  verified: 'Community verified',
  disputed: 'Disputed',
}

export const CHECK_RULE =
  'Community verified when at least 2 members have checked it and more than 2/3 confirm; disputed when more than 1/3 dispute it.'

export const ESTIMATE_SOURCE_LABELS: Record<Estimate['source'], string> = {
  'photo-tool': 'Measured on the photo',
  'ai-estimate': 'AI estimate',
}

/** '2 confirmed · 0 plausible · 1 disputed' */
export function countsText(counts: CheckCounts): string {
  return `${counts.confirmed} confirmed · ${counts.plausible} plausible · ${counts.disputed} disputed`
}

/** An estimate's value in the viewer's units with its ± when known: '24 2/8 in ± 3/8 in', '61.6 cm ± 1 cm'. */
export function estimateValueText(estimate: Pick<Estimate, 'value' | 'unit' | 'uncertainty'>, units: UnitSystem) {
  if (estimate.unit === 'lbs') {
    const value = formatWeight(estimate.value, units)
    return estimate.uncertainty === null ? value : `${value} ± ${formatWeight(estimate.uncertainty, units)}`
  }
  const value = formatLength(estimate.value, units)
  return estimate.uncertainty === null ? value : `${value} ${formatUncertainty(estimate.uncertainty, units)}`
}

/** A value of the measurement a checker can measure on its photo: a length of the card's rows. */
export type CheckableValue = { field: string; label: string; reportedIn: number }

// Lengths only: weight, mass (circumferences), points and score cannot be taken from a photo with the tool.
const CHECKABLE: { field: string; label: string; key: 'lengthIn' | 'widthIn' | 'spreadIn' }[] = [
  { field: 'length', label: 'Length', key: 'lengthIn' },
  { field: 'spread', label: 'Spread', key: 'spreadIn' },
  { field: 'width', label: 'Width', key: 'widthIn' },
]

export function checkableValues(summary: MeasurementSummary): CheckableValue[] {
  return CHECKABLE.flatMap(({ field, label, key }) => {
    const reportedIn = summary[key]
    return reportedIn === null ? [] : [{ field, label, reportedIn }]
  })
}

/** The reported value an estimate is about, when it is one of the card's lengths. */
export function reportedFor(summary: MeasurementSummary, estimate: Pick<Estimate, 'field' | 'unit'>) {
  if (estimate.unit !== 'in') return null
  return checkableValues(summary).find((v) => v.field === estimate.field) ?? null
}

/**
 * How an estimate compares with the reported value: '3% less than reported', 'the same as reported' (under 0.5%),
 * and whether the reported value lies within the estimate's ± range (the rule the verdicts follow).
 */
export function comparisonText(estimateIn: number, uncertaintyIn: number | null, reportedIn: number): string {
  const percent = Math.round((Math.abs(estimateIn - reportedIn) / reportedIn) * 100)
  const direction = estimateIn < reportedIn ? 'less' : 'more'
  const difference = percent === 0 ? 'The same as reported' : `${percent}% ${direction} than reported`
  const within = reportedWithinRange(estimateIn, uncertaintyIn, reportedIn)
  if (within === null) return difference
  return `${difference}; the reported value is ${within ? 'within' : 'outside'} your ± range`
}

const AI_ESTIMATE_OF: Record<string, 'lengthIn' | 'spreadIn' | 'widthIn'> = {
  length: 'lengthIn',
  spread: 'spreadIn',
  width: 'widthIn',
}

/**
 * The AI photo analysis's estimate of the value a checker measures (length, spread or width, inches, to 1/100 in),
 * or undefined when the model gave none for it: a checker's 'ai-estimate' is never made up.
 */
export function aiEstimateFor(estimates: AnalysisEstimates, field: string): number | undefined {
  const key = AI_ESTIMATE_OF[field]
  const value = key ? estimates[key] : undefined
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value * 100) / 100 : undefined
}
