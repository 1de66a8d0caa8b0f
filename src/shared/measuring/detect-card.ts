import type { Gradients } from './detect-image.ts'
import { lineCrossing, type Segment } from './detect-lines.ts'
import { type Point, signedArea } from './geometry.ts'
import {
  CARD_PLANE_IN,
  type CardCorners,
  checkCorners,
  orderCardCorners,
  PHONE_FOCAL_PER_DIAGONAL,
  rectangleAspect,
} from './plane.ts'

// Card hypotheses: four straight edge pieces that meet end to end around a convex quadrilateral, whose true shape
// (recovered through the plane's geometry, not read off the photo) is a card's 3.370 : 2.125, and whose sides the
// photo's edges follow most of the way. The best one wins; its corners are refined on the full-size photo later.

export const CARD_ASPECT = CARD_PLANE_IN.long / CARD_PLANE_IN.short

/**
 * How far the recovered shape may stray from a card's: loosely on the working copy, whose corners are good to a pixel,
 * tightly once refined (a business card, 1.75, a phone, 2, and a square are refused).
 */
export const ROUGH_ASPECT_TOLERANCE = 0.2
export const ASPECT_TOLERANCE = 0.09

export type CardCandidate = { corners: CardCorners; support: number; aspectError: number; score: number }

/** Two segments whose lines cross where both could have a corner: `t` is how far along each the crossing is. */
type Link = { other: number; t: number; otherT: number }

/** How far along the segment a point lies, from its `a` end. */
const along = (s: Segment, p: Point) => (p.x - s.a.x) * s.dir.x + (p.y - s.a.y) * s.dir.y

/** Whether a corner at `t` is within reach of the segment: on it, or a little past an end (rounded corners, gaps). */
const reaches = (s: Segment, t: number) => t >= -(0.5 * s.length + 4) && t <= 1.5 * s.length + 4

/**
 * Whether a segment can be the side between corners at `t1` and `t2` along it: they are apart, and the segment covers
 * most of the way between them (a side broken by glare or a thumb still counts; a line running past does too).
 */
function spans(s: Segment, t1: number, t2: number): boolean {
  const lo = Math.min(t1, t2)
  const hi = Math.max(t1, t2)
  if (hi - lo < 6) return false
  const covered = Math.min(hi, s.length) - Math.max(lo, 0)
  return covered >= 0.55 * (hi - lo)
}

/** Pairs of segments that could be two sides of one corner, indexed by segment. */
function cornerLinks(segments: readonly Segment[]): Link[][] {
  const links: Link[][] = segments.map(() => [])
  const minSin = Math.sin((25 * Math.PI) / 180)
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as Segment
    for (let j = i + 1; j < segments.length; j++) {
      const t = segments[j] as Segment
      if (Math.abs(s.dir.x * t.dir.y - s.dir.y * t.dir.x) < minSin) continue
      const p = lineCrossing(s, t)
      if (!p) continue
      const ts = along(s, p)
      const tt = along(t, p)
      if (!reaches(s, ts) || !reaches(t, tt)) continue
      links[i]?.push({ other: j, t: ts, otherT: tt })
      links[j]?.push({ other: i, t: tt, otherT: ts })
    }
  }
  return links
}

/** Every cycle of four segments, each spanning the way between its corners with the two next to it. */
export function quadCycles(segments: readonly Segment[], limit = 5000): number[][] {
  const links = cornerLinks(segments)
  const seen = new Set<string>()
  const cycles: number[][] = []
  for (let j = 0; j < segments.length; j++) {
    const sj = segments[j] as Segment
    for (const first of links[j] ?? []) {
      for (const second of links[j] ?? []) {
        if (second.other === first.other || second.t <= first.t || !spans(sj, first.t, second.t)) continue
        const i = first.other
        const k = second.other
        for (const closing of links[i] ?? []) {
          const l = closing.other
          if (l === j || l === k || !spans(segments[i] as Segment, first.otherT, closing.t)) continue
          const meets = links[k]?.find((x) => x.other === l)
          if (!meets || !spans(segments[k] as Segment, second.otherT, meets.t)) continue
          if (!spans(segments[l] as Segment, closing.otherT, meets.otherT)) continue
          const key = [i, j, k, l].sort((x, y) => x - y).join(',')
          if (seen.has(key)) continue
          seen.add(key)
          cycles.push([i, j, k, l])
          if (cycles.length >= limit) return cycles
        }
      }
    }
  }
  return cycles
}

