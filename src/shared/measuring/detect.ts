import { ASPECT_TOLERANCE, cardAspectError, cardCandidate, quadCycles } from './detect-card.ts'
import {
  blur,
  type Gradients,
  magnitudePercentile,
  ringStats,
  strongestGradients,
  thinEdges,
  workingCopies,
} from './detect-image.ts'
import { lineSegments } from './detect-lines.ts'
import { axisEnds, ellipseCandidates, refineEllipse } from './detect-quarter.ts'
import { refineCorners } from './detect-refine.ts'
import { looksLikeCardFace, sidesRunPastCorners } from './detect-verify.ts'
import type { Point } from './geometry.ts'
import { type CardCorners, orderCardCorners } from './plane.ts'

// Finds the reference in a photo (docs/measuring.md, "Finding the reference"): on a grey working copy of about a
// megapixel, then, for a card, each side again on the full-size photo. Pure: the browser runs it in a worker, the
// server in a worker thread.

/** Pixels row by row, origin top left: grey (1), RGB (3) or RGBA (4) channels. */
export type Raster = { width: number; height: number; channels: 1 | 3 | 4; data: Uint8Array | Uint8ClampedArray }

export type FoundCard = {
  kind: 'credit-card'
  /** In order around the card, corners[0] → corners[1] along a long side (orderCardCorners). */
  corners: CardCorners
  /** 0–1: how surely this is a card. */
  confidence: number
  /** How well the corners are placed, in pixels of the raster (from the fit of the card's edges). */
  cornerErrorPx: number
}

export type FoundQuarter = {
  kind: 'quarter'
  /** The ellipse's major axis end points, then its minor axis end points. */
  corners: readonly [Point, Point, Point, Point]
  confidence: number
}

export type FoundReference = FoundCard | FoundQuarter

/**
 * The passes, in order, until one finds the reference: a coarse copy, a finer one (sides broken by texture hold
 * together better), then the coarse one read for gravel (docs/measuring.md, "How the card is found").
 */
const PASSES = [
  { edge: 1024, textured: false },
  { edge: 1600, textured: false },
  { edge: 1024, textured: true },
] as const

type Working = { grad: Gradients; scale: number; threshold: number }

function working(image: Raster, edge: number): Working {
  const { planes, scale } = workingCopies(image, edge)
  // Averaging blocks of 2 × 2 pixels or more smooths enough already; a full-size copy is blurred first.
  const grad = strongestGradients(scale >= 2 ? planes : planes.map(blur))
  // Texture sets the bar: an edge must stand out from most of the photo's gradients, and from noise.
  const threshold = Math.max(4, 0.6 * magnitudePercentile(grad, 0.9))
  return { grad, scale, threshold }
}

/** A working pixel index as a point of the photo's continuous coordinates (pixel i covers [i, i + 1)). */
const toFull = (p: Point, scale: number): Point => ({ x: (p.x + 0.5) * scale, y: (p.y + 0.5) * scale })

/** Refining moves a corner by a working pixel or so; one that moved further was pulled onto another edge. */
function closeTo(rough: readonly Point[], refined: readonly Point[], scale: number): boolean {
  const side = Math.hypot((rough[1] as Point).x - (rough[0] as Point).x, (rough[1] as Point).y - (rough[0] as Point).y)
  const limit = 2 * scale + 0.05 * side
  return refined.every((p, i) => Math.hypot(p.x - (rough[i] as Point).x, p.y - (rough[i] as Point).y) <= limit)
}

/** A card under 4 % of the photo's long edge is too small to measure by (and a stone's face is that size). */
function bigEnough(corners: readonly Point[], image: Raster): boolean {
  const longest = Math.max(
    ...corners.map((p, i) =>
      Math.hypot((corners[(i + 1) % 4] as Point).x - p.x, (corners[(i + 1) % 4] as Point).y - p.y),
    ),
  )
  return longest >= MIN_CARD_SHARE * Math.max(image.width, image.height)
}

const MIN_CARD_SHARE = 0.04

