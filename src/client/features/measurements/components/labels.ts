import type { EvidenceLevel, LocationPrecision, Method, UnitSystem, Visibility } from '#shared/schemas/measurements.ts'
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
    'Measured on the photo against a reference object of known size in the frame (a card, a coin or custom dimensions). Accurate when the reference and the animal are in the same plane and the camera is square to them.',
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
