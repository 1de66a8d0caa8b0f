import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Point } from './geometry.ts'
import {
  applyHomography,
  CARD_PLANE_IN,
  type CardCorners,
  checkCorners,
  measureOnPlane,
  orderCardCorners,
  PLANE_MESSAGES,
  PlaneGeometryError,
  planeToPhoto,
  rectangleAspect,
} from './plane.ts'

const SIZE = { width: 4000, height: 3000 }

/** A phone looking at the plane z = 0 (inches) from `distance`, tilted about the photo's x axis, the plane turned. */
function camera(tiltDeg: number, turnDeg: number, distance = 30, focal = 3000) {
  const tilt = (tiltDeg * Math.PI) / 180
  const turn = (turnDeg * Math.PI) / 180
  return (p: Point): Point => {
    const x = p.x * Math.cos(turn) - p.y * Math.sin(turn)
    const y = p.x * Math.sin(turn) + p.y * Math.cos(turn)
    const depth = distance + y * Math.sin(tilt)
    return { x: SIZE.width / 2 + (focal * x) / depth, y: SIZE.height / 2 + (focal * y * Math.cos(tilt)) / depth }
  }
}

/** The card's corners in photo pixels, long side first, for a card whose first corner is at (x, y) inches. */
function cardIn(project: (p: Point) => Point, x = 2, y = 1): CardCorners {
  const { long, short } = CARD_PLANE_IN
  return [
    project({ x, y }),
    project({ x: x + long, y }),
    project({ x: x + long, y: y + short }),
    project({ x, y: y + short }),
  ]
}

const p = (x: number, y: number): Point => ({ x, y })

describe('measuring on the card plane', () => {
  it.each([
    { tilt: 0, turn: 0 },
    { tilt: 15, turn: 10 },
    { tilt: 30, turn: -25 },
    { tilt: 45, turn: 30 },
    { tilt: 45, turn: 95 },
    { tilt: 60, turn: 200 },
  ])('a 20 × 10 in diagonal reads 22.361 in at tilt $tilt°, turned $turn°', ({ tilt, turn }) => {
    const project = camera(tilt, turn)
    const result = measureOnPlane('straight', [project(p(-10, -5)), project(p(10, 5))], cardIn(project))
    expect(result.valueIn).toBeCloseTo(Math.hypot(20, 10), 6)
    expect(result.method).toBe('plane')
  })

  it('measures a curve as the sum of its pieces on the plane', () => {
    const project = camera(35, 20)
    const path = [p(0, 0), p(6, 0), p(6, 8), p(12, 8)].map(project)
    expect(measureOnPlane('curve', path, cardIn(project)).valueIn).toBeCloseTo(6 + 8 + 6, 6)
  })

  it('maps the card rectangle onto its corners', () => {
    const corners = cardIn(camera(40, 15))
    const h = planeToPhoto(corners)
    const back = applyHomography(h, p(CARD_PLANE_IN.long, CARD_PLANE_IN.short))
    expect(back.x).toBeCloseTo(corners[2].x, 6)
    expect(back.y).toBeCloseTo(corners[2].y, 6)
  })
})