function findCard(image: Raster, w: Working, textured: boolean): FoundCard | null {
  const { grad, scale, threshold } = w
  const minLength = Math.max(8, 0.015 * Math.max(grad.width, grad.height))
  const segments = lineSegments(grad, thinEdges(grad, threshold), minLength, textured).slice(0, 400)
  const limits = { width: grad.width, height: grad.height, threshold: 0.7 * threshold }
  const candidates = quadCycles(segments)
    .map((cycle) => cardCandidate(grad, segments, cycle, limits))
    .filter((c) => c !== null)
    .sort((a, b) => b.score - a.score)
  let found: FoundCard | null = null
  let bestScore = Number.NEGATIVE_INFINITY
  // Near-duplicates (a side taken from a board's groove beside the card's edge) are told apart on the full-size photo.
  for (const candidate of candidates.slice(0, 6)) {
    const rough = candidate.corners.map((p) => toFull(p, scale))
    const refined = refineCorners(image, rough, 1.5 * scale + 2)
    if (!refined || !closeTo(rough, refined.corners, scale) || !bigEnough(refined.corners, image)) continue
    let corners: CardCorners
    try {
      corners = orderCardCorners(refined.corners, image)
    } catch {
      continue
    }
    const aspectError = cardAspectError(corners, image)
    if (aspectError === null || aspectError > ASPECT_TOLERANCE || !looksLikeCardFace(image, corners)) continue
    const inWorking = corners.map((p) => ({ x: p.x / scale - 0.5, y: p.y / scale - 0.5 }))
    if (sidesRunPastCorners(grad, inWorking, limits.threshold)) continue
    const score = refined.evidence + candidate.support - 2 * aspectError
    if (score <= bestScore) continue
    bestScore = score
    const confidence = Math.max(0, Math.min(1, refined.evidence - aspectError))
    found = { kind: 'credit-card', corners, confidence, cornerErrorPx: refined.errorPx }
  }
  return found
}

/** A quarter is grey metal: a coloured ring (a fish's eye, a berry, a bottle cap) is not one. */
const MAX_COIN_CHROMA = 30
/** A coin's rim is a true ellipse on the full-size photo (to about 0.5 % of its size); a round stone's strays more. */
const maxRimResidualPx = (semiMajor: number) => 0.1 + 0.012 * semiMajor
/** …and catches the light: a black disc (a pupil, a hole) is not one either. */
const MIN_COIN_LUMA = 70

function findQuarter(image: Raster, w: Working): FoundQuarter | null {
  const { grad, scale, threshold } = w
  const edge = Math.max(grad.width, grad.height)
  const candidates = ellipseCandidates(grad, threshold, 0.006 * edge, 0.06 * edge)
  for (const c of candidates) {
    // The coin's edge is the outermost of the rings its rim and relief make: take the largest one around this centre.
    const rings = candidates.filter(
      (o) => Math.hypot(o.ellipse.cx - c.ellipse.cx, o.ellipse.cy - c.ellipse.cy) < 0.3 * c.ellipse.minor,
    )
    const outer = rings.reduce((a, b) => (b.ellipse.major > a.ellipse.major ? b : a), c).ellipse
    const rough = {
      ...outer,
      cx: (outer.cx + 0.5) * scale,
      cy: (outer.cy + 0.5) * scale,
      major: outer.major * scale,
      minor: outer.minor * scale,
    }
    const refined = refineEllipse(image, rough, 1.5 * scale + 2)
    if (!refined || refined.residual > maxRimResidualPx(refined.ellipse.major)) continue
    const e = refined.ellipse
    if (e.minor < 0.35 * e.major || Math.abs(e.major / rough.major - 1) > 0.25) continue
    const face = ringStats(image, e.cx, e.cy, 0.4 * e.minor, 0.85 * e.minor)
    if (face.chroma > MAX_COIN_CHROMA || face.luma < MIN_COIN_LUMA) continue
    return { kind: 'quarter', corners: axisEnds(e), confidence: Math.max(0, Math.min(1, c.coverage - c.residual / 4)) }
  }
  return null
}

/** Finds a credit card (four corners) or a quarter (an ellipse) in a photo; null when there is none. */
export function findReference(image: Raster, kind: FoundReference['kind']): FoundReference | null {
  const copies = new Map<number, Working>()
  const tried = new Set<string>()
  for (const { edge, textured } of PASSES) {
    if (kind === 'quarter' && textured) continue
    const w = copies.get(edge) ?? working(image, edge)
    copies.set(edge, w)
    // A photo already small enough gives the same working copy for both sizes: each copy and way is tried once.
    const key = `${w.scale}:${textured}`
    if (tried.has(key)) continue
    tried.add(key)
    const found = kind === 'credit-card' ? findCard(image, w, textured) : findQuarter(image, w)
    if (found) return found
  }
  return null
}
