import { z } from 'zod'
import { MEASUREMENT_LIMITS } from '#shared/schemas/measurements.ts'
import { type AnalysisEstimates, type PhotoAnalysis, REFERENCE_OBJECT_KINDS } from '#shared/schemas/photo-analysis.ts'
import { ScoringError, scoreSheet, TROPHY_CLASSES, type TrophyClass } from '#shared/scoring/index.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { SPECIES_CATEGORIES, type Species, type SpeciesCategory } from '#shared/species/types.ts'

// Strict about types, lenient about the rest: extra fields ignored, unknown labels null, sizes clamped. A species
// outside the catalogue stays 'Unknown' with the model's own label, never a guess (ADR 096).
// Pure: the route's service calls it, the unit tests drive it directly.

/** Spreads have no limit of their own in MEASUREMENT_LIMITS: the widest quick value (width) bounds them. */
const SPREAD_MAX_IN = MEASUREMENT_LIMITS.widthIn
/** The most points an antler count may claim (the largest non-typical racks have about 50). */
const POINTS_MAX = 100
const LABEL_MAX = 120
const NOTES_MAX = 500

const number = z.number().finite().nullish()
const label = z.string().nullish()

/** The reply's shape: `null` wherever the model has nothing to say, a missing key only where that is allowed. */
export const ModelReplySchema = z.object({
  /** null: no animal the model could name. */
  species: z
    .object({ id: label, name: label, confidence: z.number().finite() })
    .refine((s) => Boolean(s.id?.trim() || s.name?.trim()), 'species needs an id or a name')
    .nullable(),
  category: label,
  referenceObject: z.object({ visible: z.boolean(), kind: label }),
  estimates: z.object({
    lengthIn: number,
    girthIn: number,
    widthIn: number,
    weightLbs: number,
    spreadIn: number,
    points: number,
  }),
  trophyClass: label,
  score: number,
  notes: label,
})
export type ModelReply = z.infer<typeof ModelReplySchema>

export class ModelReplyError extends Error {
  override name = 'ModelReplyError'
}

/** The JSON object in a reply: the whole text, a ```json block, or first `{` to last `}`; else ModelReplyError. */
export function extractJson(text: string): unknown {
  const candidates = [text.trim()]
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(text)
  if (fenced?.[1]) candidates.push(fenced[1].trim())
  const first = text.indexOf('{')
  const last = text.lastIndexOf('}')
  if (first !== -1 && last > first) candidates.push(text.slice(first, last + 1))
  for (const candidate of candidates) {
    try {
      const value: unknown = JSON.parse(candidate)
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value
    } catch {
      // the next candidate
    }
  }
  throw new ModelReplyError('the reply holds no JSON object')
}

/** The reply text checked against ModelReplySchema; ModelReplyError says what was wrong (for the log only). */
export function parseModelReply(text: string | null | undefined): ModelReply {
  if (!text?.trim()) throw new ModelReplyError('the reply is empty')
  const parsed = ModelReplySchema.safeParse(extractJson(text))
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new ModelReplyError(`the reply does not fit: ${issues.join('; ')}`)
  }
  return parsed.data
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

/** The names a catalogue entry answers to: its name, the parts of `A / B` and `A (B)`, its id as words. */
function aliasesOf(species: Species): string[] {
  const parts = species.name.split(/\s*\/\s*|\s*[()]\s*/).filter(Boolean)
  return [...new Set([species.name, ...parts, species.id].map(normalize).filter(Boolean))]
}

const ALIASES = new Map<string, Species[]>()
for (const species of SPECIES) {
  for (const alias of aliasesOf(species)) ALIASES.set(alias, [...(ALIASES.get(alias) ?? []), species])
}

/** The first word of a multi-word alias ('largemouth' of 'largemouth bass'), when it names one species only. */
const LEADING_WORDS = new Map<string, Set<Species>>()
for (const [alias, list] of ALIASES) {
  const words = alias.split(' ')
  if (words.length < 2) continue
  const first = words[0] as string
  const set = LEADING_WORDS.get(first) ?? new Set<Species>()
  for (const species of list) set.add(species)
  LEADING_WORDS.set(first, set)
}

function only<T>(items: Iterable<T> | undefined): T | undefined {
  const list = items ? [...items] : []
  return list.length === 1 ? list[0] : undefined
}

/** The one catalogue species a label names (id, name, alias, plural, leading word); an ambiguous one names none. */
export function matchSpecies(text: string | null | undefined): Species | undefined {
  if (!text) return undefined
  const key = normalize(text)
  if (!key) return undefined
  const exact = ALIASES.get(key)
  if (exact) return only(exact)
  if (key.endsWith('s')) {
    const singular = ALIASES.get(key.slice(0, -1))
    if (singular) return only(singular)
  }
  if (!key.includes(' ')) return only(LEADING_WORDS.get(key))
  return undefined
}

