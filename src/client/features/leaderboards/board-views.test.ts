import { describe, expect, it } from 'vitest'
import type { LeaderboardRow, TopSpecies } from '#shared/schemas/achievements.ts'
import {
  boardAfterKey,
  boardNote,
  footerStats,
  ownRowBelow,
  rankMark,
  rowValue,
  speciesOptions,
  totalsText,
} from './board-views.ts'
import { type BoardScale, boardScale } from './species-names.ts'

const GAME: BoardScale = { fish: false, category: null, book: null }

function row(rank: number, userId: string, value: number): LeaderboardRow {
  return {
    id: `${userId}-${rank}`,
    rank,
    value,
    totalMeasurements: 4,
    totalTrophies: 1,
    user: { id: userId, firstName: 'Avery', lastName: 'Archer', profileImageUrl: null },
  }
}

describe('rankMark', () => {
  it('crowns the first, gives medals to the second and third and numbers the rest', () => {
    expect([1, 2, 3, 4, 10, 11].map(rankMark)).toEqual(['crown', 'medal', 'medal', 'number', 'number', 'number'])
  })
})

describe('rowValue', () => {
  it('labels points and trophies', () => {
    expect(rowValue('points', 1250, GAME)).toEqual({ text: '1,250', label: 'points' })
    expect(rowValue('points', 1, GAME)).toEqual({ text: '1', label: 'point' })
    expect(rowValue('trophies', 3, GAME)).toEqual({ text: '3', label: 'trophies' })
    expect(rowValue('trophies', 1, GAME)).toEqual({ text: '1', label: 'trophy' })
  })

  it.each([
    { species: 'whitetail-deer', value: 172.625, units: 'imperial', text: '172 5/8' },
    { species: 'whitetail-deer', value: 180, units: 'imperial', text: '180 0/8' },
    { species: 'black-bear', value: 21.8125, units: 'imperial', text: '21 13/16' },
    { species: 'wild-turkey', value: 92.0625, units: 'imperial', text: '92.0625 NWTF' },
    { species: 'wild-turkey', value: 70.625, units: 'metric', text: '70.6250 NWTF' },
    { species: 'largemouth-bass', value: 3.359375, units: 'imperial', text: '3.36 lb' },
    { species: 'largemouth-bass', value: 9.92, units: 'metric', text: '4.50 kg' },
  ] as const)('a $species board shows $value as $text (max size)', ({ species, value, units, text }) => {
    expect(rowValue('species', value, boardScale(species), units)).toEqual({ text, label: 'max size' })
  })
})

describe('totalsText', () => {
  it('says the counts are of public measurements, with the right plural', () => {
    expect(totalsText({ totalMeasurements: 12, totalTrophies: 3 })).toBe('12 public measurements · 3 trophies')
    expect(totalsText({ totalMeasurements: 1, totalTrophies: 1 })).toBe('1 public measurement · 1 trophy')
    expect(totalsText({ totalMeasurements: 0, totalTrophies: 0 })).toBe('0 public measurements · 0 trophies')
  })
})

describe('boardNote', () => {
  it('says what the trophy and species boards count, and leaves the points board to its scope line', () => {
    expect(boardNote('points', GAME)).toBeNull()
    expect(boardNote('trophies', GAME)).toMatch(/^Only public measurements count here/)
    expect(boardNote('species', boardScale('largemouth-bass'))).toMatch(/heaviest public catch/)
    expect(boardNote('species', boardScale('whitetail-deer'))).toMatch(/best public score/)
  })
})

describe('ownRowBelow', () => {
  const top = [row(1, 'a', 90), row(2, 'b', 80)]

  it('is the viewer row when they are outside the rows shown', () => {
    const mine = row(14, 'me', 10)
    expect(ownRowBelow(top, { row: mine })).toBe(mine)
  })

  it('is null when the viewer is among the rows, has no row, or it has not loaded', () => {
    expect(ownRowBelow(top, { row: row(2, 'b', 80) })).toBeNull()
    expect(ownRowBelow(top, { row: null })).toBeNull()
    expect(ownRowBelow(top, undefined)).toBeNull()
  })
})

describe('footerStats', () => {
  const topSpecies: TopSpecies[] = [
    { species: 'whitetail-deer', name: 'Whitetail Deer', count: 7 },
    { species: 'largemouth-bass', name: 'Largemouth Bass', count: 2 },
  ]

  it('counts the points rows, adds up the trophy values and counts the top species', () => {
    const points = [row(1, 'a', 300), row(2, 'b', 120), row(3, 'c', 10)]
    const trophies = [row(1, 'a', 5), row(2, 'c', 2)]
    expect(footerStats(points, trophies, topSpecies)).toEqual({ members: 3, trophies: 7, species: 2 })
  })

  it('is zero for empty boards and undefined for what is still loading', () => {
    expect(footerStats([], [], [])).toEqual({ members: 0, trophies: 0, species: 0 })
    expect(footerStats(undefined, undefined, undefined)).toEqual({
      members: undefined,
      trophies: undefined,
      species: undefined,
    })
  })
})

describe('speciesOptions', () => {
  const top: TopSpecies[] = [
    { species: 'whitetail-deer', name: 'Whitetail Deer', count: 1200 },
    { species: 'moose', name: 'Moose', count: 3 },
  ]
  const nameOf = (id: string) => (id === 'elk' ? 'Rocky Mountain Elk' : undefined)

  it('starts with All Species and names each species with its count', () => {
    expect(speciesOptions(top, 'all', nameOf)).toEqual([
      { value: 'all', label: 'All Species' },
      { value: 'whitetail-deer', label: 'Whitetail Deer (1,200)' },
      { value: 'moose', label: 'Moose (3)' },
    ])
  })

  it('keeps a chosen species that is not among them selectable, by its catalogue name or its id', () => {
    expect(speciesOptions(top, 'elk', nameOf).at(-1)).toEqual({ value: 'elk', label: 'Rocky Mountain Elk' })
    expect(speciesOptions(undefined, 'unknown-fish', nameOf)).toEqual([
      { value: 'all', label: 'All Species' },
      { value: 'unknown-fish', label: 'unknown-fish' },
    ])
  })
})

describe('boardAfterKey', () => {
  const boards = ['points', 'trophies', 'species'] as const

  it('moves with the arrow keys (wrapping), Home and End', () => {
    expect(boardAfterKey(boards, 'points', 'ArrowRight')).toBe('trophies')
    expect(boardAfterKey(boards, 'species', 'ArrowRight')).toBe('points')
    expect(boardAfterKey(boards, 'points', 'ArrowLeft')).toBe('species')
    expect(boardAfterKey(boards, 'trophies', 'Home')).toBe('points')
    expect(boardAfterKey(boards, 'trophies', 'End')).toBe('species')
    expect(boardAfterKey(boards, 'trophies', 'a')).toBeNull()
  })
})
