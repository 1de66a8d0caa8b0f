import type { Raster } from './detect.ts'
import { type Channel, channelsOf, sampleChannel } from './detect-image.ts'
import { crossingOf } from './detect-lines.ts'
import { type Point, signedArea } from './geometry.ts'

// The corners found on the small working copy are good to a working pixel or so; a card measured from them would be
// off by a percent. Each side is therefore found again on the full-size photo: the edge's position to a fraction of
// a pixel at many places along it, a straight line fitted through those, and the corners where the lines cross.

/** No fit places a corner better than this, whatever its residuals say. */
const MIN_CORNER_ERROR_PX = 0.15

/** How strong, against the steepest, a step further out must be to be taken as the edge. */
const OUTERMOST_SHARE = 0.5

type Line = { p: Point; dir: Point; residual: number; count: number }

/** A channel at a point of the photo's continuous coordinates, where pixel (i, j) covers [i, i + 1) × [j, j + 1). */
const read = (r: Raster, channel: Channel, x: number, y: number) => sampleChannel(r, channel, x - 0.5, y - 0.5)

/** The edge's sub-pixel offset along the normal at one place: the step of its channel, by a parabola's peak. */
function edgeOffset(
  r: Raster,
  at: Point,
  normal: Point,
  tangent: Point,
  reach: number,
  { channel, polarity, outermost }: Across,
): number | null {
  const step = 0.5
  const n = Math.round((2 * reach) / step) + 1
  const profile = new Float64Array(n)
  for (let i = 0; i < n; i++) {
    const d = -reach + i * step
    let sum = 0
    for (const s of [-1, 0, 1]) {
      sum += read(r, channel, at.x + d * normal.x + s * tangent.x, at.y + d * normal.y + s * tangent.y)
    }
    if (Number.isNaN(sum)) return null
    profile[i] = sum / 3
  }
  const slopeOf = (i: number) => polarity * ((profile[i + 1] as number) - (profile[i - 1] as number))
  let peak = 0
  for (let i = 1; i < n - 1; i++) peak = Math.max(peak, slopeOf(i))
  if (peak < 3) return null
  // Where the face is darker, the outermost strong step, not simply the steepest: a card's lighter rim makes a second
  // step just inside its edge. Where it is brighter the rim adds to the edge's own step, and the steepest is the edge.
  const least = outermost ? OUTERMOST_SHARE * peak : peak
  let best = -1
  for (let i = 1; i < n - 1; i++) {
    if (slopeOf(i) >= least && slopeOf(i) >= slopeOf(i - 1) && slopeOf(i) >= slopeOf(i + 1)) {
      best = i
      break
    }
  }
  if (best < 2 || best > n - 3) return null
  const l = slopeOf(best - 1)
  const c = slopeOf(best)
  const rr = slopeOf(best + 1)
  const denom = l - 2 * c + rr
  const shift = denom === 0 ? 0 : (0.5 * (l - rr)) / denom
  return -reach + (best + Math.max(-0.5, Math.min(0.5, shift))) * step
}

/** Total least squares through points, dropping those far from the line twice over. */
function fitLine(points: Point[]): Line | null {
  let pts = points
  let line: Line | null = null
  for (let round = 0; round < 3 && pts.length >= 6; round++) {
    const mx = pts.reduce((s, p) => s + p.x, 0) / pts.length
    const my = pts.reduce((s, p) => s + p.y, 0) / pts.length
    let sxx = 0
    let syy = 0
    let sxy = 0
    for (const p of pts) {
      sxx += (p.x - mx) ** 2
      syy += (p.y - my) ** 2
      sxy += (p.x - mx) * (p.y - my)
    }
    const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy)
    const dir = { x: Math.cos(theta), y: Math.sin(theta) }
    const dist = (p: Point) => Math.abs(-(p.x - mx) * dir.y + (p.y - my) * dir.x)
    const residual = Math.sqrt(pts.reduce((s, p) => s + dist(p) ** 2, 0) / pts.length)
    line = { p: { x: mx, y: my }, dir, residual, count: pts.length }
    const keep = Math.max(0.4, 2.5 * residual)
    pts = pts.filter((p) => dist(p) <= keep)
  }
  return line
}

const cross = (s: Line, t: Line) => crossingOf(s.p, s.dir, t.p, t.dir)

/** What a side's profile reads: a channel, and which way it steps. */
type Across = { channel: Channel; polarity: number; outermost: boolean }

