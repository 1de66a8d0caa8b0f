// Knowledge passages built from the Species Guide's catalogue (src/shared/species): one passage per species and
// aspect (overview, record minimums, season, habitat, measurements, records), so retrieval can pick the aspect a
// question asks about. Every fact comes from the catalogue or categories.ts; nothing is typed in here.

import type { ChartCategory } from '#shared/scoring/categories.ts'
import { formatInches } from '#shared/scoring/fractions.ts'
import { getChart } from '#shared/scoring/index.ts'
import { type BookMinimum, minimumsFor, SPECIES } from '#shared/species/catalogue.ts'
import type { Species } from '#shared/species/types.ts'
import type { KnowledgeDoc } from '../assistant.types.ts'

/** The Species Guide page of one species (the client's paths.species.href). */
export const speciesHref = (speciesId: string) => `/species-guide/${encodeURIComponent(speciesId)}`
export const speciesGuideTitle = (species: Pick<Species, 'name'>) => `Species Guide: ${species.name}`

/** Words a member uses for each aspect; indexed with the passage so 'when can I hunt' finds the season. */
const ASPECT_WORDS = {
  overview: 'about species guide what is description overview difficulty hard difficult easy challenge category region',
  minimums:
    'record book minimum minimums score qualify qualifying entry make the book threshold trophy good big need boone crockett pope young awards all-time booner',
  season: 'season when time of year month open dates run runs migration spawn bite',
  habitat: 'habitat where live lives found range find terrain cover catch spot spots water',
  measurements: 'measure measurements measuring key scored scoring system how score',
  records: 'world record biggest largest heaviest ever all-tackle caught igfa',
} as const
export type SpeciesAspect = keyof typeof ASPECT_WORDS

export type SpeciesDoc = KnowledgeDoc & { speciesId: string; aspect: SpeciesAspect; keywords: string }

/** A minimum as the record book writes it: skull scores in sixteenths ('14 8/16'), others as whole numbers. */
export function minimumText(category: ChartCategory, value: number): string {
  if (Number.isInteger(value)) return String(value)
  return formatInches(value, getChart(category).unit)
}

export function bookMinimumText(category: ChartCategory, minimum: BookMinimum): string {
  const unverified = minimum.verified ? '' : ' (unverified)'
  return `${minimum.label} ${minimumText(category, minimum.value)}${unverified}`
}

function minimumsText(species: Species): string {
  const rows = minimumsFor(species)
  if (rows.length > 0) {
    const lines = rows.map(
      (row) => `- ${row.label}: ${row.minimums.map((m) => bookMinimumText(row.category, m)).join(', ')}`,
    )
    return [`Record-book minimum scores for ${species.name}:`, ...lines].join('\n')
  }
  if (species.trophyWeightLbs !== undefined) {
    return `${species.name}: Fieldmark's trophy weight is ${species.trophyWeightLbs} lb. ${species.trophyWeightNote ?? ''}`.trim()
  }
  const record = species.recordNote ? ` ${species.recordNote}` : ''
  return `No record book sets a minimum score for ${species.name}; Fieldmark records its ${species.measurements
    .join(', ')
    .toLowerCase()}.${record}`
}

/** What the Species Guide's card says of a species, in one paragraph. */
export function speciesOverviewText(species: Species): string {
  return `${species.name} (${species.category}, ${species.region}). ${species.description} Difficulty: ${species.difficulty}.`
}

function measurementsText(species: Species): string {
  const lines = [
    `${species.name} is scored by: ${species.scoring}.`,
    `Key measurements: ${species.measurements.join('; ')}.`,
  ]
  for (const formula of species.fishFormulas ?? []) lines.push(`- ${formula.label}: ${formula.note}`)
  return lines.join('\n')
}

function docsOf(species: Species): SpeciesDoc[] {
  const base = { kind: 'species-guide' as const, href: speciesHref(species.id), speciesId: species.id }
  const doc = (aspect: SpeciesAspect, title: string, text: string): SpeciesDoc => ({
    ...base,
    id: `species:${species.id}:${aspect}`,
    aspect,
    title: `${species.name}: ${title}`,
    text,
    keywords: ASPECT_WORDS[aspect],
  })
  const docs = [
    doc('overview', 'species guide', speciesOverviewText(species)),
    doc('minimums', 'record minimums', minimumsText(species)),
    doc('season', 'season', `${species.name} season (general): ${species.season}.`),
    doc('habitat', 'habitat', `${species.name} habitat: ${species.habitat}.`),
    doc('measurements', 'key measurements', measurementsText(species)),
  ]
  if (species.recordNote) docs.push(doc('records', 'records', species.recordNote))
  return docs
}

export function buildSpeciesDocs(): SpeciesDoc[] {
  return SPECIES.flatMap(docsOf)
}
