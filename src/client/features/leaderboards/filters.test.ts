import { describe, expect, it } from 'vitest'
import { boardUrl, leaderboardUrls } from './api.ts'
import { type BoardFilters, DEFAULT_FILTERS, filtersHref, readFilters, writeFilters } from './filters.ts'

describe('readFilters', () => {
  it('reads the default view from an empty query string', () => {
    expect(readFilters('')).toEqual(DEFAULT_FILTERS)
  })

  it('reads every filter', () => {
    expect(readFilters('?board=species&period=this-week&species=moose&evidence=community-verified')).toEqual({
      board: 'species',
      period: 'this-week',
      species: 'moose',
      evidence: 'community-verified',
    })
  })

  it('reads unknown or malformed values as the defaults', () => {
    expect(readFilters('board=money&period=yesterday&species=Moose!&evidence=official')).toEqual(DEFAULT_FILTERS)
    expect(readFilters(`species=${'a'.repeat(65)}`).species).toBe('all')
  })
})

describe('writeFilters', () => {
  it('leaves the defaults out', () => {
    expect(writeFilters(DEFAULT_FILTERS)).toBe('')
    expect(filtersHref('/leaderboards', DEFAULT_FILTERS)).toBe('/leaderboards')
  })

  it('round-trips a filtered view', () => {
    const view: BoardFilters = {
      board: 'trophies',
      period: 'this-month',
      species: 'largemouth-bass',
      evidence: 'photo-measured',
    }
    const href = filtersHref('/leaderboards', view)
    expect(href).toBe('/leaderboards?board=trophies&period=this-month&species=largemouth-bass&evidence=photo-measured')
    expect(readFilters(href.split('?')[1] ?? '')).toEqual(view)
  })
})

describe('the calls of a view (docs/product.md §7)', () => {
  it('asks exactly the documented URLs when the evidence is Any', () => {
    expect(leaderboardUrls.points('this-year')).toBe('/api/leaderboards/points?period=this-year')
    expect(leaderboardUrls.trophies('all-time', 'all', 'any')).toBe(
      '/api/leaderboards/trophies?period=all-time&species=all',
    )
    expect(leaderboardUrls.species('mule-deer', 'this-week', 'any')).toBe(
      '/api/leaderboards/species/mule-deer?period=this-week',
    )
    expect(leaderboardUrls.topSpecies('all-time', 'any')).toBe('/api/leaderboards/top-species')
  })

  it('adds the minimum evidence otherwise, and the period to the top species when it is not All Time', () => {
    expect(leaderboardUrls.trophies('all-time', 'moose', 'photo-measured')).toBe(
      '/api/leaderboards/trophies?period=all-time&species=moose&evidence=photo-measured',
    )
    expect(leaderboardUrls.topSpecies('all-time', 'community-verified')).toBe(
      '/api/leaderboards/top-species?evidence=community-verified',
    )
    expect(leaderboardUrls.topSpecies('this-week', 'any')).toBe('/api/leaderboards/top-species?period=this-week')
    expect(
      leaderboardUrls.me({ board: 'species', period: 'this-month', species: 'moose', evidence: 'photo-measured' }),
    ).toBe('/api/leaderboards/me?board=species&period=this-month&species=moose&evidence=photo-measured')
  })

  it('asks the points board and its own rank without species or evidence, which points do not have', () => {
    const view: BoardFilters = { board: 'points', period: 'this-year', species: 'moose', evidence: 'photo-measured' }
    expect(boardUrl(view)).toBe('/api/leaderboards/points?period=this-year')
    expect(leaderboardUrls.me(view)).toBe('/api/leaderboards/me?board=points&period=this-year')
  })

  it('calls the species board only once a species is chosen', () => {
    expect(boardUrl({ ...DEFAULT_FILTERS, board: 'species' })).toBeNull()
    expect(boardUrl({ ...DEFAULT_FILTERS, board: 'species', species: 'moose' })).toBe(
      '/api/leaderboards/species/moose?period=all-time',
    )
    expect(boardUrl({ ...DEFAULT_FILTERS, board: 'trophies', species: 'moose' })).toBe(
      '/api/leaderboards/trophies?period=all-time&species=moose',
    )
    expect(boardUrl(DEFAULT_FILTERS)).toBe('/api/leaderboards/points?period=all-time')
  })
})
