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

describe('measurementRows (spec §2 card rows)', () => {
  it('lists every present value in the spec order', () => {
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
        scoreText: '168 5/8',
        sheet: { system: 'bc' },
      },
      'imperial',
    )
    expect(rows).toEqual([
      { label: 'Length', value: '30 in' },
      { label: 'Width', value: '12 4/8 in' },
      { label: 'Weight', value: '210 lb' },
      { label: 'Spread', value: '18 4/8 in' },
      { label: 'Points', value: '10' },
      { label: 'Score', value: '168 5/8' },
      { label: 'Mass', value: '38 1/8 in' },
    ])
  })

  it('leaves out values that are missing', () => {
    expect(measurementRows({ summary: EMPTY, scoreText: null, sheet: null }, 'imperial')).toEqual([])
    expect(
      measurementRows({ summary: { ...EMPTY, points: 0 }, scoreText: null, sheet: null }, 'imperial').map(
        (r) => r.label,
      ),
    ).toEqual(['Points'])
  })

  it("marks an estimated weight and does not repeat a fish's score", () => {
    const rows = measurementRows(
      {
        summary: { ...EMPTY, lengthIn: 22, weightLbs: 6.05, weightEstimated: true },
        scoreText: '6.05 lb (6 lb 1 oz)',
        sheet: { system: 'fish' },
      },
      'metric',
    )
    expect(rows).toEqual([
      { label: 'Length', value: '55.9 cm' },
      { label: 'Weight', value: '2.74 kg (est.)' },
    ])
  })
})
