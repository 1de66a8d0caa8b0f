import { describe, expect, it } from 'vitest'
import { CATEGORY_MINIMUMS, type ChartCategory } from '#shared/scoring/categories.ts'
import { getSpecies, minimumsFor, SPECIES } from './catalogue.ts'
import { CATEGORY_LABELS } from './category-labels.ts'
import { SPECIES_CATEGORIES, SPECIES_DIFFICULTIES, SPECIES_ICONS, SPECIES_REGIONS } from './types.ts'

const FISH = new Set(['Freshwater Fish', 'Saltwater Fish'])
const chartCategories = Object.keys(CATEGORY_MINIMUMS)

describe('species catalogue', () => {
  it('holds exactly the 35 species of the guide', () => {
    expect(SPECIES).toHaveLength(35)
  })

  it('has unique kebab-case ids and unique names', () => {
    const ids = SPECIES.map((s) => s.id)
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
    const names = SPECIES.map((s) => s.name.toLowerCase())
    expect(new Set(names).size).toBe(names.length)
  })

  it('uses only the fixed category, region, difficulty and icon lists, and every one of the six categories', () => {
    for (const s of SPECIES) {
      expect(SPECIES_CATEGORIES).toContain(s.category)
      expect(SPECIES_REGIONS).toContain(s.region)
      expect(SPECIES_DIFFICULTIES).toContain(s.difficulty)
      expect(SPECIES_ICONS).toContain(s.icon)
    }
    expect(new Set(SPECIES.map((s) => s.category))).toEqual(new Set(SPECIES_CATEGORIES))
  })

  it.each(SPECIES.map((s) => [s.id, s] as const))('%s has every field a card and page show filled in', (_, s) => {
    for (const text of [s.name, s.scoring, s.description, s.habitat, s.season]) expect(text.trim()).not.toBe('')
    expect(s.measurements.length).toBeGreaterThan(0)
    expect(s.sources.length).toBeGreaterThan(0)
    // one or two sentences
    expect(s.description.split(/[.!?](?:\s|$)/).filter((p) => p.trim() !== '').length).toBeLessThanOrEqual(2)
  })

  it('links only to scoring categories that categories.ts defines, each once', () => {
    for (const s of SPECIES) {
      for (const c of s.scoringCategories) expect(chartCategories).toContain(c)
      expect(new Set(s.scoringCategories).size).toBe(s.scoringCategories.length)
    }
  })

  it('gives every fish at least one formula with a valid, unique id and no chart category', () => {
    for (const s of SPECIES) {
      if (!FISH.has(s.category)) {
        expect(s.fishFormulas, s.id).toBeUndefined()
        expect(s.trophyWeightLbs, s.id).toBeUndefined()
        continue
      }
      expect(s.scoringCategories, s.id).toEqual([])
      expect(s.fishFormulas?.length, s.id).toBeGreaterThan(0)
      const ids = s.fishFormulas?.map((f) => f.id) ?? []
      expect(new Set(ids).size).toBe(ids.length)
      for (const f of s.fishFormulas ?? []) {
        expect(f.id).toMatch(/^length-(girth|cubed)-\d+(\.\d+)?$/)
        expect(f.label).not.toBe('')
        expect(f.note).not.toBe('')
      }
    }
  })

  it("uses each species' own weight divisors", () => {
    const formulas = (id: string) => getSpecies(id)?.fishFormulas?.map((f) => f.id)
    expect(formulas('largemouth-bass')).toEqual(['length-girth-800', 'length-girth-880', 'length-cubed-1600'])
    expect(formulas('muskellunge')).toEqual(expect.arrayContaining(['length-girth-800', 'length-cubed-3500']))
    expect(formulas('northern-pike')).toContain('length-cubed-3500')
    expect(formulas('walleye')).toContain('length-cubed-2700')
    expect(formulas('channel-catfish')).toEqual(expect.arrayContaining(['length-cubed-3300', 'length-cubed-2000']))
    expect(formulas('bluegill')?.[0]).toBe('length-cubed-1200')
    expect(formulas('rainbow-trout')).toEqual(['length-girth-800', 'length-girth-750'])
    expect(getSpecies('tarpon')?.fishFormulas?.[0]?.note).toMatch(/low by more than 15 %/)
  })

  it('keeps the trophy weights and says whose they are', () => {
    const trophy = (id: string) => [getSpecies(id)?.trophyWeightLbs, getSpecies(id)?.minScore.weight]
    expect(trophy('largemouth-bass')).toEqual([10, 10])
    expect(trophy('muskellunge')).toEqual([30, 30])
    expect(trophy('tarpon')).toEqual([80, 80])
    expect(getSpecies('largemouth-bass')?.trophyWeightNote).toMatch(/TrophyCatch/)
    expect(getSpecies('muskellunge')?.trophyWeightNote).toMatch(/^Set by Fieldmark/)
    expect(getSpecies('tarpon')?.trophyWeightNote).toMatch(/^Set by Fieldmark/)
    for (const s of SPECIES) if (s.trophyWeightLbs !== undefined) expect(s.trophyWeightNote, s.id).toBeTruthy()
  })

  it('takes every minScore value from categories.ts for the first scoring category', () => {
    for (const s of SPECIES) {
      const first = s.scoringCategories[0] as ChartCategory | undefined
      const book = first ? CATEGORY_MINIMUMS[first] : {}
      expect(s.minScore.bc, s.id).toBe(book.bcAllTime?.value)
      expect(s.minScore.py, s.id).toBe(book.py?.value)
      expect(s.minScore.nwtf, s.id).toBe(first === 'wild-turkey' ? book.other?.value : undefined)
      expect(s.minScore.weight, s.id).toBe(s.trophyWeightLbs)
      for (const m of [book.bcAllTime, book.py]) if (m) expect(s.sources, s.id).toContain(m.source)
    }
  })

  it.each([
    ['whitetail-deer', { bc: 170, py: 125 }],
    ['mule-deer', { bc: 190, py: 145 }],
    ['rocky-mountain-elk', { bc: 375, py: 260 }],
    ['moose', { bc: 195, py: 135 }],
    ['bighorn-sheep', { bc: 180, py: 140 }],
    ['pronghorn', { bc: 82, py: 67 }],
    ['black-bear', { bc: 21, py: 18 }],
    ['wild-turkey', { nwtf: 65 }],
    ['mallard', {}],
  ])("%s has the programs' own minimums %o, not the product list where it differs", (id, expected) => {
    expect(getSpecies(id)?.minScore).toEqual(expected)
  })

  it('names every scoring category', () => {
    for (const c of chartCategories) expect(CATEGORY_LABELS[c as ChartCategory]).toBeTruthy()
  })
})

