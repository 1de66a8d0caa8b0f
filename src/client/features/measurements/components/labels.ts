import type {
  EvidenceLevel,
  LocationPrecision,
  Method,
  PhotoMethod,
  UnitSystem,
  Visibility,
} from '#shared/schemas/measurements.ts'
import type { TrophyClass } from '#shared/scoring/result.ts'

// The words the collection pages use for the contract's values (docs/architecture.md §2).

export const TROPHY_CLASS_LABELS: Record<TrophyClass, string> = {
  record: 'Record',
  trophy: 'Trophy',
  standard: 'Standard',
}

export const EVIDENCE_LABELS: Record<EvidenceLevel, string> = {
  'self-reported': 'Self-reported',
  'photo-measured': 'Photo-measured',
  'ai-estimate': 'AI estimate',
  'community-verified': 'Community verified',
  official: 'Official',
}

/** What each evidence level tells a reader about how far to trust the sizes. */
export const EVIDENCE_MEANINGS: Record<EvidenceLevel, string> = {
  'self-reported': 'The owner typed these values from a tape or a scale. Nobody else has checked them.',
  'photo-measured':
    "Measured on the photo against a reference object of known size in the frame: on a credit card's plane from its four corners (any camera angle, with the animal flat on the same surface as the card), or from the two ends of a card, a coin or a custom reference (with the camera square to them).",
  'ai-estimate': 'Estimated from the photo by image analysis: a rough guide, not a measurement.',
  'community-verified': 'At least two members checked the photo and more than two thirds of them confirmed the size.',
  official: 'Taken from an official score chart completed by a certified measurer.',
}

export const METHOD_LABELS: Record<Method, string> = {
  tape: 'Tape measure',
  scale: 'Scale',
  photo: 'Measured on a photo',
}

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  private: 'Private',
  followers: 'Followers',
  public: 'Public',
}

export const VISIBILITY_MEANINGS: Record<Visibility, string> = {
  private: 'Only you can see it.',
  followers: 'Members who follow you can see it in the community.',
  public: 'Every member can see it, and its share link opens for anyone, signed in or not.',
}

export const PRECISION_LABELS: Record<LocationPrecision, string> = {
  exact: 'Exact',
  km: 'About 1 km',
  region: 'Region only',
  hidden: 'Hidden',
}

export const PRECISION_MEANINGS: Record<LocationPrecision, string> = {
  exact: 'Others see the exact coordinates.',
  km: 'Others see coordinates rounded to about 1 km.',
  region: 'Others see only the region you type, never coordinates.',
  hidden: 'Nobody else sees where it was.',
}

export const UNIT_LABELS: Record<UnitSystem, string> = {
  imperial: 'Imperial (in, lb)',
  metric: 'Metric (cm, kg)',
}

/** How a measurement's photo values were taken: all on the card's plane, all from two ends, or some of each. */
export type PhotoMethodSummary = PhotoMethod | 'mixed'

/** Values stored before the plane method have none: they were taken from two ends. */
export function photoMethodOf(items: readonly { method?: PhotoMethod | undefined }[]): PhotoMethodSummary | null {
  if (items.length === 0) return null
  const methods = new Set(items.map((item) => item.method ?? 'two-point'))
  return methods.size > 1 ? 'mixed' : ([...methods][0] as PhotoMethod)
}

export const PHOTO_METHOD_LABELS: Record<PhotoMethodSummary, string> = {
  plane: "card's plane",
  'two-point': 'two ends',
  mixed: "card's plane and two ends",
}

const PHOTO_METHOD_MEANINGS: Record<PhotoMethodSummary, string> = {
  plane:
    'Measured on the photo, on the plane of a credit card in the frame found from its four corners: accurate at any camera angle when the animal lies flat on the same surface as the card.',
  'two-point':
    'Measured on the photo against a reference object of known size in the frame (a card, a coin or custom dimensions), from its two ends. Accurate when the reference and the animal are in the same plane and the camera is square to them.',
  mixed: EVIDENCE_MEANINGS['photo-measured'],
}

/** What the evidence level tells a reader, said for the way the photo values were taken when they were. */
export function evidenceMeaning(evidence: EvidenceLevel, method: PhotoMethodSummary | null): string {
  return evidence === 'photo-measured' && method ? PHOTO_METHOD_MEANINGS[method] : EVIDENCE_MEANINGS[evidence]
}
