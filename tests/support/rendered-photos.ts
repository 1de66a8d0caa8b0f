import sharp from 'sharp'
import type { Raster } from '#shared/measuring/detect.ts'
import type { Point } from '#shared/measuring/geometry.ts'
import {
  applyHomography,
  CARD_PLANE_IN,
  type CardCorners,
  type Mat3,
  PHONE_FOCAL_PER_DIAGONAL,
} from '#shared/measuring/plane.ts'
import { createRng } from '../../scripts/demo/generate.ts'

// Synthetic photos with known truth for the card and quarter detectors and the plane measurement: a pinhole camera
// looks at a flat surface (z = 0, inches) with a card, a quarter, a fish and distractors on it; every pixel is mapped
// back to the plane and shaded there. Image coordinates are continuous: pixel (i, j) covers [i, i + 1) × [j, j + 1),
// so its centre is at (i + 0.5, j + 0.5); a detector that works in pixel indices must add 0.5 before comparing.

export const CARD_RADIUS_IN = 0.125
export const QUARTER_DIAMETER_IN = 0.955

export type Rgb = readonly [number, number, number]

export type Camera = {
  width: number
  height: number
  /** Pixels; a phone's main camera by default (0.7 × the diagonal). */
  focalPx?: number
  /** 0 looks square onto the surface; positive tilts the top of the photo away from the camera. */
  tiltDeg: number
  /** Turns the camera about its axis, so the tilt runs another way across the photo. */
  rollDeg?: number
  /** Turns the whole scene in its plane. */
  rotationDeg: number
  /** From the camera to `target`, the plane point at the photo's centre. */
  distanceIn: number
  target?: Point
}

export type SurfaceKind = 'wood' | 'deck' | 'gravel' | 'grass' | 'plain'
export type CardColour = 'blue' | 'white' | 'green' | 'silver' | 'black'
export type FishKind = 'trout' | 'bass'

export type Distractor = {
  /** tile 3 × 3 in, phone 6 × 3 in, knife 9 × 0.8 in, ruler 12 × 1 in. */
  kind: 'tile' | 'phone' | 'knife' | 'ruler'
  centre: Point
  angleDeg: number
}

/** A thumb holding the card, on the card's plane: over one corner, or over part of one side (`at` 0–1 along it). */
export type Cover = { corner: 0 | 1 | 2 | 3 } | { side: 0 | 1 | 2 | 3; at?: number }

/** A highlight in photo pixels; it is full on the card and `spill` times as strong on anything else. */
export type Glare = {
  centre: Point
  radiiPx: readonly [number, number]
  angleDeg?: number
  strength?: number
  spill?: number
}

export type Scene = {
  seed: number
  camera: Camera
  surface: SurfaceKind
  /** The colour of a plain surface (a tailgate grey by default). */
  plainColour?: Rgb
  /** Centre on the plane and angle of its long side from the plane's x axis. */
  card?: { centre: Point; angleDeg: number; colour: CardColour } | null
  /** The card held this far above the surface (the fish stays on it). */
  cardAboveIn?: number
  quarter?: { centre: Point } | null
  /** Snout at `a`, the line across the tail's tips through `b`: the fish's total length is |ab|. */
  fish?: { a: Point; b: Point; kind?: FishKind } | null
  distractors?: readonly Distractor[]
  glare?: Glare
  cover?: Cover
  /** Gaussian noise, standard deviation in 0–255 levels (default 2.5). */
  noiseSigma?: number
  /** Gaussian blur, standard deviation in pixels (default 0.6: a phone's optics). */
  blurPx?: number
  /** How much darker the photo's corners are, 0–1 (default 0.25). */
  vignette?: number
  /** A lighting gradient across the photo: its direction in the photo and the relative change across it. */
  light?: { angleDeg: number; strength: number }
}

export type Ellipse = { centre: Point; major: readonly [Point, Point]; minor: readonly [Point, Point] }

export type Truth = {
  scene: Scene
  /** Surface plane (inches) → photo (pixels). */
  homography: Mat3
  /** The card's plane → photo: the same as `homography` unless the card is held above the surface. */
  cardPlaneHomography: Mat3
  /** The sharp rectangle's corners (where the straight sides meet), clockwise on screen, [0] → [1] along a long side. */
  cardCorners: CardCorners | null
  cardCornersOnPlane: CardCorners | null
  /** False when the card is held above the surface the fish lies on: a plane measurement then reads wrong. */
  cardOnSubjectPlane: boolean
  cardAboveIn: number
  /** The coin's centre's image, and the image of its rim: `corners` is the major then the minor axis's end points. */
  quarter: { centre: Point; ellipse: Ellipse; corners: readonly [Point, Point, Point, Point] } | null
  fish: { a: Point; b: Point; lengthIn: number; aOnPlane: Point; bOnPlane: Point } | null
}

export type RenderedRaster = Raster & { channels: 4; data: Uint8ClampedArray }
export type RenderedPhoto = { raster: RenderedRaster; truth: Truth }

// ---------------------------------------------------------------------------------------------------------------
// Randomness: seeded, so every photo is the same on every run.

/** An integer hash of two cells and a seed, in [0, 1). */
function hash2(i: number, j: number, seed: number): number {
  let h = Math.imul(i | 0, 0x27d4eb2d) ^ Math.imul(j | 0, 0x165667b1) ^ Math.imul(seed | 0, 0x9e3779b1)
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b)
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35)
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296
}

type Noise = (x: number, y: number) => number

/** Smooth value noise in [0, 1) on a 256-periodic lattice: cheap enough to call several times a pixel. */
function makeNoise(seed: number): Noise {
  const rand = createRng(seed)
  const t = new Float32Array(65536)
  for (let i = 0; i < t.length; i++) t[i] = rand()
  return (x, y) => {
    const xf = Math.floor(x)
    const yf = Math.floor(y)
    let fx = x - xf
    let fy = y - yf
    fx = fx * fx * (3 - 2 * fx)
    fy = fy * fy * (3 - 2 * fy)
    const i0 = xf & 255
    const j0 = (yf & 255) << 8
    const i1 = (i0 + 1) & 255
    const j1 = ((yf + 1) & 255) << 8
    const a = t[j0 + i0] as number
    const b = t[j0 + i1] as number
    const c = t[j1 + i0] as number
    const d = t[j1 + i1] as number
    return a + (b - a) * fx + (c - a) * fy + (a - b - c + d) * fx * fy
  }
}

function fbm(noise: Noise, x: number, y: number, octaves: number): number {
  let sum = 0
  let amp = 0.5
  let total = 0
  for (let o = 0; o < octaves; o++) {
    sum += amp * noise(x, y)
    total += amp
    x = x * 2.03 + 17.1
    y = y * 2.03 + 5.3
    amp *= 0.5
  }
  return sum / total
}

// ---------------------------------------------------------------------------------------------------------------
// The camera.

type Vec3 = [number, number, number]
const dot3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
const rad = (deg: number) => (deg * Math.PI) / 180
const clamp01 = (v: number) => Math.max(0, Math.min(1, v))
const smooth = (e0: number, e1: number, v: number) => {
  const t = clamp01((v - e0) / (e1 - e0))
  return t * t * (3 - 2 * t)
}

export function focalOf(camera: Camera): number {
  return camera.focalPx ?? PHONE_FOCAL_PER_DIAGONAL * Math.hypot(camera.width, camera.height)
}

function invert3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m
  const A = e * i - f * h
  const B = -(d * i - f * g)
  const C = d * h - e * g
  const det = a * A + b * B + c * C
  const inv = [
    A,
    -(b * i - c * h),
    b * f - c * e,
    B,
    a * i - c * g,
    -(a * f - c * d),
    C,
    -(a * h - b * g),
    a * e - b * d,
  ]
  return normalise(inv.map((v) => v / det))
}

/** Scales so h33 = ±1, keeping its sign: w > 0 still means in front of the camera. */
function normalise(m: readonly number[]): Mat3 {
  const s = Math.abs(m[8] as number) > 1e-12 ? Math.abs(m[8] as number) : 1
  return m.map((v) => v / s) as unknown as Mat3
}

/**
 * The homography from the plane z = `planeZ` (inches) to the photo (pixels), and its inverse. The camera looks down
 * at `target` from `distanceIn`, tilted about its horizontal axis; the plane's y axis points up the photo at no turn.
 */
export function planeHomography(camera: Camera, planeZ = 0): { toImage: Mat3; toPlane: Mat3 } {
  const t = rad(camera.tiltDeg)
  const r = rad(camera.rollDeg ?? 0)
  const th = rad(camera.rotationDeg)
  const d = camera.distanceIn
  const [cr, sr] = [Math.cos(r), Math.sin(r)]
  // The camera's axes in the turned scene: x right, y down the photo, z along the view.
  const xc: Vec3 = [cr, -sr * Math.cos(t), -sr * Math.sin(t)]
  const yc: Vec3 = [-sr, -cr * Math.cos(t), -cr * Math.sin(t)]
  const zc: Vec3 = [0, Math.sin(t), -Math.cos(t)]
  const tx = camera.target?.x ?? 0
  const ty = camera.target?.y ?? 0
  // A plane point (x, y) turned by th, shifted so the target is at the origin, seen from the camera at c.
  const e1: Vec3 = [Math.cos(th), Math.sin(th), 0]
  const e2: Vec3 = [-Math.sin(th), Math.cos(th), 0]
  const origin: Vec3 = [
    -(tx * Math.cos(th) - ty * Math.sin(th)),
    -(tx * Math.sin(th) + ty * Math.cos(th)) + d * Math.sin(t),
    planeZ - d * Math.cos(t),
  ]
  const [rx, ry, rz] = [xc, yc, zc].map((axis) => [dot3(axis, e1), dot3(axis, e2), dot3(axis, origin)]) as [
    Vec3,
    Vec3,
    Vec3,
  ]
  const f = focalOf(camera)
  const cx = camera.width / 2
  const cy = camera.height / 2
  const m = [
    ...[0, 1, 2].map((k) => f * (rx[k] as number) + cx * (rz[k] as number)),
    ...[0, 1, 2].map((k) => f * (ry[k] as number) + cy * (rz[k] as number)),
    ...rz,
  ]
  const toImage = normalise(m)
  return { toImage, toPlane: invert3(toImage) }
}