describe('getSpecies', () => {
  it('finds a species by id and returns undefined for an unknown one', () => {
    expect(getSpecies('whitetail-deer')?.name).toBe('Whitetail Deer')
    expect(getSpecies('jackalope')).toBeUndefined()
  })
})

describe('minimumsFor', () => {
  it('lists each category of the species with every book minimum and its source', () => {
    const rows = minimumsFor(getSpecies('whitetail-deer') ?? { scoringCategories: [] })
    expect(rows.map((r) => r.category)).toEqual([
      'whitetail-typical',
      'whitetail-non-typical',
      'coues-typical',
      'coues-non-typical',
    ])
    expect(rows[0]).toMatchObject({
      label: 'Whitetail deer, typical',
      minimums: [
        { book: 'bcAwards', label: 'B&C Awards', value: 160, verified: true },
        { book: 'bcAllTime', label: 'B&C All-time', value: 170, verified: true },
        { book: 'py', label: 'P&Y', value: 125, verified: true },
      ],
    })
    for (const row of rows) for (const m of row.minimums) expect(m.source).not.toBe('')
  })

  it('lists the SCI minimum where categories.ts has one: mule deer typical, 155', () => {
    const [typical, nonTypical] = minimumsFor(getSpecies('mule-deer') ?? { scoringCategories: [] })
    expect(typical?.category).toBe('mule-deer-typical')
    expect(typical?.minimums.map((m) => [m.label, m.value])).toEqual([
      ['B&C Awards', 180],
      ['B&C All-time', 190],
      ['P&Y', 145],
      ['SCI', 155],
    ])
    expect(typical?.minimums.at(-1)).toMatchObject({
      book: 'sci',
      verified: true,
      source: expect.stringMatching(/^Safari Club International — /),
    })
    expect(nonTypical?.minimums.some((m) => m.book === 'sci')).toBe(false)
  })

  it('keeps the unverified flag and labels the turkey threshold as Kansas’s', () => {
    const caribou = minimumsFor(getSpecies('caribou') ?? { scoringCategories: [] })
    expect(caribou.flatMap((r) => r.minimums).every((m) => !m.verified)).toBe(true)
    const [turkey] = minimumsFor(getSpecies('wild-turkey') ?? { scoringCategories: [] })
    expect(turkey?.minimums).toEqual([
      expect.objectContaining({ book: 'other', value: 65, label: expect.stringMatching(/Kansas/) }),
    ])
  })

  it('is empty for a species without an official chart', () => {
    expect(minimumsFor(getSpecies('largemouth-bass') ?? { scoringCategories: [] })).toEqual([])
  })
})
