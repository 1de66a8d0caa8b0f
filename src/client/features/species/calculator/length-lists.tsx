import Plus from 'lucide-react/icons/plus'
import Trash2 from 'lucide-react/icons/trash-2'
import { useEffect, useState } from 'react'
import { Button } from '#client/components/button.tsx'
import type { ChartList } from '#shared/scoring/index.ts'
import { chartLabel, type FieldErrors, fieldId } from './calculator-form.ts'
import { useCalculatorFields } from './field-context.tsx'
import { HelpToggle } from './help-toggle.tsx'
import { FieldError, MeasurementInput } from './measurement-input.tsx'

const EFFECTS: Record<ChartList['effect'], string> = {
  added: 'Added to the score.',
  subtracted: 'Subtracted from the score.',
  recorded: 'Recorded, not scored under this system.',
}

/** 'Abnormal points' → 'abnormal point', for naming one entry. */
const singular = (label: string) => label.toLowerCase().replace(/s$/, '')

type Column = {
  /** Field id prefix: `right.abnormal`, or the list key for lists without sides. */
  prefix: string
  /** 'Right', 'Left', or '' for lists without sides. */
  sideName: string
  values: readonly string[]
  total: string | undefined
  onChange: (values: string[]) => void
}

type Props = { list: ChartList; columns: Column[]; errors: FieldErrors }

/** A list of lengths where entries can be added and removed: abnormal points, crown points, turkey beards. */
export function LengthList({ list, columns, errors }: Props) {
  const [helpOpen, setHelpOpen] = useState(false)
  const { idPrefix, addon, note, hint } = useCalculatorFields()
  const helpId = `${idPrefix}-help-list-${list.key}`
  // A new entry takes the focus, so 'Add' then typing works without reaching for the field.
  const [focusId, setFocusId] = useState<string | null>(null)
  useEffect(() => {
    if (!focusId) return
    document.getElementById(focusId)?.focus()
    setFocusId(null)
  }, [focusId])
  const one = singular(list.label)
  return (
    <div className="relative rounded-xl border border-stone-200 p-3 sm:p-4">
      <div className="absolute top-2 right-2">
        <HelpToggle open={helpOpen} onToggle={() => setHelpOpen((o) => !o)} controls={helpId} name={chartLabel(list)} />
      </div>
      <fieldset>
        <legend className="pr-10 font-semibold text-stone-900">
          {list.letter ? <span className="font-mono">{list.letter} </span> : null}
          {list.label}
        </legend>
        <p className="pr-10 text-sm text-stone-700">{EFFECTS[list.effect]}</p>
        <p id={helpId} hidden={!helpOpen} className="mt-2 rounded-lg bg-pine-50 px-3 py-2 text-sm text-stone-800">
          {list.help}
        </p>
        <div className={`mt-3 grid gap-4 ${columns.length > 1 ? 'sm:grid-cols-2' : ''}`}>
          {columns.map((column) => {
            const who = column.sideName ? `${column.sideName} ${one}` : one.charAt(0).toUpperCase() + one.slice(1)
            return (
              <div key={column.prefix} className="grid content-start gap-2">
                {column.sideName ? <h5 className="text-sm font-semibold text-stone-800">{column.sideName}</h5> : null}
                {column.values.length === 0 ? <p className="text-sm text-stone-600">None</p> : null}
                <ul className="grid gap-2">
                  {column.values.map((value, i) => {
                    const id = fieldId(column.prefix, i)
                    const position = i + 1
                    const label = `${who} ${position}${list.letter ? ` (${list.letter})` : ''}`
                    const measured = note?.(id)
                    const engineValue = hint?.(id)
                    const described = [
                      engineValue ? `${idPrefix}-${id}-hint-value` : '',
                      measured ? `${idPrefix}-${id}-measured` : '',
                    ]
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: entries have no identity but their position
                      <li key={i} className="grid gap-1">
                        <div className="flex items-center gap-2">
                          <MeasurementInput
                            id={`${idPrefix}-${id}`}
                            label={label}
                            value={value}
                            quantity="length"
                            error={errors[id]}
                            describedBy={described.join(' ').trim() || undefined}
                            onChange={(next) => column.onChange(column.values.map((v, j) => (j === i ? next : v)))}
                          />
                          {addon?.({ id, label, quantity: 'length' })}
                          <Button
                            variant="ghost"
                            size="icon"
                            className="shrink-0"
                            aria-label={`Remove ${who.toLowerCase()} ${position}`}
                            onClick={() => column.onChange(column.values.filter((_, j) => j !== i))}
                          >
                            <Trash2 className="size-4" aria-hidden="true" />
                          </Button>
                        </div>
                        {errors[id] ? <FieldError id={`${idPrefix}-${id}`}>{errors[id]}</FieldError> : null}
                        {engineValue ? (
                          <p id={`${idPrefix}-${id}-hint-value`} className="text-xs text-stone-600 tabular-nums">
                            {engineValue}
                          </p>
                        ) : null}
                        {measured ? (
                          <p id={`${idPrefix}-${id}-measured`} className="text-xs font-medium text-pine-800">
                            {measured}
                          </p>
                        ) : null}
                      </li>
                    )
                  })}
                </ul>
                <Button
                  variant="outline"
                  size="sm"
                  className="w-fit"
                  onClick={() => {
                    column.onChange([...column.values, ''])
                    setFocusId(`${idPrefix}-${fieldId(column.prefix, column.values.length)}`)
                  }}
                >
                  <Plus className="size-4" aria-hidden="true" />
                  Add {who.toLowerCase()}
                </Button>
                {column.total ? <p className="text-sm text-stone-700 tabular-nums">Total: {column.total}</p> : null}
              </div>
            )
          })}
        </div>
      </fieldset>
    </div>
  )
}
