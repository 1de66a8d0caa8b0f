import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { MeasurementSummary, QuickValues } from '#shared/schemas/measurements.ts'
import { type ScoreSheet, scoreSheet } from '#shared/scoring/index.ts'
import { CARIBOU_SHEET, WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { summarize } from './summary.ts'

const example = (category: string, system = 'bc'): ScoreSheet => {
  const found = WORKED_EXAMPLES.find((e) => e.sheet.category === category && e.sheet.system === system)
  if (!found) throw new Error(`no worked example for ${category}`)
  return found.sheet
}

const NONE: MeasurementSummary = {
  lengthIn: null,
  widthIn: null,
  weightLbs: null,
  weightEstimated: false,
  spreadIn: null,
  points: null,
  massIn: null,
}

type Case = {
  name: string
  sheet: ScoreSheet | null
  quick?: QuickValues
  trophyWeightLbs?: number
  expected: Partial<MeasurementSummary>
}

const CASES: Case[] = [
  {
    // Right: G1…G4 + beam + abnormal 3 2/8 and 1 4/8 = 7; left: G1…G4 + beam + abnormal 2 = 6.
    // Mass: right 4 6/8 + 4 2/8 + 4 4/8 + 4 = 17 4/8; left 4 5/8 + 4 3/8 + 4 2/8 + 4 1/8 = 17 3/8.
    name: 'whitetail typical (docs/scoring-rules.md §1.2)',
    sheet: example('whitetail-typical'),
    expected: { lengthIn: 24.5, spreadIn: 18.5, points: 13, massIn: 34.875 },
  },
  {
    // Right G1 1 4/8, G2, G3, G4 + beam + abnormal 2 2/8 = 6; left (no G1) G2, G3, G4 + beam = 4.
    name: 'mule deer typical, brow missing on the left',
    sheet: example('mule-deer-typical'),
    expected: { lengthIn: 21.875, spreadIn: 27, points: 10, massIn: 40.5 },
  },
  {
    name: 'a tine shorter than 1 inch is not a point; an abnormal point shorter than 1 inch neither',
    sheet: {
      system: 'bc',
      category: 'whitetail-typical',
      measurements: {
        insideSpread: 15,
        right: { F: 20, G1: 0.75, G2: 6, abnormal: [0.5, 1] },
        left: { F: 19, G1: 1, G2: 5 },
      },
    },
    // Right: G2 + beam + abnormal 1 = 3; left: G1, G2 + beam = 3.
    expected: { lengthIn: 20, spreadIn: 15, points: 6, massIn: null },
  },
  {
    name: 'tule elk with crown points',
    sheet: example('tule-elk'),
    // Right: G1…G5 + beam = 6; left: 6 + one crown point = 7.
    expected: { lengthIn: 42, spreadIn: 35, points: 13, massIn: 2 * (7 + 6.5 + 6 + 5.5) },
  },
  {
    name: 'antlers with only the spread',
    sheet: { system: 'bc', category: 'whitetail-typical', measurements: { insideSpread: 17 } },
    expected: { spreadIn: 17 },
  },
  {
    name: 'Canada moose: points are the C counts, spread the greatest spread, width the wider palm',
    sheet: example('moose-canada'),
    expected: { lengthIn: 41, widthIn: 13, spreadIn: 55, points: 23, massIn: 15 },
  },
  {
    name: 'caribou with point counts: points + brow points of both sides',
    sheet: { system: 'bc', category: 'caribou-barren-ground', measurements: CARIBOU_SHEET },
    expected: { lengthIn: 50, spreadIn: 40, points: 35, massIn: 24 + 23.5 },
  },
  {
    name: 'caribou without counts: point rows at least 1/2 inch and the beams',
    sheet: {
      system: 'bc',
      category: 'caribou-mountain',
      measurements: { right: { E: 40, F1: 0.25, F2: 10 }, left: { E: 38, F1: 0.5 } },
    },
    expected: { lengthIn: 40, points: 4 },
  },
  {
    name: 'pronghorn: inside spread, the longer horn, circumferences D-1…D-4; no points',
    sheet: example('pronghorn'),
    expected: { lengthIn: 16, spreadIn: 10, massIn: 19.75 + 19.5 },
  },
  {
    name: 'bighorn sheep without an inside spread',
    sheet: example('bighorn-sheep'),
    expected: { lengthIn: 40, massIn: 53.5 + 52.75 },
  },
  {
    name: 'black bear skull: length and width',
    sheet: example('black-bear'),
    expected: { lengthIn: 14.4375, widthIn: 9.1875 },
  },
  {
    name: 'turkey: the longest beard and the weight (weighed, not estimated)',
    sheet: example('wild-turkey', 'nwtf'),
    expected: { lengthIn: 10.5, weightLbs: 20.4375, weightEstimated: false },
  },
  {
    name: 'fish: length and the estimated weight',
    sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 31, girthIn: 16 } },
    expected: { lengthIn: 31, weightLbs: 9.92, weightEstimated: true },
  },
  {
    name: 'fish weighed on a scale: the scale weight wins',
    sheet: { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 31, girthIn: 16 } },
    quick: { weightLbs: 11.5 },
    expected: { lengthIn: 31, weightLbs: 11.5, weightEstimated: false },
  },
  {
    name: 'quick values only (a pheasant)',
    sheet: null,
    quick: { lengthIn: 34, widthIn: 3, weightLbs: 2.75 },
    expected: { lengthIn: 34, widthIn: 3, weightLbs: 2.75, weightEstimated: false },
  },
  { name: 'nothing at all', sheet: null, expected: {} },
]

