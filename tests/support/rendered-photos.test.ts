import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import type { Point } from '#shared/measuring/geometry.ts'
import { applyHomography, CARD_PLANE_IN, measureOnPlane, planeToPhoto } from '#shared/measuring/plane.ts'
import {
  atSize,
  CARD_STYLES,
  encodePhoto,
  focalOf,
  NO_CARD_SCENES,
  planeHomography,
  planePointAt,
  QUARTER_DIAMETER_IN,
  QUARTER_SCENES,
  type RenderedRaster,
  renderLarge,
  renderScene,
  type Scene,
  sceneTruth,
  TEST_SCENES,
} from './rendered-photos.ts'

// The renderer's truth is what the detector and measurement tests are judged by, so it is checked here against the
// plane geometry (src/shared/measuring/plane.ts) and against the pixels themselves.

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)
const segmentDistance = (p: Point, a: Point, b: Point) => {
  const l2 = (b.x - a.x) ** 2 + (b.y - a.y) ** 2
  const k = Math.max(0, Math.min(1, ((p.x - a.x) * (b.x - a.x) + (p.y - a.y) * (b.y - a.y)) / l2))
  return distance(p, { x: a.x + k * (b.x - a.x), y: a.y + k * (b.y - a.y) })
}
const ALL = [...TEST_SCENES, ...NO_CARD_SCENES, ...QUARTER_SCENES]

function pixel(raster: RenderedRaster, p: Point): [number, number, number] {
  const o = (Math.floor(p.y) * raster.width + Math.floor(p.x)) * 4
  return [raster.data[o] as number, raster.data[o + 1] as number, raster.data[o + 2] as number]
}

/** A scene's named member, or a failure naming it. */
function scene(name: string): Scene {
  const found = ALL.find((s) => s.name === name)
  if (!found) throw new Error(`no scene ${name}`)
  return found.scene
}

const inFrame = (p: Point, s: Scene, margin = 0) =>
  p.x >= margin && p.y >= margin && p.x <= s.camera.width - margin && p.y <= s.camera.height - margin

describe('the camera', () => {
  it('sees a card square on as a rectangle of the right size and aspect', () => {
    const camera = { width: 1600, height: 1200, tiltDeg: 0, rotationDeg: 0, distanceIn: 20 }
    const h = planeHomography(camera).toImage
    const px = (x: number, y: number) => {
      const q = applyHomography(h, { x, y })
      return { x: q.x, y: q.y }
    }
    const scale = focalOf(camera) / 20
    expect(px(0, 0)).toEqual({ x: 800, y: 600 })
    expect(px(CARD_PLANE_IN.long, 0).x - 800).toBeCloseTo(CARD_PLANE_IN.long * scale, 9)
    expect(px(0, 1).y - 600).toBeCloseTo(-scale, 9)
  })

  it('maps the photo back to the plane', () => {
    const camera = { width: 1600, height: 1200, tiltDeg: 40, rollDeg: 25, rotationDeg: 17, distanceIn: 30 }
    const { toImage, toPlane } = planeHomography(camera, 1.5)
    for (const p of [
      { x: 3, y: -2 },
      { x: -10, y: 7 },
    ]) {
      const back = applyHomography(toPlane, applyHomography(toImage, p))
      expect(back.x).toBeCloseTo(p.x, 9)
      expect(back.y).toBeCloseTo(p.y, 9)
    }
    expect(distance(planePointAt(camera, { x: 800, y: 600 }), { x: 0, y: 0 })).toBeLessThan(1e-9)
  })

  it('tilted, makes the top of the photo farther: things there look smaller', () => {
    const camera = { width: 1600, height: 1200, tiltDeg: 30, rotationDeg: 0, distanceIn: 30 }
    const top = planePointAt(camera, { x: 800, y: 100 })
    const bottom = planePointAt(camera, { x: 800, y: 1100 })
    expect(top.y - 0).toBeGreaterThan(0 - bottom.y)
  })
})

