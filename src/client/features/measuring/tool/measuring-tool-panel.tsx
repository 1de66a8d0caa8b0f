import type { MeasuringToolProps } from '../types.ts'

/** Placeholder while the tool is being built. */
export default function MeasuringToolPanel(props: MeasuringToolProps) {
  return (
    <p className="p-5 text-stone-700">
      The measuring tool is loading its first version{props.target ? ` for ${props.target.label}` : ''}.
    </p>
  )
}