/** The point of the plane z = `planeZ` seen at a photo pixel. */
export function planePointAt(camera: Camera, px: Point, planeZ = 0): Point {
  const q = applyHomography(planeHomography(camera, planeZ).toPlane, px)
  return { x: q.x, y: q.y }
}

const project = (h: Mat3, p: Point): Point => {
  const q = applyHomography(h, p)
  return { x: q.x, y: q.y }
}

// ---------------------------------------------------------------------------------------------------------------
// Shading: every object paints itself into the colour of a pixel, given where that pixel lands on its plane.

/** Where one pixel lands on a plane, and how the plane moves per pixel (for edge coverage and texture detail). */
type Hit = { x: number; y: number; xu: number; xv: number; yu: number; yv: number; pix: number; ok: boolean }
type Colour = { r: number; g: number; b: number }
type Box = readonly [number, number, number, number]

/** One thing in the scene: paints the pixel when its plane point falls in `box`. */
type Layer = { onCard: boolean; box: Box; paint: (h: Hit, c: Colour, px: PixelState) => void }

/** Per-pixel state shared by the layers: how much of the pixel is the card (glare lights the card most). */
type PixelState = { cardCover: number }

function hitAt(m: Mat3, u: number, v: number, hit: Hit): void {
  const w = m[6] * u + m[7] * v + m[8]
  hit.ok = w > 1e-9
  if (!hit.ok) return
  const x = (m[0] * u + m[1] * v + m[2]) / w
  const y = (m[3] * u + m[4] * v + m[5]) / w
  hit.x = x
  hit.y = y
  hit.xu = (m[0] - x * m[6]) / w
  hit.xv = (m[1] - x * m[7]) / w
  hit.yu = (m[3] - y * m[6]) / w
  hit.yv = (m[4] - y * m[7]) / w
  hit.pix = Math.sqrt(Math.abs(hit.xu * hit.yv - hit.xv * hit.yu))
}

const newHit = (): Hit => ({ x: 0, y: 0, xu: 0, xv: 0, yu: 0, yv: 0, pix: 1, ok: false })

/**
 * The share of the pixel inside a shape, from its signed distance (inches, negative inside) and the distance's
 * gradient on the plane: the gradient through the Jacobian gives the distance in pixels, so tilted edges stay crisp.
 */
function coverage(sd: number, gx: number, gy: number, h: Hit): number {
  const gu = gx * h.xu + gy * h.yu
  const gv = gx * h.xv + gy * h.yv
  const perPx = Math.hypot(gu, gv) || h.pix
  return clamp01(0.5 - sd / perPx)
}

const blend = (c: Colour, r: number, g: number, b: number, a: number) => {
  c.r += (r - c.r) * a
  c.g += (g - c.g) * a
  c.b += (b - c.b) * a
}

/** A rounded rectangle's signed distance and its gradient in the rectangle's own frame. */
function roundedBox(lx: number, ly: number, hx: number, hy: number, radius: number, out: number[]): number {
  const qx = Math.abs(lx) - (hx - radius)
  const qy = Math.abs(ly) - (hy - radius)
  let sd: number
  if (qx > 0 && qy > 0) {
    const l = Math.hypot(qx, qy)
    sd = l - radius
    out[0] = (Math.sign(lx) * qx) / l
    out[1] = (Math.sign(ly) * qy) / l
  } else if (qx > qy) {
    sd = qx - radius
    out[0] = Math.sign(lx)
    out[1] = 0
  } else {
    sd = qy - radius
    out[0] = 0
    out[1] = Math.sign(ly)
  }
  return sd
}

/** A placed frame on the plane: local coordinates of a plane point, and a local gradient back on the plane. */
type Frame = { cx: number; cy: number; cos: number; sin: number }
const frameOf = (centre: Point, angleDeg: number): Frame => ({
  cx: centre.x,
  cy: centre.y,
  cos: Math.cos(rad(angleDeg)),
  sin: Math.sin(rad(angleDeg)),
})
const localX = (f: Frame, x: number, y: number) => (x - f.cx) * f.cos + (y - f.cy) * f.sin
const localY = (f: Frame, x: number, y: number) => -(x - f.cx) * f.sin + (y - f.cy) * f.cos

/** Box-shaped objects: the signed distance at a plane point, with its plane gradient written to `g`. */
function boxDistance(f: Frame, hx: number, hy: number, radius: number, x: number, y: number, g: number[]): number {
  const sd = roundedBox(localX(f, x, y), localY(f, x, y), hx, hy, radius, g)
  const gx = (g[0] as number) * f.cos - (g[1] as number) * f.sin
  const gy = (g[0] as number) * f.sin + (g[1] as number) * f.cos
  g[0] = gx
  g[1] = gy
  return sd
}

function boxAround(f: Frame, hx: number, hy: number, margin: number): Box {
  const ex = Math.abs(hx * f.cos) + Math.abs(hy * f.sin) + margin
  const ey = Math.abs(hx * f.sin) + Math.abs(hy * f.cos) + margin
  return [f.cx - ex, f.cy - ey, f.cx + ex, f.cy + ey]
}

// ---------------------------------------------------------------------------------------------------------------
// Surfaces.

type SurfaceShader = (h: Hit, c: Colour) => void

/** Fine detail fades out once a pixel covers more of the plane than the detail's own size, instead of aliasing. */
const detail = (h: Hit, size: number) => clamp01(1.5 - h.pix / size)

/** Wood: broad ring bands and thin late-wood lines bent by a slow warp, with fine streaks along the grain. */
function woodShader(noise: Noise, light: Rgb, dark: Rgb): SurfaceShader {
  return (h, c) => {
    const warp = noise(h.x * 0.05, h.y * 0.4)
    const coarse = noise(h.x * 0.02 + 30, h.y * 0.15)
    const phase = h.y * 2.2 + warp * 7 + coarse * 4
    const bands = 0.5 + 0.5 * Math.sin(phase)
    const fine = Math.max(0, Math.sin(phase * 7))
    const line = fine * fine * fine * fine * fine * fine * detail(h, 0.04)
    const streak = noise(h.x * 0.35 + 40, h.y * 22) * detail(h, 0.04)
    const k = clamp01(0.45 * bands * bands + 0.3 * line + 0.3 * streak + 0.35 * coarse - 0.12)
    c.r = light[0] + (dark[0] - light[0]) * k
    c.g = light[1] + (dark[1] - light[1]) * k
    c.b = light[2] + (dark[2] - light[2]) * k
  }
}

const DECK_BOARD_IN = 5.5
const DECK_GAP_IN = 0.25

/** Parallel boards with dark gaps: long straight edges that a rectangle finder must not take for a card. */
function deckShader(noise: Noise, seed: number): SurfaceShader {
  const wood = woodShader(noise, [168, 138, 108], [112, 86, 64])
  const pitch = DECK_BOARD_IN + DECK_GAP_IN
  const moved = newHit()
  return (h, c) => {
    const k = Math.floor(h.y / pitch)
    const yy = h.y - k * pitch
    moved.x = h.x + k * 37.7
    moved.y = h.y + k * 3.1
    moved.pix = h.pix
    wood(moved, c)
    const tint = 0.85 + 0.3 * hash2(k, 7, seed)
    c.r *= tint
    c.g *= tint * 0.98
    c.b *= tint * 0.95
    const edge = Math.min(yy, DECK_BOARD_IN - yy)
    if (edge < 0.35) {
      const s = 1 - 0.25 * (1 - edge / 0.35) ** 2
      c.r *= s
      c.g *= s
      c.b *= s
    }
    const gy = Math.hypot(h.yu, h.yv) || h.pix
    const inGap = clamp01(0.5 + (yy - DECK_BOARD_IN) / gy) * clamp01(0.5 + (pitch - yy) / gy)
    blend(c, 28, 22, 18, inGap * 0.92)
  }
}

/** Stones: the nearest of jittered cell centres makes a pebble, lit from the top left; the gaps are dark. */
function gravelShader(noise: Noise, seed: number): SurfaceShader {
  const cell = 0.42
  return (h, c) => {
    const gx = h.x / cell
    const gy = h.y / cell
    const ix = Math.floor(gx)
    const iy = Math.floor(gy)
    let d1 = 9
    let d2 = 9
    let bi = 0
    let bj = 0
    let dx = 0
    let dy = 0
    for (let j = iy - 1; j <= iy + 1; j++) {
      for (let i = ix - 1; i <= ix + 1; i++) {
        const ex = gx - i - hash2(i, j, seed)
        const ey = gy - j - hash2(j, i, seed + 1)
        const d = ex * ex + ey * ey
        if (d < d1) {
          d2 = d1
          d1 = d
          bi = i
          bj = j
          dx = ex
          dy = ey
        } else if (d < d2) d2 = d
      }
    }
    const fine = detail(h, cell * 0.3)
    const edge = Math.sqrt(d2) - Math.sqrt(d1)
    const dome = 1 + 0.45 * (dy - dx) * fine - 0.5 * (1 - smooth(0, 0.22, edge)) * fine
    const tone = 85 + 100 * hash2(bi, bj, seed + 2) + 18 * (noise(h.x * 6, h.y * 6) - 0.5) * detail(h, 0.03)
    const warm = (hash2(bi, bj, seed + 3) - 0.4) * 30
    c.r = (tone + warm) * dome
    c.g = (tone + warm * 0.4) * dome
    c.b = (tone - warm * 0.3) * dome * 0.97
  }
}

