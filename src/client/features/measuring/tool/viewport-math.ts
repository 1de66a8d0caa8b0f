import type { Point } from '#shared/measuring/index.ts'

export type Size = { width: number; height: number }

/**
 * What the viewport shows: `x`, `y` are the image coordinates at the viewport's top-left corner, `scale` is
 * screen pixels per image pixel. The SVG's viewBox is derived from it (viewBoxOf), so the image's natural
 * pixels are the SVG's user units and a marked point needs no further conversion.
 */
export type View = { x: number; y: number; scale: number }

export const MAX_SCALE = 8
const FIT_MARGIN = 0.96

export function fitView(image: Size, box: Size): View {
  const scale = Math.min(box.width / image.width, box.height / image.height) * FIT_MARGIN
  return centreOn(image.width / 2, image.height / 2, scale, box)
}

function centreOn(cx: number, cy: number, scale: number, box: Size): View {
  return { x: cx - box.width / scale / 2, y: cy - box.height / scale / 2, scale }
}

export function viewBoxOf(view: View, box: Size): string {
  return `${view.x} ${view.y} ${box.width / view.scale} ${box.height / view.scale}`
}

/** Screen offset inside the viewport (px from its top-left) → image pixel. */
export function toImage(view: View, sx: number, sy: number): Point {
  return { x: view.x + sx / view.scale, y: view.y + sy / view.scale }
}

/** A point kept inside the photo, so a mark made at the edge of a zoomed-out view lands on it. */
export function clampToImage(p: Point, image: Size): Point {
  return { x: Math.min(image.width, Math.max(0, p.x)), y: Math.min(image.height, Math.max(0, p.y)) }
}

export function toScreen(view: View, p: Point): Point {
  return { x: (p.x - view.x) * view.scale, y: (p.y - view.y) * view.scale }
}

export function scaleLimits(image: Size, box: Size): { min: number; max: number } {
  const fit = fitView(image, box).scale
  return { min: fit * 0.5, max: Math.max(MAX_SCALE, fit * 2) }
}

/** Zooms by `factor` keeping the image point under (sx, sy) where it is. */
export function zoomAt(view: View, factor: number, sx: number, sy: number, image: Size, box: Size): View {
  const { min, max } = scaleLimits(image, box)
  const scale = Math.min(max, Math.max(min, view.scale * factor))
  const anchor = toImage(view, sx, sy)
  return clampView({ x: anchor.x - sx / scale, y: anchor.y - sy / scale, scale }, image, box)
}

/** Moves the picture by (dx, dy) screen pixels, as a finger dragging it. */
export function panBy(view: View, dx: number, dy: number, image: Size, box: Size): View {
  return clampView({ ...view, x: view.x - dx / view.scale, y: view.y - dy / view.scale }, image, box)
}

/** Lets an edge of the photo come at most to the middle of the viewport, so the photo can never be lost. */
export function clampView(view: View, image: Size, box: Size): View {
  const w = box.width / view.scale
  const h = box.height / view.scale
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))
  return {
    scale: view.scale,
    x: clamp(view.x, -w / 2, image.width - w / 2),
    y: clamp(view.y, -h / 2, image.height - h / 2),
  }
}

/** After the viewport changes size: the same centre, the same zoom relative to fitting the photo. */
export function resizeView(view: View, image: Size, from: Size, to: Size): View {
  const relative = view.scale / fitView(image, from).scale
  const centre = toImage(view, from.width / 2, from.height / 2)
  return clampView(centreOn(centre.x, centre.y, fitView(image, to).scale * relative, to), image, to)
}
