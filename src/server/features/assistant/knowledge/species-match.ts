// Which species a question is about: a small MiniSearch index over the catalogue's names, its record-book
// category names and a few common nicknames, searched with fuzzy matching for typos ('whitetial').
import MiniSearch from 'minisearch'
import type { ChartCategory } from '#shared/scoring/categories.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import type { Species } from '#shared/species/types.ts'
import { fuzzyFor, processTerm, termsOf, tokenize } from './text.ts'

/** Common names a hunter or angler uses that the catalogue's names do not contain. */
export const SPECIES_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  'whitetail-deer': ['white-tailed deer', 'whitetailed deer', 'buck', 'doe'],
  'mule-deer': ['mulie', 'mulies', 'muley', 'muleys'],
  'rocky-mountain-elk': ['wapiti'],
  pronghorn: ['antelope', 'speedgoat', 'speedgoats'],
  'bighorn-sheep': ['ram', 'rams'],
  'mountain-goat': ['billy', 'nanny'],
  'black-bear': ['bruin'],
  'brown-bear': ['kodiak bear', 'griz', 'grizz'],
  cougar: ['puma', 'catamount', 'panther'],
  'largemouth-bass': ['bucketmouth', 'bigmouth'],
  'smallmouth-bass': ['smallie', 'smallies', 'bronzeback', 'bronzebacks'],
  muskellunge: ['musky', 'muskies'],
  'northern-pike': ['jackfish'],
  'rainbow-trout': ['rainbows', 'steelie', 'steelies'],
  'channel-catfish': ['catfish', 'catfishes'],
  bluegill: ['bream', 'brim'],
  tarpon: ['silver king', 'poon'],
  'striped-bass': ['striper', 'stripers', 'rockfish'],
  'spotted-seatrout': ['speckled trout', 'speck', 'specks', 'sea trout'],
  'wild-turkey': ['gobbler', 'gobblers', 'longbeard', 'longbeards'],
  'ring-necked-pheasant': ['ringneck', 'ringnecks', 'rooster', 'roosters'],
  'ruffed-grouse': ['partridge'],
  'northern-bobwhite': ['bobwhite'],
  mallard: ['duck', 'greenhead', 'greenheads', 'drake'],
  'canada-goose': ['honker', 'honkers', 'geese'],
  'eastern-gray-squirrel': ['bushytail'],
  'eastern-cottontail': ['rabbit', 'bunny'],
}

// Words of species names that place or describe but do not name an animal on their own: 'mountain' (goat, elk,
// lion), 'canada' (goose, moose), 'alaska' (brown bear, moose), 'black' (bear). A species is found only when a
// naming word matches ('goat', 'elk', 'bear', 'whitetail'); these words then add to its score.
const DESCRIPTIVE = new Set(
  termsOf(
    `rocky mountain common eastern northern atlantic american wild canada central spotted ring necked red black brown
     blue gray grey rainbow white tailed alaska yukon quebec labrador columbia desert ground barren stone great typical
     nontypical channel striped`,
  ),
)

type SpeciesEntry = { id: string; naming: string; describing: string }

const withoutBrackets = (text: string) => text.replace(/[()]/g, ' ')

// The raw words go into the index (MiniSearch processes them once, as it does the question's); their processed
// form decides whether a word names or describes.
function entryOf(species: Species): SpeciesEntry {
  const names = [
    species.name,
    ...species.scoringCategories.map((c) => CATEGORY_LABELS[c]),
    ...(SPECIES_NICKNAMES[species.id] ?? []),
  ]
  const naming: string[] = []
  const describing: string[] = []
  for (const word of names.flatMap((name) => tokenize(withoutBrackets(name)))) {
    const term = processTerm(word)
    if (term) (DESCRIPTIVE.has(term) ? describing : naming).push(word)
  }
  return { id: species.id, naming: naming.join(' '), describing: describing.join(' ') }
}

const byId = new Map(SPECIES.map((s) => [s.id, s]))
const termsById = new Map(SPECIES.map((s) => [s.id, entryOf(s)]))

/** The terms that name a species: its name, its record-book categories and its nicknames ('buck', 'honker'). */
export function speciesTerms(species: Species): Set<string> {
  const entry = termsById.get(species.id)
  return new Set(termsOf(`${entry?.naming ?? ''} ${entry?.describing ?? ''}`))
}
let index: MiniSearch<SpeciesEntry> | undefined

function speciesIndex(): MiniSearch<SpeciesEntry> {
  if (index) return index
  index = new MiniSearch<SpeciesEntry>({
    fields: ['naming', 'describing'],
    tokenize,
    processTerm,
    searchOptions: { fuzzy: fuzzyFor, prefix: false, weights: { fuzzy: 0.5, prefix: 0 }, boost: { naming: 2 } },
  })
  index.addAll(SPECIES.map(entryOf))
  return index
}

export type SpeciesMatch = { species: Species; score: number }

/**
 * The species a text names, best first; [] when it names none. A naming word counts 2 and a describing word 1
 * (no length normalisation: 'bass' alone must not favour the species with the shortest name); ties keep the
 * catalogue's order, so 'deer' is the whitetail and 'elk' the Rocky Mountain elk.
 */
export function findSpecies(text: string): SpeciesMatch[] {
  const order = new Map(SPECIES.map((s, i) => [s.id, i]))
  return speciesIndex()
    .search(text)
    .map((result) => {
      const fields = Object.values(result.match)
      const naming = fields.filter((f) => f.includes('naming')).length
      const describing = fields.filter((f) => f.includes('describing')).length
      return { id: result.id as string, naming, score: 2 * naming + describing }
    })
    .filter((m) => m.naming > 0)
    .sort((a, b) => b.score - a.score || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
    .map((m) => ({ species: byId.get(m.id) as Species, score: m.score }))
}

/**
 * The record-book categories of a species a text points at: 'tule elk' → tule-elk, 'non-typical whitetail' →
 * whitetail-non-typical, 'Coues' → both Coues' categories; every category when the text names none.
 */
export function categoriesMentioned(species: Species, text: string): ChartCategory[] {
  const all = species.scoringCategories
  if (all.length <= 1) return [...all]
  const asked = new Set(termsOf(text))
  const labelTerms = all.map((c) => new Set(termsOf(CATEGORY_LABELS[c])))
  const shared = [...(labelTerms[0] ?? [])].filter((t) => labelTerms.every((terms) => terms.has(t)))
  const distinctive = labelTerms.map((terms) => [...terms].filter((t) => !shared.includes(t)))
  const hits = distinctive.map((terms) => terms.filter((t) => asked.has(t)).length)
  const best = Math.max(...hits)
  if (best === 0) return [...all]
  const misses = distinctive.map((terms, i) => (hits[i] === best ? terms.length - best : Number.POSITIVE_INFINITY))
  const fewest = Math.min(...misses)
  return all.filter((_, i) => misses[i] === fewest)
}
