import { lengthText } from '#shared/measurements/display.ts'
import { CM_PER_IN } from './references.ts'

/** A point in image pixel coordinates: the photo's natural (auto-oriented) size, origin top left. */
export type Point = { x: number; y: number }
export type MeasureMode = 'straight' | 'curve'

/** How well one click or tap lands, in image pixels (zoomed in, with the loupe); every uncertainty scales with it. */
export const CLICK_ERROR_PX = 1

/** Below this many pixels across the reference, the scale is coarse: the user is told to get closer. */
export const SMALL_REFERENCE_PX = 100
export const SMALL_REFERENCE_WARNING = 'The reference is small in this photo; get closer for a better measurement'

/** Shown with every photo measurement: a flat photo only measures to scale what lies in the reference's plane. */
export const PERSPECTIVE_CAVEAT =
  'This assumes the reference and the subject lie in the same plane, with the camera square to it (not at an angle). Anything nearer to or farther from the camera than the reference measures wrong.'

export function distance(a: Point, b: Point): number {
  return Math.hypot(b.x - a.x, b.y - a.y)
}

/** The length of a path through the points in order (a plain polyline: no smoothing, so a curve needs enough points). */
export function pathLength(points: readonly Point[]): number {
  let total = 0
  for (let i = 1; i < points.length; i++) total += distance(points[i - 1] as Point, points[i] as Point)
  return total
}

/** The signed area of a polygon: positive when its points run clockwise on screen (y down). */
export function signedArea(points: readonly Point[]): number {
  let sum = 0
  for (let i = 0; i < points.length; i++) {
    const p = points[i] as Point
    const q = points[(i + 1) % points.length] as Point
    sum += p.x * q.y - q.x * p.y
  }
  return sum / 2
}

export type Calibration = { lengthIn: number; pixels: number; pixelsPerInch: number; small: boolean }

/** The photo's scale from the two marked ends of a reference whose real length is `lengthIn`. */
export function calibrate(a: Point, b: Point, lengthIn: number): Calibration {
  const pixels = distance(a, b)
  if (!(lengthIn > 0)) throw new RangeError('The reference length must be greater than 0')
  if (!(pixels > 0)) throw new RangeError('Mark the two ends of the reference at different points')
  return { lengthIn, pixels, pixelsPerInch: pixels / lengthIn, small: pixels < SMALL_REFERENCE_PX }
}

/** The subject's own marking error in pixels: the two ends add, a curve's inner vertices add in quadrature. */
export function pathErrorPx(pointCount: number): number {
  if (pointCount < 2) return 0
  return CLICK_ERROR_PX * (2 + Math.sqrt(pointCount - 2))
}

export type PhotoMeasureResult = {
  mode: MeasureMode
  valueIn: number
  uncertaintyIn: number
  pixels: number
}

/**
 * Measures a straight line (exactly 2 points) or a curve (a polyline of ≥ 2 points) on a calibrated photo. The
 * uncertainty adds the scale's and the subject's errors, a conservative bound (docs/measuring.md, "Uncertainty");
 * perspective is not in it (PERSPECTIVE_CAVEAT).
 */
export function measure(mode: MeasureMode, points: readonly Point[], calibration: Calibration): PhotoMeasureResult {
  if (points.length < 2) throw new RangeError('Mark at least two points')
  if (mode === 'straight' && points.length !== 2) throw new RangeError('A straight measurement has two points')
  const pixels = pathLength(points)
  const valueIn = pixels / calibration.pixelsPerInch
  const scaleError = (valueIn * 2 * CLICK_ERROR_PX) / calibration.pixels
  const subjectError = pathErrorPx(points.length) / calibration.pixelsPerInch
  return { mode, valueIn, uncertaintyIn: scaleError + subjectError, pixels }
}

/** To the nearest 1/8 in, as the record books read a tape. */
export function roundToEighth(inches: number): number {
  return Math.round(inches * 8) / 8
}

/** Up to the next 1/8 in (an uncertainty is never rounded down to nothing). */
export function ceilToEighth(inches: number): number {
  return Math.max(1, Math.ceil(inches * 8 - 1e-9)) / 8
}

/** '15 in', '15 3/8 in', '1/8 in', '2 4/8 in': eighths, unreduced, as every screen writes a length. */
export function formatEighths(inches: number): string {
  return lengthText(inches, 'imperial', 'eighths')
}

/** Centimetres to the millimetre: '38.1 cm'. */
export function formatCm(inches: number, round: 'nearest' | 'up' = 'nearest'): string {
  const mm = inches * CM_PER_IN * 10
  const whole = round === 'up' ? Math.max(1, Math.ceil(mm - 1e-9)) : Math.round(mm)
  return `${(whole / 10).toFixed(1)} cm`
}

/** The displayed result: value to 1/8 in and to the mm, uncertainty rounded up to 1/8 in and to the mm. */
export function describeMeasurement(valueIn: number, uncertaintyIn: number) {
  const roundedIn = roundToEighth(valueIn)
  return {
    roundedIn,
    inches: formatEighths(roundedIn),
    uncertaintyInches: formatEighths(ceilToEighth(uncertaintyIn)),
    cm: formatCm(valueIn),
    uncertaintyCm: formatCm(uncertaintyIn, 'up'),
  }
}
