// The Species Guide's search (name or description, case-insensitive) and its Category, Region and Difficulty filters.
import {
  SPECIES_CATEGORIES,
  SPECIES_DIFFICULTIES,
  SPECIES_REGIONS,
  type Species,
  type SpeciesCategory,
  type SpeciesDifficulty,
  type SpeciesRegion,
} from './types.ts'

export const SPECIES_FILTER_OPTIONS = {
  category: SPECIES_CATEGORIES,
  region: SPECIES_REGIONS,
  difficulty: SPECIES_DIFFICULTIES,
} as const

/** A filter left undefined or set to 'all' lets everything through. */
export type SpeciesFilters = {
  query?: string
  category?: SpeciesCategory | 'all'
  region?: SpeciesRegion | 'all'
  difficulty?: SpeciesDifficulty | 'all'
}

type Searchable = Pick<Species, 'name' | 'description' | 'category' | 'region' | 'difficulty'>

// Typographic apostrophes match typed ones, so "dall's" finds "Dall’s".
const normalise = (text: string) => text.toLowerCase().replace(/[\u2018\u2019]/g, "'")

const passes = <T extends string>(value: T, filter: T | 'all' | undefined) =>
  filter === undefined || filter === 'all' || value === filter

export function searchSpecies<T extends Searchable>(list: readonly T[], filters: SpeciesFilters = {}): T[] {
  const query = normalise(filters.query?.trim() ?? '')
  return list.filter(
    (s) =>
      passes(s.category, filters.category) &&
      passes(s.region, filters.region) &&
      passes(s.difficulty, filters.difficulty) &&
      (query === '' || normalise(s.name).includes(query) || normalise(s.description).includes(query)),
  )
}
