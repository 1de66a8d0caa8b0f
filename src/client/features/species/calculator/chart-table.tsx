import { useState } from 'react'
import type { Chart, ChartRow, ScoreResult } from '#shared/scoring/index.ts'
import {
  type CalculatorForm,
  chartLabel,
  differenceTotal,
  type FieldErrors,
  fieldId,
  rowDifference,
  SIDE_NAMES,
  SIDES,
  type Side,
  sideTotal,
  visibleRows,
} from './calculator-form.ts'
import { useCalculatorFields } from './field-context.tsx'
import { HelpToggle } from './help-toggle.tsx'
import { FieldError, MeasurementInput } from './measurement-input.tsx'

type Props = {
  chart: Chart
  form: CalculatorForm
  errors: FieldErrors
  result: ScoreResult | undefined
  onChange: (side: Side, key: string, value: string) => void
}

/**
 * The right / left / difference columns of the paper chart, one row per letter. On a phone the three columns
 * still fit beside a narrow label; the table scrolls sideways only on the narrowest screens.
 */
export function ChartTable({ chart, form, errors, result, onChange }: Props) {
  const rows = visibleRows(chart.sideRows)
  const anyDifference = rows.some((row) => row.difference)
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] table-fixed border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{chart.name}: right, left and difference columns</caption>
        <colgroup>
          <col />
          <col className="w-[5.25rem] sm:w-32" />
          <col className="w-[5.25rem] sm:w-32" />
          <col className="w-12 sm:w-24" />
        </colgroup>
        <thead>
          <tr className="text-left text-xs font-semibold tracking-wide text-stone-700 uppercase">
            <th scope="col" className="border-b border-stone-300 py-2 pr-2">
              Measurement
            </th>
            <th scope="col" className="border-b border-stone-300 px-1 py-2 sm:px-2">
              Right
            </th>
            <th scope="col" className="border-b border-stone-300 px-1 py-2 sm:px-2">
              Left
            </th>
            <th scope="col" className="border-b border-stone-300 py-2 pl-1 text-right sm:pl-2">
              <span className="sm:hidden" aria-hidden="true">
                Diff.
              </span>
              <span className="max-sm:sr-only">Difference</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <SideRow
              key={row.key}
              row={row}
              form={form}
              errors={errors}
              difference={rowDifference(chart, result, row)}
              onChange={onChange}
            />
          ))}
        </tbody>
        <tfoot>
          <tr className="font-semibold text-stone-900">
            <th scope="row" className="border-t-2 border-stone-300 py-2 pr-2 text-left">
              Column totals
            </th>
            {SIDES.map((side) => (
              <td key={side} className="border-t-2 border-stone-300 px-1 py-2 tabular-nums sm:px-2">
                {sideTotal(chart, result, side) ?? '—'}
              </td>
            ))}
            <td className="border-t-2 border-stone-300 py-2 pl-1 text-right tabular-nums sm:pl-2">
              {anyDifference ? (differenceTotal(chart, result) ?? '—') : '—'}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  )
}

type RowProps = {
  row: ChartRow
  form: CalculatorForm
  errors: FieldErrors
  difference: string | undefined
  onChange: Props['onChange']
}

function SideRow({ row, form, errors, difference, onChange }: RowProps) {
  const [helpOpen, setHelpOpen] = useState(false)
  const { idPrefix, addon, note, hint } = useCalculatorFields()
  const helpId = `${idPrefix}-help-${row.key}`
  const name = chartLabel(row)
  const rowErrors = SIDES.flatMap((side) => {
    const id = fieldId(side, row.key)
    const error = errors[id]
    return error ? [{ side, id, error }] : []
  })
  const rowNotes = SIDES.flatMap((side) => {
    const id = fieldId(side, row.key)
    const text = note?.(id)
    return text ? [{ side, id, text }] : []
  })
  const cell = 'border-b border-stone-200 py-1.5 align-top'
  return (
    <>
      <tr className={row.scored ? undefined : 'text-stone-700'}>
        <th scope="row" className={`${cell} pr-1 text-left font-normal sm:pr-2`}>
          <div className="flex flex-wrap items-center gap-x-1.5 sm:flex-nowrap sm:items-start">
            {row.letter ? (
              <span className="font-mono font-bold whitespace-nowrap text-stone-900 sm:order-first sm:pt-1.5">
                {row.letter}{' '}
              </span>
            ) : null}
            <span className="order-last basis-full text-xs leading-snug text-stone-800 sm:order-none sm:flex-1 sm:basis-auto sm:pt-1.5 sm:text-sm">
              {unbreakable(row.label)}
              {row.scored ? null : <span className="block text-xs text-stone-600">Recorded, not scored</span>}
            </span>
            <span className="ml-auto sm:order-last">
              <HelpToggle open={helpOpen} onToggle={() => setHelpOpen((o) => !o)} controls={helpId} name={name} />
            </span>
          </div>
        </th>
        {SIDES.map((side) => {
          const id = fieldId(side, row.key)
          const label = `${SIDE_NAMES[side]} ${row.letter ? `${row.letter} (${row.label})` : row.label}`
          const measured = rowNotes.some((n) => n.id === id)
          const value = hint?.(id)
          const described = [value ? `${idPrefix}-${id}-hint-value` : '', measured ? `${idPrefix}-${id}-measured` : '']
          return (
            <td key={side} className={`${cell} px-1 sm:px-2`}>
              <MeasurementInput
                id={`${idPrefix}-${id}`}
                label={label}
                value={form[side].rows[row.key] ?? ''}
                quantity={row.quantity}
                error={errors[id]}
                describedBy={described.join(' ').trim() || undefined}
                onChange={(text) => onChange(side, row.key, text)}
              />
              {value ? (
                <p id={`${idPrefix}-${id}-hint-value`} className="mt-0.5 text-[11px] text-stone-600 tabular-nums">
                  {value}
                </p>
              ) : null}
              {addon?.({ id, label, quantity: row.quantity })}
            </td>
          )
        })}
        <td className={`${cell} py-1.5 pt-3.5 pl-1 text-right text-stone-800 tabular-nums sm:pl-2`}>
          {row.scored && row.difference ? (difference ?? '') : <span className="text-stone-500">—</span>}
        </td>
      </tr>
      {rowErrors.length > 0 ? (
        <tr>
          <td colSpan={4} className="border-b border-stone-200 bg-red-50 px-2 py-1.5">
            {rowErrors.map(({ side, id, error }) => (
              <FieldError key={id} id={`${idPrefix}-${id}`}>{`${SIDE_NAMES[side]} ${name}: ${error}`}</FieldError>
            ))}
          </td>
        </tr>
      ) : null}
      {rowNotes.length > 0 ? (
        <tr>
          <td colSpan={4} className="border-b border-stone-200 bg-pine-50 px-2 py-1.5">
            {rowNotes.map(({ side, id, text }) => (
              <p key={id} id={`${idPrefix}-${id}-measured`} className="text-xs font-medium text-pine-800">
                {`${SIDE_NAMES[side]} ${name}: ${text}`}
              </p>
            ))}
          </td>
        </tr>
      ) : null}
      <tr id={helpId} hidden={!helpOpen}>
        <td colSpan={4} className="border-b border-stone-200 bg-pine-50 px-3 py-2 text-sm text-stone-800">
          {row.help}
        </td>
      </tr>
    </>
  )
}

/** 'Length of point G-1' must not wrap between 'G-' and '1' in a narrow column: use a non-breaking hyphen. */
function unbreakable(label: string): string {
  return label.replace(/-(?=\d)/g, '\u2011')
}
