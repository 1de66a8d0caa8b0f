import type { FoundReference, Point } from '#shared/measuring/index.ts'

// The photo the detector looks at in the worker: the member's photo decoded at a bounded size, and the way back from
// its pixels to the photo's natural pixels, which is what the tool marks in.

export type Size = { width: number; height: number }
export type DetectKind = FoundReference['kind']

/**
 * The long edge the worker decodes the photo at where it must decode it whole (decode-photo.ts): a card a tenth of
 * the frame is 128 px long, enough for its corners to a fraction of a pixel.
 */
export const MAX_DETECT_EDGE = 1280

/** The tool → the worker: the photo (a file or a same-origin URL) and its natural, auto-oriented size. */
export type DetectRequest = { id: number; image: Blob | string; natural: Size; kind: DetectKind }

/** The worker → the tool: what was found, in the photo's natural pixels (null: nothing, or the photo would not open). */
export type DetectReply = { id: number; found: FoundReference | null }

/** The size the photo is decoded at: its own, or smaller so the long edge is at most `maxEdge`. */
export function workingSize(natural: Size, maxEdge = MAX_DETECT_EDGE): Size {
  const scale = Math.min(1, maxEdge / Math.max(natural.width, natural.height))
  return {
    width: Math.max(1, Math.round(natural.width * scale)),
    height: Math.max(1, Math.round(natural.height * scale)),
  }
}

/**
 * What the detector found in the working raster, in the photo's natural pixels. Both are continuous coordinates where
 * pixel i covers [i, i + 1) (the detector's and the tool's alike), so the way back is a scaling.
 */
export function toPhotoPixels(found: FoundReference, raster: Size, natural: Size): FoundReference {
  const sx = natural.width / raster.width
  const sy = natural.height / raster.height
  const map = (p: Point): Point => ({ x: p.x * sx, y: p.y * sy })
  if (found.kind === 'credit-card') {
    const [a, b, c, d] = found.corners
    return {
      ...found,
      corners: [map(a), map(b), map(c), map(d)],
      cornerErrorPx: found.cornerErrorPx * Math.max(sx, sy),
    }
  }
  const [a, b, c, d] = found.corners
  return { ...found, corners: [map(a), map(b), map(c), map(d)] }
}