describe('the truth', () => {
  it.each(ALL)('$name: card corners are the homography of the plane corners', ({ scene: s }) => {
    const t = sceneTruth(s)
    if (!t.cardCorners || !t.cardCornersOnPlane) return expect(s.card ?? null).toBeNull()
    t.cardCorners.forEach((c, i) => {
      const q = applyHomography(t.cardPlaneHomography, t.cardCornersOnPlane?.[i] as Point)
      expect(distance(c, q)).toBeLessThan(1e-9)
    })
    const [a, b, c, d] = t.cardCornersOnPlane
    expect(distance(a, b)).toBeCloseTo(CARD_PLANE_IN.long, 9)
    expect(distance(b, c)).toBeCloseTo(CARD_PLANE_IN.short, 9)
    expect(distance(c, d)).toBeCloseTo(CARD_PLANE_IN.long, 9)
  })

  it.each(TEST_SCENES)('$name: the card is fully in frame, its long side 7–35 % of the width', ({ scene: s }) => {
    const corners = sceneTruth(s).cardCorners
    if (!corners) throw new Error('no card')
    for (const c of corners) expect(inFrame(c, s, 4), `${c.x}, ${c.y}`).toBe(true)
    const share = Math.max(distance(corners[0], corners[1]), distance(corners[2], corners[3])) / s.camera.width
    expect(share).toBeGreaterThan(0.07)
    expect(share).toBeLessThan(0.35)
  })

  it.each(ALL.filter(({ scene: s }) => s.fish))(
    '$name: the fish is in frame and |AB| is its length',
    ({ scene: s }) => {
      const t = sceneTruth(s)
      if (!t.fish || !s.fish) throw new Error('no fish')
      expect(distance(s.fish.a, s.fish.b)).toBeCloseTo(t.fish.lengthIn, 12)
      expect(t.fish.lengthIn).toBeGreaterThanOrEqual(12)
      expect(t.fish.lengthIn).toBeLessThanOrEqual(40)
      // The whole fish, tail lobes included, is in frame and clear of the card.
      const { a, b } = s.fish
      const n = {
        x: (-(b.y - a.y) / t.fish.lengthIn) * 0.12 * t.fish.lengthIn,
        y: ((b.x - a.x) / t.fish.lengthIn) * 0.12 * t.fish.lengthIn,
      }
      for (const p of [a, b].flatMap((e) => [
        { x: e.x + n.x, y: e.y + n.y },
        { x: e.x - n.x, y: e.y - n.y },
      ])) {
        expect(inFrame(applyHomography(t.homography, p), s, 2), 'fish in frame').toBe(true)
      }
      if (s.card) expect(segmentDistance(s.card.centre, a, b)).toBeGreaterThan(2 + 0.12 * t.fish.lengthIn)
    },
  )

  it.each(TEST_SCENES.filter(({ scene: s }) => s.fish))(
    '$name: the plane measurement through the true corners',
    ({ scene: s }) => {
      const t = sceneTruth(s)
      if (!t.fish || !t.cardCorners) throw new Error('no fish or card')
      const { valueIn } = measureOnPlane('straight', [t.fish.a, t.fish.b], t.cardCorners)
      // Exact on the card's plane; a card held above the surface gives another plane, and a wrong length.
      if (t.cardOnSubjectPlane) expect(valueIn).toBeCloseTo(t.fish.lengthIn, 6)
      else expect(Math.abs(valueIn / t.fish.lengthIn - 1)).toBeGreaterThan(0.03)
    },
  )

  it('has no card in the no-card scenes, and a quarter in the quarter scenes', () => {
    for (const { scene: s } of NO_CARD_SCENES) expect(sceneTruth(s).cardCorners).toBeNull()
    for (const { scene: s } of QUARTER_SCENES) {
      expect(sceneTruth(s).cardCorners).toBeNull()
      expect(sceneTruth(s).quarter).not.toBeNull()
    }
  })

  it.each(ALL.filter(({ scene: s }) => s.quarter))(
    '$name: the quarter’s ellipse is the image of its rim',
    ({ scene: s }) => {
      const t = sceneTruth(s)
      const coin = s.quarter?.centre
      if (!t.quarter || !coin) throw new Error('no quarter')
      const toPlane = planeHomography(s.camera).toPlane
      for (const p of t.quarter.corners) {
        const q = applyHomography(toPlane, p)
        expect(Math.hypot(q.x - coin.x, q.y - coin.y)).toBeCloseTo(QUARTER_DIAMETER_IN / 2, 6)
      }
      const [a, b] = t.quarter.ellipse.major
      const [c, d] = t.quarter.ellipse.minor
      expect(distance(a, b)).toBeGreaterThanOrEqual(distance(c, d))
      // Every point of the rim lies within the major axis's circle and outside the minor's.
      const centre = t.quarter.ellipse.centre
      for (let k = 0; k < 12; k++) {
        const angle = (k * Math.PI) / 6
        const r = QUARTER_DIAMETER_IN / 2
        const q = applyHomography(t.homography, { x: coin.x + r * Math.cos(angle), y: coin.y + r * Math.sin(angle) })
        expect(distance(q, centre)).toBeLessThanOrEqual(distance(a, b) / 2 + 1e-6)
        expect(distance(q, centre)).toBeGreaterThanOrEqual(distance(c, d) / 2 - 1e-6)
      }
    },
  )

  it('a card held above the surface appears larger than the same card on it', () => {
    const held = scene('card-above-2in-blue-wood')
    const lying = { ...held, cardAboveIn: 0 }
    const perimeter = (s: Scene) => {
      const c = sceneTruth(s).cardCorners
      if (!c) throw new Error('no card')
      return c.reduce((sum, p, i) => sum + distance(p, c[(i + 1) % 4] as Point), 0)
    }
    expect(perimeter(held)).toBeGreaterThan(perimeter(lying) * 1.05)
    expect(sceneTruth(held).cardOnSubjectPlane).toBe(false)
    expect(sceneTruth(lying).cardOnSubjectPlane).toBe(true)
  })
})

