import { describe, expect, it } from 'vitest'
import { bestBars, bestValueText, isWeightScore, monthNames } from './statistics-data.ts'

type Sheet = { system: 'bc' | 'fish' | 'nwtf'; category: string } | null
const FISH: Sheet = { system: 'fish', category: 'length-girth-800' }
const BUCK: Sheet = { system: 'bc', category: 'whitetail-typical' }

const best = (species: string, score: number | null, scoreText: string | null, sheet: Sheet) => ({
  speciesId: species.toLowerCase(),
  species,
  measurementId: `${species}-id`,
  score,
  scoreText,
  sheet,
  weightLbs: null,
  lengthIn: null,
  trophyClass: 'standard' as const,
  takenAt: '2026-11-01T10:00:00Z',
})

describe('personal bests', () => {
  it("tells a fish's weight score from a record-book score by the sheet's system", () => {
    expect(isWeightScore({ sheet: FISH })).toBe(true)
    expect(isWeightScore({ sheet: BUCK })).toBe(false)
    expect(isWeightScore({ sheet: null })).toBe(false)
  })

  it.each([
    [{ score: 6.05, sheet: FISH, weightLbs: 6.05, lengthIn: 20 }, 'metric', '2.74 kg'],
    [{ score: 6.05, sheet: FISH, weightLbs: 6.05, lengthIn: 20 }, 'imperial', '6.05 lb'],
    [{ score: 168.625, sheet: BUCK, weightLbs: null, lengthIn: 26 }, 'metric', '168 5/8 B&C'],
    [
      { score: 70.625, sheet: { system: 'nwtf', category: 'wild-turkey' } as Sheet, weightLbs: 22, lengthIn: 10 },
      'imperial',
      '70.6250 NWTF',
    ],
    [{ score: null, sheet: null, weightLbs: 2.75, lengthIn: null }, 'imperial', '2.75 lb'],
    [{ score: null, sheet: null, weightLbs: null, lengthIn: 34.5 }, 'imperial', '34 4/8 in'],
    [{ score: null, sheet: null, weightLbs: null, lengthIn: null }, 'imperial', '—'],
  ] as const)('writes %o for a %s member as %s, as every other screen does', (entry, units, text) => {
    expect(bestValueText(entry, units)).toBe(text)
  })

  it('splits the bars into scores and weights, each best first, leaving out bests without a score', () => {
    const bars = bestBars(
      [
        best('Largemouth Bass', 6.05, '6.05 lb (6 lb 1 oz)', FISH),
        best('Whitetail Deer', 168.625, '168 5/8', BUCK),
        best('Northern Pike', 12.5, '12.5 lb (12 lb 8 oz)', FISH),
        best('Elk', 350, '350 0/8', { system: 'bc', category: 'elk-typical' }),
        best('Bobwhite', null, null, null),
      ],
      'imperial',
    )
    expect(bars.scores.map((b) => [b.species, b.label])).toEqual([
      ['Elk', '350 0/8 B&C'],
      ['Whitetail Deer', '168 5/8 B&C'],
    ])
    expect(bars.weights.map((b) => [b.species, b.value, b.label])).toEqual([
      ['Northern Pike', 12.5, '12.50 lb'],
      ['Largemouth Bass', 6.05, '6.05 lb'],
    ])
  })

  it('gives weights in kilograms to a metric member', () => {
    expect(bestBars([best('Largemouth Bass', 10, '10 lb (10 lb 0 oz)', FISH)], 'metric').weights[0]).toEqual({
      species: 'Largemouth Bass',
      value: 4.54,
      label: '4.54 kg',
    })
  })
})

describe('monthNames', () => {
  it('names a YYYY-MM month short and long', () => {
    expect(monthNames('2026-11')).toEqual({ short: 'Nov', long: 'November 2026' })
    expect(monthNames('2026-01')).toEqual({ short: 'Jan', long: 'January 2026' })
    expect(monthNames('junk')).toEqual({ short: 'junk', long: 'junk' })
  })
})