/** Grass: tufts of streaks, each tuft's blades leaning its own way; two offset layers hide the tufts' borders. */
function grassShader(noise: Noise, seed: number): SurfaceShader {
  const tuft = 0.7
  const turns = Array.from({ length: 256 }, (_, k) => 1.1 + (hash2(k, 3, seed) - 0.5) * 1.4)
  const cosT = turns.map(Math.cos)
  const sinT = turns.map(Math.sin)
  const layer = (h: Hit, shift: number) => {
    const ci = Math.floor((h.x + shift) / tuft)
    const cj = Math.floor((h.y + shift) / tuft)
    const k = (hash2(ci, cj, seed) * 256) | 0
    const lx = h.x - ci * tuft
    const ly = h.y - cj * tuft
    const ca = cosT[k] as number
    const sa = sinT[k] as number
    return noise((-lx * sa + ly * ca) * 13 + k * 7.3, (lx * ca + ly * sa) * 1.6 + k * 3.1)
  }
  return (h, c) => {
    const blades = Math.max(layer(h, 0), layer(h, tuft / 2)) * detail(h, 0.06)
    const fine = noise(h.x * 20 + 7, h.y * 20) * detail(h, 0.025)
    const dry = 0.55 * smooth(0.6, 0.85, noise(h.x * 0.05 + 9, h.y * 0.05))
    const lum = 0.3 + 0.7 * blades ** 2 + 0.2 * fine
    c.r = (50 + 100 * dry) * lum * 1.4
    c.g = (105 + 35 * dry) * lum * 1.35
    c.b = (32 + 28 * dry) * lum * 1.2
  }
}

function plainShader(noise: Noise, base: Rgb): SurfaceShader {
  return (h, c) => {
    const dirt = fbm(noise, h.x * 0.08, h.y * 0.08, 3) - 0.5
    const speckle = (noise(h.x * 30, h.y * 30) - 0.5) * detail(h, 0.02)
    const k = 1 + 0.12 * dirt + 0.06 * speckle
    c.r = base[0] * k
    c.g = base[1] * k
    c.b = base[2] * k
  }
}