export type SpeciesSuggestion = PhotoAnalysis['species']

/** The model's species as the member sees it: a catalogue entry (by its id first, then its name), or 'Unknown'. */
export function suggestSpecies(said: ModelReply['species']): { suggestion: SpeciesSuggestion; species?: Species } {
  if (!said) return { suggestion: { id: null, name: 'Unknown', modelLabel: null, confidence: 0 } }
  const modelLabel = (said.name?.trim() || said.id?.trim() || '').slice(0, LABEL_MAX)
  const confidence = clampConfidence(said.confidence)
  const species = matchSpecies(said.id) ?? matchSpecies(said.name)
  if (!species) return { suggestion: { id: null, name: 'Unknown', modelLabel, confidence } }
  return { suggestion: { id: species.id, name: species.name, modelLabel, confidence }, species }
}

export function clampConfidence(value: number): number {
  return Math.min(1, Math.max(0, value))
}

/** A size estimate as the form may take it: positive (else left out, never a made-up zero), at most `max`. */
function size(value: number | null | undefined, max: number): number | undefined {
  if (value === null || value === undefined || value <= 0) return undefined
  return Math.min(value, max)
}

export function clampEstimates(said: ModelReply['estimates']): AnalysisEstimates {
  const points =
    said.points === null || said.points === undefined || said.points < 0
      ? undefined
      : Math.min(Math.round(said.points), POINTS_MAX)
  const estimates: AnalysisEstimates = {
    lengthIn: size(said.lengthIn, MEASUREMENT_LIMITS.lengthIn),
    girthIn: size(said.girthIn, MEASUREMENT_LIMITS.girthIn),
    widthIn: size(said.widthIn, MEASUREMENT_LIMITS.widthIn),
    weightLbs: size(said.weightLbs, MEASUREMENT_LIMITS.weightLbs),
    spreadIn: size(said.spreadIn, SPREAD_MAX_IN),
    points,
  }
  return Object.fromEntries(Object.entries(estimates).filter(([, v]) => v !== undefined)) as AnalysisEstimates
}

/** One of `allowed`, compared without case or surrounding space; else null. */
function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null {
  const key = value?.trim().toLowerCase()
  return allowed.find((a) => a.toLowerCase() === key) ?? null
}

function referenceObject(said: ModelReply['referenceObject']): PhotoAnalysis['referenceObject'] {
  if (!said.visible) return { visible: false, kind: null }
  const kind = said.kind?.trim() ? (oneOf(said.kind.replace(/\s+/g, '-'), REFERENCE_OBJECT_KINDS) ?? 'other') : null
  return { visible: true, kind }
}

type Scored = Pick<PhotoAnalysis, 'score' | 'scoreSource' | 'trophyClass'>

/** A catalogue fish's weight estimate and class from estimated length (and girth), scored as measurements.compute.ts does. */
export function engineScore(species: Species | undefined, estimates: AnalysisEstimates): Scored | undefined {
  const { lengthIn, girthIn } = estimates
  if (!species?.fishFormulas || lengthIn === undefined) return undefined
  const formula = species.fishFormulas.find((f) => f.id.startsWith('length-cubed-') || girthIn !== undefined)
  if (!formula) return undefined
  const measurements = formula.id.startsWith('length-girth-') ? { lengthIn, girthIn } : { lengthIn }
  try {
    const result = scoreSheet(
      { system: 'fish', category: formula.id, measurements },
      species.trophyWeightLbs === undefined ? {} : { trophyWeightLbs: species.trophyWeightLbs },
    )
    return { score: result.score, scoreSource: 'engine', trophyClass: result.trophyClass }
  } catch (error) {
    // An estimate the engine refuses (too small to round to a sixteenth) is simply not scored.
    if (error instanceof ScoringError) return undefined
    throw error
  }
}

function modelScore(said: ModelReply): Scored {
  const score = said.score !== null && said.score !== undefined && said.score >= 0 ? said.score : null
  return {
    score,
    scoreSource: score === null ? null : 'model',
    trophyClass: oneOf<TrophyClass>(said.trophyClass, TROPHY_CLASSES),
  }
}

export type Suggestion = Omit<PhotoAnalysis, 'id' | 'photoId' | 'model' | 'createdAt'>

export function toSuggestion(said: ModelReply): Suggestion {
  const { suggestion, species } = suggestSpecies(said.species)
  const estimates = clampEstimates(said.estimates)
  const category: SpeciesCategory | null = species?.category ?? oneOf(said.category, SPECIES_CATEGORIES)
  const notes = said.notes?.trim() ? said.notes.trim().slice(0, NOTES_MAX) : null
  return {
    species: suggestion,
    category,
    referenceObject: referenceObject(said.referenceObject),
    estimates,
    ...(engineScore(species, estimates) ?? modelScore(said)),
    notes,
  }
}
