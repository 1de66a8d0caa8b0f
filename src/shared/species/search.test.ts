import { describe, expect, it } from 'vitest'
import { SPECIES } from './catalogue.ts'
import { SPECIES_FILTER_OPTIONS, type SpeciesFilters, searchSpecies } from './search.ts'

const ids = (filters: SpeciesFilters) => searchSpecies(SPECIES, filters).map((s) => s.id)

describe('searchSpecies', () => {
  it('returns the whole list, in order, with no query and no filters', () => {
    expect(searchSpecies(SPECIES)).toEqual(SPECIES)
    expect(searchSpecies(SPECIES, { query: '   ', category: 'all', region: 'all', difficulty: 'all' })).toEqual(SPECIES)
  })

  it.each<[string, SpeciesFilters, string[]]>([
    ['name, lower case', { query: 'walleye' }, ['walleye']],
    ['name, upper case', { query: 'WALLEYE' }, ['walleye']],
    ['name, mixed case with spaces around', { query: '  MuLe DeEr ' }, ['mule-deer']],
    ['description only', { query: 'sword point' }, ['roosevelt-elk']],
    ['description, any case', { query: 'BEAGLE' }, ['eastern-cottontail']],
    ['typed apostrophe finds the name', { query: "dall's" }, ['dall-sheep']],
    ['name or description', { query: 'blacktail' }, ['mule-deer']],
    ['no match', { query: 'jackalope' }, []],
  ])('matches %s', (_, filters, expected) => {
    expect(ids(filters)).toEqual(expected)
  })

  it.each<[string, SpeciesFilters, (s: (typeof SPECIES)[number]) => boolean]>([
    ['category', { category: 'Waterfowl' }, (s) => s.category === 'Waterfowl'],
    ['region', { region: 'Atlantic Coast' }, (s) => s.region === 'Atlantic Coast'],
    ['difficulty', { difficulty: 'Expert' }, (s) => s.difficulty === 'Expert'],
    [
      'category and difficulty',
      { category: 'Big Game', difficulty: 'Expert' },
      (s) => s.category === 'Big Game' && s.difficulty === 'Expert',
    ],
    [
      'query and region',
      { query: 'record', region: 'Atlantic/Gulf Coast' },
      (s) => s.region === 'Atlantic/Gulf Coast' && /record/i.test(s.name + s.description),
    ],
    [
      'all three filters and a query',
      { query: 'scale', category: 'Freshwater Fish', region: 'North America', difficulty: 'Beginner' },
      (s) =>
        s.category === 'Freshwater Fish' &&
        s.region === 'North America' &&
        s.difficulty === 'Beginner' &&
        /scale/i.test(s.name + s.description),
    ],
  ])('combines filters: %s', (_, filters, keep) => {
    const expected = SPECIES.filter(keep).map((s) => s.id)
    expect(expected.length).toBeGreaterThan(0)
    expect(ids(filters)).toEqual(expected)
  })

  it('finds nothing when the filters exclude each other', () => {
    expect(ids({ category: 'Saltwater Fish', region: 'North America' })).toEqual([])
  })
})

describe('filter options', () => {
  it('are the fixed category, region and difficulty lists, in their order', () => {
    expect(SPECIES_FILTER_OPTIONS.category).toEqual([
      'Big Game',
      'Freshwater Fish',
      'Saltwater Fish',
      'Upland Game',
      'Waterfowl',
      'Small Game',
    ])
    expect(SPECIES_FILTER_OPTIONS.region).toEqual([
      'North America',
      'Atlantic Coast',
      'Atlantic/Gulf Coast',
      'Southeast Coast',
    ])
    expect(SPECIES_FILTER_OPTIONS.difficulty).toEqual(['Beginner', 'Intermediate', 'Advanced', 'Expert'])
  })

  it('each match at least one species', () => {
    for (const [key, options] of Object.entries(SPECIES_FILTER_OPTIONS)) {
      for (const option of options) expect(ids({ [key]: option }).length, option).toBeGreaterThan(0)
    }
  })
})
