import { describe, expect, it } from 'vitest'
import { CLICK_ERROR_PX, type FoundReference, PLANE_MESSAGES, type Point, pathLength } from '#shared/measuring/index.ts'
import { CARD_FOUND, NO_CARD, NO_QUARTER, QUARTER_FOUND } from './handles.ts'
import { cornersProblem, measuredValue, measureWith, placedTo, resultOf, scaleOf } from './scale.ts'
import { detectionWanted, initialToolState, type ToolAction, type ToolState, toolReducer } from './tool-state.ts'

// The card's four corners (the plane mode): found by the detector or marked by hand, dragged, nudged, and measured on
// the card's plane. A pinhole camera tilted 35° over a table makes the photo, so the truth is known.

const SIZE = { width: 2000, height: 1500 }
const FOCAL = 0.7 * Math.hypot(SIZE.width, SIZE.height)

/** Where a point of the table (inches) is in the photo: the far side of the table (larger y) lower in it. */
function photoOf(p: Point, tiltDeg = 35, distanceIn = 24): Point {
  const t = (tiltDeg * Math.PI) / 180
  const z = p.y * Math.sin(t) + distanceIn
  return { x: SIZE.width / 2 + (FOCAL * p.x) / z, y: SIZE.height / 2 + (FOCAL * p.y * Math.cos(t)) / z }
}

/** The card on the table, its long side along x, clockwise on screen from the top left. */
const CARD_ON_TABLE = [
  { x: -5.685, y: 1.9375 },
  { x: -2.315, y: 1.9375 },
  { x: -2.315, y: 4.0625 },
  { x: -5.685, y: 4.0625 },
]
const CARD = CARD_ON_TABLE.map((p) => photoOf(p))
const corner = (i: number) => CARD[i] as Point
/** A 15 in fish lying on the table, across the photo. */
const FISH = [photoOf({ x: -9, y: -2 }), photoOf({ x: 6, y: -2 })] as const

const run = (state: ToolState, ...actions: ToolAction[]) => actions.reduce(toolReducer, state)
const place = (p: Point): ToolAction => ({ type: 'place', point: p })
const onPhoto = () => run(initialToolState(false), { type: 'photo-ready', image: SIZE })
const found = (cornerErrorPx: number): FoundReference => ({
  kind: 'credit-card',
  corners: [corner(0), corner(1), corner(2), corner(3)],
  confidence: 0.9,
  cornerErrorPx,
})
const detectedCard = (errorPx = 0.4) =>
  run(
    onPhoto(),
    { type: 'detect-start', kind: 'credit-card' },
    { type: 'detected', kind: 'credit-card', found: found(errorPx) },
  )
const measureFish = (s: ToolState) => run(s, { type: 'to-subject' }, place(FISH[0]), place(FISH[1]))
const near = (a: Point | undefined, b: Point) => a !== undefined && Math.hypot(a.x - b.x, a.y - b.y) < 1e-9

