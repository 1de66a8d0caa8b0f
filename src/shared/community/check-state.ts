import type { CheckCounts, CheckState } from '../schemas/community.ts'
import type { EvidenceLevel } from '../schemas/measurements.ts'

// The member size check's outcome (DESIGN.md §2, modelled on iNaturalist's community identification). A single
// verdict decides nothing either way: one member can neither verify a size nor dispute it alone.

/** Verdicts needed before a measurement is verified or disputed. */
export const MIN_VERDICTS = 2

/**
 * - verified: at least 2 verdicts and more than 2/3 of them `confirmed`;
 * - disputed: at least 2 verdicts and more than 1/3 of them `disputed`;
 * - otherwise unverified. (Both cannot hold at once: more than 2/3 confirmed leaves less than 1/3 for disputes.)
 * Integer comparisons (3·confirmed > 2·total), so no rounding decides a boundary.
 */
export function checkState(counts: CheckCounts): CheckState {
  const total = counts.confirmed + counts.plausible + counts.disputed
  if (total < MIN_VERDICTS) return 'unverified'
  if (3 * counts.confirmed > 2 * total) return 'verified'
  if (3 * counts.disputed > total) return 'disputed'
  return 'unverified'
}

/** What everyone sees: the owner's evidence, raised to community-verified when verified (official stays official). */
export function effectiveEvidence(reported: EvidenceLevel, state: CheckState): EvidenceLevel {
  if (state === 'verified' && reported !== 'official') return 'community-verified'
  return reported
}
