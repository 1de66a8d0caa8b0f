import {
  type CardEdge,
  knownReferenceLengthIn,
  type LengthUnit,
  parseCustomLength,
  type ReferenceKind,
} from '#shared/measuring/index.ts'

/** How a credit card scales the photo: its four corners (on its plane, any angle) or two ends of one side. */
export type CardMode = 'corners' | 'ends'

export type ReferenceChoice = {
  kind: ReferenceKind
  edge: CardEdge
  cardMode: CardMode
  customText: string
  customUnit: LengthUnit
}

/** Whether the reference is a card's four corners (the plane mode) rather than two marked ends. */
export const usesCorners = (state: { reference: ReferenceChoice }) =>
  state.reference.kind === 'credit-card' && state.reference.cardMode === 'corners'

export type ReferenceLength = { ok: true; lengthIn: number } | { ok: false; message: string }

/** The real length between the two marked ends (the two-point method). */
export function referenceLength(choice: ReferenceChoice): ReferenceLength {
  if (choice.kind === 'custom') return parseCustomLength(choice.customText, choice.customUnit)
  return { ok: true, lengthIn: knownReferenceLengthIn(choice.kind, choice.edge) }
}