describe('looking for the reference', () => {
  const cases: { name: string; state: () => ToolState; wanted: ReturnType<typeof detectionWanted> }[] = [
    { name: 'a new photo, a card chosen', state: onPhoto, wanted: 'credit-card' },
    {
      name: 'while it looks',
      state: () => run(onPhoto(), { type: 'detect-start', kind: 'credit-card' }),
      wanted: 'credit-card',
    },
    { name: 'once the card was found', state: () => detectedCard(), wanted: null },
    { name: 'a corner marked by hand', state: () => run(onPhoto(), place(corner(0))), wanted: null },
    {
      name: 'a quarter chosen',
      state: () => run(onPhoto(), { type: 'reference', patch: { kind: 'quarter' } }),
      wanted: 'quarter',
    },
    {
      name: 'a card by two ends',
      state: () => run(onPhoto(), { type: 'reference', patch: { cardMode: 'ends' } }),
      wanted: null,
    },
    {
      name: 'a custom reference',
      state: () => run(onPhoto(), { type: 'reference', patch: { kind: 'custom' } }),
      wanted: null,
    },
    { name: 'before the photo has opened', state: () => initialToolState(true), wanted: null },
  ]
  it.each(cases)('$name → $wanted', ({ state, wanted }) => {
    expect(detectionWanted(state())).toBe(wanted)
  })

  it('says it is looking, then places the four corners found, with the detector’s error', () => {
    const looking = run(onPhoto(), { type: 'detect-start', kind: 'credit-card' })
    expect(looking).toMatchObject({ message: 'Looking for the card…', detection: { 'credit-card': 'running' } })
    const s = run(looking, { type: 'detected', kind: 'credit-card', found: found(0.4) })
    expect(s).toMatchObject({ message: CARD_FOUND, detection: { 'credit-card': 'found' } })
    expect(s.corners.map((c) => c.errorPx)).toEqual([0.4, 0.4, 0.4, 0.4])
    expect(scaleOf(s)).toMatchObject({ method: 'plane', cornerPx: [0.4, 0.4, 0.4, 0.4] })
  })

  it('stops saying it is looking once the member turns to two ends', () => {
    const looking = run(onPhoto(), { type: 'detect-start', kind: 'credit-card' })
    const twoEnds = run(looking, { type: 'reference', patch: { cardMode: 'ends' } })
    expect(twoEnds.message).toBe('')
    const sameChoice = run(looking, { type: 'reference', patch: { edge: 'long' } })
    expect(sameChoice.message).toBe('Looking for the card…')
  })

  it.each([
    { kind: 'credit-card' as const, message: NO_CARD },
    { kind: 'quarter' as const, message: NO_QUARTER },
  ])('says when no $kind is found', ({ kind, message }) => {
    const s = run(
      onPhoto(),
      { type: 'reference', patch: { kind } },
      { type: 'detect-start', kind },
      { type: 'detected', kind, found: null },
    )
    expect(s).toMatchObject({ message, detection: { [kind]: 'not-found' }, corners: [], referencePoints: [] })
  })

  it('pre-places the ends of a quarter’s major axis, and ignores answers nobody waits for', () => {
    const ends: [Point, Point, Point, Point] = [
      { x: 100, y: 50 },
      { x: 196, y: 50 },
      { x: 148, y: 20 },
      { x: 148, y: 80 },
    ]
    const quarter: FoundReference = { kind: 'quarter', corners: ends, confidence: 0.8 }
    const start = run(
      onPhoto(),
      { type: 'reference', patch: { kind: 'quarter' } },
      { type: 'detect-start', kind: 'quarter' },
    )
    const s = run(start, { type: 'detected', kind: 'quarter', found: quarter })
    expect(s).toMatchObject({ message: QUARTER_FOUND, referencePoints: [ends[0], ends[1]] })
    expect(scaleOf(s)).toMatchObject({ method: 'two-point', calibration: { pixels: 96, lengthIn: 0.955 } })
    const cancelled = run(
      start,
      { type: 'detect-cancel', kind: 'quarter' },
      { type: 'detected', kind: 'quarter', found: quarter },
    )
    expect(cancelled.referencePoints).toEqual([])
    expect(cancelled.detection.quarter).toBe('idle')
  })
})

describe('four corners marked by hand', () => {
  it.each([
    [0, 1, 2, 3],
    [2, 0, 3, 1],
    [3, 2, 1, 0],
    [1, 3, 0, 2],
  ])('in the order %i %i %i %i: put around the card, long side first, and measured on its plane', (...order) => {
    let s = onPhoto()
    for (const [n, i] of order.entries()) {
      s = run(s, place(corner(i)))
      expect(s.message).toBe(n < 3 ? `Corner ${n + 1} placed` : 'Corner 4 placed. All four corners are marked')
    }
    s.corners.forEach((c, i) => {
      expect(near(c.at, corner(i))).toBe(true)
      expect(c.errorPx).toBe(CLICK_ERROR_PX)
    })
    expect(near(s.corners[s.selected ?? -1]?.at, corner(order[3] as number))).toBe(true)
    const result = resultOf(measureFish(s))
    expect(result?.method).toBe('plane')
    expect(result?.valueIn).toBeCloseTo(15, 9)
  })

  it('keeps four corners that outline no card, says so, and does not go on', () => {
    const inside = { x: (corner(0).x + corner(2).x) / 2, y: (corner(0).y + corner(2).y) / 2 }
    const s = run(onPhoto(), place(corner(0)), place(corner(1)), place(corner(2)), place(inside))
    expect(s.message).toBe('Corner 4 placed, but the four corners do not outline a card: drag the one that is off')
    expect(s.corners).toHaveLength(4)
    expect(cornersProblem(s)).toBe(PLANE_MESSAGES.convex)
    expect(run(s, { type: 'to-subject' }).step).toBe('reference')
    expect(cornersProblem(run(s, { type: 'undo' }))).toBe('Mark the four corners of the card first')
  })

  it('refuses a fifth corner and undoes the one last placed or moved', () => {
    let s = run(onPhoto(), ...[0, 1, 2, 3].map((i) => place(corner(i))))
    expect(run(s, place({ x: 5, y: 5 })).message).toMatch(/^All four corners are marked/)
    s = run(s, { type: 'select', index: 1 }, { type: 'undo' })
    expect(s.message).toBe('Corner 2 removed')
    expect(s.corners.map((c) => c.at)).toEqual([corner(0), corner(2), corner(3)])
  })
})

