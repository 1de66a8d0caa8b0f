import type { Estimate, Verdict } from '#shared/schemas/community.ts'

// A verdict follows the checker's own evidence: when the measuring tool gives a ± and the reported value lies
// outside it, the checker's measurement does not confirm that value. The dialog and the server apply this one rule.

/** The card lengths a checker can measure on a photo, in inches, as the measurement reports them. */
export type ReportedLengths = { lengthIn: number | null; spreadIn: number | null; widthIn: number | null }

const REPORTED_KEYS: Record<string, keyof ReportedLengths> = {
  length: 'lengthIn',
  spread: 'spreadIn',
  width: 'widthIn',
}

/** Sizes are read to the eighth of an inch, so a smaller ± counts (and shows) as an eighth. */
export const LEAST_UNCERTAINTY_IN = 1 / 8

/** Float noise in a difference of inches (24.875 − 24.75 is not exactly 0.125 everywhere). */
const EPSILON_IN = 1e-9

export const CONFIRMED_OUTSIDE_RANGE =
  'The reported value is outside your ± range, so your estimate does not confirm it: choose Plausible or Disputed.'

/** The reported value an estimate is about: one of the card's lengths, in inches; null for anything else. */
export function reportedValueFor(reported: ReportedLengths, estimate: Pick<Estimate, 'field' | 'unit'>): number | null {
  const key = REPORTED_KEYS[estimate.field]
  if (estimate.unit !== 'in' || !key) return null
  return reported[key]
}

/** Whether the reported value lies within the estimate's ± (at least an eighth); null without a ± to compare. */
export function reportedWithinRange(
  estimateIn: number,
  uncertaintyIn: number | null,
  reportedIn: number,
): boolean | null {
  if (uncertaintyIn === null) return null
  const range = Math.max(uncertaintyIn, LEAST_UNCERTAINTY_IN)
  return Math.abs(estimateIn - reportedIn) <= range + EPSILON_IN
}

/** Why the checker's ± on a reported length rules out 'confirmed' (no other verdict is ever ruled out), or null. */
export function verdictRuledOut(
  verdict: Verdict,
  estimate: Pick<Estimate, 'value' | 'uncertainty'>,
  reportedIn: number | null,
): string | null {
  if (verdict !== 'confirmed' || reportedIn === null) return null
  return reportedWithinRange(estimate.value, estimate.uncertainty, reportedIn) === false
    ? CONFIRMED_OUTSIDE_RANGE
    : null
}
