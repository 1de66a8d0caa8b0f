import CircleHelp from 'lucide-react/icons/circle-help'

type Props = { open: boolean; onToggle: () => void; controls: string; name: string }

/** A small button that shows or hides a measurement's plain-language help (a disclosure, so keyboard-usable). */
export function HelpToggle({ open, onToggle, controls, name }: Props) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      aria-label={`How to measure ${name}`}
      onClick={onToggle}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-full ${open ? 'bg-pine-100 text-pine-900' : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900'}`}
    >
      <CircleHelp className="size-5" aria-hidden="true" />
    </button>
  )
}
