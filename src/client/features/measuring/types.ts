import type { MeasureMode, Point, ReferenceKind } from '#shared/measuring/index.ts'
import type { PhotoMethod } from '#shared/schemas/measurements.ts'

/** What is being measured, when the tool fills a field of a form. */
export type MeasuringTarget = {
  /** The form field the value goes to, e.g. `quick.lengthIn` or `right.G2`; passed back in `onMeasured`. */
  field: string
  /** Shown in the title: 'Measure {label}'. */
  label: string
  /** Start in Curve mode (main beams, tines, a bent fish). */
  suggestCurve?: boolean
}

/** One value measured on a photo. Matches PhotoMeasurementSchema (src/shared/schemas/measurements.ts) plus extras. */
export type MeasuredValue = {
  /** `target.field` when a target was given. */
  field?: string
  /** The value as displayed: rounded to the nearest 1/8 in. */
  valueIn: number
  /** The unrounded value, inches. */
  exactIn: number
  /** ± inches: measure() (two-point) or measureOnPlane() (plane) in src/shared/measuring/; always with its caveat. */
  uncertaintyIn: number
  mode: MeasureMode
  /** 'plane': through the card's four corners, any camera angle; 'two-point': two marked ends, camera square. */
  method: PhotoMethod
  /**
   * Two-point: the reference's length and its length in pixels. Plane: the card's long side (3.37 in), the mean length
   * of its two long sides in pixels, its four corners (in order around it, [0] → [1] along a long side) and how well
   * they are placed (the larger of the detector's fit and a click's, when one was moved), unrounded.
   */
  reference: {
    kind: ReferenceKind
    lengthIn: number
    pixels: number
    corners?: Point[]
    /** One figure for the four corners, or one per corner in their order. */
    cornerErrorPx?: number | [number, number, number, number]
  }
  /** The marked path (2 points when straight), in image pixels of the photo's natural size, unrounded. */
  points: Point[]
  /** Plane only: what two ends of the card's long side alone would have given, the camera assumed square. */
  twoPointIn?: number
  /** The photo measured: the one passed in, or the File the user picked in the tool. */
  image: Blob | string
}

export type MeasuringToolProps = {
  /** A photo file or URL. When null the tool first asks for one (file picker, camera, drag-drop, paste). */
  image: Blob | string | null
  initialReference?: ReferenceKind
  target?: MeasuringTarget
  /** 'Use this value' on the result calls it (the button shows only when given). */
  onMeasured?: (m: MeasuredValue) => void
  /** 'Record a measurement' on the result calls it (the button shows only when given). */
  onRecord?: (m: MeasuredValue) => void
}

export type MeasuringToolDialogProps = MeasuringToolProps & {
  open: boolean
  onOpenChange: (open: boolean) => void
}