/** The luma keeps a side unless a colour steps this much more: it is the least noisy, and what most edges show best. */
const LUMA_PREFERENCE = 2
/** A channel where the face is brighter is read when its step is this share of the largest and this many levels. */
const MIN_BRIGHTER_SHARE = 0.2
const MIN_BRIGHTER_LEVELS = 20

/**
 * The channel to read a side by, and the way it steps along `normal` (into the card). A card's lighter rim and the
 * thin shadow it casts each move the edge by about a pixel in a channel where the face is darker than the surface
 * (the rim reads as surface, the shadow as card). Where the face is brighter both go with the face and the edge stays.
 */
function across(r: Raster, a: Point, b: Point, normal: Point, reach: number): Across {
  const steps = channelsOf(r).map((channel) => {
    let sum = 0
    let count = 0
    for (let t = 0.15; t <= 0.85; t += 0.05) {
      const x = a.x + t * (b.x - a.x)
      const y = a.y + t * (b.y - a.y)
      const step =
        read(r, channel, x + reach * normal.x, y + reach * normal.y) -
        read(r, channel, x - reach * normal.x, y - reach * normal.y)
      if (!Number.isNaN(step)) {
        sum += step
        count++
      }
    }
    return { channel, step: count > 0 ? sum / count : 0 }
  })
  const largest = Math.max(...steps.map((s) => Math.abs(s.step)))
  const least = Math.max(MIN_BRIGHTER_SHARE * largest, MIN_BRIGHTER_LEVELS)
  const brighter = steps.filter((s) => s.step >= least).sort((p, q) => q.step - p.step)[0]
  if (brighter) return { channel: brighter.channel, polarity: 1, outermost: false }
  const weighed = (s: (typeof steps)[number]) => (s.channel === 'luma' ? LUMA_PREFERENCE : 1) * Math.abs(s.step)
  const best = steps.reduce((p, q) => (weighed(q) > weighed(p) ? q : p))
  return { channel: best.channel, polarity: best.step >= 0 ? 1 : -1, outermost: true }
}

/** `evidence`: the least share, over the four sides, of places where the edge was found on the fitted line. */
export type RefinedCorners = { corners: Point[]; errorPx: number; evidence: number }

/**
 * Refines four corners (full-size pixels, in order) on the full-size photo. `reach` is how far, in pixels, the true
 * edge may lie from the rough side. Returns the new corners and how well they are placed, or null when a side has too
 * few clear edge points.
 */
export function refineCorners(r: Raster, corners: readonly Point[], reach: number): RefinedCorners | null {
  const lines: Line[] = []
  let evidence = 1
  const turn = signedArea(corners) >= 0 ? 1 : -1
  for (let i = 0; i < 4; i++) {
    const a = corners[i] as Point
    const b = corners[(i + 1) % 4] as Point
    const length = Math.hypot(b.x - a.x, b.y - a.y)
    const tangent = { x: (b.x - a.x) / length, y: (b.y - a.y) / length }
    // Pointing into the card, so the profile runs from outside in.
    const normal = { x: -tangent.y * turn, y: tangent.x * turn }
    const side = across(r, a, b, normal, reach)
    const samples = Math.min(240, Math.max(12, Math.floor(length / 2)))
    const points: Point[] = []
    // The card's corners are rounded (an eighth of an inch on 3.37): the ends of each side are left out.
    for (let k = 0; k < samples; k++) {
      const t = 0.08 + (0.84 * (k + 0.5)) / samples
      const at = { x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y) }
      const d = edgeOffset(r, at, normal, tangent, reach, side)
      if (d !== null) points.push({ x: at.x + d * normal.x, y: at.y + d * normal.y })
    }
    if (points.length < Math.max(6, 0.3 * samples)) return null
    const line = fitLine(points)
    if (!line) return null
    lines.push(line)
    evidence = Math.min(evidence, line.count / samples)
  }
  const refined: Point[] = []
  let variance = 0
  for (let i = 0; i < 4; i++) {
    const before = lines[(i + 3) % 4] as Line
    const after = lines[i] as Line
    const p = cross(before, after)
    if (!p) return null
    refined.push(p)
    // A fitted line's position is good to about residual / √n; a corner takes it from two lines.
    variance = Math.max(variance, before.residual ** 2 / before.count + after.residual ** 2 / after.count)
  }
  return { corners: refined, errorPx: Math.max(MIN_CORNER_ERROR_PX, 2 * Math.sqrt(variance)), evidence }
}
