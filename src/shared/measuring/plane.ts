import { CLICK_ERROR_PX, type MeasureMode, type Point } from './geometry.ts'

// Measuring on the card's plane (docs/measuring.md, "On the card's plane"). Four card corners fix the homography from
// the photo to the plane the card lies on, whatever the camera's angle; every length on that plane is then true.

/** An ISO/IEC 7810 ID-1 card, 85.60 × 53.98 mm: the plane mode needs its true short side, not the rounded 2.13. */
export const CARD_PLANE_IN = { long: 3.37, short: 2.125 } as const

/** Four corners in order around the card; corners[0] → corners[1] runs along a long side. */
export type CardCorners = readonly [Point, Point, Point, Point]

/** A 3 × 3 matrix, row by row. */
export type Mat3 = readonly [number, number, number, number, number, number, number, number, number]

/** About a 95 % bound: the propagated standard uncertainty times two. */
export const COVERAGE_FACTOR = 2

/** Shown with a plane measurement: the angle no longer matters, the plane does. */
export const PLANE_CAVEAT =
  'Measured on the plane of the card: the camera may be at an angle, but the subject must lie flat on the same surface as the card (the card beside it, not held above it). Anything above or below that surface measures wrong.'

export const PLANE_MESSAGES = {
  corners: 'The reference needs the four corners of the card, in order around it',
  convex: 'The four corners must form a convex quadrilateral, in order around the card',
  small: 'The card is too small in the photo to measure from: each side needs at least 8 pixels',
  horizon: "The points must lie on the card's plane, in front of its horizon",
  points: 'Mark at least two points',
  straight: 'A straight measurement has two points',
} as const

/** A problem with the geometry a member or a caller gave; `message` says which. */
export class PlaneGeometryError extends RangeError {
  readonly problem: keyof typeof PLANE_MESSAGES
  constructor(message: string, problem: keyof typeof PLANE_MESSAGES) {
    super(message)
    this.name = 'PlaneGeometryError'
    this.problem = problem
  }
}

const MIN_SIDE_PX = 8

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
}

/** Throws PlaneGeometryError unless the four corners are finite, in order around a convex quadrilateral of some size. */
export function checkCorners(corners: readonly Point[]): asserts corners is CardCorners {
  if (corners.length !== 4 || !corners.every((c) => Number.isFinite(c.x) && Number.isFinite(c.y))) {
    throw new PlaneGeometryError(PLANE_MESSAGES.corners, 'corners')
  }
  const turns = corners.map((c, i) => cross(c, corners[(i + 1) % 4] as Point, corners[(i + 2) % 4] as Point))
  const sameWay = turns.every((t) => t > 0) || turns.every((t) => t < 0)
  if (!sameWay) throw new PlaneGeometryError(PLANE_MESSAGES.convex, 'convex')
  for (let i = 0; i < 4; i++) {
    const a = corners[i] as Point
    const b = corners[(i + 1) % 4] as Point
    if (Math.hypot(b.x - a.x, b.y - a.y) < MIN_SIDE_PX) throw new PlaneGeometryError(PLANE_MESSAGES.small, 'small')
  }
}

/** Solves the 8 × 8 system of a four-point homography by Gaussian elimination with partial pivoting. */
function solve8(a: number[][], b: number[]): number[] | null {
  const n = 8
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = r
    if (Math.abs(a[pivot]?.[col] ?? 0) < 1e-12) return null
    ;[a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]]
    ;[b[col], b[pivot]] = [b[pivot] as number, b[col] as number]
    const row = a[col] as number[]
    for (let r = col + 1; r < n; r++) {
      const other = a[r] as number[]
      const f = (other[col] as number) / (row[col] as number)
      if (f === 0) continue
      for (let c = col; c < n; c++) other[c] = (other[c] as number) - f * (row[c] as number)
      b[r] = (b[r] as number) - f * (b[col] as number)
    }
  }
  const x = new Array<number>(n).fill(0)
  for (let r = n - 1; r >= 0; r--) {
    const row = a[r] as number[]
    let s = b[r] as number
    for (let c = r + 1; c < n; c++) s -= (row[c] as number) * (x[c] as number)
    x[r] = s / (row[r] as number)
  }
  return x
}

