import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  CLICK_ERROR_PX,
  calibrate,
  ceilToEighth,
  describeMeasurement,
  formatCm,
  formatEighths,
  measure,
  type Point,
  pathErrorPx,
  pathLength,
  roundToEighth,
  SMALL_REFERENCE_PX,
} from './geometry.ts'
import { CREDIT_CARD_IN, knownReferenceLengthIn, parseCustomLength, QUARTER_DIAMETER_IN } from './references.ts'

const p = (x: number, y: number): Point => ({ x, y })
const card = calibrate(p(100, 200), p(437, 200), CREDIT_CARD_IN.long)

describe('calibration and measurement', () => {
  it.each([
    { name: 'a 337 px credit card long side', a: p(100, 200), b: p(437, 200), lengthIn: 3.37, ppi: 100 },
    { name: 'a 213 px credit card short side', a: p(50, 50), b: p(50, 263), lengthIn: 2.13, ppi: 100 },
    { name: 'a 191 px quarter', a: p(0, 0), b: p(191, 0), lengthIn: 0.955, ppi: 200 },
    { name: 'a diagonal 3-4-5 reference of 5 in', a: p(0, 0), b: p(300, 400), lengthIn: 5, ppi: 100 },
    {
      name: 'a custom 10 cm reference over 393.7 px',
      a: p(0, 0),
      b: p(393.7007874, 0),
      lengthIn: 10 / 2.54,
      ppi: 100,
    },
  ])('$name gives $ppi px per inch', ({ a, b, lengthIn, ppi }) => {
    expect(calibrate(a, b, lengthIn).pixelsPerInch).toBeCloseTo(ppi, 6)
  })

  it.each([
    { name: 'a 1500 px straight line', mode: 'straight', points: [p(250, 800), p(1750, 800)], inches: 15 },
    { name: 'a vertical 250 px line', mode: 'straight', points: [p(10, 10), p(10, 260)], inches: 2.5 },
    { name: 'a right-angle path 300 + 400 px', mode: 'curve', points: [p(0, 0), p(300, 0), p(300, 400)], inches: 7 },
    {
      name: 'a square 4 × 100 px, round trip',
      mode: 'curve',
      points: [p(0, 0), p(100, 0), p(100, 100), p(0, 100), p(0, 0)],
      inches: 4,
    },
  ] as const)('$name measures $inches in on a 100 px/in photo', ({ mode, points, inches }) => {
    expect(measure(mode, points, card).valueIn).toBeCloseTo(inches, 9)
  })

  it('reads a cm custom reference: 25.4 cm over 500 px is 50 px per inch', () => {
    const length = parseCustomLength('25.4', 'cm')
    expect(length).toEqual({ ok: true, lengthIn: 10 })
    if (!length.ok) return
    const scale = calibrate(p(0, 0), p(500, 0), length.lengthIn)
    expect(scale.pixelsPerInch).toBeCloseTo(50, 9)
    expect(measure('straight', [p(0, 0), p(0, 127)], scale).valueIn).toBeCloseTo(2.54, 9)
  })

  it('knows the references of docs/product.md §9', () => {
    expect(knownReferenceLengthIn('credit-card', 'long')).toBe(3.37)
    expect(knownReferenceLengthIn('credit-card', 'short')).toBe(2.13)
    expect(knownReferenceLengthIn('quarter')).toBe(QUARTER_DIAMETER_IN)
    expect(QUARTER_DIAMETER_IN).toBe(0.955)
  })

  it('refuses a reference with both ends at one point, a zero length, and paths that are too short', () => {
    expect(() => calibrate(p(5, 5), p(5, 5), 3.37)).toThrow('Mark the two ends of the reference at different points')
    expect(() => calibrate(p(0, 0), p(5, 5), 0)).toThrow('greater than 0')
    expect(() => measure('straight', [p(0, 0)], card)).toThrow('at least two points')
    expect(() => measure('straight', [p(0, 0), p(1, 1), p(2, 2)], card)).toThrow('two points')
  })

  it('flags a reference under 100 px as small', () => {
    expect(calibrate(p(0, 0), p(SMALL_REFERENCE_PX - 1, 0), 3.37).small).toBe(true)
    expect(calibrate(p(0, 0), p(SMALL_REFERENCE_PX, 0), 3.37).small).toBe(false)
  })
})

describe('uncertainty', () => {
  it('is L·2e/r plus 2e/ppi for a straight line: 15 in over a 337 px card', () => {
    const { uncertaintyIn } = measure('straight', [p(250, 800), p(1750, 800)], card)
    const e = CLICK_ERROR_PX
    expect(uncertaintyIn).toBeCloseTo((15 * 2 * e) / 337 + (2 * e) / 100, 9)
    expect(uncertaintyIn).toBeCloseTo(0.109, 3)
  })

  it('adds the inner vertices of a curve in quadrature', () => {
    expect(pathErrorPx(2)).toBe(2 * CLICK_ERROR_PX)
    expect(pathErrorPx(6)).toBe(4 * CLICK_ERROR_PX)
    const curve = measure('curve', [p(0, 0), p(100, 0), p(200, 0), p(300, 0), p(400, 0), p(500, 0)], card)
    expect(curve.uncertaintyIn).toBeCloseTo((5 * 2) / 337 + 4 / 100, 9)
  })
})

