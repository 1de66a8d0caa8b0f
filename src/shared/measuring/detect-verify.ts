import type { Raster } from './detect.ts'
import { edgeSupport } from './detect-card.ts'
import { type Channel, channelsOf, type Gradients, sampleChannel } from './detect-image.ts'
import type { Point } from './geometry.ts'
import { applyHomography, CARD_RECTANGLE, type CardCorners, planeToPhoto } from './plane.ts'

// The last check of a card found: just inside each of its four sides lies the card's own face, one colour all round
// its margin, and just outside lies something else. A quadrilateral borrowing one side from a board's groove or a
// shadow has wood inside that side; a patch of glare has a margin of two colours. Either is refused.

/** How far inside and outside the outline the bands are read, in inches on the card's plane. */
const BAND_IN = 0.09
/** How much the margin may differ between sides in any channel (0–255), and the least contrast across each side. */
const MAX_MARGIN_SPREAD = 60
const MIN_SIDE_CONTRAST = 10

function median(values: number[]): number {
  const sorted = values.filter((v) => !Number.isNaN(v)).sort((a, b) => a - b)
  return sorted.length === 0 ? Number.NaN : (sorted[Math.floor(sorted.length / 2)] as number)
}

type Colour = number[]

/** The median of each channel along a line parallel to a side at `offset` inches (negative: inside), over its middle. */
function bandColour(r: Raster, toPhoto: ReturnType<typeof planeToPhoto>, side: number, offset: number): Colour {
  const a = CARD_RECTANGLE[side] as Point
  const b = CARD_RECTANGLE[(side + 1) % 4] as Point
  const length = Math.hypot(b.x - a.x, b.y - a.y)
  // The plane's rectangle runs clockwise on screen in y-down photo order, so its outward normal is (dy, −dx).
  const out = { x: (b.y - a.y) / length, y: -(b.x - a.x) / length }
  const places: Point[] = []
  for (let t = 0.15; t <= 0.85; t += 0.025) {
    const q = applyHomography(toPhoto, {
      x: a.x + t * (b.x - a.x) + offset * out.x,
      y: a.y + t * (b.y - a.y) + offset * out.y,
    })
    places.push({ x: q.x - 0.5, y: q.y - 0.5 })
  }
  return channelsOf(r).map((channel) => median(places.map((p) => sampleChannel(r, channel, p.x, p.y))))
}

/** The largest difference between two colours in any one channel. */
const apart = (a: Colour, b: Colour) => Math.max(...a.map((v, i) => Math.abs(v - (b[i] as number))))

/** Whether the card's margin reads as one face, every side as an edge against something else, and its corners round. */
export function looksLikeCardFace(r: Raster, corners: CardCorners): boolean {
  const toPhoto = planeToPhoto(corners)
  const inside = [0, 1, 2, 3].map((side) => bandColour(r, toPhoto, side, -BAND_IN))
  const outside = [0, 1, 2, 3].map((side) => bandColour(r, toPhoto, side, BAND_IN))
  if ([...inside, ...outside].some((c) => c.some(Number.isNaN))) return false
  const spread = Math.max(...inside.flatMap((a) => inside.map((b) => apart(a, b))))
  if (spread > MAX_MARGIN_SPREAD) return false
  if (!inside.every((c, i) => apart(c, outside[i] as Colour) >= MIN_SIDE_CONTRAST)) return false
  return roundedCorners(r, toPhoto, inside, outside) >= 3
}

/**
 * How many corners are cut off round, as a card's are (radius 0.125 in): the sharp corner where the sides' lines meet
 * lies 0.05 in outside the card, so it reads as the surface. A tail fin or a tile has its sharp corners filled.
 */
function roundedCorners(
  r: Raster,
  toPhoto: ReturnType<typeof planeToPhoto>,
  inside: Colour[],
  outside: Colour[],
): number {
  const channels: Channel[] = channelsOf(r)
  const mean = (a: Colour, b: Colour) => a.map((v, i) => (v + (b[i] as number)) / 2)
  const distance = (a: Colour, b: Colour) => Math.hypot(...a.map((v, i) => v - (b[i] as number)))
  let round = 0
  CARD_RECTANGLE.forEach((p, i) => {
    const q = applyHomography(toPhoto, p)
    const at = channels.map((channel) => sampleChannel(r, channel, q.x - 0.5, q.y - 0.5))
    const face = mean(inside[i] as Colour, inside[(i + 3) % 4] as Colour)
    const surface = mean(outside[i] as Colour, outside[(i + 3) % 4] as Colour)
    if (distance(at, surface) < distance(at, face)) round++
  })
  return round
}

/**
 * Whether any corner is where two longer lines cross rather than where two sides end: a quadrilateral cut out of a
 * knife, a ruler and a board's groove has edges running on past its corners; a card's sides stop at its corners.
 * `corners` and `grad` are in working pixels.
 */
export function sidesRunPastCorners(grad: Gradients, corners: readonly Point[], threshold: number): boolean {
  const beyond = (from: Point, to: Point) => {
    const length = Math.hypot(to.x - from.x, to.y - from.y)
    const reach = Math.max(6, 0.4 * length)
    const end = { x: to.x + ((to.x - from.x) / length) * reach, y: to.y + ((to.y - from.y) / length) * reach }
    return edgeSupport(grad, to, end, threshold)
  }
  return corners.some((corner, i) => {
    const before = corners[(i + 3) % 4] as Point
    const after = corners[(i + 1) % 4] as Point
    return beyond(before, corner) >= 0.6 && beyond(after, corner) >= 0.6
  })
}
