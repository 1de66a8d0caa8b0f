import { describe, expect, it } from 'vitest'
import { type ScoreSheet, ScoringError, scoreSheet, tryScoreSheet } from './index.ts'

const whitetail = (measurements: ScoreSheet['measurements']) => ({
  system: 'bc',
  category: 'whitetail-typical',
  measurements,
})

function errorOf(input: unknown, options?: Parameters<typeof scoreSheet>[1]): ScoringError {
  try {
    scoreSheet(input, options)
  } catch (error) {
    if (error instanceof ScoringError) return error
    throw error
  }
  throw new Error('expected a ScoringError')
}

describe('scoreSheet rejects an invalid sheet with a message naming the field', () => {
  it.each([
    [
      'a tine that is not a number',
      whitetail({ right: { G2: 'abc' } }),
      'measurements.right.G2: "abc" is not a measurement',
    ],
    [
      'a negative spread',
      whitetail({ insideSpread: -1 }),
      'measurements.insideSpread: -1 is negative; measurements are 0 or more',
    ],
    [
      'an abnormal point in a list',
      whitetail({ left: { abnormal: ['2', 'x'] } }),
      'measurements.left.abnormal[1]: "x" is not a measurement',
    ],
    [
      'a list that is not a list',
      whitetail({ left: { abnormal: '2 4/8' } }),
      'measurements.left.abnormal: must be a list of lengths, e.g. ["3 2/8", "1 4/8"]',
    ],
    [
      'a key the chart does not have',
      whitetail({ right: { G8: 2 } }),
      'measurements.right.G8: not on the whitetail-typical chart (use points, F, G1, G2, G3, G4, G5, G6, G7, H1, H2, H3, H4, abnormal)',
    ],
    [
      'a mule deer point beyond G-4, which the chart treats as abnormal',
      { system: 'bc', category: 'mule-deer-typical', measurements: { left: { G5: 3 } } },
      'measurements.left.G5: not on the mule-deer-typical chart (use points, F, G1, G2, G3, G4, H1, H2, H3, H4, abnormal)',
    ],
    [
      'crown points on an elk that has none',
      { system: 'bc', category: 'elk-typical', measurements: { right: { crown: [3] } } },
      'measurements.right.crown: not on the elk-typical chart (use points, F, G1, G2, G3, G4, G5, G6, G7, H1, H2, H3, H4, abnormal)',
    ],
    [
      'a misspelt top-level key',
      whitetail({ insideSpead: 18 }),
      'measurements.insideSpead: not on the whitetail-typical chart (use tipToTipSpread, greatestSpread, insideSpread, right, left)',
    ],
    [
      'a side that is not an object',
      whitetail({ right: 5 }),
      'measurements.right: must be an object of this side’s measurements',
    ],
    [
      'a fractional point count',
      { system: 'bc', category: 'moose-canada', measurements: { right: { points: 4.5 } } },
      'measurements.right.points: 4.5 is not a whole number of points',
    ],
    [
      'an unknown system',
      { system: 'boone', category: 'whitetail-typical', measurements: {} },
      'system: "boone" is not a scoring system (use bc, py, sci, nwtf, fish)',
    ],
    [
      'no system',
      { category: 'whitetail-typical', measurements: {} },
      'system: required: one of bc, py, sci, nwtf, fish',
    ],
    [
      'an unknown category',
      { system: 'bc', category: 'unicorn', measurements: {} },
      'category: "unicorn" is not a category (e.g. whitetail-typical, moose-canada, wild-turkey, length-girth-800)',
    ],
    ['no category', { system: 'bc', measurements: {} }, 'category: required, e.g. "whitetail-typical"'],
    [
      'nwtf with a whitetail',
      { system: 'nwtf', category: 'whitetail-typical', measurements: {} },
      'system: nwtf does not score whitetail-typical; use bc, py or sci (nwtf scores only wild-turkey)',
    ],
    [
      'bc with a turkey',
      { system: 'bc', category: 'wild-turkey', measurements: { weightLbs: 20 } },
      'system: bc does not score wild-turkey; use nwtf',
    ],
    [
      'fish with a chart category',
      { system: 'fish', category: 'black-bear', measurements: {} },
      'system: fish does not score black-bear; use bc, py or sci (fish takes a formula category such as length-girth-800 or length-cubed-1600)',
    ],
    [
      'sci with a fish formula',
      { system: 'sci', category: 'length-girth-800', measurements: { lengthIn: 20, girthIn: 10 } },
      'system: sci does not score length-girth-800; use fish',
    ],
    [
      'a zero divisor',
      { system: 'fish', category: 'length-girth-0', measurements: {} },
      'category: "length-girth-0": the divisor must be more than 0',
    ],
    [
      'no measurements',
      { system: 'bc', category: 'whitetail-typical' },
      'measurements: must be an object of measurements',
    ],
    [
      'a fish without its girth',
      { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 20 } },
      'measurements.girthIn: required: the girth',
    ],
    [
      'a fish without its length',
      { system: 'fish', category: 'length-cubed-1600', measurements: {} },
      'measurements.lengthIn: required: the length',
    ],
    [
      'a turkey without its weight',
      { system: 'nwtf', category: 'wild-turkey', measurements: { beardsIn: [10] } },
      'measurements.weightLbs: required: the weight',
    ],
    [
      'a trophy weight on a deer',
      { ...whitetail({}), trophyWeightLbs: 10 },
      'trophyWeightLbs: only fish sheets take a trophy weight',
    ],
    [
      'a trophy weight of 0',
      { system: 'fish', category: 'length-cubed-1600', measurements: { lengthIn: 20 }, trophyWeightLbs: 0 },
      'trophyWeightLbs: must be more than 0',
    ],
    ['a sheet that is not an object', [1, 2], 'a score sheet must be an object with system, category and measurements'],
    ['null', null, 'a score sheet must be an object with system, category and measurements'],
  ])('%s', (_, input, message) => {
    const error = errorOf(input)
    expect(error.message).toBe(message)
  })

  it('gives the field and its path for a form to match', () => {
    const error = errorOf(whitetail({ right: { abnormal: ['1', 'oops'] } }))
    expect(error.field).toBe('measurements.right.abnormal[1]')
    expect(error.path).toEqual(['measurements', 'right', 'abnormal', 1])
    expect(error.detail).toBe('"oops" is not a measurement')
  })

  it('tryScoreSheet returns the error instead of throwing', () => {
    expect(tryScoreSheet(whitetail({ right: { G2: 'abc' } }))).toEqual({
      ok: false,
      error: {
        message: 'measurements.right.G2: "abc" is not a measurement',
        field: 'measurements.right.G2',
        path: ['measurements', 'right', 'G2'],
      },
    })
    expect(tryScoreSheet(whitetail({ insideSpread: 18 }))).toMatchObject({ ok: true, result: { score: 0 } })
  })
})

