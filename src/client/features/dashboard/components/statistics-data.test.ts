import { describe, expect, it } from 'vitest'
import { bestBars, bestValueText, isWeightScore, monthNames } from './statistics-data.ts'

const best = (species: string, score: number | null, scoreText: string | null) => ({
  speciesId: species.toLowerCase(),
  species,
  measurementId: `${species}-id`,
  score,
  scoreText,
  trophyClass: 'standard' as const,
  takenAt: '2026-11-01T10:00:00Z',
})

describe('personal bests', () => {
  it("tells a fish's weight score from a record-book score", () => {
    expect(isWeightScore({ scoreText: '6.05 lb (6 lb 1 oz)' })).toBe(true)
    expect(isWeightScore({ scoreText: '168 5/8' })).toBe(false)
    expect(isWeightScore({ scoreText: null })).toBe(false)
  })

  it("writes a fish's weight in the member's units and a score as the book does", () => {
    expect(bestValueText({ score: 6.05, scoreText: '6.05 lb (6 lb 1 oz)' }, 'metric')).toBe('2.74 kg')
    expect(bestValueText({ score: 168.625, scoreText: '168 5/8' }, 'metric')).toBe('168 5/8')
    expect(bestValueText({ score: null, scoreText: null }, 'imperial')).toBe('—')
  })

  it('splits the bars into scores and weights, each best first, leaving out bests without a score', () => {
    const bars = bestBars(
      [
        best('Largemouth Bass', 6.05, '6.05 lb (6 lb 1 oz)'),
        best('Whitetail Deer', 168.625, '168 5/8'),
        best('Northern Pike', 12.5, '12.5 lb (12 lb 8 oz)'),
        best('Elk', 350, '350'),
        best('Bobwhite', null, null),
      ],
      'imperial',
    )
    expect(bars.scores.map((b) => [b.species, b.label])).toEqual([
      ['Elk', '350'],
      ['Whitetail Deer', '168 5/8'],
    ])
    expect(bars.weights.map((b) => [b.species, b.value, b.label])).toEqual([
      ['Northern Pike', 12.5, '12.5 lb'],
      ['Largemouth Bass', 6.05, '6.05 lb'],
    ])
  })

  it('gives weights in kilograms to a metric member', () => {
    expect(bestBars([best('Largemouth Bass', 10, '10 lb (10 lb 0 oz)')], 'metric').weights[0]).toEqual({
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
