// The Species Guide's species, with the product's category, region and difficulty lists in their fixed order.
import type { ChartCategory } from '#shared/scoring/categories.ts'

export const SPECIES_CATEGORIES = [
  'Big Game',
  'Freshwater Fish',
  'Saltwater Fish',
  'Upland Game',
  'Waterfowl',
  'Small Game',
] as const
export const SPECIES_REGIONS = ['North America', 'Atlantic Coast', 'Atlantic/Gulf Coast', 'Southeast Coast'] as const
export const SPECIES_DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced', 'Expert'] as const
export const SPECIES_ICONS = [
  'deer',
  'elk',
  'moose',
  'caribou',
  'pronghorn',
  'sheep',
  'goat',
  'bear',
  'cat',
  'fish',
  'turkey',
  'bird',
  'duck',
  'squirrel',
  'rabbit',
] as const

export type SpeciesCategory = (typeof SPECIES_CATEGORIES)[number]
export type SpeciesRegion = (typeof SPECIES_REGIONS)[number]
export type SpeciesDifficulty = (typeof SPECIES_DIFFICULTIES)[number]
export type SpeciesIcon = (typeof SPECIES_ICONS)[number]

/** The engine's fish categories (docs/scoring.md): weight = L × G² ÷ divisor, or L³ ÷ divisor. */
export type FishFormulaId = `length-girth-${number}` | `length-cubed-${number}`
export type SpeciesFishFormula = { id: FishFormulaId; label: string; note: string }

/**
 * The minimums of the species' first scoring category: B&C All-time, P&Y, the turkey's Kansas award, a fish's trophy
 * weight (lb). Derived from categories.ts, never typed in; `minimumsFor` gives every book with sources.
 */
export type MinScore = { bc?: number; py?: number; weight?: number; nwtf?: number }

export type Species = {
  /** kebab-case slug, stable: URLs and stored measurements refer to it */
  id: string
  name: string
  category: SpeciesCategory
  region: SpeciesRegion
  scoring: string
  /** key measurements in chart order; the card shows the first three and '+N more' */
  measurements: readonly string[]
  minScore: MinScore
  icon: SpeciesIcon
  description: string
  /** habitat, season and difficulty are general (difficulty is our own judgement) */
  habitat: string
  season: string
  difficulty: SpeciesDifficulty
  /** record-book charts, primary first (minScore describes it); [] when no official chart exists */
  scoringCategories: readonly ChartCategory[]
  /** fish only: weight estimates, the app's default first */
  fishFormulas?: readonly SpeciesFishFormula[]
  /** fish only, where a threshold exists; trophyWeightNote says whose it is */
  trophyWeightLbs?: number
  trophyWeightNote?: string
  /** a published record or record-book fact, in a member's words */
  recordNote?: string
  /** where the facts of this entry come from: the program, agency or publication, never a web page we read */
  sources: readonly string[]
}

/** What the data files write: everything but minScore, which catalogue.ts derives from categories.ts. */
export type SpeciesEntry = Omit<Species, 'minScore'>
