import type { Point } from '#shared/measuring/geometry.ts'
import { applyHomography, CARD_PLANE_IN, homography, type Mat3 } from '#shared/measuring/plane.ts'
import type { PixelPoint } from '#shared/schemas/measurements.ts'

// A photo of a table top taken at a steep angle, with exact geometry: a 20 × 20 in square of the surface appears as
// a trapezoid whose sides meet at (800, 540), so the horizon crosses the photo there and anything above it is not on
// the surface. Lengths measured on the card's plane from the exact corners are the true ones.

export const STEEP_VIEW = { width: 1600, height: 1200, horizonY: 540 } as const

const SQUARE: Point[] = [
  { x: 0, y: 0 },
  { x: 20, y: 0 },
  { x: 20, y: 20 },
  { x: 0, y: 20 },
]
const TRAPEZOID: Point[] = [
  { x: 100, y: 1100 },
  { x: 1500, y: 1100 },
  { x: 1000, y: 700 },
  { x: 600, y: 700 },
]
const TO_IMAGE = homography(SQUARE, TRAPEZOID) as Mat3

/** Where a point of the surface (inches) appears in the photo, as [x, y]. */
export function onPhoto(p: Point): PixelPoint {
  const q = applyHomography(TO_IMAGE, p)
  return [q.x, q.y]
}

/** The card lying on the surface with its first corner at `at` (inches), its long side along x; corners in order. */
export function cardCorners(at: Point = { x: 8, y: 3 }): [PixelPoint, PixelPoint, PixelPoint, PixelPoint] {
  const { long, short } = CARD_PLANE_IN
  return [
    onPhoto(at),
    onPhoto({ x: at.x + long, y: at.y }),
    onPhoto({ x: at.x + long, y: at.y + short }),
    onPhoto({ x: at.x, y: at.y + short }),
  ]
}

/** A fish on the surface from snout to tail, 14.56 in long (14 in across, 4 in deep). */
export const FISH = { a: { x: 2, y: 8 }, b: { x: 16, y: 12 }, lengthIn: Math.hypot(14, 4) } as const

/** Points along a half circle of this radius on the surface, and the true length of the path through them. */
export function arcOnSurface(n: number, radiusIn = 5, centre: Point = { x: 10, y: 10 }) {
  const plane = Array.from({ length: n }, (_, i) => {
    const angle = (Math.PI * i) / (n - 1)
    return { x: centre.x + radiusIn * Math.cos(angle), y: centre.y + radiusIn * Math.sin(angle) }
  })
  let lengthIn = 0
  for (let i = 1; i < n; i++) {
    const a = plane[i - 1] as Point
    const b = plane[i] as Point
    lengthIn += Math.hypot(b.x - a.x, b.y - a.y)
  }
  return { points: plane.map(onPhoto), lengthIn }
}
