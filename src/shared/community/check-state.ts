import type { CheckCounts, CheckState } from '#shared/schemas/community.ts'
import type { EvidenceLevel } from '#shared/schemas/measurements.ts'

// The member size check's outcome (docs/architecture.md §2): one member can neither verify a size nor dispute it alone.

/** Verdicts needed before a measurement is verified or disputed. */
export const MIN_VERDICTS = 2

/** Verified: over 2/3 confirmed; disputed: over 1/3 disputed. Compared in integers, so no rounding decides. */
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
