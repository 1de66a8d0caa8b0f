import type { Gradients } from './detect-image.ts'
import type { Point } from './geometry.ts'

// Straight edge pieces of a photo: pixels of strong gradient grown into regions of one gradient direction (the idea of
// the LSD line detector), each region summarised by the line through it. A card's four sides come out as four such
// pieces even on a textured surface, since texture rarely stays straight for long.

export type Segment = {
  /** The ends, in working pixels, `a` to `b` along `dir`. */
  a: Point
  b: Point
  /** Unit direction a → b, and the unit normal (dir turned a quarter clockwise on screen). */
  dir: Point
  normal: Point
  length: number
  /** Mean gradient magnitude of its pixels. */
  strength: number
}

/** A region takes a pixel whose gradient turns at most 22.5° from the region's mean direction. */
const COS_TOLERANCE = Math.cos((22.5 * Math.PI) / 180)

type Directions = { ux: Float32Array; uy: Float32Array }

/**
 * Grows one region from `seed` over 8-neighbours whose direction stays with the region's, into `region` (a buffer
 * reused for every region: tiny regions are many on a textured surface); returns its pixel count.
 */
function growRegion(w: number, dirs: Directions, edge: Uint8Array, seed: number, region: Int32Array): number {
  const { ux, uy } = dirs
  let count = 1
  region[0] = seed
  edge[seed] = 0
  let sx = ux[seed] as number
  let sy = uy[seed] as number
  for (let head = 0; head < count; head++) {
    const p = region[head] as number
    const px = p % w
    const norm = Math.sqrt(sx * sx + sy * sy)
    const mx = sx / norm
    const my = sy / norm
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const q = p + dy * w + dx
        if (px + dx < 0 || px + dx >= w || q < 0 || q >= edge.length || !edge[q]) continue
        // Either way across the line: a colour edge may step up in one channel where its neighbour steps down.
        const dot = (ux[q] as number) * mx + (uy[q] as number) * my
        if (Math.abs(dot) < COS_TOLERANCE) continue
        edge[q] = 0
        region[count++] = q
        sx += Math.sign(dot) * (ux[q] as number)
        sy += Math.sign(dot) * (uy[q] as number)
      }
    }
  }
  return count
}

type Axis = { mx: number; my: number; dir: Point }

/** The principal axis of a set of pixels, weighted by gradient magnitude. */
function principalAxis(grad: Gradients, pixels: ArrayLike<number>): Axis {
  const { width: w, mag } = grad
  let sw = 0
  let mx = 0
  let my = 0
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k] as number
    const m = mag[p] as number
    sw += m
    mx += m * (p % w)
    my += m * Math.floor(p / w)
  }
  mx /= sw
  my /= sw
  let sxx = 0
  let syy = 0
  let sxy = 0
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k] as number
    const m = mag[p] as number
    const dx = (p % w) - mx
    const dy = Math.floor(p / w) - my
    sxx += m * dx * dx
    syy += m * dy * dy
    sxy += m * dx * dy
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy)
  return { mx, my, dir: { x: Math.cos(theta), y: Math.sin(theta) } }
}

/**
 * The pixels near a region's main line, in the longest unbroken run along it: a card's side on gravel, where stones
 * meeting it grow their edges into its region.
 */
function straightCore(grad: Gradients, region: ArrayLike<number>): number[] {
  const w = grad.width
  let pixels = Array.from(region)
  let axis = principalAxis(grad, pixels)
  const off = (p: number) => Math.abs(-((p % w) - axis.mx) * axis.dir.y + (Math.floor(p / w) - axis.my) * axis.dir.x)
  for (const keep of [2, 1.25]) {
    const near = pixels.filter((p) => off(p) <= keep)
    if (near.length < 2) return []
    pixels = near
    axis = principalAxis(grad, pixels)
  }
  const along = (p: number) => ((p % w) - axis.mx) * axis.dir.x + (Math.floor(p / w) - axis.my) * axis.dir.y
  pixels.sort((a, b) => along(a) - along(b))
  let best = { from: 0, to: 0 }
  for (let from = 0, k = 1; k <= pixels.length; k++) {
    if (k < pixels.length && along(pixels[k] as number) - along(pixels[k - 1] as number) <= 2) continue
    if (k - from > best.to - best.from) best = { from, to: k }
    from = k
  }
  return pixels.slice(best.from, best.to)
}

/** The segment a set of pixels spans along its principal axis, and how far the farthest strays from it. */
function segmentOf(grad: Gradients, pixels: ArrayLike<number>): { segment: Segment; across: number } {
  const { width: w, mag } = grad
  const { mx, my, dir } = principalAxis(grad, pixels)
  let lo = Number.POSITIVE_INFINITY
  let hi = Number.NEGATIVE_INFINITY
  let across = 0
  let sw = 0
  for (let k = 0; k < pixels.length; k++) {
    const p = pixels[k] as number
    const dx = (p % w) - mx
    const dy = Math.floor(p / w) - my
    const t = dx * dir.x + dy * dir.y
    lo = Math.min(lo, t)
    hi = Math.max(hi, t)
    across = Math.max(across, Math.abs(-dx * dir.y + dy * dir.x))
    sw += mag[p] as number
  }
  const segment = {
    a: { x: mx + lo * dir.x, y: my + lo * dir.y },
    b: { x: mx + hi * dir.x, y: my + hi * dir.y },
    dir,
    normal: { x: -dir.y, y: dir.x },
    length: hi - lo,
    strength: sw / pixels.length,
  }
  return { segment, across }
}

