// Realistic measurements for the demo data (`npm run seed:demo`) and the benchmark data sets (`npm run bench:seed`):
// score sheets drawn around each species' record-book line, so the scores fall on both sides of it, scored by the
// real engine. Deterministic for a seed, so two runs make the same data.
import type { QuickValues } from '../../src/shared/schemas/measurements.ts'
import type { ScoreSheet } from '../../src/shared/scoring/build-sheet.ts'

export type Rng = () => number

/** mulberry32: a small, fast, seedable generator (quality is plenty for test data). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T
const between = (rng: Rng, low: number, high: number) => low + rng() * (high - low)
/** To the eighth (antlers, horns) or sixteenth (skulls, turkey, fish) the charts read. */
const to = (value: number, per: number) => Math.round(value * per) / per

export type GeneratedMeasurement = {
  speciesId: string
  sheet?: ScoreSheet
  quick?: QuickValues
  method: 'tape' | 'scale'
}

type Generator = (rng: Rng, size: number) => Omit<GeneratedMeasurement, 'speciesId'>

/** Both sides of an antlered rack from a template of the right side; the left differs a little. */
function rack(rng: Rng, size: number, spread: number, right: Record<string, number>, abnormalChance = 0.2) {
  const side = () => {
    const values: Record<string, number | number[]> = {}
    for (const [key, value] of Object.entries(right)) values[key] = to(value * size * between(rng, 0.94, 1.06), 8)
    if (rng() < abnormalChance) values.abnormal = [to(between(rng, 1, 4), 8)]
    return values
  }
  return { insideSpread: to(spread * size * between(rng, 0.9, 1.1), 8), right: side(), left: side() }
}

function fish(low: number, high: number, girthShare: number, formula: string): Generator {
  return (rng, size) => {
    const lengthIn = to(Math.min(high, Math.max(low, (low + (high - low) * 0.5) * size)), 8)
    const girthIn = to(lengthIn * girthShare * between(rng, 0.92, 1.08), 8)
    const weighed = rng() < 0.3
    const estimate = (lengthIn * girthIn * girthIn) / 800
    return {
      sheet: { system: 'fish', category: formula, measurements: { lengthIn, girthIn } },
      ...(weighed ? { quick: { weightLbs: to(estimate * between(rng, 0.92, 1.08), 100) } } : {}),
      method: weighed ? 'scale' : 'tape',
    }
  }
}