describe('refusals', () => {
  const square = cardIn(camera(0, 0))
  it.each([
    { name: 'three corners', corners: square.slice(0, 3), problem: 'corners' },
    { name: 'a NaN corner', corners: [p(Number.NaN, 0), ...square.slice(1)], problem: 'corners' },
    { name: 'crossed corners', corners: [square[0], square[2], square[1], square[3]], problem: 'convex' },
    { name: 'a dent', corners: [square[0], p(2150, 1620), square[2], square[3]], problem: 'convex' },
    { name: 'a 5 px card', corners: [p(0, 0), p(5, 0), p(5, 3), p(0, 3)], problem: 'small' },
  ])('refuses $name', ({ corners, problem }) => {
    expect(() => checkCorners(corners as Point[])).toThrow(PlaneGeometryError)
    try {
      checkCorners(corners as Point[])
    } catch (err) {
      expect((err as PlaneGeometryError).problem).toBe(problem)
      expect((err as Error).message).toBe(PLANE_MESSAGES[problem as keyof typeof PLANE_MESSAGES])
    }
  })

  it('refuses a point beyond the horizon of a steeply tilted plane', () => {
    const project = camera(60, 0)
    const corners = cardIn(project)
    // Far points of this plane approach photo row 3232; a point below that row is not on the plane.
    expect(() => measureOnPlane('straight', [project(p(0, 0)), p(2000, 40_000)], corners)).toThrow(
      PLANE_MESSAGES.horizon,
    )
  })

  it('refuses a straight line of three points and a path of one', () => {
    const corners = cardIn(camera(0, 0))
    expect(() => measureOnPlane('straight', [p(0, 0), p(1, 1), p(2, 2)], corners)).toThrow(PLANE_MESSAGES.straight)
    expect(() => measureOnPlane('curve', [p(0, 0)], corners)).toThrow(PLANE_MESSAGES.points)
  })
})

describe('the card shape from its photo', () => {
  it.each([
    [0, 0],
    [20, 30],
    [45, -30],
    [45, 80],
    [30, 170],
  ])('recovers 3.370 : 2.125 at tilt %i°, turned %i°', (tilt, turn) => {
    expect(rectangleAspect(cardIn(camera(tilt, turn)), SIZE, 2100)).toBeCloseTo(
      CARD_PLANE_IN.long / CARD_PLANE_IN.short,
      3,
    )
  })

  it('recovers a square as a square, however tilted (so a tile is not taken for a card)', () => {
    const project = camera(40, 25)
    const tile = [p(0, 0), p(3, 0), p(3, 3), p(0, 3)].map(project) as unknown as CardCorners
    expect(rectangleAspect(tile, SIZE, 2100)).toBeCloseTo(1, 3)
  })

  it('puts a long side first whatever order the corners come in', () => {
    const corners = cardIn(camera(45, 70))
    const shuffled = [corners[2], corners[0], corners[3], corners[1]]
    const ordered = orderCardCorners(shuffled, SIZE)
    const along = measureOnPlane('straight', [ordered[0], ordered[1]], ordered).valueIn
    expect(along).toBeCloseTo(CARD_PLANE_IN.long, 6)
  })
})

describe('uncertainty', () => {
  it('grows in proportion to the corners’ placement error', () => {
    const project = camera(30, 10)
    const fish = [project(p(-10, 0)), project(p(14, 0))]
    const one = measureOnPlane('straight', fish, cardIn(project), { cornerPx: 1, pointPx: 0 }).uncertaintyIn
    const half = measureOnPlane('straight', fish, cardIn(project), { cornerPx: 0.5, pointPx: 0 }).uncertaintyIn
    expect(half).toBeCloseTo(one / 2, 4)
  })

  it('takes one error per corner: four alike equal one figure, and each corner adds its own part in quadrature', () => {
    const project = camera(30, 10)
    const fish = [project(p(-10, 0)), project(p(14, 0))]
    const corners = cardIn(project)
    const u = (cornerPx: number | number[]) => measureOnPlane('straight', fish, corners, { cornerPx, pointPx: 0 })
    expect(u([0.7, 0.7, 0.7, 0.7]).uncertaintyIn).toBeCloseTo(u(0.7).uncertaintyIn, 12)
    const parts = [0, 1, 2, 3].map((i) => u([0, 1, 2, 3].map((j) => (j === i ? 1 : 1e-9))).uncertaintyIn)
    const total = Math.sqrt(parts.reduce((sum, part) => sum + part ** 2, 0))
    expect(u(1).uncertaintyIn).toBeCloseTo(total, 6)
    expect(() => u([1, 1, 1])).toThrow(RangeError)
  })

  it('is wider than the two-point bound, since four corners carry the angle too, and shrinks as the card grows', () => {
    const near = camera(0, 0, 30)
    const far = camera(0, 0, 60)
    const fishNear = [near(p(-10, 0)), near(p(5, 0))]
    const fishFar = [far(p(-10, 0)), far(p(5, 0))]
    const nearU = measureOnPlane('straight', fishNear, cardIn(near)).uncertaintyIn
    const farU = measureOnPlane('straight', fishFar, cardIn(far)).uncertaintyIn
    // Two ends of a 337 px card at ±1 px, and the fish's ends at ±1 px: 15 · 2 / 337 + 2 / 100 = 0.109 in.
    expect(nearU).toBeGreaterThan(0.109)
    expect(farU).toBeGreaterThan(1.5 * nearU)
  })
})

