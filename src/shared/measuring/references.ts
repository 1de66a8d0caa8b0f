/** Calibration references (docs/product.md §9): an ISO/IEC 7810 ID-1 card, a US quarter, or a custom length. */
export const REFERENCE_KINDS = ['credit-card', 'quarter', 'custom'] as const
export type ReferenceKind = (typeof REFERENCE_KINDS)[number]

export const CREDIT_CARD_IN = { long: 3.37, short: 2.13 } as const
export type CardEdge = keyof typeof CREDIT_CARD_IN
export const QUARTER_DIAMETER_IN = 0.955

export const CM_PER_IN = 2.54
export const LENGTH_UNITS = ['in', 'cm'] as const
export type LengthUnit = (typeof LENGTH_UNITS)[number]

/** A custom reference longer than this is not a reference object any more (a tape across the picture at most). */
export const CUSTOM_REFERENCE_MAX_IN = 100

export const REFERENCE_LABELS: Record<ReferenceKind, string> = {
  'credit-card': 'Credit Card',
  quarter: 'Quarter',
  custom: 'Custom',
}

/** What the user marks on the photo, as an instruction. */
export function referenceEdgeText(kind: ReferenceKind, edge: CardEdge = 'long'): string {
  if (kind === 'credit-card')
    return edge === 'long' ? "the card's long side (3.37 in)" : "the card's short side (2.13 in)"
  if (kind === 'quarter') return "the quarter's diameter (0.955 in)"
  return 'the two ends of your reference'
}

export type CustomLengthResult = { ok: true; lengthIn: number } | { ok: false; message: string }

/** Parses the typed length of a custom reference (e.g. '4.5' in, '12,5' cm) and checks 0 < length ≤ 100 in. */
export function parseCustomLength(text: string, unit: LengthUnit): CustomLengthResult {
  const trimmed = text.trim().replace(',', '.')
  if (trimmed === '') return { ok: false, message: "Enter the reference's length" }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed)) {
    return {
      ok: false,
      message: `Enter the length as a number of ${unit === 'in' ? 'inches' : 'centimetres'}, e.g. 4.5`,
    }
  }
  const value = Number(trimmed)
  if (!(value > 0)) return { ok: false, message: 'The length must be greater than 0' }
  const lengthIn = unit === 'cm' ? value / CM_PER_IN : value
  if (lengthIn > CUSTOM_REFERENCE_MAX_IN) {
    return {
      ok: false,
      message: `The length must be at most ${CUSTOM_REFERENCE_MAX_IN} in (${CUSTOM_REFERENCE_MAX_IN * CM_PER_IN} cm)`,
    }
  }
  return { ok: true, lengthIn }
}

/** The real length in inches of what the user marked on a card or a quarter. */
export function knownReferenceLengthIn(kind: Exclude<ReferenceKind, 'custom'>, edge: CardEdge = 'long'): number {
  return kind === 'quarter' ? QUARTER_DIAMETER_IN : CREDIT_CARD_IN[edge]
}