describe('the pixels', () => {
  const small = (s: Scene) => atSize(s, 480, Math.round((480 * s.camera.height) / s.camera.width))

  it.each(TEST_SCENES.filter(({ scene: s }) => !s.glare && !s.cover))(
    '$name: the card’s face inside, the surface outside',
    ({ scene: s }) => {
      const card = s.card
      const sized = small(s)
      const photo = renderScene(sized)
      const bare = renderScene({ ...sized, card: null })
      const corners = photo.truth.cardCorners
      if (!corners || !card) throw new Error('no card')
      // A plain patch of the face, right of the bank's name and above the stripe.
      const face = applyHomography(planeToPhoto(corners), { x: 2.7, y: 0.5 })
      const style = CARD_STYLES[card.colour]
      const got = pixel(photo.raster, face)
      const expected = style.base.map((b, i) => (b + (style.sheen[i] as number)) / 2)
      expect(Math.max(...got.map((g, i) => Math.abs(g - (expected[i] as number))))).toBeLessThan(70)
      // Well outside, the card changes nothing: the same pixels as without it.
      const beyond = applyHomography(planeToPhoto(corners), { x: CARD_PLANE_IN.long / 2, y: -1.2 })
      if (inFrame(beyond, sized, 1)) expect(pixel(photo.raster, beyond)).toEqual(pixel(bare.raster, beyond))
      expect(pixel(photo.raster, face)).not.toEqual(pixel(bare.raster, face))
    },
  )

  it('renders the same pixels for a seed, and others for another seed', () => {
    const s = small(scene('tilt30-bottom-left-silver-grass'))
    const a = renderScene(s).raster
    const b = renderScene(s).raster
    const c = renderScene({ ...s, seed: s.seed + 1 }).raster
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true)
    expect(Buffer.from(a.data).equals(Buffer.from(c.data))).toBe(false)
    expect(a.data.length).toBe(a.width * a.height * 4)
    expect(a.channels).toBe(4)
  })

  it('anti-aliases the card’s edge: pixels across it take values between the face and the surface', () => {
    const s = { ...scene('flat-centre-blue-wood'), noiseSigma: 0, blurPx: 0 }
    const { raster, truth } = renderScene(s)
    const corners = truth.cardCorners
    if (!corners) throw new Error('no card')
    const [a, b] = corners
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }
    const column = [-2, -1, 0, 1, 2].map((dy) => pixel(raster, { x: mid.x, y: mid.y + dy })[2])
    const between = column.filter((v) => v > Math.min(...column) + 10 && v < Math.max(...column) - 10)
    expect(between.length).toBeGreaterThanOrEqual(1)
  })

  // Not timed: how fast the renderer runs depends on the machine, and no user waits on it.
  it('renders 1600 × 1200 and encodes a JPEG sharp can read', async () => {
    const photo = renderScene(scene('tilt45-centre-blue-deck'))
    const meta = await sharp(await encodePhoto(photo, 'jpeg')).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1600, 1200])
  })

  it('renders 12 megapixels by upscaling, with the full-size camera’s truth', async () => {
    const s = scene('flat-centre-blue-wood')
    const photo = await renderLarge(s, 4000, 3000)
    expect([photo.raster.width, photo.raster.height, photo.raster.data.length]).toEqual([4000, 3000, 4000 * 3000 * 4])
    const small = sceneTruth(s).cardCorners
    const large = photo.truth.cardCorners
    if (!small || !large) throw new Error('no card')
    large.forEach((p, i) => {
      expect(distance(p, { x: (small[i]?.x ?? 0) * 2.5, y: (small[i]?.y ?? 0) * 2.5 })).toBeLessThan(1e-6)
    })
  }, 20_000)
})
