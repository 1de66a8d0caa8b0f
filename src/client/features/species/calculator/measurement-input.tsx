import { INPUT_CLASS } from '#client/components/field.tsx'
import type { Quantity } from '#shared/scoring/index.ts'

type Props = {
  id: string
  /** The accessible name, e.g. 'Right G-2 (Length of point G-2)'. */
  label: string
  value: string
  quantity: Quantity
  error?: string | undefined
  /** Ids of help text or other descriptions, besides the error. */
  describedBy?: string | undefined
  onChange: (value: string) => void
  className?: string
}

/**
 * One chart entry. Text, not number: fractions hold spaces and slashes (24 2/8), which a decimal keypad cannot
 * type. Counts of points get the numeric keypad.
 */
export function MeasurementInput({ id, label, value, quantity, error, describedBy, onChange, className = '' }: Props) {
  const described = [error ? `${id}-error` : undefined, describedBy].filter(Boolean).join(' ') || undefined
  return (
    <input
      id={id}
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      inputMode={quantity === 'count' ? 'numeric' : 'text'}
      autoComplete="off"
      autoCorrect="off"
      autoCapitalize="off"
      spellCheck={false}
      enterKeyHint="next"
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
      className={`${INPUT_CLASS} h-11 px-2 tabular-nums sm:h-10 sm:px-3 ${className}`}
    />
  )
}

export function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
      {children}
    </p>
  )
}
