import type { MeasureMode, Point, ReferenceKind } from '#shared/measuring/index.ts'

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
  /** ± inches (see measure() in src/shared/measuring/geometry.ts); always with the perspective caveat. */
  uncertaintyIn: number
  mode: MeasureMode
  reference: { kind: ReferenceKind; lengthIn: number; pixels: number }
  /** The marked path (2 points when straight), in image pixels of the photo's natural size. */
  points: Point[]
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
