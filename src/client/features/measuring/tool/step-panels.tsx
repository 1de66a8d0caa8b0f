import TriangleAlert from 'lucide-react/icons/triangle-alert'
import { type Dispatch, useId } from 'react'
import { INPUT_CLASS } from '#client/components/field.tsx'
import {
  type Calibration,
  CREDIT_CARD_IN,
  describeMeasurement,
  formatEighths,
  LENGTH_UNITS,
  type LengthUnit,
  type MeasureMode,
  PERSPECTIVE_CAVEAT,
  type PhotoMeasureResult,
  pathLength,
  QUARTER_DIAMETER_IN,
  REFERENCE_KINDS,
  REFERENCE_LABELS,
  type ReferenceKind,
  referenceEdgeText,
  SMALL_REFERENCE_WARNING,
} from '#shared/measuring/index.ts'
import type { ReferenceLength, ToolAction, ToolState } from './tool-state.ts'

const REFERENCE_SIZES: Record<ReferenceKind, string> = {
  'credit-card': `${CREDIT_CARD_IN.long} x ${CREDIT_CARD_IN.short} inches`,
  quarter: `diameter ${QUARTER_DIAMETER_IN} inches`,
  custom: 'Enter dimensions',
}

const radioCard =
  'relative flex cursor-pointer items-start gap-3 rounded-xl border p-3 has-[:checked]:border-pine-600 has-[:checked]:bg-pine-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-amber-500'

type ReferenceProps = {
  state: ToolState
  dispatch: Dispatch<ToolAction>
  length: ReferenceLength
  calibration: Calibration | null
  /** Whether the custom length's error should show (after the user typed or tried to continue). */
  showLengthError: boolean
}

/** Step 2: which reference is in the photo, and marking its two ends. */
export function ReferenceControls({ state, dispatch, length, calibration, showLengthError }: ReferenceProps) {
  const id = useId()
  const { reference } = state
  const lengthError = reference.kind === 'custom' && showLengthError && !length.ok ? length.message : undefined
  const marked = state.referencePoints.length
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
                onChange={() => dispatch({ type: 'reference', patch: { kind } })}
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
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-stone-900">Edge you mark</legend>
          <div className="grid grid-cols-2 gap-2">
            {(['long', 'short'] as const).map((edge) => (
              <label key={edge} className={`${radioCard} border-stone-200 py-2`}>
                <input
                  type="radio"
                  name={`${id}-edge`}
                  value={edge}
                  checked={reference.edge === edge}
                  onChange={() => dispatch({ type: 'reference', patch: { edge } })}
                  className="mt-1 size-4 accent-pine-700"
                />
                <span className="text-sm">
                  <span className="block font-semibold text-stone-900">
                    {edge === 'long' ? 'Long side' : 'Short side'}
                  </span>
                  <span className="block text-stone-700">{CREDIT_CARD_IN[edge]} in</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {reference.kind === 'custom' ? (
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
                onChange={(e) => dispatch({ type: 'reference', patch: { customText: e.currentTarget.value } })}
                aria-invalid={lengthError ? true : undefined}
                aria-describedby={lengthError ? `${id}-length-error` : undefined}
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
                onChange={(e) =>
                  dispatch({ type: 'reference', patch: { customUnit: e.currentTarget.value as LengthUnit } })
                }
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
          {lengthError ? (
            <p id={`${id}-length-error`} className="text-sm font-medium text-red-700">
              {lengthError}
            </p>
          ) : null}
        </div>
      ) : null}

      <div className="order-first rounded-xl bg-stone-100 p-3 text-sm text-stone-800 lg:order-none">
        <p>
          Mark {referenceEdgeText(reference.kind, reference.edge)} on the photo: click or tap one end, then the other.
        </p>
        <p className="mt-1 font-semibold">{marked} of 2 ends marked</p>
        {calibration ? (
          <p className="mt-1">
            {Math.round(calibration.pixels)} px across: {calibration.pixelsPerInch.toFixed(1)} px per inch
          </p>
        ) : null}
      </div>
      {calibration?.small ? <Warning text={SMALL_REFERENCE_WARNING} /> : null}
    </div>
  )
}

type SubjectProps = {
  state: ToolState
  dispatch: Dispatch<ToolAction>
  calibration: Calibration
  subjectLabel: string
}

/** Step 3: straight or along a curve, and marking it. */
export function SubjectControls({ state, dispatch, calibration, subjectLabel }: SubjectProps) {
  const id = useId()
  const count = state.subjectPoints.length
  const soFar = count >= 2 ? pathLength(state.subjectPoints) / calibration.pixelsPerInch : null
  return (
    <div className="grid gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-stone-900">Measure</legend>
        <div className="grid grid-cols-2 gap-2">
          {(['straight', 'curve'] as const satisfies readonly MeasureMode[]).map((mode) => (
            <label key={mode} className={`${radioCard} border-stone-200 py-2`}>
              <input
                type="radio"
                name={`${id}-mode`}
                value={mode}
                checked={state.mode === mode}
                onChange={() => dispatch({ type: 'mode', mode })}
                className="mt-1 size-4 accent-pine-700"
              />
              <span className="text-sm">
                <span className="block font-semibold text-stone-900">{mode === 'straight' ? 'Straight' : 'Curve'}</span>
                <span className="block text-stone-700">{mode === 'straight' ? 'two points' : 'a path of points'}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="rounded-xl bg-stone-100 p-3 text-sm text-stone-800">
        <p>
          {state.mode === 'straight'
            ? `Mark the two ends of the ${subjectLabel}.`
            : `Mark points along the ${subjectLabel} from one end to the other, closer together where it bends; then Done.`}
        </p>
        <p className="mt-1 font-semibold">
          {count} {count === 1 ? 'point' : 'points'} marked
          {soFar !== null ? `: ${formatEighths(soFar)} so far` : ''}
        </p>
      </div>
    </div>
  )
}

type ResultProps = {
  result: PhotoMeasureResult
  calibration: Calibration
  referenceName: string
}

/** Step 4: the value in inches and centimetres, its uncertainty and what it assumes. */
export function ResultView({ result, calibration, referenceName }: ResultProps) {
  const shown = describeMeasurement(result.valueIn, result.uncertaintyIn)
  return (
    <div className="grid gap-3">
      <div className="rounded-xl border border-pine-200 bg-pine-50 p-4" data-testid="measuring-result">
        <p className="text-sm font-semibold text-pine-800">
          {result.mode === 'straight' ? 'Straight length' : 'Length along the curve'}
        </p>
        <p className="mt-1 text-3xl font-bold text-stone-900">
          {shown.inches} <span className="text-xl font-semibold text-stone-700">({shown.cm})</span>
        </p>
        <p className="mt-1 text-base font-semibold text-stone-800">
          ± {shown.uncertaintyInches} (± {shown.uncertaintyCm})
        </p>
      </div>
      <p className="text-sm text-stone-700">
        {Math.round(result.pixels)} px on the photo; {referenceName} {Math.round(calibration.pixels)} px ={' '}
        {calibration.pixelsPerInch.toFixed(1)} px per inch.
      </p>
      {calibration.small ? <Warning text={SMALL_REFERENCE_WARNING} /> : null}
      <p className="rounded-xl bg-stone-100 p-3 text-sm text-stone-800">{PERSPECTIVE_CAVEAT}</p>
    </div>
  )
}

function Warning({ text }: { text: string }) {
  return (
    <p className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      {text}
    </p>
  )
}
