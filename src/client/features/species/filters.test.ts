import { describe, expect, it } from 'vitest'
import { isFiltered, NO_FILTERS, readFilters, writeFilters } from './filters.ts'

describe('guide filters in the query string', () => {
  it('round-trips a filtered view', () => {
    const filters = { query: 'bull elk', category: 'Big Game', region: 'North America', difficulty: 'Expert' } as const
    const search = writeFilters(filters)
    expect(search).toBe('q=bull+elk&category=Big+Game&region=North+America&difficulty=Expert')
    expect(readFilters(search)).toEqual(filters)
    expect(readFilters(`?${search}`)).toEqual(filters)
  })

  it('writes nothing for the whole guide', () => {
    expect(writeFilters(NO_FILTERS)).toBe('')
    expect(isFiltered(NO_FILTERS)).toBe(false)
    expect(isFiltered({ ...NO_FILTERS, region: 'Atlantic/Gulf Coast' })).toBe(true)
  })

  it('reads unknown or missing values as all', () => {
    expect(readFilters('category=Dragons&difficulty=&region=north+america')).toEqual(NO_FILTERS)
    expect(readFilters('')).toEqual(NO_FILTERS)
  })
})