/** The homography taking each `from` point to its `to` point (h33 = 1), or null when the points are degenerate. */
export function homography(from: readonly Point[], to: readonly Point[]): Mat3 | null {
  const a: number[][] = []
  const b: number[] = []
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i] as Point
    const { x: u, y: v } = to[i] as Point
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y])
    b.push(u)
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y])
    b.push(v)
  }
  const h = solve8(a, b)
  if (!h?.every(Number.isFinite)) return null
  return [...h, 1] as unknown as Mat3
}

/** Applies a homography; `w` is the homogeneous scale, whose sign says which side of the horizon the point is on. */
export function applyHomography(h: Mat3, p: Point): { x: number; y: number; w: number } {
  const w = h[6] * p.x + h[7] * p.y + h[8]
  return { x: (h[0] * p.x + h[1] * p.y + h[2]) / w, y: (h[3] * p.x + h[4] * p.y + h[5]) / w, w }
}

/** The card's corners on its own plane, inches, in the order of CardCorners. */
export const CARD_RECTANGLE: readonly Point[] = [
  { x: 0, y: 0 },
  { x: CARD_PLANE_IN.long, y: 0 },
  { x: CARD_PLANE_IN.long, y: CARD_PLANE_IN.short },
  { x: 0, y: CARD_PLANE_IN.short },
]

/** Photo pixels → inches on the card's plane, with the card's first corner at the origin. */
export function cardHomography(corners: CardCorners): Mat3 {
  const h = homography(corners, CARD_RECTANGLE)
  if (!h) throw new PlaneGeometryError(PLANE_MESSAGES.convex, 'convex')
  return h
}

/** Inches on the card's plane → photo pixels: where the plane's points appear (the tool draws with it). */
export function planeToPhoto(corners: CardCorners): Mat3 {
  const h = homography(CARD_RECTANGLE, corners)
  if (!h) throw new PlaneGeometryError(PLANE_MESSAGES.convex, 'convex')
  return h
}

/** The length in inches, on the plane, of the path through the points; null when a point lies beyond the horizon. */
function lengthOnPlane(corners: CardCorners, points: readonly Point[]): number | null {
  const h = homography(corners, CARD_RECTANGLE)
  if (!h) return null
  const side = Math.sign(applyHomography(h, corners[0]).w)
  let total = 0
  let last: Point | null = null
  for (const p of points) {
    const q = applyHomography(h, p)
    if (Math.sign(q.w) !== side || Math.abs(q.w) < 1e-12) return null
    if (last) total += Math.hypot(q.x - last.x, q.y - last.y)
    last = q
  }
  return total
}

export type PlaneMeasureResult = { mode: MeasureMode; method: 'plane'; valueIn: number; uncertaintyIn: number }

export type PlaneErrors = {
  /**
   * How well the corners are placed, in pixels of the photo the corners are given in: one figure for all four, or one
   * per corner in their order (a member who moved one found corner placed only that one by hand). Default
   * CLICK_ERROR_PX.
   */
  cornerPx?: number | readonly number[]
  /** How well each point of the path is placed, in the same pixels (default CLICK_ERROR_PX). */
  pointPx?: number
}

const STEP_PX = 1e-3

/**
 * Per corner, ∑ (∂L/∂c)² over its two coordinates, by central differences (the length is smooth away from the
 * horizon).
 */
function cornerSlopes(corners: CardCorners, points: readonly Point[]): number[] {
  return corners.map((_, i) => {
    let sum = 0
    for (const axis of ['x', 'y'] as const) {
      const shifted = (d: number) =>
        corners.map((p, j) => (j === i ? { ...p, [axis]: p[axis] + d } : p)) as unknown as CardCorners
      const up = lengthOnPlane(shifted(STEP_PX), points)
      const down = lengthOnPlane(shifted(-STEP_PX), points)
      if (up !== null && down !== null) sum += ((up - down) / (2 * STEP_PX)) ** 2
    }
    return sum
  })
}

/** Each corner's placement error from one figure or four. */
function perCorner(cornerPx: PlaneErrors['cornerPx']): number[] {
  if (cornerPx === undefined) return [CLICK_ERROR_PX, CLICK_ERROR_PX, CLICK_ERROR_PX, CLICK_ERROR_PX]
  if (typeof cornerPx === 'number') return [cornerPx, cornerPx, cornerPx, cornerPx]
  if (cornerPx.length !== 4) throw new RangeError('cornerPx needs one figure per corner')
  return [...cornerPx]
}