describe('summarize', () => {
  it.each(CASES)('$name', ({ sheet, quick, expected }) => {
    const result = sheet ? scoreSheet(sheet) : null
    expect(summarize(result, quick ?? null)).toEqual({ ...NONE, ...expected })
  })
})

const eighths = (max: number) => fc.integer({ min: 1, max: max * 8 }).map((n) => n / 8)
const side = fc.record(
  {
    F: eighths(35),
    G1: eighths(12),
    G2: eighths(16),
    G3: eighths(16),
    G4: eighths(12),
    G5: eighths(10),
    H1: eighths(8),
    H2: eighths(8),
    H3: eighths(8),
    H4: eighths(8),
    abnormal: fc.array(eighths(15), { maxLength: 6 }),
  },
  { requiredKeys: [] },
)

describe('summarize, any antler sheet', () => {
  it('counts points between 0 and the number of values given, and mass is the sum of the H rows', () => {
    fc.assert(
      fc.property(side, side, (right, left) => {
        const sheet = { system: 'bc' as const, category: 'whitetail-non-typical', measurements: { right, left } }
        const summary = summarize(scoreSheet(sheet), null)
        const values = [right, left].flatMap((s) => [
          ...Object.entries(s).filter(([key]) => /^[FG]/.test(key)),
          ...(s.abnormal ?? []).map((v) => ['abnormal', v] as const),
        ])
        if (values.length === 0) {
          expect(summary.points).toBeNull()
        } else {
          expect(summary.points).toBeGreaterThanOrEqual(0)
          expect(summary.points).toBeLessThanOrEqual(values.length)
        }
        const h = [right, left].flatMap((s) => [s.H1, s.H2, s.H3, s.H4]).filter((v) => v !== undefined)
        expect(summary.massIn).toBe(h.length === 0 ? null : h.reduce((a, b) => a + b, 0))
        const beams = [right.F, left.F].filter((v) => v !== undefined)
        expect(summary.lengthIn).toBe(beams.length === 0 ? null : Math.max(...beams))
      }),
    )
  })

  it('a scale weight always wins and is never marked estimated', () => {
    fc.assert(
      fc.property(eighths(60), eighths(40), fc.double({ min: 0.01, max: 2000, noNaN: true }), (length, girth, w) => {
        const result = scoreSheet({
          system: 'fish',
          category: 'length-girth-800',
          measurements: { lengthIn: length, girthIn: girth },
        })
        const summary = summarize(result, { weightLbs: w })
        expect(summary.weightLbs).toBe(w)
        expect(summary.weightEstimated).toBe(false)
        expect(summarize(result, null).weightEstimated).toBe(true)
      }),
    )
  })
})