describe('adjusting the corners', () => {
  it('drags a found corner: that one is then good to a click, the others keep the detector’s error', () => {
    const moved = { x: corner(2).x + 3, y: corner(2).y - 2 }
    const drag = (s: ToolState) =>
      run(s, { type: 'move-handle', index: 2, point: moved }, { type: 'drop-handle', index: 2 })
    const sharp = drag(detectedCard(0.4))
    expect(sharp.corners.map((c) => c.errorPx)).toEqual([0.4, 0.4, CLICK_ERROR_PX, 0.4])
    expect(scaleOf(sharp)).toMatchObject({ cornerPx: [0.4, 0.4, CLICK_ERROR_PX, 0.4] })
    expect(sharp.message).toBe(`Corner 3 moved to ${Math.round(moved.x)}, ${Math.round(moved.y)}`)
    const rough = drag(detectedCard(2.5))
    expect(scaleOf(rough)).toMatchObject({ cornerPx: [2.5, 2.5, CLICK_ERROR_PX, 2.5] })
  })

  it('states a narrower uncertainty after one corner is dragged than if all four were good only to a click', () => {
    const moved = { x: corner(2).x + 0.5, y: corner(2).y }
    const s = measureFish(
      run(detectedCard(0.2), { type: 'move-handle', index: 2, point: moved }, { type: 'drop-handle', index: 2 }),
    )
    const result = resultOf(s)
    const scale = scaleOf(s)
    if (!result || scale?.method !== 'plane') throw new Error('no plane result')
    const allByClick = measureWith({ ...scale, cornerPx: [1, 1, 1, 1] }, result.mode, s.subjectPoints)
    const asFound = measureWith({ ...scale, cornerPx: [0.2, 0.2, 0.2, 0.2] }, result.mode, s.subjectPoints)
    expect(result.uncertaintyIn).toBeLessThan(allByClick.uncertaintyIn)
    expect(result.uncertaintyIn).toBeGreaterThan(asFound.uncertaintyIn)
    expect(placedTo(scale.cornerPx)).toBe('± 0.2–1.0 px')
    expect(placedTo([0.4, 0.4, 0.4, 0.4])).toBe('± 0.4 px')
  })

  it('puts the corners in order again when one is dragged past another', () => {
    // Corners 1 and 2 swapped on the photo: dropping one makes the outline right again.
    let s = detectedCard()
    s = run(s, { type: 'move-handle', index: 1, point: corner(2) }, { type: 'move-handle', index: 2, point: corner(1) })
    expect(cornersProblem(s)).toBe(PLANE_MESSAGES.convex)
    s = run(s, { type: 'drop-handle', index: 2 })
    expect(s.corners.every((c, i) => near(c.at, corner(i)))).toBe(true)
    expect(s.selected).toBe(1)
    expect(resultOf(measureFish(s))?.valueIn).toBeCloseTo(15, 9)
  })

  it('picks a corner with a key and nudges it with the arrows, inside the photo', () => {
    let s = run(detectedCard(), { type: 'select', index: 3 })
    expect(s.message).toBe('Corner 4 selected: the arrow keys move it')
    s = run(s, { type: 'nudge', dx: 10, dy: -1, image: SIZE })
    expect(near(s.corners[3]?.at, { x: corner(3).x + 10, y: corner(3).y - 1 })).toBe(true)
    expect(s.corners[3]?.errorPx).toBe(CLICK_ERROR_PX)
    expect(s.message).toMatch(/^Corner 4 moved to \d+, \d+$/)
    expect(run(s, { type: 'select', index: 4 })).toBe(s)
    expect(run(s, { type: 'nudge', dx: -5000, dy: 0, image: SIZE }).corners[3]?.at.x).toBe(0)
  })
})

