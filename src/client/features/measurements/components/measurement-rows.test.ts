import { describe, expect, it } from 'vitest'
import type { MeasurementSummary } from '#shared/schemas/measurements.ts'
import { measurementRows } from './measurement-rows.ts'

const EMPTY: MeasurementSummary = {
  lengthIn: null,
  widthIn: null,
  weightLbs: null,
  weightEstimated: false,
  spreadIn: null,
  points: null,
  massIn: null,
}

describe('measurementRows (docs/product.md §2 card rows)', () => {
  it('lists every present value in the documented order', () => {
    const rows = measurementRows(
      {
        summary: {
          lengthIn: 30,
          widthIn: 12.5,
          weightLbs: 210,
          weightEstimated: false,
          spreadIn: 18.5,
          points: 10,
          massIn: 38.125,
        },
        score: 168.625,
        sheet: { system: 'bc', category: 'whitetail-typical' },
      },
      'imperial',
    )
    expect(rows).toEqual([
      { label: 'Length', value: '30 in' },
      { label: 'Width', value: '12 4/8 in' },
      { label: 'Weight', value: '210.00 lb' },
      { label: 'Spread', value: '18 4/8 in' },
      { label: 'Points', value: '10' },
      { label: 'Score', value: '168 5/8 B&C' },
      { label: 'Mass', value: '38 1/8 in' },
    ])
  })

  it('leaves out values that are missing', () => {
    expect(measurementRows({ summary: EMPTY, score: null, sheet: null }, 'imperial')).toEqual([])
    expect(
      measurementRows({ summary: { ...EMPTY, points: 0 }, score: null, sheet: null }, 'imperial').map((r) => r.label),
    ).toEqual(['Points'])
  })

  it("marks an estimated weight and does not repeat a fish's score", () => {
    const rows = measurementRows(
      {
        summary: { ...EMPTY, lengthIn: 22, weightLbs: 6.05, weightEstimated: true },
        score: 6.05,
        sheet: { system: 'fish', category: 'length-girth-800' },
      },
      'metric',
    )
    expect(rows).toEqual([
      { label: 'Length', value: '55.9 cm' },
      { label: 'Weight', value: '2.74 kg (est.)' },
    ])
  })

  it('writes a skull in sixteenths and its score with the book', () => {
    const rows = measurementRows(
      {
        summary: { ...EMPTY, lengthIn: 13.25, widthIn: 8.5625 },
        score: 21.8125,
        sheet: { system: 'py', category: 'black-bear' },
      },
      'imperial',
    )
    expect(rows).toEqual([
      { label: 'Length', value: '13 4/16 in' },
      { label: 'Width', value: '8 9/16 in' },
      { label: 'Score', value: '21 13/16 P&Y' },
    ])
  })

  it("gives a turkey's score as NWTF writes it, with the book, and its weight to two decimals", () => {
    const rows = measurementRows(
      {
        summary: { ...EMPTY, lengthIn: 10.5, weightLbs: 20.4375 },
        score: 70.625,
        sheet: { system: 'nwtf', category: 'wild-turkey' },
      },
      'imperial',
    )
    expect(rows).toEqual([
      { label: 'Length', value: '10 8/16 in' },
      { label: 'Weight', value: '20.44 lb' },
      { label: 'Score', value: '70.6250 NWTF' },
    ])
  })
})
