import { CHART_CATEGORIES, type ChartCategory } from '#shared/scoring/index.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { CATEGORY_LABELS } from '#shared/species/category-labels.ts'
import type { Species } from '#shared/species/types.ts'

// Which species or score chart a sentence names, from the catalogue's own names (no alias table): "bass" is every
// species with Bass in its name, "mountain lion" the cougar ("Cougar (Mountain Lion)"). Pure.

/** Name words that alone do not say which animal: "black", "mountain", "common" … */
const WEAK = new Set([
  'common',
  'northern',
  'eastern',
  'rocky',
  'mountain',
  'wild',
  'red',
  'black',
  'brown',
  'spotted',
  'channel',
  'atlantic',
  'ring',
  'necked',
  'gray',
  'american',
  'typical',
  'non',
  'big',
  'small',
  'game',
])

/** Group words of the catalogue's categories: "my biggest fish", "how many waterfowl". */
const GROUP_WORDS: Record<string, (s: Species) => boolean> = {
  fish: (s) => s.category.endsWith('Fish'),
  freshwater: (s) => s.category === 'Freshwater Fish',
  saltwater: (s) => s.category === 'Saltwater Fish',
  waterfowl: (s) => s.category === 'Waterfowl',
  upland: (s) => s.category === 'Upland Game',
}

/** Lower-case words, apostrophes dropped, a plural `s` taken off (but not from `bass`). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[‘’'`]s\b/g, '')
    .replace(/[‘’'`]/g, '')
    .split(/[^a-z0-9&]+/)
    .filter(Boolean)
    .map(stem)
}

function stem(word: string): string {
  if (word === 'whitetailed') return 'whitetail'
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word
}

type Named<T> = { item: T; primary: Set<string>; secondary: Set<string> }

/** The items naming most of the text's words (primary words first), all that tie; [] when no strong word hits. */
function bestMatches<T>(text: string, candidates: readonly Named<T>[]): T[] {
  const said = new Set(wordsOf(text.replace(/white[\s-]tail/gi, 'whitetail')))
  let best = 0
  let found: T[] = []
  for (const c of candidates) {
    const hits = (set: Set<string>) => [...set].filter((w) => said.has(w))
    const primary = hits(c.primary)
    const secondary = hits(c.secondary).filter((w) => !c.primary.has(w))
    if (![...primary, ...secondary].some((w) => !WEAK.has(w))) continue
    const score = primary.length * 10 + secondary.length
    if (score > best) [best, found] = [score, [c.item]]
    else if (score === best) found.push(c.item)
  }
  return found
}

const SPECIES_WORDS: Named<Species>[] = SPECIES.map((s) => ({
  item: s,
  primary: new Set([...wordsOf(s.name), ...wordsOf(s.id.replace(/-/g, ' '))]),
  secondary: new Set(),
}))

/** The species a text names by name words only (no group words). */
export function findNamedSpecies(text: string): Species[] {
  return bestMatches(text, SPECIES_WORDS)
}

/** The species a text names: all tied for most name words ("deer" → whitetail, mule deer), else a group word's. */
export function findSpecies(text: string): Species[] {
  const named = findNamedSpecies(text)
  if (named.length > 0) return named
  const said = wordsOf(text)
  const group = said.filter((w) => Object.hasOwn(GROUP_WORDS, w)).map((w) => GROUP_WORDS[w])[0]
  if (group) return SPECIES.filter(group)
  if (/\bbig[\s-]game\b/i.test(text)) return SPECIES.filter((s) => s.category === 'Big Game')
  if (/\bsmall[\s-]game\b/i.test(text)) return SPECIES.filter((s) => s.category === 'Small Game')
  return []
}

const CATEGORY_WORDS: Named<ChartCategory>[] = CHART_CATEGORIES.map((category) => ({
  item: category,
  primary: new Set(wordsOf(CATEGORY_LABELS[category])),
  secondary: new Set(SPECIES.filter((s) => s.scoringCategories.includes(category)).flatMap((s) => wordsOf(s.name))),
}))

/**
 * The score chart a text names: a category id, or the chart sharing most words with it; "non-typical" picks one
 * where it exists, else typical charts first. Ties go to the engine's first (so "bear" is the black bear).
 */
export function findChartCategory(text: string): ChartCategory | undefined {
  return findChartCategories(text)[0]
}

/** Every chart tied for the text's words, the one findChartCategory picks first. */
export function findChartCategories(text: string): ChartCategory[] {
  const id = text.trim().toLowerCase()
  const exact = CHART_CATEGORIES.find((c) => c === id)
  if (exact) return [exact]
  const matches = bestMatches(text, CATEGORY_WORDS)
  const nonTypical = /\bnon[\s-]?typical\b/i.test(text)
  const preferred = matches.filter((c) => c.includes('non-typical') === nonTypical)
  return preferred.length > 0 ? preferred : matches
}