const isThin = ({ segment, across }: { segment: Segment; across: number }) =>
  across <= Math.max(2.5, segment.length / 6)

/**
 * The line through a region by weighted principal axes; null unless it is long and thin. `textured` takes short pieces
 * too, and a region that is not thin gives its straight core.
 */
function regionSegment(
  grad: Gradients,
  all: Int32Array,
  count: number,
  minLength: number,
  textured: boolean,
): Segment | null {
  const region = all.subarray(0, count)
  const whole = segmentOf(grad, region)
  if (isThin(whole)) return textured || whole.segment.length >= minLength ? whole.segment : null
  if (!textured) return null
  const core = straightCore(grad, region)
  if (core.length < Math.max(0.6 * minLength, CORE_SHARE * count)) return null
  const line = segmentOf(grad, core)
  return line.segment.length >= minLength && isThin(line) ? line.segment : null
}

/** A straight core must hold most of its region: one edge with a few lines grown into it, not a tangle. */
const CORE_SHARE = 0.6

/** Edge pixels ordered by gradient magnitude, strongest first, by a counting sort on whole levels. */
function strongestFirst(grad: Gradients, edge: Uint8Array): Int32Array {
  const counts = new Uint32Array(257)
  for (let i = 0; i < edge.length; i++) {
    if (!edge[i]) continue
    const b = 256 - Math.min(255, Math.floor(grad.mag[i] as number))
    counts[b] = (counts[b] as number) + 1
  }
  for (let b = 1; b < 257; b++) counts[b] = (counts[b] as number) + (counts[b - 1] as number)
  const order = new Int32Array(counts[256] as number)
  for (let i = 0; i < edge.length; i++) {
    if (!edge[i]) continue
    const b = 255 - Math.min(255, Math.floor(grad.mag[i] as number))
    order[counts[b] as number] = i
    counts[b] = (counts[b] as number) + 1
  }
  return order
}

/**
 * Every straight edge piece at least `minLength` working pixels long, strongest regions first. `textured` is for a
 * surface (gravel) whose edges meet a card's sides every few pixels: see regionSegment.
 */
export function lineSegments(grad: Gradients, edges: Uint8Array, minLength: number, textured = false): Segment[] {
  const pieceLength = Math.max(6, minLength / 3)
  const edge = edges.slice()
  const ux = new Float32Array(edge.length)
  const uy = new Float32Array(edge.length)
  for (let i = 0; i < edge.length; i++) {
    if (!edge[i]) continue
    const m = grad.mag[i] as number
    ux[i] = (grad.gx[i] as number) / m
    uy[i] = (grad.gy[i] as number) / m
  }
  const pieces: Segment[] = []
  const region = new Int32Array(edge.length)
  for (const seed of strongestFirst(grad, edge)) {
    if (!edge[seed]) continue
    const count = growRegion(grad.width, { ux, uy }, edge, seed, region)
    if (count < 0.6 * pieceLength) continue
    const segment = regionSegment(grad, region, count, pieceLength, textured)
    if (segment) pieces.push(segment)
  }
  return mergeCollinear(pieces).filter((s) => s.length >= minLength)
}

/** Joins pieces of one straight edge broken by a crossing line or a highlight: same direction, same line, a short gap. */
export function mergeCollinear(pieces: Segment[]): Segment[] {
  const bins = 45
  const width = Math.PI / bins
  const angleOf = (s: Segment) => (Math.atan2(s.dir.y, s.dir.x) + Math.PI) % Math.PI
  const normals = Array.from({ length: bins }, (_, b) => ({
    x: -Math.sin((b + 0.5) * width),
    y: Math.cos((b + 0.5) * width),
  }))
  const rho = (s: Segment, b: number) => {
    const n = normals[b] as Point
    return ((s.a.x + s.b.x) / 2) * n.x + ((s.a.y + s.b.y) / 2) * n.y
  }
  const sorted = [...pieces].sort((a, b) => b.length - a.length)
  // Per direction, the pieces ordered by their line's distance from the origin: pieces on one line sit together.
  const byBin = Array.from({ length: bins }, () => [] as { i: number; rho: number }[])
  sorted.forEach((s, i) => {
    const b = Math.floor(angleOf(s) / width) % bins
    byBin[b]?.push({ i, rho: rho(s, b) })
  })
  for (const list of byBin) list.sort((a, b) => a.rho - b.rho)
  const gone = new Uint8Array(sorted.length)
  const out: Segment[] = []
  for (let i = 0; i < sorted.length; i++) {
    if (gone[i]) continue
    let s = sorted[i] as Segment
    const home = Math.floor(angleOf(s) / width) % bins
    for (let again = true; again; ) {
      again = false
      for (const b of [home, (home + 1) % bins, (home + bins - 1) % bins]) {
        const list = byBin[b] as { i: number; rho: number }[]
        const at = rho(s, b)
        // Pieces up to two of s's lengths away, turned up to two bins, lie within this much of its line's distance.
        const window = 3 + 0.15 * (2 * s.length + 20)
        for (let k = lowerBound(list, at - window); k < list.length && (list[k]?.rho as number) <= at + window; k++) {
          const j = list[k]?.i as number
          if (j <= i || gone[j]) continue
          const merged = tryJoin(s, sorted[j] as Segment)
          if (!merged) continue
          s = merged
          gone[j] = 1
          again = true
        }
      }
    }
    out.push(s)
  }
  return out
}

