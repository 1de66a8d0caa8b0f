import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scoreSheet } from '#shared/scoring/index.ts'
import {
  entryScoreText,
  inchesText,
  lengthText,
  notationOf,
  poundsOuncesText,
  readLengthText,
  scoreText,
  uncertaintyText,
  weightText,
} from './display.ts'

describe('lengthText', () => {
  it.each([
    { kind: 'antler beam', inches: 24.25, units: 'imperial', notation: 'eighths', text: '24 2/8 in' },
    { kind: 'horn, unreduced', inches: 15.5, units: 'imperial', notation: 'eighths', text: '15 4/8 in' },
    { kind: 'whole inches', inches: 22, units: 'imperial', notation: 'eighths', text: '22 in' },
    { kind: 'under an inch', inches: 0.375, units: 'imperial', notation: 'eighths', text: '3/8 in' },
    { kind: 'a sixteenth rounds half up', inches: 12.5625, units: 'imperial', notation: 'eighths', text: '12 5/8 in' },
    { kind: 'the form case', inches: 12.625, units: 'imperial', notation: 'eighths', text: '12 5/8 in' },
    { kind: 'skull length', inches: 9.8125, units: 'imperial', notation: 'sixteenths', text: '9 13/16 in' },
    { kind: 'skull, unreduced', inches: 12.75, units: 'imperial', notation: 'sixteenths', text: '12 12/16 in' },
    { kind: 'fish, metric', inches: 24.25, units: 'metric', notation: 'eighths', text: '61.6 cm' },
    { kind: 'metric whole', inches: 10 / 2.54, units: 'metric', notation: 'eighths', text: '10.0 cm' },
    { kind: 'float noise', inches: 24.249999999, units: 'imperial', notation: 'eighths', text: '24 2/8 in' },
  ] as const)('$kind: $inches in → $text', ({ inches, units, notation, text }) => {
    expect(lengthText(inches, units, notation)).toBe(text)
  })

  it('reads back to the value it wrote, to the nearest unit', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 999, noNaN: true }),
        fc.constantFrom('eighths' as const, 'sixteenths' as const),
        (inches, notation) => {
          const per = notation === 'eighths' ? 8 : 16
          const read = readLengthText(lengthText(inches, 'imperial', notation), notation)
          expect(read).toBe(Math.round(inches * per) / per)
          expect(Math.abs((read ?? Number.NaN) - inches)).toBeLessThanOrEqual(1 / (2 * per))
        },
      ),
    )
  })

  it('writes every fraction with the denominator of its notation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8000 }), (eighths) => {
        expect(inchesText(eighths / 8)).toMatch(/^(\d+|\d+ [1-7]\/8|[1-7]\/8)$/)
      }),
    )
  })
})

describe('weightText', () => {
  it.each([
    { pounds: 1.278, units: 'imperial', text: '1.28 lb' },
    { pounds: 9.92, units: 'imperial', text: '9.92 lb' },
    { pounds: 10, units: 'imperial', text: '10.00 lb' },
    { pounds: 106.495, units: 'imperial', text: '106.50 lb' },
    { pounds: 4.5 / 0.45359237, units: 'metric', text: '4.50 kg' },
    { pounds: 1.278, units: 'metric', text: '0.58 kg' },
  ] as const)('$pounds lb ($units) → $text', ({ pounds, units, text }) => {
    expect(weightText(pounds, units)).toBe(text)
  })

  it('always has exactly two decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 2000, noNaN: true }), fc.constantFrom('imperial', 'metric'), (lb, units) => {
        expect(weightText(lb, units)).toMatch(/^[\d,]+\.\d{2} (lb|kg)$/)
      }),
    )
  })
})

describe('scoreText', () => {
  it.each([
    { kind: 'antlers B&C', score: 168.625, system: 'bc', category: 'whitetail-typical', text: '168 5/8 B&C' },
    { kind: 'antlers whole', score: 194, system: 'bc', category: 'whitetail-typical', text: '194 0/8 B&C' },
    { kind: 'antlers P&Y', score: 125.25, system: 'py', category: 'whitetail-typical', text: '125 2/8 P&Y' },
    { kind: 'horns SCI', score: 170.375, system: 'sci', category: 'bighorn-sheep', text: '170 3/8 SCI' },
    { kind: 'skull', score: 21.8125, system: 'bc', category: 'black-bear', text: '21 13/16 B&C' },
    { kind: 'turkey', score: 70.625, system: 'nwtf', category: 'wild-turkey', text: '70.6250 NWTF' },
    { kind: 'turkey, sixteenths', score: 92.0625, system: 'nwtf', category: 'wild-turkey', text: '92.0625 NWTF' },
    { kind: 'fish', score: 1.278, system: 'fish', category: 'length-girth-800', text: '1.28 lb' },
  ] as const)('$kind: $score → $text', ({ score, system, category, text }) => {
    expect(scoreText({ score, system, category })).toBe(text)
  })

  it('gives a fish score in the member’s weight unit', () => {
    expect(scoreText({ score: 9.92, system: 'fish', category: 'length-girth-800' }, 'metric')).toBe('4.50 kg')
  })

  it('keeps a record-book score in the book’s notation for a metric member', () => {
    expect(scoreText({ score: 168.625, system: 'bc', category: 'whitetail-typical' }, 'metric')).toBe('168 5/8 B&C')
  })

  it('writes the number of a frame score exactly as the engine’s scoreText', () => {
    const result = scoreSheet({
      system: 'bc',
      category: 'black-bear',
      measurements: { skullLength: '13 4/16', skullWidth: '8 9/16' },
    })
    expect(scoreText(result)).toBe(`${result.scoreText} B&C`)
  })

  it('is null for a measurement without a score or a sheet', () => {
    expect(entryScoreText({ score: null, sheet: { system: 'bc', category: 'whitetail-typical' } })).toBeNull()
    expect(entryScoreText({ score: 12, sheet: null })).toBeNull()
    expect(entryScoreText({ score: 12, sheet: { system: 'bc', category: 'whitetail-typical' } })).toBe('12 0/8 B&C')
  })
})

describe('the rest', () => {
  it.each([
    { category: 'whitetail-typical', notation: 'eighths' },
    { category: 'black-bear', notation: 'sixteenths' },
    { category: 'wild-turkey', notation: 'sixteenths' },
    { category: 'length-girth-800', notation: 'eighths' },
    { category: null, notation: 'eighths' },
  ] as const)('$category is written in $notation', ({ category, notation }) => {
    expect(notationOf(category)).toBe(notation)
  })

  it.each([
    { inches: 0.3, units: 'imperial', text: '± 2/8 in' },
    { inches: 0.01, units: 'imperial', text: '± 1/8 in' },
    { inches: 1.25, units: 'imperial', text: '± 1 2/8 in' },
    { inches: 0.35, units: 'metric', text: '± 0.9 cm' },
  ] as const)('uncertainty $inches in → $text', ({ inches, units, text }) => {
    expect(uncertaintyText(inches, units)).toBe(text)
  })

  it('writes pounds and ounces as a scale reads them', () => {
    expect(poundsOuncesText(9.92)).toBe('9 lb 15 oz')
    expect(poundsOuncesText(20.4375)).toBe('20 lb 7 oz')
  })
})
