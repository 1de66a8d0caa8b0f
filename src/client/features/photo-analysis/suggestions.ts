import { formatLength, formatWeight } from '#client/lib/units.ts'
import { scoreText as bookScoreText, scoreNumberText, weightText } from '#shared/measurements/display.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { AnalysisEstimates, PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'
import type { TrophyClass } from '#shared/scoring/result.ts'
import { getSpecies } from '#shared/species/catalogue.ts'

// What an analysis suggests, in the words and units the member reads. Every value is an estimate from one photo;
// nothing here decides what the form takes (the form says which suggestions it can fill).

export const ESTIMATE_KEYS = ['lengthIn', 'girthIn', 'widthIn', 'spreadIn', 'weightLbs', 'points'] as const
export type EstimateKey = (typeof ESTIMATE_KEYS)[number] & keyof AnalysisEstimates

/** A suggestion the member may accept: the species, or one estimated value. */
export type SuggestionKey = 'species' | EstimateKey

export const ESTIMATE_LABELS: Record<EstimateKey, string> = {
  lengthIn: 'Length',
  girthIn: 'Girth',
  widthIn: 'Width',
  spreadIn: 'Inside spread',
  weightLbs: 'Weight',
  points: 'Points',
}

const TROPHY_WORDS: Record<TrophyClass, string> = { record: 'Record', trophy: 'Trophy', standard: 'Standard' }

const REFERENCE_WORDS = { 'credit-card': 'a credit card', quarter: 'a quarter', other: 'a reference object' } as const

/** '87%' */
export function confidenceText(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`
}

/** An estimated value as the member reads sizes: '21 6/8 in', '55.2 cm', '6.2 lb', '8 points'. */
export function estimateText(key: EstimateKey, value: number, units: UnitSystem): string {
  if (key === 'points') return `${value} ${value === 1 ? 'point' : 'points'}`
  if (key === 'weightLbs') return formatWeight(value, units)
  return formatLength(value, units)
}

export type EstimateItem = { key: EstimateKey; label: string; text: string; value: number }

/** The values the model estimated, in a fixed order; a value it did not give is not listed (never a zero). */
export function estimateItems(analysis: Pick<PhotoAnalysis, 'estimates'>, units: UnitSystem): EstimateItem[] {
  return ESTIMATE_KEYS.flatMap((key) => {
    const value = analysis.estimates[key]
    return typeof value === 'number' && Number.isFinite(value)
      ? [{ key, label: ESTIMATE_LABELS[key], text: estimateText(key, value, units), value }]
      : []
  })
}

/** The species line: the catalogue's name, or 'Unknown' with what the model called it (never forced to a match). */
export function speciesText(species: PhotoAnalysis['species']): { name: string; detail: string | null } {
  if (species.id === null) {
    return {
      name: 'Unknown',
      detail: species.modelLabel ? `looks like “${species.modelLabel}”, which is not in our catalogue` : null,
    }
  }
  return { name: species.name, detail: null }
}

export function referenceText(reference: PhotoAnalysis['referenceObject']): string {
  if (!reference.visible) return 'None seen: sizes are rough guesses from the photo alone'
  return `Yes, ${reference.kind ? REFERENCE_WORDS[reference.kind] : 'a reference object'}`
}

/** The score line: who computed it matters (our engine from the estimates, or the model's guess). */
export function scoreText(
  analysis: Pick<PhotoAnalysis, 'score' | 'scoreSource' | 'trophyClass' | 'category'> & {
    species?: Pick<PhotoAnalysis['species'], 'id'> | undefined
  },
  units: UnitSystem,
): string | null {
  const parts: string[] = []
  if (analysis.score !== null) {
    const by =
      analysis.scoreSource === 'engine' ? 'worked out by our scoring engine from the estimates' : "the model's guess"
    parts.push(`${analysisScoreText(analysis.score, analysis.category, analysis.species?.id ?? null, units)} (${by})`)
  }
  if (analysis.trophyClass) parts.push(`${TROPHY_WORDS[analysis.trophyClass]} class`)
  return parts.length > 0 ? parts.join(' · ') : null
}

/**
 * A fish's score is its weight; a record-book score is written as the species' first chart's book writes it
 * (`152 3/8 B&C`, `70.6250 NWTF`), or in eighths with no book when the species is not in the catalogue.
 */
function analysisScoreText(
  score: number,
  category: PhotoAnalysis['category'],
  speciesId: string | null,
  units: UnitSystem,
): string {
  const species = speciesId ? getSpecies(speciesId) : undefined
  if (category?.endsWith('Fish') === true || species?.fishFormulas !== undefined) return weightText(score, units)
  const chart = species?.scoringCategories[0]
  if (!chart) return scoreNumberText(score, 'bc', '')
  return bookScoreText({ score, system: chart === 'wild-turkey' ? 'nwtf' : 'bc', category: chart }, units)
}
