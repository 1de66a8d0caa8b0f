import { SPECIES_FILTER_OPTIONS } from '#shared/species/search.ts'
import type { SpeciesCategory, SpeciesDifficulty, SpeciesRegion } from '#shared/species/types.ts'

// The guide's search and filters live in the query string (?q=elk&category=Big+Game), so a filtered view can be
// shared as a link and Back returns to it. Unknown values read as 'all' rather than failing.

export type GuideFilters = {
  query: string
  category: SpeciesCategory | 'all'
  region: SpeciesRegion | 'all'
  difficulty: SpeciesDifficulty | 'all'
}

export const NO_FILTERS: GuideFilters = { query: '', category: 'all', region: 'all', difficulty: 'all' }

const PARAMS = { query: 'q', category: 'category', region: 'region', difficulty: 'difficulty' } as const

function pick<T extends string>(options: readonly T[], value: string | null): T | 'all' {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : 'all'
}

export function readFilters(search: string): GuideFilters {
  const params = new URLSearchParams(search)
  return {
    query: params.get(PARAMS.query) ?? '',
    category: pick(SPECIES_FILTER_OPTIONS.category, params.get(PARAMS.category)),
    region: pick(SPECIES_FILTER_OPTIONS.region, params.get(PARAMS.region)),
    difficulty: pick(SPECIES_FILTER_OPTIONS.difficulty, params.get(PARAMS.difficulty)),
  }
}

/** The query string of a filter set, without '?'; empty when nothing is filtered. */
export function writeFilters(filters: GuideFilters): string {
  const params = new URLSearchParams()
  if (filters.query !== '') params.set(PARAMS.query, filters.query)
  if (filters.category !== 'all') params.set(PARAMS.category, filters.category)
  if (filters.region !== 'all') params.set(PARAMS.region, filters.region)
  if (filters.difficulty !== 'all') params.set(PARAMS.difficulty, filters.difficulty)
  return params.toString()
}

export function isFiltered(filters: GuideFilters): boolean {
  return writeFilters(filters) !== ''
}

/**
 * The guide's last query string in this tab, so the detail page's back link returns to the same filtered list
 * even when the detail was opened from a shared link (then it is empty: the whole guide).
 */
let lastGuideSearch = ''
export function rememberGuideSearch(search: string) {
  lastGuideSearch = search
}
export function guideSearch(): string {
  return lastGuideSearch
}