/** ∑ (∂L/∂p)² over the path's coordinates: a point moves only the two pieces either side of it. */
function pointSlopes(h: Mat3, points: readonly Point[]): number {
  const onPlane = (p: Point) => applyHomography(h, p)
  const mapped = points.map(onPlane)
  const near = (j: number, q: { x: number; y: number }) => {
    let total = 0
    for (const k of [j - 1, j + 1]) {
      const other = mapped[k]
      if (other) total += Math.hypot(q.x - other.x, q.y - other.y)
    }
    return total
  }
  let sum = 0
  points.forEach((p, j) => {
    for (const axis of ['x', 'y'] as const) {
      const up = near(j, onPlane({ ...p, [axis]: p[axis] + STEP_PX }))
      const down = near(j, onPlane({ ...p, [axis]: p[axis] - STEP_PX }))
      sum += ((up - down) / (2 * STEP_PX)) ** 2
    }
  })
  return sum
}

/**
 * Measures a straight line (2 points) or a curve on the card's plane. The uncertainty propagates each corner's and
 * each point's placement error to first order (their effects on the length add in quadrature) and reports twice that.
 */
export function measureOnPlane(
  mode: MeasureMode,
  points: readonly Point[],
  corners: readonly Point[],
  errors: PlaneErrors = {},
): PlaneMeasureResult {
  checkCorners(corners)
  if (points.length < 2) throw new PlaneGeometryError(PLANE_MESSAGES.points, 'points')
  if (mode === 'straight' && points.length !== 2) throw new PlaneGeometryError(PLANE_MESSAGES.straight, 'straight')
  const valueIn = lengthOnPlane(corners, points)
  if (valueIn === null) throw new PlaneGeometryError(PLANE_MESSAGES.horizon, 'horizon')
  const cornerPx = perCorner(errors.cornerPx)
  const pointPx = errors.pointPx ?? CLICK_ERROR_PX
  const byCorners = cornerSlopes(corners, points).reduce(
    (sum, slope, i) => sum + slope * (cornerPx[i] as number) ** 2,
    0,
  )
  const byPoints = pointSlopes(cardHomography(corners), points)
  const standard = Math.sqrt(byCorners + byPoints * pointPx ** 2)
  return { mode, method: 'plane', valueIn, uncertaintyIn: COVERAGE_FACTOR * standard }
}

export type ImageSize = { width: number; height: number }

/**
 * Zhang's focal length is believed within a main camera's range (photo diagonals): beyond it, it is more likely a
 * small card's corner noise than a zoom lens, and would tip the card's shape by 10 % or more.
 */
const PLAUSIBLE_FOCAL = [0.45, 1.3] as const

/** What Zhang & He's method needs of a quadrilateral: the plane's two side directions, up to the focal length. */
type RectangleNormals = { n2: Vec3; n3: Vec3; scale: number }

function rectangleNormals(corners: readonly Point[], size: ImageSize): RectangleNormals | null {
  const scale = Math.hypot(size.width, size.height)
  const m = corners.map((c) => [(c.x - size.width / 2) / scale, (c.y - size.height / 2) / scale, 1] as const)
  // Zhang's numbering: M1 (0,0), M2 (w,0), M3 (0,h), M4 (w,h); ours goes around the card.
  const [m1, m2, m4, m3] = m as unknown as [Vec3, Vec3, Vec3, Vec3]
  const c14 = cross3(m1, m4)
  const k2 = dot3(c14, m3) / dot3(cross3(m2, m4), m3)
  const k3 = dot3(c14, m2) / dot3(cross3(m3, m4), m2)
  const n2: Vec3 = [k2 * m2[0] - m1[0], k2 * m2[1] - m1[1], k2 * m2[2] - m1[2]]
  const n3: Vec3 = [k3 * m3[0] - m1[0], k3 * m3[1] - m1[1], k3 * m3[2] - m1[2]]
  return [...n2, ...n3].every(Number.isFinite) ? { n2, n3, scale } : null
}

/** The side 0→1 over side 1→2 ratio on the plane for a focal length (squared, in photo diagonals; ∞: no perspective). */
function aspectAt({ n2, n3 }: RectangleNormals, f2: number): number | null {
  const norm = (n: Vec3) =>
    f2 === Number.POSITIVE_INFINITY ? n[0] ** 2 + n[1] ** 2 : n[0] ** 2 + n[1] ** 2 + f2 * n[2] ** 2
  const ratio = Math.sqrt(norm(n2) / norm(n3))
  return Number.isFinite(ratio) && ratio > 0 ? ratio : null
}