describe('scoreSheet reads what a form sends', () => {
  it('treats missing, null and blank values as absent (a missing tine counts 0)', () => {
    const blank = scoreSheet(
      whitetail({ insideSpread: '', right: { F: null, G1: '  ', abnormal: ['', null] }, left: null }),
    )
    expect(blank.score).toBe(0)
    expect(blank.abnormalTotal).toBe(0)
  })

  it('accepts numbers and every text form for the same rack', () => {
    const forms = ['24 2/8', '24-2', '24.25', '24¼', 24.25]
    const scores = forms.map((F) => scoreSheet(whitetail({ insideSpread: '20', right: { F }, left: { F } })).scoreText)
    expect(new Set(scores)).toEqual(new Set(['68 4/8'])) // 20 + 24 2/8 + 24 2/8
  })

  it('ignores top-level keys that are not part of the sheet, such as an id', () => {
    expect(scoreSheet({ ...whitetail({ insideSpread: 18 }), id: 'abc' }).scoreText).toBe('0 0/8')
  })

  it('takes the fish trophy weight from the options over the sheet', () => {
    const sheet = {
      system: 'fish',
      category: 'length-girth-800',
      measurements: { lengthIn: 31, girthIn: 16 },
      trophyWeightLbs: 20,
    }
    expect(scoreSheet(sheet).trophyClass).toBe('standard')
    expect(scoreSheet(sheet, { trophyWeightLbs: '9 lb 8 oz' }).trophyClass).toBe('record')
  })

  it('accepts spreads on any horn chart, recorded but not scored (docs/scoring-rules.md §9)', () => {
    const result = scoreSheet({
      system: 'bc',
      category: 'dall-sheep',
      measurements: { insideSpread: 18, greatestSpread: 25, tipToTipSpread: 24, right: { C: 40 }, left: { C: 40 } },
    })
    expect(result.score).toBe(80)
    expect(result.lines).toContainEqual({ label: 'Inside spread', value: '18 0/8 (recorded, not scored)' })
  })
})
