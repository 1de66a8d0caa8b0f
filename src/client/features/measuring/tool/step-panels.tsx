import { type Dispatch, useId } from 'react'
import {
  describeMeasurement,
  formatEighths,
  type MeasureMode,
  PERSPECTIVE_CAVEAT,
  PLANE_CAVEAT,
  roundToEighth,
  SMALL_REFERENCE_WARNING,
} from '#shared/measuring/index.ts'
import { radioCard } from './reference-controls.tsx'
import { lengthSoFar, placedTo, type Scale, type ToolResult } from './scale.ts'
import type { ToolAction, ToolState } from './tool-state.ts'
import { Warning } from './warning.tsx'

type SubjectProps = {
  state: ToolState
  dispatch: Dispatch<ToolAction>
  scale: Scale
  subjectLabel: string
}

/** Step 3: straight or along a curve, and marking it. */
export function SubjectControls({ state, dispatch, scale, subjectLabel }: SubjectProps) {
  const id = useId()
  const count = state.subjectPoints.length
  const soFar = lengthSoFar(scale, state.subjectPoints)
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
  result: ToolResult
  scale: Scale
  referenceName: string
}

/** Step 4: the value in inches and centimetres, its uncertainty and what it assumes. */
export function ResultView({ result, scale, referenceName }: ResultProps) {
  const shown = describeMeasurement(result.valueIn, result.uncertaintyIn)
  const plane = scale.method === 'plane'
  const small = scale.method === 'plane' ? scale.small : scale.calibration.small
  return (
    <div className="grid gap-3">
      <div className="rounded-xl border border-pine-200 bg-pine-50 p-4" data-testid="measuring-result">
        <p className="text-sm font-semibold text-pine-800">
          {result.mode === 'straight' ? 'Straight length' : 'Length along the curve'}
          {plane ? ", on the card's plane" : ''}
        </p>
        <p className="mt-1 text-3xl font-bold text-stone-900">
          {shown.inches} <span className="text-xl font-semibold text-stone-700">({shown.cm})</span>
        </p>
        <p className="mt-1 text-base font-semibold text-stone-800">
          ± {shown.uncertaintyInches} (± {shown.uncertaintyCm})
        </p>
      </div>
      {result.twoPointIn !== null ? (
        <p className="rounded-xl border border-stone-200 p-3 text-sm text-stone-800" data-testid="two-point-comparison">
          {`Two ends of the card's long side alone would give ${formatEighths(roundToEighth(result.twoPointIn))} (camera assumed square).`}
        </p>
      ) : null}
      <p className="text-sm text-stone-700">
        {scale.method === 'plane'
          ? `${Math.round(result.pixels)} px on the photo, measured on the card's plane from its four corners (placed to ${placedTo(scale.cornerPx)}).`
          : `${Math.round(result.pixels)} px on the photo; ${referenceName} ${Math.round(scale.calibration.pixels)} px = ${scale.calibration.pixelsPerInch.toFixed(1)} px per inch.`}
      </p>
      {small ? <Warning text={SMALL_REFERENCE_WARNING} /> : null}
      <p className="rounded-xl bg-stone-100 p-3 text-sm text-stone-800">{plane ? PLANE_CAVEAT : PERSPECTIVE_CAVEAT}</p>
    </div>
  )
}