const pose = fc.record({
  tilt: fc.double({ min: 0, max: 50, noNaN: true }),
  turn: fc.double({ min: -180, max: 180, noNaN: true }),
  distance: fc.double({ min: 15, max: 60, noNaN: true }),
})
const onPlane = fc.record({
  x: fc.double({ min: -15, max: 15, noNaN: true }),
  y: fc.double({ min: -8, max: 8, noNaN: true }),
})

describe('properties', () => {
  it('any length on the plane reads true from any pose, with the corners in any order', () => {
    fc.assert(
      fc.property(pose, onPlane, onPlane, fc.nat(3), ({ tilt, turn, distance }, a, b, shift) => {
        fc.pre(Math.hypot(a.x - b.x, a.y - b.y) > 0.5)
        const project = camera(tilt, turn, distance)
        const corners = cardIn(project)
        const rotated = [0, 1, 2, 3].map((i) => corners[(i + shift) % 4] as Point)
        const ordered = orderCardCorners(rotated, SIZE)
        const result = measureOnPlane('straight', [project(a), project(b)], ordered)
        expect(result.valueIn).toBeCloseTo(Math.hypot(a.x - b.x, a.y - b.y), 5)
      }),
    )
  })

  it('corners marked by hand, each up to a pixel off, are put long side first at any tilt', () => {
    const jitter = fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 })
    fc.assert(
      fc.property(pose, jitter, fc.nat(3), ({ tilt, turn, distance }, d, shift) => {
        const project = camera(tilt, turn, distance)
        const truth = cardIn(project, -1.7, -1)
        const marked = truth.map((c, i) => p(c.x + (d[2 * i] as number), c.y + (d[2 * i + 1] as number)))
        const ordered = orderCardCorners(
          [0, 1, 2, 3].map((i) => marked[(i + shift) % 4] as Point),
          SIZE,
        )
        // corners[0] → corners[1] runs along a long side: it starts at the first or the third true corner.
        const start = [0, 2].some((i) => ordered[0] === marked[i])
        expect(start, `tilt ${tilt}°, turned ${turn}°`).toBe(true)
      }),
      { numRuns: 2000 },
    )
  })

  it('scaling the whole photo changes neither the length nor, per pixel of error scaled alike, the uncertainty', () => {
    fc.assert(
      fc.property(pose, onPlane, onPlane, fc.double({ min: 0.5, max: 4, noNaN: true }), (q, a, b, k) => {
        fc.pre(Math.hypot(a.x - b.x, a.y - b.y) > 0.5)
        const project = camera(q.tilt, q.turn, q.distance)
        const scale = (pt: Point) => p(pt.x * k, pt.y * k)
        const corners = cardIn(project)
        const before = measureOnPlane('straight', [project(a), project(b)], corners)
        const after = measureOnPlane('straight', [scale(project(a)), scale(project(b))], corners.map(scale), {
          cornerPx: k,
          pointPx: k,
        })
        expect(after.valueIn).toBeCloseTo(before.valueIn, 6)
        expect(after.uncertaintyIn).toBeCloseTo(before.uncertaintyIn, 4)
      }),
    )
  })
})
