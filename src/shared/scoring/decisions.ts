// The rules that ../shared/domain/scoring.md §8 leaves open, each decided once here, with its source. Flip a
// constant to change the rule everywhere; docs/scoring.md explains each choice. Systems take a ScoringRules
// argument defaulting to DEFAULT_RULES, so tests can check both sides of every switch.

/**
 * Caribou F-1 (brow length) and G-1 (brow palm width) carry no difference deduction: one well-developed
 * shovel against a spike is the normal caribou pattern. Source: bbandzapps/BuckScoreApp CaribouProfile.kt
 * (the brow rows are excluded from the difference) [code]; the B&C chart's G rows were not seen (§1.6, §8 open 1).
 */
export const CARIBOU_BROW_DIFFERENCES_DEDUCTED = false

/**
 * Caribou D (points per antler, points on the brow) are recorded, not added. Field-judging write-ups list the
 * scored caribou features as main beam, brow palm, bez, rear point and tops with no point count
 * (gothunts.com; outdoors-international.com "Field judging caribou"); BuckScoreApp adds them, which we take
 * for its bug (§1.6, §8 open 2). When true, each point adds 1 inch like a moose point, and the difference in
 * points (not brow points) is deducted.
 */
export const CARIBOU_POINT_COUNTS_SCORED = false

/**
 * Caribou spread credit may not exceed the longer main beam, as for deer and elk: the B&C online chart calls C
 * "spread credit" and BuckScoreApp CaribouProfile.kt caps it (§1.1).
 */
export const CARIBOU_SPREAD_CAPPED = true

/**
 * Mountain goat: the horn-length (C) difference IS deducted, like every other goat difference. The sheep-only
 * exemption is stated only for sheep (fieldandstream.com; trantor.is B&C manual ch. 10); goat write-ups say
 * "length plus circumferences less asymmetry deductions" (hunting-washington.com) (§1.9, §8 open 4).
 */
export const GOAT_LENGTH_DIFFERENCE_DEDUCTED = true

/**
 * SCI typical antlers: abnormal points are left out (neither added nor subtracted). SCI's system is "Boone &
 * Crockett's without deductions" (Bill Quimby, coueswhitetail.com topic 57662; outdoorcanada.ca) and the
 * scoring.md §3 worked example (typical 161 3/8 = spread + both sides) (§8 open 5).
 */
export const SCI_TYPICAL_SUBTRACTS_ABNORMAL = false

/**
 * SCI credits the full inside spread, with no cap at the longer main beam: SCI makes no B&C "deductions" and
 * the cap is one (Quimby: "Width is added to the lengths of the main beams…") (§3, §8 open 5).
 */
export const SCI_SPREAD_CAPPED = false

/**
 * Fish trophy class: `record` at or above the species' trophy weight, `trophy` at or above this share of it
 * (spec: 80 % of the species' trophy weight), `standard` below. Kept as a ratio of integers for exactness.
 */
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