const GENERATORS: Record<string, Generator> = {
  'whitetail-deer': (rng, size) => ({
    sheet: {
      system: 'bc',
      category: 'whitetail-typical',
      measurements: rack(rng, size, 18.5, {
        F: 24.5,
        G1: 4.5,
        G2: 10.5,
        G3: 9.5,
        G4: 5,
        H1: 4.75,
        H2: 4.25,
        H3: 4.5,
        H4: 4,
      }),
    },
    method: 'tape',
  }),
  'mule-deer': (rng, size) => ({
    sheet: {
      system: 'bc',
      category: 'mule-deer-typical',
      measurements: rack(rng, size, 24, { F: 24, G1: 2, G2: 16, G3: 12, G4: 13, H1: 5.5, H2: 5, H3: 5.25, H4: 4.75 }),
    },
    method: 'tape',
  }),
  'rocky-mountain-elk': (rng, size) => ({
    sheet: {
      system: 'bc',
      category: 'elk-typical',
      measurements: rack(rng, size, 42, {
        F: 52,
        G1: 17,
        G2: 18,
        G3: 16,
        G4: 19,
        G5: 13,
        G6: 6,
        H1: 9,
        H2: 7,
        H3: 7,
        H4: 6.5,
      }),
    },
    method: 'tape',
  }),
  moose: (rng, size) => {
    const side = () => ({
      points: Math.max(4, Math.round(12 * size + between(rng, -2, 2))),
      palmWidth: to(14 * size * between(rng, 0.93, 1.07), 8),
      palmLength: to(40 * size * between(rng, 0.93, 1.07), 8),
      beamCirc: to(7.5 * size * between(rng, 0.95, 1.05), 8),
    })
    return {
      sheet: {
        system: 'bc',
        category: 'moose-canada',
        measurements: { greatestSpread: to(58 * size * between(rng, 0.95, 1.05), 8), right: side(), left: side() },
      },
      method: 'tape',
    }
  },
  pronghorn: (rng, size) => {
    const side = () => ({
      C: to(16 * size * between(rng, 0.96, 1.04), 8),
      D1: to(7 * size, 8),
      D2: to(6.75 * size, 8),
      D3: to(3.25 * size, 8),
      D4: to(2.75 * size, 8),
      E: to(5.5 * size * between(rng, 0.9, 1.1), 8),
    })
    return {
      sheet: { system: 'bc', category: 'pronghorn', measurements: { right: side(), left: side() } },
      method: 'tape',
    }
  },
  'bighorn-sheep': (rng, size) => {
    const side = () => ({
      C: to(39 * size * between(rng, 0.96, 1.04), 8),
      D1: to(15.5 * size, 8),
      D2: to(15 * size, 8),
      D3: to(13 * size, 8),
      D4: to(9 * size, 8),
    })
    return {
      sheet: { system: 'bc', category: 'bighorn-sheep', measurements: { right: side(), left: side() } },
      method: 'tape',
    }
  },
  'black-bear': (rng, size) => ({
    sheet: {
      system: 'bc',
      category: 'black-bear',
      measurements: {
        skullLength: to(12.2 * size * between(rng, 0.97, 1.03), 16),
        skullWidth: to(7.4 * size * between(rng, 0.97, 1.03), 16),
      },
    },
    method: 'tape',
  }),
  'wild-turkey': (rng, size) => ({
    sheet: {
      system: 'nwtf',
      category: 'wild-turkey',
      measurements: {
        weightLbs: to(21 * size * between(rng, 0.93, 1.07), 16),
        beardsIn: [to(10 * size * between(rng, 0.9, 1.1), 16)],
        spurLeftIn: to(1.1 * size, 16),
        spurRightIn: to(1.1 * size * between(rng, 0.95, 1.05), 16),
      },
    },
    method: 'scale',
  }),
  'largemouth-bass': fish(14, 26, 0.77, 'length-girth-800'),
  'smallmouth-bass': fish(12, 23, 0.72, 'length-girth-800'),
  walleye: fish(16, 32, 0.55, 'length-girth-800'),
  muskellunge: fish(34, 56, 0.45, 'length-girth-800'),
  'rainbow-trout': fish(12, 30, 0.55, 'length-girth-800'),
  'red-drum': fish(20, 45, 0.55, 'length-girth-800'),
  tarpon: fish(45, 85, 0.5, 'length-girth-800'),
  'ring-necked-pheasant': (rng, size) => ({
    quick: { lengthIn: to(33 * size * between(rng, 0.95, 1.05), 8), weightLbs: to(2.8 * size, 100) },
    method: 'scale',
  }),
  mallard: (rng, size) => ({
    quick: { lengthIn: to(23 * size * between(rng, 0.95, 1.05), 8), weightLbs: to(2.6 * size, 100) },
    method: 'scale',
  }),
}

export const GENERATED_SPECIES = Object.keys(GENERATORS)

/**
 * One measurement of a species. `size` around 1 gives a rack or fish near the record-book line (0.8 = ordinary,
 * 1.1 = a book animal); by default it is drawn so that most are ordinary and a few make the book.
 */
export function generateMeasurement(rng: Rng, speciesId?: string, size?: number): GeneratedMeasurement {
  const species = speciesId ?? pick(rng, GENERATED_SPECIES)
  const generator = GENERATORS[species]
  if (!generator) throw new Error(`no generator for ${species}`)
  const drawn = size ?? 0.78 + rng() ** 2.2 * 0.4
  return { speciesId: species, ...generator(rng, drawn) }
}