describe('switching how the reference is used', () => {
  it('keeps the corners and the ends apart: each mode finds its own marks again', () => {
    let s = detectedCard()
    s = run(s, { type: 'reference', patch: { cardMode: 'ends' } })
    expect(scaleOf(s)).toBeNull()
    expect(detectionWanted(s)).toBeNull()
    s = run(s, place(corner(0)), place(corner(1)))
    expect(scaleOf(s)).toMatchObject({ method: 'two-point', calibration: { lengthIn: 3.37 } })
    expect(resultOf(measureFish(s))?.method).toBe('two-point')
    s = run(s, { type: 'reference', patch: { kind: 'quarter' } }, { type: 'reference', patch: { kind: 'credit-card' } })
    expect(scaleOf(s)?.method).toBe('two-point')
    s = run(s, { type: 'reference', patch: { cardMode: 'corners' } })
    expect(scaleOf(s)?.method).toBe('plane')
    expect(s.corners).toHaveLength(4)
  })

  it('keeps the reference when measuring again, and a new photo forgets the corners and looks again', () => {
    let s = measureFish(detectedCard())
    s = run(s, { type: 'measure-again' }, { type: 'change-reference' })
    expect(s.corners).toHaveLength(4)
    s = run(s, { type: 'change-photo' }, { type: 'photo-ready', image: SIZE })
    expect(s.corners).toEqual([])
    expect(detectionWanted(s)).toBe('credit-card')
  })
})

describe('the plane result and the two-point comparison', () => {
  const longSidePx =
    (Math.hypot(corner(1).x - corner(0).x, corner(1).y - corner(0).y) +
      Math.hypot(corner(3).x - corner(2).x, corner(3).y - corner(2).y)) /
    2

  it.each([
    { name: 'straight', mode: 'straight' as const, points: [...FISH], expected: 15 },
    {
      name: 'along a curve',
      mode: 'curve' as const,
      points: [photoOf({ x: -9, y: -2 }), photoOf({ x: -9, y: 6 }), photoOf({ x: -3, y: 6 })],
      expected: 14,
    },
  ])('$name: true on the plane; the long side alone, camera square, says otherwise', ({ mode, points, expected }) => {
    let s = run(detectedCard(), { type: 'to-subject' }, { type: 'mode', mode })
    s = run(s, ...points.map(place), ...(mode === 'curve' ? [{ type: 'finish-curve' } as ToolAction] : []))
    const result = resultOf(s)
    expect(result?.valueIn).toBeCloseTo(expected, 9)
    const twoPoint = pathLength(points) / (longSidePx / 3.37)
    expect(result?.twoPointIn).toBeCloseTo(twoPoint, 9)
    expect(Math.abs(twoPoint - expected)).toBeGreaterThan(0.5)
    expect(result?.uncertaintyIn).toBeGreaterThan(0)
  })

  it('hands over the method, the corners, their error and the path, unrounded', () => {
    const s = measureFish(detectedCard(0.4))
    const m = measuredValue(s, 'photo.jpg', { field: 'quick.lengthIn', label: 'Length' })
    expect(m).toMatchObject({
      field: 'quick.lengthIn',
      valueIn: 15,
      mode: 'straight',
      method: 'plane',
      reference: { kind: 'credit-card', lengthIn: 3.37, corners: CARD, cornerErrorPx: 0.4 },
      points: [FISH[0], FISH[1]],
    })
    expect(m?.exactIn).toBeCloseTo(15, 9)
    expect(m?.reference.pixels).toBeCloseTo(longSidePx, 9)
    expect(m?.twoPointIn).toBeCloseTo(pathLength(FISH) / (longSidePx / 3.37), 9)
  })

  it('hands over one error per corner once a corner was moved by hand', () => {
    const dragged = run(
      detectedCard(0.4),
      { type: 'move-handle', index: 0, point: corner(0) },
      { type: 'drop-handle', index: 0 },
    )
    const m = measuredValue(measureFish(dragged), 'photo.jpg')
    expect(m?.reference.cornerErrorPx).toEqual([CLICK_ERROR_PX, 0.4, 0.4, 0.4])
  })

  it('refuses a point beyond the card’s horizon, and keeps the first', () => {
    const s = run(detectedCard(), { type: 'to-subject' }, place(FISH[0]), place({ x: 1000, y: 4000 }))
    expect(s).toMatchObject({ step: 'subject', message: PLANE_MESSAGES.horizon, subjectPoints: [FISH[0]] })
  })
})
