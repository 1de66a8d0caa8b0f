import {
  CARD_PLANE_IN,
  type Calibration,
  type CardCorners,
  calibrate,
  checkCorners,
  distance,
  type MeasureMode,
  measure,
  measureOnPlane,
  PlaneGeometryError,
  type Point,
  pathLength,
  roundToEighth,
  SMALL_REFERENCE_PX,
} from '#shared/measuring/index.ts'
import type { PhotoMethod } from '#shared/schemas/measurements.ts'
import type { MeasuredValue, MeasuringTarget } from '../types.ts'
import { referenceLength, usesCorners } from './reference-choice.ts'
import type { ToolState } from './tool-state.ts'

// How the photo is scaled: two marked ends of a reference (camera square to it), or the card's plane through its four
// corners (any angle; src/shared/measuring/plane.ts). Measuring and what is handed over follow from it.

export type TwoPointScale = { method: 'two-point'; calibration: Calibration }

export type PlaneScale = {
  method: 'plane'
  corners: CardCorners
  /** Each corner's placement error, in order: the detector's for a found corner, a click's for one marked or moved. */
  cornerPx: readonly number[]
  /** The mean length of the card's two long sides in the photo. */
  longSidePx: number
  small: boolean
}

export type Scale = TwoPointScale | PlaneScale

/** The two-point scale, once both ends of a reference of valid length are marked at different points. */
export function calibrationOf(state: ToolState): Calibration | null {
  if (usesCorners(state)) return null
  const [a, b] = state.referencePoints
  const length = referenceLength(state.reference)
  if (!a || !b || !length.ok || (a.x === b.x && a.y === b.y)) return null
  return calibrate(a, b, length.lengthIn)
}

/** Why the four corners cannot scale the photo yet; null when they can. */
export function cornersProblem(state: ToolState): string | null {
  if (state.corners.length < 4) return 'Mark the four corners of the card first'
  try {
    checkCorners(state.corners.map((c) => c.at))
    return null
  } catch (error) {
    if (error instanceof PlaneGeometryError) return error.message
    throw error
  }
}

export function planeOf(state: ToolState): PlaneScale | null {
  if (!usesCorners(state) || cornersProblem(state)) return null
  const corners = state.corners.map((c) => c.at) as unknown as CardCorners
  const longSidePx = (distance(corners[0], corners[1]) + distance(corners[2], corners[3])) / 2
  const cornerPx = state.corners.map((c) => c.errorPx)
  return { method: 'plane', corners, cornerPx, longSidePx, small: longSidePx < SMALL_REFERENCE_PX }
}

export function scaleOf(state: ToolState): Scale | null {
  if (usesCorners(state)) return planeOf(state)
  const calibration = calibrationOf(state)
  return calibration ? { method: 'two-point', calibration } : null
}

export type ToolResult = {
  method: PhotoMethod
  mode: MeasureMode
  valueIn: number
  uncertaintyIn: number
  /** The path's length in the photo's pixels. */
  pixels: number
  /** Plane: what the card's long side alone would give with the camera assumed square; null for two-point. */
  twoPointIn: number | null
}

/** Measures the path; throws PlaneGeometryError when a point lies beyond the card's horizon. */
export function measureWith(scale: Scale, mode: MeasureMode, points: readonly Point[]): ToolResult {
  if (scale.method === 'two-point') {
    return { ...measure(mode, points, scale.calibration), method: 'two-point', twoPointIn: null }
  }
  const onPlane = measureOnPlane(mode, points, scale.corners, { cornerPx: scale.cornerPx })
  const pixels = pathLength(points)
  return { ...onPlane, pixels, twoPointIn: pixels / (scale.longSidePx / CARD_PLANE_IN.long) }
}

/** The length so far of a path being marked; null before two points or when it cannot be measured. */
export function lengthSoFar(scale: Scale, points: readonly Point[]): number | null {
  if (points.length < 2) return null
  if (scale.method === 'two-point') return pathLength(points) / scale.calibration.pixelsPerInch
  try {
    return measureWith(scale, 'curve', points).valueIn
  } catch (error) {
    if (error instanceof PlaneGeometryError) return null
    throw error
  }
}

/** Why the marked path cannot be measured (a point beyond the card's horizon); null when it can. */
export function checkMeasurable(state: ToolState): string | null {
  const scale = scaleOf(state)
  if (!scale) return null
  try {
    measureWith(scale, state.mode, state.subjectPoints)
    return null
  } catch (error) {
    if (error instanceof RangeError) return error.message
    throw error
  }
}

export function resultOf(state: ToolState): ToolResult | null {
  const scale = scaleOf(state)
  if (state.step !== 'result' || !scale) return null
  try {
    return measureWith(scale, state.mode, state.subjectPoints)
  } catch (error) {
    if (error instanceof RangeError) return null
    throw error
  }
}

const copy = (p: Point): Point => ({ x: p.x, y: p.y })

/** One figure when the four corners share it (as found, or all marked by hand), else one per corner. */
function storedCornerError(cornerPx: readonly number[]): number | [number, number, number, number] {
  const [a, b, c, d] = cornerPx as [number, number, number, number]
  return cornerPx.every((e) => e === a) ? a : [a, b, c, d]
}

const pixels = (px: number) => (px < 10 ? px.toFixed(1) : String(Math.round(px)))

/** "± 0.2 px", or "± 0.2–1.0 px" when the corners differ: how well the card's corners are placed, for the tool's text. */
export function placedTo(cornerPx: readonly number[]): string {
  const low = pixels(Math.min(...cornerPx))
  const high = pixels(Math.max(...cornerPx))
  return low === high ? `± ${high} px` : `± ${low}–${high} px`
}

/** What 'Use this value' and 'Record a measurement' hand over; null before a result. */
export function measuredValue(
  state: ToolState,
  image: Blob | string | null,
  target?: MeasuringTarget,
): MeasuredValue | null {
  const scale = scaleOf(state)
  const result = resultOf(state)
  if (!result || !scale || image === null) return null
  const reference: MeasuredValue['reference'] =
    scale.method === 'plane'
      ? {
          kind: 'credit-card',
          lengthIn: CARD_PLANE_IN.long,
          pixels: scale.longSidePx,
          corners: scale.corners.map(copy),
          cornerErrorPx: storedCornerError(scale.cornerPx),
        }
      : { kind: state.reference.kind, lengthIn: scale.calibration.lengthIn, pixels: scale.calibration.pixels }
  return {
    ...(target ? { field: target.field } : {}),
    valueIn: roundToEighth(result.valueIn),
    exactIn: result.valueIn,
    uncertaintyIn: result.uncertaintyIn,
    mode: result.mode,
    method: result.method,
    reference,
    points: state.subjectPoints.map(copy),
    ...(result.twoPointIn !== null ? { twoPointIn: result.twoPointIn } : {}),
    image,
  }
}