describe('display rounding', () => {
  it.each([
    [15, '15 in'],
    [15.06, '15 in'],
    [15.07, '15 1/8 in'],
    [15.25, '15 2/8 in'],
    [15.375, '15 3/8 in'],
    [0.125, '1/8 in'],
    [2.5, '2 4/8 in'],
    [14.96, '15 in'],
  ])('%s in shows as %s', (inches, text) => {
    expect(formatEighths(roundToEighth(inches))).toBe(text)
  })

  it('rounds an uncertainty up to the next eighth, never to nothing', () => {
    expect(ceilToEighth(0.109)).toBe(0.125)
    expect(ceilToEighth(0.126)).toBe(0.25)
    expect(ceilToEighth(0)).toBe(0.125)
    expect(ceilToEighth(0.25)).toBe(0.25)
  })

  it('shows centimetres to the millimetre', () => {
    expect(formatCm(15)).toBe('38.1 cm')
    expect(formatCm(0.109, 'up')).toBe('0.3 cm')
    expect(describeMeasurement(15.02, 0.109)).toEqual({
      roundedIn: 15,
      inches: '15 in',
      uncertaintyInches: '1/8 in',
      cm: '38.2 cm',
      uncertaintyCm: '0.3 cm',
    })
  })
})

describe('custom reference length', () => {
  it.each([
    ['6', 'in', 6],
    [' 4.5 ', 'in', 4.5],
    ['12,7', 'cm', 5],
    ['.5', 'in', 0.5],
    ['100', 'in', 100],
    ['254', 'cm', 100],
  ] as const)('accepts %j %s as %s in', (text, unit, lengthIn) => {
    const result = parseCustomLength(text, unit)
    expect(result.ok).toBe(true)
    if (result.ok) expect(result.lengthIn).toBeCloseTo(lengthIn, 9)
  })

  it.each([
    ['', 'in', "Enter the reference's length"],
    ['abc', 'in', 'Enter the length as a number of inches, e.g. 4.5'],
    ['4 in', 'in', 'Enter the length as a number of inches, e.g. 4.5'],
    ['1e3', 'cm', 'Enter the length as a number of centimetres, e.g. 4.5'],
    ['0', 'in', 'The length must be greater than 0'],
    ['-3', 'cm', 'The length must be greater than 0'],
    ['100.1', 'in', 'The length must be at most 100 in (254 cm)'],
    ['255', 'cm', 'The length must be at most 100 in (254 cm)'],
  ] as const)('refuses %j %s: %s', (text, unit, message) => {
    expect(parseCustomLength(text, unit)).toEqual({ ok: false, message })
  })
})

// Properties. Coordinates stay within a 12000 px photo; the reference is at least 10 px long.
const coord = fc.double({ min: 0, max: 12_000, noNaN: true })
const point = fc.record({ x: coord, y: coord })
const reference = fc.tuple(point, point).filter(([a, b]) => Math.hypot(a.x - b.x, a.y - b.y) >= 10)
const lengthIn = fc.double({ min: 0.5, max: 100, noNaN: true })
const path = fc.array(point, { minLength: 2, maxLength: 30 })
const factor = fc.double({ min: 0.05, max: 20, noNaN: true })
const scaled = (q: Point, k: number) => ({ x: q.x * k, y: q.y * k })

describe('properties', () => {
  it('scaling the whole photo changes nothing in inches', () => {
    fc.assert(
      fc.property(reference, lengthIn, path, factor, ([a, b], len, pts, k) => {
        const before = measure('curve', pts, calibrate(a, b, len)).valueIn
        const after = measure(
          'curve',
          pts.map((q) => scaled(q, k)),
          calibrate(scaled(a, k), scaled(b, k), len),
        ).valueIn
        expect(after).toBeCloseTo(before, 6)
      }),
    )
  })

  it('the uncertainty shrinks as the reference grows in the photo (the same subject, closer)', () => {
    fc.assert(
      fc.property(reference, lengthIn, path, fc.double({ min: 1.01, max: 20, noNaN: true }), ([a, b], len, pts, k) => {
        const far = measure('curve', pts, calibrate(a, b, len))
        const near = measure(
          'curve',
          pts.map((q) => scaled(q, k)),
          calibrate(scaled(a, k), scaled(b, k), len),
        )
        expect(near.uncertaintyIn).toBeLessThan(far.uncertaintyIn)
      }),
    )
  })

  it('a path through collinear points in order measures the same as the straight line', () => {
    fc.assert(
      fc.property(
        reference,
        lengthIn,
        point,
        point,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 20 }),
        ([a, b], len, start, end, ts) => {
          const scale = calibrate(a, b, len)
          const between = [...ts]
            .sort((x, y) => x - y)
            .map((t) => p(start.x + t * (end.x - start.x), start.y + t * (end.y - start.y)))
          const straight = pathLength([start, end]) / scale.pixelsPerInch
          expect(measure('curve', [start, ...between, end], scale).valueIn).toBeCloseTo(straight, 6)
        },
      ),
    )
  })

  it('a curve is never shorter than the straight line between its ends', () => {
    fc.assert(
      fc.property(reference, lengthIn, path, ([a, b], len, pts) => {
        const scale = calibrate(a, b, len)
        const ends = [pts[0] as Point, pts[pts.length - 1] as Point]
        expect(measure('curve', pts, scale).valueIn).toBeGreaterThanOrEqual(
          pathLength(ends) / scale.pixelsPerInch - 1e-9,
        )
      }),
    )
  })
})