/** The focal length (squared, in photo diagonals) the quadrilateral itself gives, when it is one a phone has. */
function zhangFocal2({ n2, n3 }: RectangleNormals): number | null {
  const parallel = 1e-3
  if (Math.abs(n2[2]) < parallel * Math.hypot(n2[0], n2[1]) && Math.abs(n3[2]) < parallel * Math.hypot(n3[0], n3[1])) {
    return Number.POSITIVE_INFINITY
  }
  const f2 = -(n2[0] * n3[0] + n2[1] * n3[1]) / (n2[2] * n3[2])
  // Outside a main camera's focal lengths, the estimate is more likely the corners' noise than the lens.
  return f2 >= PLAUSIBLE_FOCAL[0] ** 2 && f2 <= PLAUSIBLE_FOCAL[1] ** 2 ? f2 : null
}

/**
 * The true width-to-height ratio of the rectangle whose photo is the quadrilateral (side 0→1 over side 1→2), with the
 * camera's principal point at the photo's centre: Zhang & He's whiteboard method. The focal length comes out of the
 * quadrilateral; when its sides are too near parallel to give one, `fallbackFocal` (pixels) is used.
 */
export function rectangleAspect(corners: CardCorners, size: ImageSize, fallbackFocal?: number): number | null {
  const normals = rectangleNormals(corners, size)
  if (!normals) return null
  const f2 = zhangFocal2(normals) ?? (fallbackFocal === undefined ? null : (fallbackFocal / normals.scale) ** 2)
  return f2 === null ? null : aspectAt(normals, f2)
}

/** A phone's main camera, about 80° to 50° across the diagonal (focal lengths in photo diagonals). */
const MAIN_CAMERA_FOCALS = [0.55, 0.7, 0.85, 1]

/** The least relative error of the quadrilateral's aspect (sides 0, 2 long) against a card's over focal lengths². */
function shapeError(normals: RectangleNormals, focals2: readonly number[]): number | null {
  let best: number | null = null
  for (const f2 of focals2) {
    const aspect = aspectAt(normals, f2)
    if (aspect === null) continue
    const error = Math.abs(aspect / CARD_ASPECT - 1)
    if (best === null || error < best) best = error
  }
  return best
}

/**
 * How far the shape is from a card's with sides 0 and 2 long, as a main camera sees it. Not through Zhang's focal
 * length: a pixel of noise on a tilted card swings it enough to turn the card a quarter (docs/measuring.md).
 */
function mainCameraShapeError(corners: readonly Point[], size: ImageSize): number | null {
  const normals = rectangleNormals(corners, size)
  return normals
    ? shapeError(
        normals,
        MAIN_CAMERA_FOCALS.map((f) => f * f),
      )
    : null
}

const CARD_ASPECT = CARD_PLANE_IN.long / CARD_PLANE_IN.short

type Vec3 = readonly [number, number, number]
const cross3 = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
]
const dot3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2]

/** A phone's main camera sees about 70° across the diagonal: its focal length is about 0.7 of the diagonal in pixels. */
export const PHONE_FOCAL_PER_DIAGONAL = 0.7

/**
 * Puts four corners of a card in the order the plane mode reads: around the card (clockwise on screen), starting at
 * the corner whose next side is a long one. Which sides are long comes from the plane's geometry (mainCameraShapeError),
 * and from the sides' lengths in the photo only when that cannot say.
 */
export function orderCardCorners(corners: readonly Point[], size: ImageSize): CardCorners {
  if (corners.length !== 4) throw new PlaneGeometryError(PLANE_MESSAGES.corners, 'corners')
  const cx = corners.reduce((s, c) => s + c.x, 0) / 4
  const cy = corners.reduce((s, c) => s + c.y, 0) / 4
  const around = [...corners].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx))
  checkCorners(around)
  // The long sides are the pairing that makes a card's shape as a phone's main camera sees it.
  const asRead = mainCameraShapeError(around, size)
  const turned = mainCameraShapeError([...around.slice(1), around[0] as Point], size)
  const len = (i: number) => {
    const a = around[i % 4] as Point
    const b = around[(i + 1) % 4] as Point
    return Math.hypot(b.x - a.x, b.y - a.y)
  }
  const longFirst = asRead !== null && turned !== null ? asRead <= turned : len(0) + len(2) >= len(1) + len(3)
  const start = longFirst ? 0 : 1
  return [0, 1, 2, 3].map((i) => around[(start + i) % 4] as Point) as unknown as CardCorners
}