/** The share of a side's length along which the photo has an edge running with it (±1.5 px, direction within 30°). */
export function edgeSupport(grad: Gradients, a: Point, b: Point, threshold: number): number {
  const length = Math.hypot(b.x - a.x, b.y - a.y)
  const nx = -(b.y - a.y) / length
  const ny = (b.x - a.x) / length
  const cosMax = Math.cos((30 * Math.PI) / 180)
  let hits = 0
  let tries = 0
  for (let t = 0.1; t <= 0.9; t += 1 / length) {
    tries++
    const x = a.x + t * (b.x - a.x)
    const y = a.y + t * (b.y - a.y)
    for (const d of [0, -1, 1, -1.5, 1.5]) {
      const px = Math.round(x + d * nx)
      const py = Math.round(y + d * ny)
      if (px < 1 || py < 1 || px >= grad.width - 1 || py >= grad.height - 1) continue
      const i = py * grad.width + px
      const m = grad.mag[i] as number
      if (m < threshold) continue
      if (Math.abs(((grad.gx[i] as number) * nx + (grad.gy[i] as number) * ny) / m) < cosMax) continue
      hits++
      break
    }
  }
  return tries === 0 ? 0 : hits / tries
}

export type CandidateLimits = { width: number; height: number; threshold: number }

/** The cycle's quadrilateral as a card, or null when it is not convex, too small or large, or not card-shaped. */
/** A card is small beside its distance, so opposite sides keep most of each other's length (3/4 at 45°, close up). */
const MIN_OPPOSITE_RATIO = 0.6

function sidesNarrowTooMuch(c: readonly Point[]): boolean {
  const len = (i: number) =>
    Math.hypot((c[(i + 1) % 4] as Point).x - (c[i] as Point).x, (c[(i + 1) % 4] as Point).y - (c[i] as Point).y)
  return (
    Math.min(len(0), len(2)) < MIN_OPPOSITE_RATIO * Math.max(len(0), len(2)) ||
    Math.min(len(1), len(3)) < MIN_OPPOSITE_RATIO * Math.max(len(1), len(3))
  )
}

/** The error of a quadrilateral's recovered shape against a card's, or null when it has none or narrows too much. */
export function cardAspectError(corners: CardCorners, size: { width: number; height: number }): number | null {
  if (sidesNarrowTooMuch(corners)) return null
  const focal = PHONE_FOCAL_PER_DIAGONAL * Math.hypot(size.width, size.height)
  const aspect = rectangleAspect(corners, size, focal)
  return aspect === null ? null : Math.abs(aspect / CARD_ASPECT - 1)
}

export function cardCandidate(
  grad: Gradients,
  segments: readonly Segment[],
  cycle: number[],
  limits: CandidateLimits,
): CardCandidate | null {
  const sides = cycle.map((i) => segments[i] as Segment)
  const corners: Point[] = []
  for (let c = 0; c < 4; c++) {
    const p = lineCrossing(sides[c] as Segment, sides[(c + 1) % 4] as Segment)
    if (!p) return null
    corners.push(p)
  }
  let ordered: CardCorners
  try {
    checkCorners(corners)
    ordered = orderCardCorners(corners, limits)
  } catch {
    return null
  }
  const inside = (p: Point) => p.x >= -1 && p.y >= -1 && p.x <= limits.width && p.y <= limits.height
  if (!ordered.every(inside)) return null
  const area = Math.abs(signedArea(ordered))
  if (area < 300 || area > 0.5 * limits.width * limits.height) return null
  const aspectError = cardAspectError(ordered, limits)
  if (aspectError === null) return null
  if (aspectError > ROUGH_ASPECT_TOLERANCE) return null
  const supports = ordered.map((p, i) => edgeSupport(grad, p, ordered[(i + 1) % 4] as Point, limits.threshold))
  const support = supports.reduce((s, x) => s + x, 0) / 4
  if (Math.min(...supports) < 0.45 || support < 0.65) return null
  return { corners: ordered, support, aspectError, score: support - aspectError }
}