function surfaceShader(scene: Scene, noise: Noise): SurfaceShader {
  switch (scene.surface) {
    case 'wood':
      return woodShader(noise, [196, 150, 104], [128, 84, 50])
    case 'deck':
      return deckShader(noise, scene.seed)
    case 'gravel':
      return gravelShader(noise, scene.seed)
    case 'grass':
      return grassShader(noise, scene.seed)
    case 'plain':
      return plainShader(noise, scene.plainColour ?? [150, 152, 156])
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The card: a rounded rectangle with a chip, a logo, a stripe and rows of text-like marks on its face.

export type CardStyle = {
  base: Rgb
  sheen: Rgb
  ink: Rgb
  stripe: Rgb | null
  metallic: boolean
  logo: 'circles' | 'block'
}

export const CARD_STYLES: Record<CardColour, CardStyle> = {
  blue: {
    base: [18, 42, 104],
    sheen: [40, 78, 150],
    ink: [215, 220, 230],
    stripe: [60, 110, 185],
    metallic: false,
    logo: 'circles',
  },
  white: {
    base: [232, 232, 226],
    sheen: [246, 246, 242],
    ink: [60, 62, 70],
    stripe: [40, 90, 170],
    metallic: false,
    logo: 'block',
  },
  green: {
    base: [22, 112, 74],
    sheen: [60, 150, 100],
    ink: [235, 240, 235],
    stripe: [120, 190, 90],
    metallic: false,
    logo: 'circles',
  },
  silver: {
    base: [168, 172, 178],
    sheen: [214, 218, 224],
    ink: [50, 52, 60],
    stripe: null,
    metallic: true,
    logo: 'block',
  },
  black: {
    base: [20, 20, 24],
    sheen: [48, 48, 54],
    ink: [190, 190, 195],
    stripe: null,
    metallic: false,
    logo: 'circles',
  },
}

/** A row of 3 × 5 dot glyphs, grouped like a card number: 1 when (u, v) falls on ink. */
function glyphInk(u: number, v: number, row: GlyphRow, seed: number): number {
  const [u0, v0, cw, ch, count, group] = row
  if (v < v0 || v > v0 + ch || u < u0) return 0
  const pitch = cw * 1.3
  const groupPitch = group * pitch + cw * 1.2
  const g = Math.floor((u - u0) / groupPitch)
  const within = u - u0 - g * groupPitch
  const k = Math.floor(within / pitch)
  const idx = g * group + k
  if (k >= group || idx >= count) return 0
  const cx = (within - k * pitch) / cw
  if (cx > 1) return 0
  const bx = Math.min(2, Math.floor(cx * 3))
  const by = Math.min(4, Math.floor(((v - v0) / ch) * 5))
  const bits = Math.floor(hash2(idx, row[0] * 1000 + v0 * 100, seed) * 32768) | 0b010_000_010_000_010
  return (bits >> (by * 3 + bx)) & 1
}

/** u0, v0, glyph width, height (inches from the card's top left), glyph count, glyphs per group. */
type GlyphRow = readonly [number, number, number, number, number, number]
const CARD_TEXT: readonly GlyphRow[] = [
  [0.28, 0.22, 0.1, 0.17, 9, 9],
  [0.35, 1.3, 0.1, 0.15, 16, 4],
  [0.35, 1.68, 0.06, 0.09, 14, 14],
  [1.95, 1.55, 0.05, 0.08, 5, 5],
  [2.2, 1.55, 0.05, 0.08, 5, 5],
]

function printChip(u: number, v: number, c: Colour): boolean {
  const x = (u - 0.38) / 0.45
  const y = (v - 0.74) / 0.36
  if (x < 0 || x > 1 || y < 0 || y > 1) return false
  const line =
    Math.abs(y - 0.5) < 0.04 || (Math.abs(x - 0.33) < 0.035 && Math.abs(y - 0.5) > 0.2) || Math.abs(x - 0.66) < 0.035
  const shine = 1 - 0.15 * x + 0.1 * y
  c.r = (line ? 150 : 212) * shine
  c.g = (line ? 120 : 178) * shine
  c.b = (line ? 60 : 98) * shine
  return true
}

function printLogo(style: CardStyle, u: number, v: number, c: Colour): void {
  if (style.logo === 'block') {
    if (u > 2.45 && u < 3.1 && v > 1.72 && v < 1.95) blend(c, 30, 60, 140, 0.9)
    return
  }
  const inA = (u - 2.68) ** 2 + (v - 1.75) ** 2 < 0.043
  const inB = (u - 2.95) ** 2 + (v - 1.75) ** 2 < 0.043
  if (inA && inB) blend(c, 250, 120, 20, 0.95)
  else if (inA) blend(c, 220, 25, 40, 0.95)
  else if (inB) blend(c, 245, 170, 30, 0.95)
}

/** The card's face at (u, v) inches from its top left corner, as read. */
function printCard(style: CardStyle, u: number, v: number, noise: Noise, seed: number, c: Colour): void {
  const sheen = clamp01((u / CARD_PLANE_IN.long) * 0.7 + (1 - v / CARD_PLANE_IN.short) * 0.3)
  c.r = style.base[0] + (style.sheen[0] - style.base[0]) * sheen
  c.g = style.base[1] + (style.sheen[1] - style.base[1]) * sheen
  c.b = style.base[2] + (style.sheen[2] - style.base[2]) * sheen
  if (style.metallic) {
    const brush = (noise(u * 3, v * 60) - 0.5) * 22
    c.r += brush
    c.g += brush
    c.b += brush
  }
  if (style.stripe) {
    const wave = Math.abs(v - (1.15 + 0.28 * Math.sin(u * 1.7 + 0.6)))
    if (wave < 0.22) blend(c, style.stripe[0], style.stripe[1], style.stripe[2], 0.55 * smooth(0.22, 0.12, wave))
  }
  if (printChip(u, v, c)) return
  printLogo(style, u, v, c)
  for (const row of CARD_TEXT) {
    if (glyphInk(u, v, row, seed)) {
      blend(c, style.ink[0], style.ink[1], style.ink[2], 0.9)
      return
    }
  }
}

const CARD_HALF = { x: CARD_PLANE_IN.long / 2, y: CARD_PLANE_IN.short / 2 }

function cardLayer(card: NonNullable<Scene['card']>, noise: Noise, seed: number): Layer {
  const f = frameOf(card.centre, card.angleDeg)
  const style = CARD_STYLES[card.colour]
  const g = [0, 0]
  const face: Colour = { r: 0, g: 0, b: 0 }
  return {
    onCard: true,
    box: boxAround(f, CARD_HALF.x, CARD_HALF.y, 0.05),
    paint: (h, c, px) => {
      const sd = boxDistance(f, CARD_HALF.x, CARD_HALF.y, CARD_RADIUS_IN, h.x, h.y, g)
      const cov = coverage(sd, g[0] as number, g[1] as number, h)
      if (cov <= 0) return
      const u = localX(f, h.x, h.y) + CARD_HALF.x
      const v = CARD_HALF.y - localY(f, h.x, h.y)
      printCard(style, u, v, noise, seed, face)
      // The card's cut edge catches the light: a thin lighter rim.
      const rim = smooth(-0.03, -0.005, sd) * 0.25
      blend(face, 235, 235, 235, rim)
      blend(c, face.r, face.g, face.b, cov)
      px.cardCover = cov
    },
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The quarter, the fish, the distractors, the thumb and the shadows.

function quarterLayer(centre: Point, noise: Noise): Layer {
  const r = QUARTER_DIAMETER_IN / 2
  return {
    onCard: false,
    box: [centre.x - r - 0.05, centre.y - r - 0.05, centre.x + r + 0.05, centre.y + r + 0.05],
    paint: (h, c) => {
      const dx = h.x - centre.x
      const dy = h.y - centre.y
      const d = Math.hypot(dx, dy) || 1e-9
      const cov = coverage(d - r, dx / d, dy / d, h)
      if (cov <= 0) return
      const rim = d > r - 0.045 ? 28 : d > r - 0.06 ? -18 : 0
      const relief = d < r * 0.72 ? (fbm(noise, h.x * 7 + 3, h.y * 7, 3) - 0.5) * 70 : 0
      const reeds = d > r - 0.012 ? (Math.sin(Math.atan2(dy, dx) * 119) > 0 ? -25 : 10) : 0
      const lit = 172 + 30 * ((dx - dy) / r) + rim + relief * detail(h, 0.04) + reeds
      blend(c, lit, lit + 1, lit + 4, cov)
    },
  }
}

/** The fish in its own frame: s along the snout → tail line, n across it (the back on the left, n > 0). */
type FishShape = { f: Frame; length: number; body: number; depth: number; kind: FishKind }

function fishHalfWidth(fish: FishShape, s: number): number {
  const t = s / fish.body
  if (t <= 0 || t >= 1) return 0
  const profile = (Math.sqrt(t) * (1 - t)) / 0.385
  return fish.depth * Math.max(profile, 0.3 * Math.min(1, (1 - t) * 8, t * 4))
}

/** The fish's signed distance (inches): the body, the forked tail and the dorsal fin. */
function fishDistance(fish: FishShape, s: number, n: number): number {
  const an = Math.abs(n)
  let sd = s < 0 ? Math.hypot(s, n) : s > fish.body ? Math.hypot(s - fish.body, n) : an - fishHalfWidth(fish, s)
  const tail0 = fish.body - 0.03 * fish.length
  if (s > tail0 && s < fish.length + 0.05) {
    const u = (s - tail0) / (fish.length - tail0)
    const outer = fish.depth * (0.3 + 0.8 * u ** 0.9)
    const notch = u > 0.5 ? ((u - 0.5) / 0.5) * fish.depth * 0.62 : -1
    const tailSd = Math.max(an - outer, notch - an, s - fish.length)
    sd = Math.min(sd, tailSd)
  }
  const fin = n > 0 && s > fish.body * 0.38 && s < fish.body * 0.62
  if (fin) {
    const k = (s - fish.body * 0.38) / (fish.body * 0.24)
    sd = Math.min(sd, an - fishHalfWidth(fish, s) - fish.depth * 0.28 * Math.sin(Math.PI * k ** 0.7))
  }
  return sd
}

const FISH_COLOURS: Record<FishKind, { back: Rgb; side: Rgb; belly: Rgb; band: Rgb }> = {
  trout: { back: [62, 74, 44], side: [150, 140, 96], belly: [226, 214, 190], band: [196, 110, 100] },
  bass: { back: [52, 64, 30], side: [120, 126, 70], belly: [218, 214, 170], band: [40, 48, 24] },
}

/** Round dark spots on jittered cells, as on a trout's back and tail. */
function spotted(s: number, n: number, cell: number, seed: number): boolean {
  const i = Math.floor(s / cell)
  const j = Math.floor(n / cell)
  if (hash2(i, j, seed) > 0.65) return false
  const cx = (i + 0.25 + 0.5 * hash2(j, i, seed + 1)) * cell
  const cy = (j + 0.25 + 0.5 * hash2(i, j, seed + 2)) * cell
  return (s - cx) ** 2 + (n - cy) ** 2 < (cell * (0.12 + 0.12 * hash2(i, j, seed + 3))) ** 2
}

function finColour(fish: FishShape, s: number, n: number, c: Colour): void {
  const pal = FISH_COLOURS[fish.kind]
  const rays = 0.85 + 0.15 * Math.sin(Math.atan2(n, s - fish.body * 0.9) * 60)
  c.r = pal.side[0] * 0.7 * rays
  c.g = pal.side[1] * 0.7 * rays
  c.b = pal.side[2] * 0.65 * rays
}

/** The fish's colour at (s, n) in its frame: dark back, a band along the side, a light belly (n > 0 is the back). */
function fishColour(fish: FishShape, s: number, n: number, noise: Noise, h: Hit, c: Colour): void {
  const body = fishHalfWidth(fish, s)
  if (s > fish.body * 0.985 || Math.abs(n) > body) {
    finColour(fish, s, n, c)
    if (fish.kind === 'trout' && spotted(s, n, fish.length * 0.022, 77)) blend(c, 30, 30, 24, 0.7)
    return
  }
  const v = -n / body
  const pal = FISH_COLOURS[fish.kind]
  const k = smooth(-1, 0.35, v)
  c.r = pal.back[0] + (pal.side[0] - pal.back[0]) * k
  c.g = pal.back[1] + (pal.side[1] - pal.back[1]) * k
  c.b = pal.back[2] + (pal.side[2] - pal.back[2]) * k
  blend(c, pal.belly[0], pal.belly[1], pal.belly[2], smooth(0.3, 0.8, v))
  blend(c, pal.band[0], pal.band[1], pal.band[2], 0.45 * smooth(0.25, 0, Math.abs(v - 0.05)))
  const blotch = fish.kind === 'bass' ? 0.5 * smooth(0.6, 0.75, noise(s * 1.5 + 50, n * 3)) * smooth(0.4, 0, v) : 0
  const spot = fish.kind === 'trout' && v < 0.35 && spotted(s, n, fish.length * 0.022, 77) ? 0.7 : 0
  const round = 0.72 + 0.28 * Math.sqrt(Math.max(0, 1 - v * v))
  const scales = 1 + (noise(s * 30, n * 30) - 0.5) * 0.16 * detail(h, 0.02)
  const shade = round * scales * (1 - Math.max(spot, blotch))
  c.r *= shade
  c.g *= shade
  c.b *= shade
  const gill = Math.abs(Math.hypot(s - fish.body * 0.05, n * 0.7) - fish.body * 0.17)
  if (gill < 0.05 && Math.abs(v) < 0.8) blend(c, 40, 40, 30, 0.45)
  const eye = Math.hypot(s - fish.body * 0.065, n - body * 0.2)
  const eyeR = fish.depth * 0.16
  if (eye < eyeR)
    blend(c, eye < eyeR * 0.55 ? 12 : 200, eye < eyeR * 0.55 ? 12 : 170, eye < eyeR * 0.55 ? 14 : 90, 0.95)
}

function fishShape(fish: NonNullable<Scene['fish']>): FishShape {
  const length = Math.hypot(fish.b.x - fish.a.x, fish.b.y - fish.a.y)
  const angle = (Math.atan2(fish.b.y - fish.a.y, fish.b.x - fish.a.x) * 180) / Math.PI
  return { f: frameOf(fish.a, angle), length, body: length * 0.82, depth: length * 0.105, kind: fish.kind ?? 'trout' }
}

function fishBox(fish: FishShape, margin: number): Box {
  const c = { x: fish.f.cx + (fish.f.cos * fish.length) / 2, y: fish.f.cy + (fish.f.sin * fish.length) / 2 }
  return boxAround({ ...fish.f, cx: c.x, cy: c.y }, fish.length / 2, fish.depth * 1.3, margin)
}

function fishLayer(fish: FishShape, noise: Noise): Layer {
  const col: Colour = { r: 0, g: 0, b: 0 }
  return {
    onCard: false,
    box: fishBox(fish, 0.1),
    paint: (h, c) => {
      const s = localX(fish.f, h.x, h.y)
      const n = localY(fish.f, h.x, h.y)
      const sd = fishDistance(fish, s, n)
      const cov = clamp01(0.5 - sd / h.pix)
      if (cov <= 0) return
      fishColour(fish, s, n, noise, h, col)
      blend(c, col.r, col.g, col.b, cov)
    },
  }
}

type DistractorLook = { hx: number; hy: number; radius: number; paint: (lx: number, ly: number, c: Colour) => void }

const DISTRACTORS: Record<Distractor['kind'], DistractorLook> = {
  tile: { hx: 1.5, hy: 1.5, radius: 0.04, paint: (lx, ly, c) => setRgb(c, 206 - 8 * lx, 196 - 6 * ly, 176) },
  phone: {
    hx: 3,
    hy: 1.5,
    radius: 0.35,
    paint: (lx, ly, c) => {
      const screen = Math.abs(lx) < 2.75 && Math.abs(ly) < 1.32
      const glint = screen ? 30 * clamp01(1 - Math.abs(lx + ly * 1.5 - 0.8) / 0.9) : 0
      setRgb(c, (screen ? 14 : 40) + glint, (screen ? 16 : 40) + glint, (screen ? 24 : 44) + glint)
    },
  },
  knife: {
    hx: 4.5,
    hy: 0.4,
    radius: 0.1,
    paint: (lx, ly, c) => (lx < 0 ? setRgb(c, 196 + 20 * ly, 200 + 20 * ly, 206 + 20 * ly) : setRgb(c, 58, 36, 24)),
  },
  ruler: {
    hx: 6,
    hy: 0.5,
    radius: 0.02,
    paint: (lx, ly, c) => {
      const e = (lx + 6) * 8
      const tick = Math.abs(e - Math.round(e)) < 0.12 && ly > 0.5 - (Math.round(e) % 8 === 0 ? 0.35 : 0.15)
      return tick ? setRgb(c, 25, 25, 20) : setRgb(c, 226, 192, 58)
    },
  },
}

const setRgb = (c: Colour, r: number, g: number, b: number) => {
  c.r = r
  c.g = g
  c.b = b
}

function distractorLayer(d: Distractor): Layer {
  const look = DISTRACTORS[d.kind]
  const f = frameOf(d.centre, d.angleDeg)
  const g = [0, 0]
  const col: Colour = { r: 0, g: 0, b: 0 }
  return {
    onCard: false,
    box: boxAround(f, look.hx, look.hy, 0.05),
    paint: (h, c) => {
      const sd = boxDistance(f, look.hx, look.hy, look.radius, h.x, h.y, g)
      const cov = coverage(sd, g[0] as number, g[1] as number, h)
      if (cov <= 0) return
      look.paint(localX(f, h.x, h.y), localY(f, h.x, h.y), col)
      blend(c, col.r, col.g, col.b, cov)
    },
  }
}

/** The sharp rectangle's corners in the card's own frame, clockwise on screen, [0] → [1] along a long side. */
const CARD_LOCAL_CORNERS: readonly Point[] = [
  { x: -CARD_HALF.x, y: CARD_HALF.y },
  { x: CARD_HALF.x, y: CARD_HALF.y },
  { x: CARD_HALF.x, y: -CARD_HALF.y },
  { x: -CARD_HALF.x, y: -CARD_HALF.y },
]

const toPlane = (f: Frame, p: Point): Point => ({
  x: f.cx + p.x * f.cos - p.y * f.sin,
  y: f.cy + p.x * f.sin + p.y * f.cos,
})

/** Where the thumb's tip rests on the card (local inches) and the way it points out, away from the card. */
function thumbPlacement(cover: Cover): { tip: Point; out: Point } {
  if ('corner' in cover) {
    const k = CARD_LOCAL_CORNERS[cover.corner] as Point
    const l = Math.hypot(k.x, k.y)
    const out = { x: k.x / l, y: k.y / l }
    return { tip: { x: k.x - out.x * 0.45, y: k.y - out.y * 0.45 }, out }
  }
  const a = CARD_LOCAL_CORNERS[cover.side] as Point
  const b = CARD_LOCAL_CORNERS[(cover.side + 1) % 4] as Point
  const at = cover.at ?? 0.5
  const p = { x: a.x + (b.x - a.x) * at, y: a.y + (b.y - a.y) * at }
  const l = Math.hypot(b.x - a.x, b.y - a.y)
  // Clockwise corners: the side's left-hand normal (on the plane, y up) points out of the card.
  const out = { x: -(b.y - a.y) / l, y: (b.x - a.x) / l }
  return { tip: { x: p.x - out.x * 0.35, y: p.y - out.y * 0.35 }, out }
}

function thumbLayer(card: NonNullable<Scene['card']>, cover: Cover): Layer {
  const cardFrame = frameOf(card.centre, card.angleDeg)
  const { tip, out } = thumbPlacement(cover)
  const along = 1.8
  const across = 0.45
  const centre = toPlane(cardFrame, { x: tip.x + out.x * along, y: tip.y + out.y * along })
  const f = frameOf(centre, card.angleDeg + (Math.atan2(out.y, out.x) * 180) / Math.PI)
  return {
    onCard: true,
    box: boxAround(f, along, across, 0.05),
    paint: (h, c, px) => {
      const lx = localX(f, h.x, h.y)
      const ly = localY(f, h.x, h.y)
      const sd = (Math.hypot(lx / along, ly / across) - 1) * across
      const cov = clamp01(0.5 - sd / h.pix)
      if (cov <= 0) return
      const round = 0.7 + 0.3 * Math.sqrt(Math.max(0, 1 - (ly / across) ** 2))
      const skin: Colour = { r: 224 * round, g: 168 * round, b: 136 * round }
      const nail = Math.hypot((lx + along - 0.34) / 0.27, ly / 0.21)
      if (nail < 1) blend(skin, 240, 208, 198, nail > 0.85 ? 0.5 : 0.85)
      blend(c, skin.r, skin.g, skin.b, cov)
      px.cardCover *= 1 - cov
    },
  }
}

/** A soft shadow cast on the surface by a shape: the light comes from the top left of the plane. */
function shadowLayer(box: Box, strength: number, soft: number, sdAt: (x: number, y: number) => number): Layer {
  return {
    onCard: false,
    box: [box[0] - soft, box[1] - soft, box[2] + soft, box[3] + soft],
    paint: (h, c) => {
      const k = 1 - strength * smooth(soft, -soft, sdAt(h.x, h.y))
      c.r *= k
      c.g *= k
      c.b *= k
    },
  }
}

const SHADOW_PER_IN = { x: 0.3, y: -0.22 }

function shadowLayers(scene: Scene): Layer[] {
  const layers: Layer[] = []
  const g = [0, 0]
  const card = scene.card
  if (card) {
    const above = scene.cardAboveIn ?? 0
    const shift = { x: 0.015 + above * SHADOW_PER_IN.x, y: -0.015 + above * SHADOW_PER_IN.y }
    const f = frameOf({ x: card.centre.x + shift.x, y: card.centre.y + shift.y }, card.angleDeg)
    const sd = (x: number, y: number) => boxDistance(f, CARD_HALF.x, CARD_HALF.y, CARD_RADIUS_IN, x, y, g)
    layers.push(shadowLayer(boxAround(f, CARD_HALF.x, CARD_HALF.y, 0), above > 0 ? 0.32 : 0.4, 0.02 + 0.1 * above, sd))
  }
  if (scene.fish) {
    const fish = fishShape(scene.fish)
    const moved = { ...fish, f: { ...fish.f, cx: fish.f.cx + 0.1, cy: fish.f.cy - 0.08 } }
    const sd = (x: number, y: number) => fishDistance(moved, localX(moved.f, x, y), localY(moved.f, x, y))
    layers.push(shadowLayer(fishBox(moved, 0), 0.3, 0.15, sd))
  }
  if (scene.quarter) {
    const q = { x: scene.quarter.centre.x + 0.02, y: scene.quarter.centre.y - 0.02 }
    const r = QUARTER_DIAMETER_IN / 2
    const sd = (x: number, y: number) => Math.hypot(x - q.x, y - q.y) - r
    layers.push(shadowLayer([q.x - r, q.y - r, q.x + r, q.y + r], 0.35, 0.03, sd))
  }
  return layers
}

function sceneLayers(scene: Scene, noise: Noise): { ground: Layer[]; card: Layer[] } {
  const ground = shadowLayers(scene)
  for (const d of scene.distractors ?? []) ground.push(distractorLayer(d))
  if (scene.quarter) ground.push(quarterLayer(scene.quarter.centre, noise))
  if (scene.fish) ground.push(fishLayer(fishShape(scene.fish), noise))
  const card: Layer[] = []
  if (scene.card) {
    card.push(cardLayer(scene.card, noise, scene.seed))
    if (scene.cover) card.push(thumbLayer(scene.card, scene.cover))
  }
  return { ground, card }
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering.

const inBox = (b: Box, h: Hit) => h.x >= b[0] && h.x <= b[2] && h.y >= b[1] && h.y <= b[3]

/** Light falling off across the photo and towards its corners, and the glare on the card: photo-space effects. */
function photoEffects(scene: Scene): (u: number, v: number, c: Colour, px: PixelState) => void {
  const { width, height } = scene.camera
  const vignette = scene.vignette ?? 0.25
  const light = scene.light ?? { angleDeg: 30, strength: 0.12 }
  const lc = Math.cos(rad(light.angleDeg))
  const ls = Math.sin(rad(light.angleDeg))
  const glare = scene.glare
  const gc = Math.cos(rad(glare?.angleDeg ?? 0))
  const gs = Math.sin(rad(glare?.angleDeg ?? 0))
  return (u, v, c, px) => {
    const nx = u / width - 0.5
    const ny = v / height - 0.5
    const k = (1 + light.strength * 2 * (nx * lc + ny * ls)) * (1 - vignette * 2 * (nx * nx + ny * ny))
    c.r *= k
    c.g *= k
    c.b *= k
    if (!glare) return
    const du = u - glare.centre.x
    const dv = v - glare.centre.y
    const e = ((du * gc + dv * gs) / glare.radiiPx[0]) ** 2 + ((-du * gs + dv * gc) / glare.radiiPx[1]) ** 2
    if (e > 4) return
    const reach = px.cardCover + (glare.spill ?? 0.2) * (1 - px.cardCover)
    const a = clamp01((glare.strength ?? 1) * reach * (0.9 * Math.max(0, 1 - e) ** 0.6 + 0.35 * Math.exp(-1.5 * e)))
    blend(c, 330, 325, 318, a)
  }
}

/** Shades every pixel into linear RGB floats (0–255, unclamped). */
function shadePixels(scene: Scene): Float32Array {
  const { width, height } = scene.camera
  const noise = makeNoise(scene.seed)
  const surface = surfaceShader(scene, noise)
  const layers = sceneLayers(scene, noise)
  const effects = photoEffects(scene)
  const above = scene.cardAboveIn ?? 0
  const ground = planeHomography(scene.camera, 0).toPlane
  const cardPlane = above ? planeHomography(scene.camera, above).toPlane : ground
  const out = new Float32Array(width * height * 3)
  const hit = newHit()
  const cardHit = above ? newHit() : hit
  const c: Colour = { r: 0, g: 0, b: 0 }
  const px: PixelState = { cardCover: 0 }
  for (let j = 0; j < height; j++) {
    const v = j + 0.5
    for (let i = 0; i < width; i++) {
      const u = i + 0.5
      px.cardCover = 0
      hitAt(ground, u, v, hit)
      if (hit.ok) {
        surface(hit, c)
        for (const l of layers.ground) if (inBox(l.box, hit)) l.paint(hit, c, px)
      } else setRgb(c, 190, 200, 215)
      if (above) hitAt(cardPlane, u, v, cardHit)
      if (cardHit.ok) for (const l of layers.card) if (inBox(l.box, cardHit)) l.paint(cardHit, c, px)
      effects(u, v, c, px)
      const o = (j * width + i) * 3
      out[o] = c.r
      out[o + 1] = c.g
      out[o + 2] = c.b
    }
  }
  return out
}

function gaussianKernel(sigma: number): Float64Array {
  // Two sigmas hold 95 % of the weight: at the usual 0.6 px that is three taps, and the photo looks the same.
  const radius = Math.max(1, Math.round(sigma * 2))
  const k = new Float64Array(2 * radius + 1)
  for (let i = 0; i < k.length; i++) k[i] = Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma))
  const sum = k.reduce((a, b) => a + b, 0)
  return k.map((v) => v / sum)
}

/** One horizontal pass over interleaved RGB rows: each tap adds a shifted row; only the ends need clamping. */
function blurRows(src: Float32Array, dst: Float32Array, width: number, height: number, w: Float64Array): void {
  const radius = (w.length - 1) / 2
  const row = width * 3
  for (let j = 0; j < height; j++) {
    const base = j * row
    dst.fill(0, base, base + row)
    for (let k = 0; k < w.length; k++) {
      const wk = w[k] as number
      const shift = (k - radius) * 3
      const from = Math.max(0, -shift)
      const to = Math.min(row, row - shift)
      for (let x = from; x < to; x++) dst[base + x] = (dst[base + x] as number) + (src[base + x + shift] as number) * wk
      for (let x = 0; x < from; x++) dst[base + x] = (dst[base + x] as number) + (src[base + (x % 3)] as number) * wk
      for (let x = to; x < row; x++)
        dst[base + x] = (dst[base + x] as number) + (src[base + row - 3 + (x % 3)] as number) * wk
    }
  }
}

/** The vertical pass adds whole weighted rows, which keeps memory access sequential. */
function blurColumns(src: Float32Array, dst: Float32Array, width: number, height: number, w: Float64Array): void {
  const radius = (w.length - 1) / 2
  const row = width * 3
  for (let j = 0; j < height; j++) {
    const out = j * row
    for (let k = 0; k < w.length; k++) {
      const from = Math.min(height - 1, Math.max(0, j + k - radius)) * row
      const wk = w[k] as number
      if (k === 0) for (let x = 0; x < row; x++) dst[out + x] = (src[from + x] as number) * wk
      else for (let x = 0; x < row; x++) dst[out + x] = (dst[out + x] as number) + (src[from + x] as number) * wk
    }
  }
}

function gaussianBlur(src: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const w = gaussianKernel(sigma)
  const tmp = new Float32Array(src.length)
  blurRows(src, tmp, width, height, w)
  blurColumns(tmp, src, width, height, w)
  return src
}

/** Adds seeded Gaussian sensor noise and quantises to RGBA bytes: one random draw gives all three channels. */
function toRgba(rgb: Float32Array, sigma: number, seed: number): Uint8ClampedArray {
  const rand = createRng(seed ^ 0x5eed)
  const table = new Float32Array(1024)
  for (let k = 0; k < table.length; k += 2) {
    const r = Math.sqrt(-2 * Math.log(1 - rand()))
    const a = 2 * Math.PI * rand()
    table[k] = r * Math.cos(a) * sigma
    table[k + 1] = r * Math.sin(a) * sigma
  }
  const n = rgb.length / 3
  const data = new Uint8ClampedArray(n * 4)
  for (let p = 0; p < n; p++) {
    const bits = (rand() * 4294967296) >>> 0
    data[p * 4] = (rgb[p * 3] as number) + (table[bits & 1023] as number)
    data[p * 4 + 1] = (rgb[p * 3 + 1] as number) + (table[(bits >>> 10) & 1023] as number)
    data[p * 4 + 2] = (rgb[p * 3 + 2] as number) + (table[(bits >>> 20) & 1023] as number)
    data[p * 4 + 3] = 255
  }
  return data
}

/** Renders a scene: the pixels and the truth a detector and a measurement are checked against. */
export function renderScene(scene: Scene): RenderedPhoto {
  const { width, height } = scene.camera
  let rgb = shadePixels(scene)
  const blur = scene.blurPx ?? 0.6
  if (blur > 0.05) rgb = gaussianBlur(rgb, width, height, blur)
  const data = toRgba(rgb, scene.noiseSigma ?? 2.5, scene.seed)
  return { raster: { width, height, channels: 4, data }, truth: sceneTruth(scene) }
}

// ---------------------------------------------------------------------------------------------------------------
// Truth.

/** The image of a circle on the plane: the conic C' = H⁻ᵀ C H⁻¹, then its centre and axes from its 2 × 2 part. */
export function circleImage(toPlane: Mat3, centre: Point, radius: number): Ellipse {
  const [x0, y0] = [centre.x, centre.y]
  const c = [1, 0, -x0, 0, 1, -y0, -x0, -y0, x0 * x0 + y0 * y0 - radius * radius]
  const m = toPlane
  const at = (a: readonly number[], r: number, k: number) => a[r * 3 + k] as number
  const cm = Array.from({ length: 9 }, (_, idx) => {
    const [r, k] = [Math.floor(idx / 3), idx % 3]
    let s = 0
    for (let p = 0; p < 3; p++) for (let q = 0; q < 3; q++) s += at(m, p, r) * at(c, p, q) * at(m, q, k)
    return s
  })
  const [a, b, d, cc, e, f] = [at(cm, 0, 0), at(cm, 0, 1), at(cm, 0, 2), at(cm, 1, 1), at(cm, 1, 2), at(cm, 2, 2)]
  const det = a * cc - b * b
  const cx = (-d * cc + e * b) / det
  const cy = (-a * e + b * d) / det
  const f0 = d * cx + e * cy + f
  const mean = (a + cc) / 2
  const spread = Math.hypot((a - cc) / 2, b)
  const axis = (lambda: number): [Point, Point] => {
    const flat = Math.abs(lambda - a) < Math.abs(lambda - cc) ? { x: 1, y: 0 } : { x: 0, y: 1 }
    const dir = Math.abs(b) > 1e-12 * (Math.abs(a) + Math.abs(cc)) ? { x: b, y: lambda - a } : flat
    const l = Math.hypot(dir.x, dir.y)
    const semi = Math.sqrt(-f0 / lambda)
    return [
      { x: cx - (dir.x / l) * semi, y: cy - (dir.y / l) * semi },
      { x: cx + (dir.x / l) * semi, y: cy + (dir.y / l) * semi },
    ]
  }
  // The smaller eigenvalue of the quadratic form belongs to the longer axis.
  const [small, large] = f0 < 0 ? [mean - spread, mean + spread] : [mean + spread, mean - spread]
  return { centre: { x: cx, y: cy }, major: axis(small), minor: axis(large) }
}

function cardTruth(scene: Scene, cardImage: Mat3): Pick<Truth, 'cardCorners' | 'cardCornersOnPlane'> {
  if (!scene.card) return { cardCorners: null, cardCornersOnPlane: null }
  const f = frameOf(scene.card.centre, scene.card.angleDeg)
  const onPlane = CARD_LOCAL_CORNERS.map((p) => toPlane(f, p)) as unknown as CardCorners
  const corners = onPlane.map((p) => project(cardImage, p)) as unknown as CardCorners
  return { cardCorners: corners, cardCornersOnPlane: onPlane }
}

/** Where everything with a known size appears in the photo. */
export function sceneTruth(scene: Scene): Truth {
  const ground = planeHomography(scene.camera, 0)
  const above = scene.cardAboveIn ?? 0
  const cardImage = above ? planeHomography(scene.camera, above).toImage : ground.toImage
  let quarter: Truth['quarter'] = null
  if (scene.quarter) {
    const ellipse = circleImage(ground.toPlane, scene.quarter.centre, QUARTER_DIAMETER_IN / 2)
    const corners = [...ellipse.major, ...ellipse.minor] as unknown as readonly [Point, Point, Point, Point]
    quarter = { centre: project(ground.toImage, scene.quarter.centre), ellipse, corners }
  }
  const fish = scene.fish
    ? {
        a: project(ground.toImage, scene.fish.a),
        b: project(ground.toImage, scene.fish.b),
        lengthIn: Math.hypot(scene.fish.b.x - scene.fish.a.x, scene.fish.b.y - scene.fish.a.y),
        aOnPlane: scene.fish.a,
        bOnPlane: scene.fish.b,
      }
    : null
  return {
    scene,
    homography: ground.toImage,
    cardPlaneHomography: cardImage,
    ...cardTruth(scene, cardImage),
    cardOnSubjectPlane: above === 0,
    cardAboveIn: above,
    quarter,
    fish,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Encoding and large photos.

/** The photo as a JPEG, PNG or WebP file, as a phone or a browser would upload it. */
export function encodePhoto(rendered: RenderedPhoto, format: 'jpeg' | 'png' | 'webp', quality = 90): Promise<Buffer> {
  const { width, height, data } = rendered.raster
  const image = sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
  })
  if (format === 'png') return image.png().toBuffer()
  const flat = image.removeAlpha()
  return format === 'jpeg' ? flat.jpeg({ quality }).toBuffer() : flat.webp({ quality }).toBuffer()
}

/** The same scene seen by the same camera at another photo size: the focal length scales with the photo. */
export function atSize(scene: Scene, width: number, height: number): Scene {
  const k = width / scene.camera.width
  const scale = (p: Point) => ({ x: p.x * k, y: p.y * (height / scene.camera.height) })
  const glare = scene.glare && {
    ...scene.glare,
    centre: scale(scene.glare.centre),
    radiiPx: [scene.glare.radiiPx[0] * k, scene.glare.radiiPx[1] * k] as const,
  }
  const camera = { ...scene.camera, width, height, focalPx: focalOf(scene.camera) * k }
  return { ...scene, camera, ...(glare ? { glare } : {}) }
}

/**
 * A large photo (say 12 megapixels, 4000 × 3000) for timing a detector: rendered at half size and upscaled with
 * sharp, which keeps it to about a second; the truth is that of the full-size camera.
 */
export async function renderLarge(scene: Scene, width = 4000, height = 3000): Promise<RenderedPhoto> {
  const full = atSize(scene, width, height)
  const small = renderScene(atSize(scene, Math.round(width / 2), Math.round(height / 2)))
  const { data: sd, width: sw, height: sh } = small.raster
  const big = await sharp(Buffer.from(sd.buffer, sd.byteOffset, sd.byteLength), {
    raw: { width: sw, height: sh, channels: 4 },
  })
    .resize(width, height, { kernel: 'lanczos3' })
    .raw()
    .toBuffer()
  const data = new Uint8ClampedArray(big.buffer, big.byteOffset, big.byteLength)
  return { raster: { width, height, channels: 4, data }, truth: sceneTruth(full) }
}

// ---------------------------------------------------------------------------------------------------------------
// The catalogue: scenes described the way a photographer frames them (where things sit in the photo), turned into
// plane geometry here.

type At = readonly [number, number]

type Shot = {
  seed: number
  size?: readonly [number, number]
  surface: SurfaceKind
  plainColour?: Rgb
  tilt: number
  roll?: number
  rotation?: number
  /** The card's long side as a share of the photo's width, at the photo's centre: sets the distance. */
  cardShare: number
  /** Where the card's centre appears, as fractions of the photo's width and height. */
  card?: { at: At; angle: number; colour: CardColour; aboveIn?: number }
  fish?: { at: At; lengthIn: number; angle: number; kind?: FishKind }
  quarterAt?: At
  distractors?: readonly { kind: Distractor['kind']; at: At; angle: number }[]
  /** A glare centred at a point of the card (fractions of its half sides), its radii as shares of its long side. */
  glare?: { onCard: At; radii: At; angleDeg?: number; spill?: number }
  cover?: Cover
  extras?: Partial<Scene>
}

export type NamedScene = { name: string; scene: Scene }

function cameraFor(shot: Shot): Camera {
  const [width, height] = shot.size ?? [1600, 1200]
  const camera: Camera = {
    width,
    height,
    tiltDeg: shot.tilt,
    rollDeg: shot.roll ?? 0,
    rotationDeg: shot.rotation ?? 0,
    distanceIn: 1,
  }
  camera.distanceIn = (focalOf(camera) * CARD_PLANE_IN.long) / (shot.cardShare * width)
  return camera
}

function placeFish(camera: Camera, fish: NonNullable<Shot['fish']>): NonNullable<Scene['fish']> {
  const c = planePointAt(camera, { x: fish.at[0] * camera.width, y: fish.at[1] * camera.height })
  const dx = (Math.cos(rad(fish.angle)) * fish.lengthIn) / 2
  const dy = (Math.sin(rad(fish.angle)) * fish.lengthIn) / 2
  return { a: { x: c.x - dx, y: c.y - dy }, b: { x: c.x + dx, y: c.y + dy }, kind: fish.kind ?? 'trout' }
}

function placeGlare(
  camera: Camera,
  card: NonNullable<Scene['card']>,
  above: number,
  g: NonNullable<Shot['glare']>,
): Glare {
  const image = planeHomography(camera, above).toImage
  const f = frameOf(card.centre, card.angleDeg)
  const centre = project(image, toPlane(f, { x: g.onCard[0] * CARD_HALF.x, y: g.onCard[1] * CARD_HALF.y }))
  const ends = [toPlane(f, { x: -CARD_HALF.x, y: 0 }), toPlane(f, { x: CARD_HALF.x, y: 0 })].map((p) =>
    project(image, p),
  )
  const longPx = Math.hypot((ends[1] as Point).x - (ends[0] as Point).x, (ends[1] as Point).y - (ends[0] as Point).y)
  return {
    centre,
    radiiPx: [g.radii[0] * longPx, g.radii[1] * longPx],
    angleDeg: g.angleDeg ?? 20,
    spill: g.spill ?? 0.2,
  }
}

function sceneOf(shot: Shot): Scene {
  const camera = cameraFor(shot)
  const at = (a: At, z = 0) => planePointAt(camera, { x: a[0] * camera.width, y: a[1] * camera.height }, z)
  const above = shot.card?.aboveIn ?? 0
  const card = shot.card
    ? { centre: at(shot.card.at, above), angleDeg: shot.card.angle, colour: shot.card.colour }
    : null
  const scene: Scene = {
    seed: shot.seed,
    camera,
    surface: shot.surface,
    card,
    fish: shot.fish ? placeFish(camera, shot.fish) : null,
    quarter: shot.quarterAt ? { centre: at(shot.quarterAt) } : null,
    distractors: (shot.distractors ?? []).map((d) => ({ kind: d.kind, centre: at(d.at), angleDeg: d.angle })),
    ...shot.extras,
  }
  if (shot.plainColour) scene.plainColour = shot.plainColour
  if (above) scene.cardAboveIn = above
  if (shot.cover) scene.cover = shot.cover
  if (shot.glare && card) scene.glare = placeGlare(camera, card, above, shot.glare)
  return scene
}

const named = (shots: Record<string, Shot>): NamedScene[] =>
  Object.entries(shots).map(([name, shot]) => ({ name, scene: sceneOf(shot) }))

/** Photos with a card fully in frame, most with a fish of known length beside it on the same surface. */
export const TEST_SCENES: readonly NamedScene[] = named({
  'flat-centre-blue-wood': {
    seed: 101,
    surface: 'wood',
    tilt: 0,
    cardShare: 0.14,
    card: { at: [0.5, 0.6], angle: 0, colour: 'blue' },
    fish: { at: [0.5, 0.24], lengthIn: 18, angle: 0 },
  },
  'flat-top-left-white-deck': {
    seed: 102,
    surface: 'deck',
    tilt: 0,
    rotation: 4,
    cardShare: 0.12,
    card: { at: [0.14, 0.15], angle: 12, colour: 'white' },
    fish: { at: [0.56, 0.62], lengthIn: 22, angle: -8 },
  },
  'tilt15-top-right-green-gravel': {
    seed: 103,
    surface: 'gravel',
    tilt: 15,
    cardShare: 0.12,
    card: { at: [0.85, 0.16], angle: 25, colour: 'green' },
    fish: { at: [0.45, 0.62], lengthIn: 20, angle: 5 },
  },
  'tilt30-bottom-left-silver-grass': {
    seed: 104,
    surface: 'grass',
    tilt: 30,
    cardShare: 0.13,
    card: { at: [0.15, 0.84], angle: 8, colour: 'silver' },
    fish: { at: [0.58, 0.42], lengthIn: 18, angle: 10, kind: 'bass' },
  },
  'tilt30-sideways-bottom-right-black-plain': {
    seed: 105,
    surface: 'plain',
    tilt: 30,
    roll: 90,
    cardShare: 0.12,
    card: { at: [0.86, 0.84], angle: 18, colour: 'black' },
    fish: { at: [0.42, 0.42], lengthIn: 20, angle: 75 },
  },
  'tilt45-centre-blue-deck': {
    seed: 106,
    surface: 'deck',
    tilt: 45,
    rotation: -6,
    cardShare: 0.16,
    card: { at: [0.5, 0.72], angle: 4, colour: 'blue' },
    fish: { at: [0.5, 0.3], lengthIn: 16, angle: 0 },
  },
  'vertical-left-edge-white-wood': {
    seed: 107,
    surface: 'wood',
    tilt: 15,
    cardShare: 0.11,
    card: { at: [0.07, 0.5], angle: 90, colour: 'white' },
    fish: { at: [0.6, 0.5], lengthIn: 20, angle: 0 },
  },
  'vertical-right-edge-green-deck': {
    seed: 108,
    surface: 'deck',
    tilt: 30,
    roll: 180,
    cardShare: 0.12,
    card: { at: [0.92, 0.45], angle: 88, colour: 'green' },
    fish: { at: [0.42, 0.5], lengthIn: 18, angle: 3, kind: 'bass' },
  },
  'tilt15-top-edge-black-gravel': {
    seed: 109,
    surface: 'gravel',
    tilt: 15,
    roll: 45,
    cardShare: 0.1,
    card: { at: [0.5, 0.1], angle: 30, colour: 'black' },
    fish: { at: [0.5, 0.6], lengthIn: 26, angle: -20 },
  },
  'tilt45-bottom-edge-silver-wood': {
    seed: 110,
    surface: 'wood',
    tilt: 45,
    roll: -30,
    cardShare: 0.12,
    card: { at: [0.45, 0.9], angle: 15, colour: 'silver' },
    fish: { at: [0.5, 0.4], lengthIn: 14, angle: 12 },
  },
  'closeup-30pct-blue-plain': {
    seed: 111,
    surface: 'plain',
    plainColour: [196, 198, 200],
    tilt: 10,
    cardShare: 0.3,
    card: { at: [0.5, 0.5], angle: 6, colour: 'blue' },
  },
  'closeup-24pct-white-wood-quarter': {
    seed: 112,
    surface: 'wood',
    tilt: 25,
    roll: 20,
    cardShare: 0.24,
    card: { at: [0.36, 0.55], angle: 20, colour: 'white' },
    quarterAt: [0.8, 0.5],
  },
  'far-8pct-green-grass-fish36': {
    seed: 113,
    surface: 'grass',
    tilt: 0,
    cardShare: 0.08,
    card: { at: [0.2, 0.2], angle: 10, colour: 'green' },
    fish: { at: [0.5, 0.62], lengthIn: 36, angle: 2 },
  },
  'far-8pct-blue-deck-fish32-tilt20': {
    seed: 114,
    surface: 'deck',
    tilt: 20,
    rotation: 12,
    cardShare: 0.08,
    card: { at: [0.78, 0.8], angle: 22, colour: 'blue' },
    fish: { at: [0.45, 0.45], lengthIn: 32, angle: -12 },
  },
  'large-2048-tilt30-white-deck': {
    seed: 115,
    size: [2048, 1536],
    surface: 'deck',
    tilt: 30,
    rotation: 30,
    cardShare: 0.12,
    card: { at: [0.3, 0.3], angle: 28, colour: 'white' },
    fish: { at: [0.56, 0.7], lengthIn: 20, angle: -35 },
  },
  'large-2048-flat-silver-gravel': {
    seed: 116,
    size: [2048, 1536],
    surface: 'gravel',
    tilt: 0,
    cardShare: 0.1,
    card: { at: [0.75, 0.75], angle: 0, colour: 'silver' },
    fish: { at: [0.45, 0.33], lengthIn: 26, angle: 8 },
  },
  'portrait-tilt15-black-wood': {
    seed: 117,
    size: [1200, 1600],
    surface: 'wood',
    tilt: 15,
    cardShare: 0.16,
    card: { at: [0.5, 0.86], angle: 2, colour: 'black' },
    fish: { at: [0.5, 0.36], lengthIn: 16, angle: 95 },
  },
  'glare-blue-wood': {
    seed: 118,
    surface: 'wood',
    tilt: 15,
    cardShare: 0.16,
    card: { at: [0.4, 0.33], angle: 8, colour: 'blue' },
    fish: { at: [0.5, 0.74], lengthIn: 18, angle: 4 },
    glare: { onCard: [0.3, 0.25], radii: [0.35, 0.2] },
  },
  'glare-over-edge-white-plain': {
    seed: 119,
    surface: 'plain',
    plainColour: [214, 214, 208],
    tilt: 20,
    cardShare: 0.15,
    card: { at: [0.62, 0.4], angle: 14, colour: 'white' },
    fish: { at: [0.45, 0.76], lengthIn: 15, angle: -6 },
    glare: { onCard: [0.85, -0.7], radii: [0.32, 0.22], angleDeg: -30, spill: 0.4 },
  },
  'covered-corner-green-deck': {
    seed: 120,
    surface: 'deck',
    tilt: 20,
    cardShare: 0.15,
    card: { at: [0.3, 0.4], angle: 10, colour: 'green' },
    fish: { at: [0.55, 0.75], lengthIn: 14, angle: -8 },
    cover: { corner: 2 },
  },
  'covered-side-black-wood': {
    seed: 121,
    surface: 'wood',
    tilt: 10,
    cardShare: 0.14,
    card: { at: [0.7, 0.3], angle: -5, colour: 'black' },
    fish: { at: [0.45, 0.7], lengthIn: 20, angle: 0 },
    cover: { side: 2, at: 0.4 },
  },
  'covered-corner-silver-gravel-tilt35': {
    seed: 122,
    surface: 'gravel',
    tilt: 35,
    cardShare: 0.15,
    card: { at: [0.35, 0.7], angle: 20, colour: 'silver' },
    fish: { at: [0.55, 0.32], lengthIn: 16, angle: 5, kind: 'bass' },
    cover: { corner: 0 },
  },
  'card-above-2in-blue-wood': {
    seed: 123,
    surface: 'wood',
    tilt: 20,
    cardShare: 0.12,
    card: { at: [0.25, 0.3], angle: 10, colour: 'blue', aboveIn: 2 },
    fish: { at: [0.55, 0.66], lengthIn: 20, angle: -5 },
  },
  'card-above-4in-white-deck': {
    seed: 124,
    surface: 'deck',
    tilt: 35,
    cardShare: 0.12,
    card: { at: [0.7, 0.3], angle: 25, colour: 'white', aboveIn: 4 },
    fish: { at: [0.45, 0.65], lengthIn: 18, angle: 8 },
    cover: { side: 0, at: 0.5 },
  },
  'card-phone-quarter-blue-plain': {
    seed: 125,
    surface: 'plain',
    tilt: 15,
    cardShare: 0.11,
    card: { at: [0.2, 0.25], angle: 5, colour: 'blue' },
    quarterAt: [0.38, 0.2],
    distractors: [{ kind: 'phone', at: [0.8, 0.25], angle: -10 }],
    fish: { at: [0.5, 0.68], lengthIn: 22, angle: 0 },
  },
  'card-beside-tile-white-wood': {
    seed: 126,
    surface: 'wood',
    tilt: 25,
    rotation: 8,
    cardShare: 0.13,
    card: { at: [0.28, 0.35], angle: 30, colour: 'white' },
    distractors: [{ kind: 'tile', at: [0.62, 0.3], angle: 12 }],
    fish: { at: [0.5, 0.73], lengthIn: 17, angle: -4 },
  },
  'noisy-blurred-black-gravel': {
    seed: 127,
    surface: 'gravel',
    tilt: 20,
    cardShare: 0.13,
    card: { at: [0.6, 0.3], angle: 12, colour: 'black' },
    fish: { at: [0.45, 0.7], lengthIn: 20, angle: 6 },
    extras: { noiseSigma: 7, blurPx: 1.5, light: { angleDeg: 120, strength: 0.3 } },
  },
})

/** Photos without any card, where a detector must find none: boards, square tiles, a phone, a quarter alone. */
export const NO_CARD_SCENES: readonly NamedScene[] = named({
  'no-card-deck-boards': { seed: 201, surface: 'deck', tilt: 0, rotation: 90, cardShare: 0.2 },
  'no-card-deck-fish-tilt25': {
    seed: 202,
    surface: 'deck',
    tilt: 25,
    cardShare: 0.12,
    fish: { at: [0.5, 0.5], lengthIn: 22, angle: 10 },
  },
  'no-card-tile-wood': {
    seed: 203,
    surface: 'wood',
    tilt: 15,
    cardShare: 0.14,
    distractors: [{ kind: 'tile', at: [0.35, 0.4], angle: 15 }],
    fish: { at: [0.55, 0.75], lengthIn: 16, angle: 0 },
  },
  'no-card-phone-deck': {
    seed: 204,
    surface: 'deck',
    tilt: 20,
    cardShare: 0.1,
    distractors: [{ kind: 'phone', at: [0.25, 0.3], angle: 20 }],
    fish: { at: [0.55, 0.68], lengthIn: 24, angle: -5 },
  },
  'no-card-phone-tile-gravel': {
    seed: 205,
    surface: 'gravel',
    tilt: 10,
    cardShare: 0.12,
    distractors: [
      { kind: 'phone', at: [0.3, 0.35], angle: -8 },
      { kind: 'tile', at: [0.72, 0.6], angle: 30 },
    ],
  },
  'no-card-quarter-only-wood': {
    seed: 206,
    surface: 'wood',
    tilt: 20,
    cardShare: 0.14,
    quarterAt: [0.3, 0.3],
    fish: { at: [0.55, 0.65], lengthIn: 18, angle: 4 },
  },
  'no-card-knife-ruler-plain': {
    seed: 207,
    surface: 'plain',
    tilt: 15,
    cardShare: 0.1,
    distractors: [
      { kind: 'knife', at: [0.35, 0.25], angle: 5 },
      { kind: 'ruler', at: [0.55, 0.8], angle: -3 },
    ],
    fish: { at: [0.5, 0.52], lengthIn: 22, angle: 0 },
  },
  'no-card-grass-fish': {
    seed: 208,
    surface: 'grass',
    tilt: 30,
    cardShare: 0.12,
    fish: { at: [0.5, 0.5], lengthIn: 20, angle: -12, kind: 'bass' },
  },
})

/** A quarter and no card, at a few tilts. */
export const QUARTER_SCENES: readonly NamedScene[] = named({
  'quarter-flat-wood': {
    seed: 301,
    surface: 'wood',
    tilt: 0,
    cardShare: 0.12,
    quarterAt: [0.25, 0.3],
    fish: { at: [0.55, 0.65], lengthIn: 20, angle: 0 },
  },
  'quarter-tilt20-deck': {
    seed: 302,
    surface: 'deck',
    tilt: 20,
    cardShare: 0.12,
    quarterAt: [0.7, 0.28],
    fish: { at: [0.45, 0.66], lengthIn: 20, angle: 6 },
  },
  'quarter-tilt40-plain': {
    seed: 303,
    surface: 'plain',
    tilt: 40,
    roll: 15,
    cardShare: 0.14,
    quarterAt: [0.4, 0.75],
    fish: { at: [0.5, 0.35], lengthIn: 16, angle: -4 },
  },
})
