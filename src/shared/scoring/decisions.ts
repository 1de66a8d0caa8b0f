// The rules that docs/scoring-rules.md §8 leaves open, each decided once here; the sources and reasons are in
// docs/scoring.md ("Decisions"). Systems take ScoringRules (default DEFAULT_RULES), so tests check both sides.

/** Caribou brow rows (F-1, G-1) take no difference: one shovel against a spike is the normal caribou pattern. */
export const CARIBOU_BROW_DIFFERENCES_DEDUCTED = false

/** Caribou point counts (D) are recorded, not added; when true each point adds 1 inch, like a moose point. */
export const CARIBOU_POINT_COUNTS_SCORED = false

/** Caribou spread credit may not exceed the longer main beam, as for deer and elk. */
export const CARIBOU_SPREAD_CAPPED = true

/** Mountain goat: the horn-length (C) difference is deducted; the length exemption is stated for sheep only. */
export const GOAT_LENGTH_DIFFERENCE_DEDUCTED = true

/** SCI typical antlers: abnormal points are neither added nor subtracted ("B&C's without deductions"). */
export const SCI_TYPICAL_SUBTRACTS_ABNORMAL = false

/** SCI credits the full inside spread: the cap at the longer main beam is one of the deductions SCI does not make. */
export const SCI_SPREAD_CAPPED = false

/** Fish: `trophy` at or above this share of the species' trophy weight (80 %), as integers for exactness. */
export const FISH_TROPHY_SHARE = { numerator: 4, denominator: 5 } as const

/** NWTF sets no minimum (§4, §8 settled 2); meeting the Kansas award (65) makes a turkey `trophy`, never `record`. */
export const TURKEY_AWARD_IS_TROPHY = true

export type ScoringRules = {
  caribouBrowDifferencesDeducted: boolean
  caribouPointCountsScored: boolean
  caribouSpreadCapped: boolean
  goatLengthDifferenceDeducted: boolean
  sciTypicalSubtractsAbnormal: boolean
  sciSpreadCapped: boolean
}

export const DEFAULT_RULES: ScoringRules = {
  caribouBrowDifferencesDeducted: CARIBOU_BROW_DIFFERENCES_DEDUCTED,
  caribouPointCountsScored: CARIBOU_POINT_COUNTS_SCORED,
  caribouSpreadCapped: CARIBOU_SPREAD_CAPPED,
  goatLengthDifferenceDeducted: GOAT_LENGTH_DIFFERENCE_DEDUCTED,
  sciTypicalSubtractsAbnormal: SCI_TYPICAL_SUBTRACTS_ABNORMAL,
  sciSpreadCapped: SCI_SPREAD_CAPPED,
}
