/**
 * The photo measuring tool (issue 4; spec §9 calibration references; DESIGN.md §1).
 *
 * Everything heavy is loaded lazily: importing this file costs a few hundred bytes until the tool is shown.
 *
 *   <MeasuringToolDialog
 *     open: boolean
 *     onOpenChange: (open: boolean) => void
 *     image: Blob | string | null          // a photo File/Blob or URL; null → the tool asks for one first
 *                                         // (file picker, camera capture, drag-and-drop, paste)
 *     initialReference?: 'credit-card' | 'quarter' | 'custom'   // preselected reference (default credit-card)
 *     target?: { field: string; label: string; suggestCurve?: boolean }  // title 'Measure {label}'; curve first
 *     onMeasured?: (m: MeasuredValue) => void   // 'Use this value' (shown only when given); the dialog stays open:
 *                                              // close it yourself in the callback (onOpenChange(false))
 *     onRecord?: (m: MeasuredValue) => void     // 'Record a measurement' (shown only when given)
 *   />
 *
 *   MeasuredValue = {
 *     field?: string               // target.field
 *     valueIn: number              // rounded to 1/8 in, as displayed
 *     exactIn: number              // unrounded
 *     uncertaintyIn: number        // ± inches
 *     mode: 'straight' | 'curve'
 *     reference: { kind: 'credit-card' | 'quarter' | 'custom'; lengthIn: number; pixels: number }
 *     points: { x: number; y: number }[]   // image pixels
 *     image: Blob | string         // the photo measured (the File picked in the tool when `image` was null)
 *   }
 *   → fits PhotoMeasurementSchema (field, valueIn, uncertaintyIn, mode, reference) once `field` is set.
 *
 * `MeasuringToolDialog` is its own Radix dialog (portalled, full screen on phones, large on desktops), so it can be
 * rendered inside another dialog's content. It does not close itself on 'Use this value' / 'Record a measurement'.
 * `MeasuringTool` takes the same props minus open/onOpenChange and renders the tool inline: it is a flex item
 * that fills its parent, so give the parent a height and `display: flex; flex-direction: column`.
 * `preloadMeasuringTool()` fetches the code ahead of time (on hover or idle).
 * The geometry (calibration, lengths, uncertainty, rounding) is in #shared/measuring; docs/measuring.md explains it.
 */

export { MeasuringTool, preloadMeasuringTool } from './measuring-tool.tsx'
export { MeasuringToolDialog } from './measuring-tool-dialog.tsx'
export type { MeasuredValue, MeasuringTarget, MeasuringToolDialogProps, MeasuringToolProps } from './types.ts'