function lowerBound(list: readonly { rho: number }[], value: number): number {
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if ((list[mid]?.rho as number) < value) lo = mid + 1
    else hi = mid
  }
  return lo
}

const COS_JOIN = Math.cos((5 * Math.PI) / 180)

/** `s` and `t` as one segment when they lie on one line (their four ends within 1.25 px of it) with a short gap. */
function tryJoin(s: Segment, t: Segment): Segment | null {
  if (Math.abs(s.dir.x * t.dir.x + s.dir.y * t.dir.y) < COS_JOIN) return null
  const along = (p: Point) => (p.x - s.a.x) * s.dir.x + (p.y - s.a.y) * s.dir.y
  const lo = Math.min(along(t.a), along(t.b))
  const hi = Math.max(along(t.a), along(t.b))
  const gap = Math.max(lo - s.length, -hi)
  if (gap > Math.max(10, 0.75 * Math.max(s.length, t.length))) return null
  const midOff = ((t.a.x + t.b.x) / 2 - s.a.x) * s.normal.x + ((t.a.y + t.b.y) / 2 - s.a.y) * s.normal.y
  if (Math.abs(midOff) > 3) return null
  const { mid, dir } = jointLine(s, t)
  const off = (p: Point) => Math.abs(-(p.x - mid.x) * dir.y + (p.y - mid.y) * dir.x)
  if (Math.max(off(s.a), off(s.b), off(t.a), off(t.b)) > 1.25) return null
  return joined(s, t, Math.min(0, lo), Math.max(s.length, hi))
}

/** The line through two pieces: their length-weighted middle, and their directions added (turned to agree). */
function jointLine(s: Segment, t: Segment): { mid: Point; dir: Point } {
  const w = s.length + t.length
  const sign = Math.sign(s.dir.x * t.dir.x + s.dir.y * t.dir.y) || 1
  const dx = s.dir.x * s.length + sign * t.dir.x * t.length
  const dy = s.dir.y * s.length + sign * t.dir.y * t.length
  const n = Math.hypot(dx, dy)
  return {
    mid: {
      x: (((s.a.x + s.b.x) / 2) * s.length + ((t.a.x + t.b.x) / 2) * t.length) / w,
      y: (((s.a.y + s.b.y) / 2) * s.length + ((t.a.y + t.b.y) / 2) * t.length) / w,
    },
    dir: { x: dx / n, y: dy / n },
  }
}

/** One segment on the joint line, from `lo` to `hi` along `s` (its own coordinates). */
function joined(s: Segment, t: Segment, lo: number, hi: number): Segment {
  const { mid, dir } = jointLine(s, t)
  const project = (k: number) => {
    const p = { x: s.a.x + k * s.dir.x, y: s.a.y + k * s.dir.y }
    const along = (p.x - mid.x) * dir.x + (p.y - mid.y) * dir.y
    return { x: mid.x + along * dir.x, y: mid.y + along * dir.y }
  }
  const a = project(lo)
  const b = project(hi)
  const length = Math.hypot(b.x - a.x, b.y - a.y)
  const d = { x: (b.x - a.x) / length, y: (b.y - a.y) / length }
  const strength = (s.strength * s.length + t.strength * t.length) / (s.length + t.length)
  return { a, b, dir: d, normal: { x: -d.y, y: d.x }, length, strength }
}

/** Where the line through `p` along `d` crosses the one through `q` along `e`; null when they are nearly parallel. */
export function crossingOf(p: Point, d: Point, q: Point, e: Point): Point | null {
  const det = d.x * e.y - d.y * e.x
  if (Math.abs(det) < 1e-9) return null
  const u = ((q.x - p.x) * e.y - (q.y - p.y) * e.x) / det
  return { x: p.x + u * d.x, y: p.y + u * d.y }
}

/** Where the lines through two segments cross; null when they are nearly parallel. */
export function lineCrossing(s: Segment, t: Segment): Point | null {
  return Math.abs(s.dir.x * t.dir.y - s.dir.y * t.dir.x) < 1e-6 ? null : crossingOf(s.a, s.dir, t.a, t.dir)
}
