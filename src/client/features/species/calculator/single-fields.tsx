import { useState } from 'react'
import type { ChartRow } from '#shared/scoring/index.ts'
import { chartLabel, type FieldErrors } from './calculator-form.ts'
import { useCalculatorFields } from './field-context.tsx'
import { HelpToggle } from './help-toggle.tsx'
import { FieldError, MeasurementInput } from './measurement-input.tsx'

const UNIT_SUFFIX: Record<ChartRow['quantity'], string> = { length: ' (in)', weight: ' (lb)', count: '' }
const METRIC_SUFFIX: Record<ChartRow['quantity'], string> = { length: ' (cm)', weight: ' (kg)', count: '' }

type Props = {
  rows: readonly ChartRow[]
  values: Record<string, string>
  errors: FieldErrors
  /** Extra text under a row, e.g. the spread credit beside the inside spread. */
  notes?: Record<string, string | undefined>
  onChange: (key: string, value: string) => void
}

/** Single values of a chart (spreads, skull length and width, turkey weight and spurs, fish length and girth). */
export function SingleFields({ rows, values, errors, notes = {}, onChange }: Props) {
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4 xl:grid-cols-3">
      {rows.map((row) => (
        <SingleField
          key={row.key}
          row={row}
          value={values[row.key] ?? ''}
          error={errors[row.key]}
          note={notes[row.key]}
          onChange={(value) => onChange(row.key, value)}
        />
      ))}
    </div>
  )
}

type FieldProps = {
  row: ChartRow
  value: string
  error: string | undefined
  note: string | undefined
  onChange: (value: string) => void
}

function SingleField({ row, value, error, note, onChange }: FieldProps) {
  const [helpOpen, setHelpOpen] = useState(false)
  const { idPrefix, addon, note: fieldNote, hint: fieldHint, units } = useCalculatorFields()
  const id = `${idPrefix}-${row.key}`
  const measured = fieldNote?.(row.key)
  const hint = fieldHint?.(row.key)
  const suffix = (units === 'metric' ? METRIC_SUFFIX : UNIT_SUFFIX)[row.quantity]
  const helpId = `${id}-help`
  const name = `${chartLabel(row)}${suffix}`
  return (
    <div className="grid content-start gap-1.5">
      <div className="flex items-end justify-between gap-2">
        <label htmlFor={id} className="text-sm font-medium text-stone-800">
          {row.letter ? <span className="font-mono font-bold text-stone-900">{row.letter} </span> : null}
          {row.label}
          {suffix}
          {row.required ? <span className="font-normal text-stone-600"> (required)</span> : null}
        </label>
        <HelpToggle open={helpOpen} onToggle={() => setHelpOpen((o) => !o)} controls={helpId} name={name} />
      </div>
      <div className="flex items-center gap-1.5">
        <MeasurementInput
          id={id}
          label={name}
          value={value}
          quantity={row.quantity}
          error={error}
          describedBy={[hint ? `${id}-hint-value` : '', measured ? `${id}-measured` : ''].join(' ').trim() || undefined}
          onChange={onChange}
        />
        {addon?.({ id: row.key, label: name, quantity: row.quantity })}
      </div>
      {error ? <FieldError id={id}>{error}</FieldError> : null}
      {hint ? (
        <p id={`${id}-hint-value`} className="text-xs text-stone-600 tabular-nums">
          {hint}
        </p>
      ) : null}
      {measured ? (
        <p id={`${id}-measured`} className="text-xs font-medium text-pine-800">
          {measured}
        </p>
      ) : null}
      {!row.scored ? <p className="text-xs text-stone-600">Recorded, not scored</p> : null}
      {note ? <p className="text-xs font-medium text-pine-800">{note}</p> : null}
      <p id={helpId} hidden={!helpOpen} className="rounded-lg bg-pine-50 px-3 py-2 text-sm text-stone-800">
        {row.help}
      </p>
    </div>
  )
}
