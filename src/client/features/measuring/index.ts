/**
 * The photo measuring tool (docs/measuring.md); its props and MeasuredValue are documented in types.ts. Importing this
 * costs a few hundred bytes until the tool is shown (`preloadMeasuringTool()` fetches it ahead). `MeasuringToolDialog`
 * is its own Radix dialog, so it can sit inside another dialog; it does not close itself on 'Use this value' or
 * 'Record a measurement'. `MeasuringTool` renders inline as a flex item: give its parent a height and a flex column.
 */

export { MeasuringTool, preloadMeasuringTool } from './measuring-tool.tsx'
export { MeasuringToolDialog } from './measuring-tool-dialog.tsx'
export type { MeasuredValue, MeasuringTarget, MeasuringToolDialogProps, MeasuringToolProps } from './types.ts'
