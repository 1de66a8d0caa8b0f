import { describe, expect, it } from 'vitest'
import { scoreSheet } from '../../src/shared/scoring/index.ts'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { createRng, GENERATED_SPECIES, generateMeasurement } from './generate.ts'

describe('generated demo and benchmark measurements', () => {
  it('are valid sheets for their species, scored by the engine', () => {
    const rng = createRng(7)
    for (let i = 0; i < 600; i++) {
      const m = generateMeasurement(rng)
      const species = getSpecies(m.speciesId)
      expect(species, m.speciesId).toBeDefined()
      if (!m.sheet) {
        expect(m.quick?.weightLbs).toBeGreaterThan(0)
        continue
      }
      const categories = [...(species?.scoringCategories ?? []), ...(species?.fishFormulas?.map((f) => f.id) ?? [])]
      expect(categories).toContain(m.sheet.category)
      const result = scoreSheet(m.sheet, { trophyWeightLbs: species?.trophyWeightLbs })
      expect(result.score).toBeGreaterThan(0)
    }
  })

  it('fall on both sides of the record-book lines', () => {
    const rng = createRng(11)
    const classes = new Map<string, number>()
    for (const speciesId of ['whitetail-deer', 'mule-deer', 'rocky-mountain-elk', 'black-bear', 'wild-turkey']) {
      for (let i = 0; i < 60; i++) {
        const m = generateMeasurement(rng, speciesId, 0.85 + (i / 60) * 0.35)
        const trophyClass = m.sheet ? scoreSheet(m.sheet).trophyClass : 'standard'
        classes.set(trophyClass, (classes.get(trophyClass) ?? 0) + 1)
      }
    }
    expect(classes.get('standard')).toBeGreaterThan(0)
    expect(classes.get('trophy')).toBeGreaterThan(0)
    expect(classes.get('record')).toBeGreaterThan(0)
  })

  it('are the same for the same seed', () => {
    const a = Array.from(
      { length: 20 },
      (
        (rng) => () =>
          generateMeasurement(rng)
      )(createRng(3)),
    )
    const b = Array.from(
      { length: 20 },
      (
        (rng) => () =>
          generateMeasurement(rng)
      )(createRng(3)),
    )
    expect(a).toEqual(b)
    expect(new Set(a.map((m) => m.speciesId)).size).toBeGreaterThan(5)
    expect(GENERATED_SPECIES.length).toBeGreaterThanOrEqual(15)
  })
})
