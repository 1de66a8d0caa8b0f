import { type Dispatch, type ReactNode, useId } from 'react'
import { INPUT_CLASS } from '#client/components/field.tsx'
import {
  CREDIT_CARD_IN,
  LENGTH_UNITS,
  type LengthUnit,
  QUARTER_DIAMETER_IN,
  REFERENCE_KINDS,
  REFERENCE_LABELS,
  type ReferenceKind,
} from '#shared/measuring/index.ts'
import { type CardMode, type ReferenceLength, usesCorners } from './reference-choice.ts'
import { CornersStatus, EndsStatus } from './reference-status.tsx'
import type { Scale } from './scale.ts'
import type { ToolAction, ToolState } from './tool-state.ts'

const REFERENCE_SIZES: Record<ReferenceKind, string> = {
  'credit-card': `${CREDIT_CARD_IN.long} x ${CREDIT_CARD_IN.short} inches`,
  quarter: `diameter ${QUARTER_DIAMETER_IN} inches`,
  custom: 'Enter dimensions',
}

const CARD_MODES: { mode: CardMode; name: string; note: string }[] = [
  { mode: 'corners', name: 'Four corners', note: 'any camera angle' },
  { mode: 'ends', name: 'Two ends', note: 'camera square to it' },
]

export const radioCard =
  'relative flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500'

type Props = {
  state: ToolState
  dispatch: Dispatch<ToolAction>
  length: ReferenceLength
  scale: Scale | null
  /** Whether the custom length's error should show (after the user typed or tried to continue). */
  showLengthError: boolean
}

/** Step 2: which reference is in the photo, and its four corners or two ends on the photo. */
export function ReferenceControls({ state, dispatch, length, scale, showLengthError }: Props) {
  const id = useId()
  const { reference } = state
  const choose = (patch: Partial<ToolState['reference']>) => dispatch({ type: 'reference', patch })
  return (
    <div className="grid gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-900">Reference in the photo</legend>
        <div className="grid grid-cols-3 gap-2 lg:grid-cols-1">
          {REFERENCE_KINDS.map((kind) => (
            <label key={kind} className={`${radioCard} gap-2 border-stone-200 p-2 lg:gap-3 lg:p-3`}>
              <input
                type="radio"
                name={`${id}-kind`}
                value={kind}
                checked={reference.kind === kind}
                onChange={() => choose({ kind })}
                className="absolute mt-1 size-4 shrink-0 accent-pine-700 opacity-0 lg:static lg:opacity-100"
              />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-stone-900 lg:text-base">
                  {REFERENCE_LABELS[kind]}
                </span>
                <span className="block text-xs text-stone-700 lg:text-sm">{REFERENCE_SIZES[kind]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {reference.kind === 'credit-card' ? (
        <Choice legend="Use the card by">
          {CARD_MODES.map(({ mode, name, note }) => (
            <Option
              key={mode}
              name={`${id}-card-mode`}
              checked={reference.cardMode === mode}
              onChange={() => choose({ cardMode: mode })}
              title={name}
              note={note}
            />
          ))}
        </Choice>
      ) : null}

      {reference.kind === 'credit-card' && reference.cardMode === 'ends' ? (
        <Choice legend="Edge you mark">
          {(['long', 'short'] as const).map((edge) => (
            <Option
              key={edge}
              name={`${id}-edge`}
              checked={reference.edge === edge}
              onChange={() => choose({ edge })}
              title={edge === 'long' ? 'Long side' : 'Short side'}
              note={`${CREDIT_CARD_IN[edge]} in`}
            />
          ))}
        </Choice>
      ) : null}

      {reference.kind === 'custom' ? (
        <CustomLength state={state} choose={choose} length={length} showError={showLengthError} />
      ) : null}

      {usesCorners(state) ? (
        <CornersStatus state={state} scale={scale} onEnds={() => choose({ cardMode: 'ends' })} />
      ) : (
        <EndsStatus state={state} scale={scale} />
      )}
    </div>
  )
}

function Choice({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-900">{legend}</legend>
      <div className="grid grid-cols-2 gap-2">{children}</div>
    </fieldset>
  )
}

type OptionProps = { name: string; checked: boolean; onChange: () => void; title: string; note: string }

function Option({ name, checked, onChange, title, note }: OptionProps) {
  return (
    <label className={`${radioCard} border-stone-200 py-2`}>
      <input type="radio" name={name} checked={checked} onChange={onChange} className="mt-1 size-4 accent-pine-700" />
      <span className="text-sm">
        <span className="block font-semibold text-stone-900">{title}</span>
        <span className="block text-stone-700">{note}</span>
      </span>
    </label>
  )
}

type CustomProps = {
  state: ToolState
  choose: (patch: Partial<ToolState['reference']>) => void
  length: ReferenceLength
  showError: boolean
}

/** A reference of the member's own: its length and unit. */
function CustomLength({ state, choose, length, showError }: CustomProps) {
  const id = useId()
  const { reference } = state
  const error = showError && !length.ok ? length.message : undefined
  return (
    <div className="grid gap-1.5">
      <div className="flex items-end gap-2">
        <div className="grid flex-1 gap-1.5">
          <label htmlFor={`${id}-length`} className="text-sm font-medium text-stone-800">
            Reference length
          </label>
          <input
            id={`${id}-length`}
            inputMode="decimal"
            autoComplete="off"
            value={reference.customText}
            onChange={(e) => choose({ customText: e.currentTarget.value })}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-length-error` : undefined}
            className={INPUT_CLASS}
            placeholder="e.g. 6"
          />
        </div>
        <div className="grid w-24 gap-1.5">
          <label htmlFor={`${id}-unit`} className="text-sm font-medium text-stone-800">
            Unit
          </label>
          <select
            id={`${id}-unit`}
            value={reference.customUnit}
            onChange={(e) => choose({ customUnit: e.currentTarget.value as LengthUnit })}
            className={INPUT_CLASS}
          >
            {LENGTH_UNITS.map((unit) => (
              <option key={unit} value={unit}>
                {unit}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error ? (
        <p id={`${id}-length-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
