import type { Dispatch, RefObject } from 'react'
import { Button } from '#client/components/button.tsx'
import type { MeasuredValue } from '../types.ts'
import { DETECTION_MESSAGES } from './handles.ts'
import type { ReferenceLength } from './reference-choice.ts'
import { ReferenceControls } from './reference-controls.tsx'
import type { Scale, ToolResult } from './scale.ts'
import { ResultView, SubjectControls } from './step-panels.tsx'
import type { Step, ToolAction, ToolState } from './tool-state.ts'

const STEP_TITLES: Record<Step, string> = {
  photo: 'Photo',
  reference: 'Reference',
  subject: 'Measure',
  result: 'Result',
}
const STEP_NUMBERS: Record<Step, number> = { photo: 1, reference: 2, subject: 3, result: 4 }

type Props = {
  state: ToolState
  dispatch: Dispatch<ToolAction>
  /** The step's heading, focused when the step changes. */
  headingRef: RefObject<HTMLHeadingElement | null>
  length: ReferenceLength
  scale: Scale | null
  result: ToolResult | null
  referenceName: string
  subjectLabel: string
  showLengthError: boolean
} & ActionProps

/** Beside (or below) the photo: the step's heading, its controls, the last message, and its buttons. */
export function StepSidebar(props: Props) {
  const { state, dispatch, headingRef, length, scale, result, referenceName, subjectLabel } = props
  const { step } = state
  return (
    <aside
      className={`${step === 'result' ? 'max-h-[62%]' : 'max-h-[45%]'} flex shrink-0 flex-col border-t border-stone-200 bg-white lg:max-h-none lg:w-96 lg:border-t-0 lg:border-l`}
    >
      <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 pb-2 sm:px-5 sm:pt-5 lg:flex-initial">
        <h3 ref={headingRef} tabIndex={-1} className="text-base font-bold text-stone-900 focus:outline-none">
          <span className="mr-2 text-sm font-semibold text-pine-700">Step {STEP_NUMBERS[step]} of 4:</span>{' '}
          {STEP_TITLES[step]}
        </h3>
        <div className="mt-3">
          {step === 'reference' ? (
            <ReferenceControls
              state={state}
              dispatch={dispatch}
              length={length}
              scale={scale}
              showLengthError={props.showLengthError}
            />
          ) : null}
          {step === 'subject' && scale ? (
            <SubjectControls state={state} dispatch={dispatch} scale={scale} subjectLabel={subjectLabel} />
          ) : null}
          {step === 'result' && result && scale ? (
            <ResultView result={result} scale={scale} referenceName={referenceName} />
          ) : null}
        </div>
        {state.message && step !== 'result' && !DETECTION_MESSAGES.has(state.message) ? (
          <p className="mt-3 text-sm text-stone-600">{state.message}</p>
        ) : null}
      </div>
      <StepActions
        state={state}
        dispatch={dispatch}
        onContinue={props.onContinue}
        onChangePhoto={props.onChangePhoto}
        measured={props.measured}
        onMeasured={props.onMeasured}
        onRecord={props.onRecord}
      />
    </aside>
  )
}

type ActionProps = {
  onContinue: () => void
  onChangePhoto: () => void
  /** The value measured, once there is a result. */
  measured: () => MeasuredValue | null
  onMeasured?: ((m: MeasuredValue) => void) | undefined
  onRecord?: ((m: MeasuredValue) => void) | undefined
}

/** The step's buttons: on to the next step, back to an earlier one, or what to do with the result. */
function StepActions({
  state,
  dispatch,
  onContinue,
  onChangePhoto,
  measured,
  onMeasured,
  onRecord,
}: ActionProps & { state: ToolState; dispatch: Dispatch<ToolAction> }) {
  const { step } = state
  const deliver = (to: (m: MeasuredValue) => void) => () => {
    const m = measured()
    if (m) to(m)
  }
  return (
    <div className="flex shrink-0 flex-wrap gap-2 border-t border-stone-200 px-4 py-3 sm:px-5 lg:border-t-0 lg:pt-2">
      {step === 'reference' ? (
        <>
          <Button onClick={onContinue}>Continue</Button>
          <Button variant="ghost" onClick={onChangePhoto}>
            Change photo
          </Button>
        </>
      ) : null}
      {step === 'subject' ? (
        <>
          {state.mode === 'curve' ? (
            <Button
              onClick={() =>
                state.subjectPoints.length >= 2
                  ? dispatch({ type: 'finish-curve' })
                  : dispatch({ type: 'say', message: 'Mark at least two points along the curve' })
              }
            >
              Done
            </Button>
          ) : null}
          <Button variant="ghost" onClick={() => dispatch({ type: 'change-reference' })}>
            Back to reference
          </Button>
        </>
      ) : null}
      {step === 'result' ? (
        <>
          {onMeasured ? <Button onClick={deliver(onMeasured)}>Use this value</Button> : null}
          {onRecord ? (
            <Button variant={onMeasured ? 'outline' : 'primary'} onClick={deliver(onRecord)}>
              Record a measurement
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => dispatch({ type: 'measure-again' })}>
            Measure again
          </Button>
          <Button variant="ghost" onClick={() => dispatch({ type: 'change-reference' })}>
            Change reference
          </Button>
        </>
      ) : null}
    </div>
  )
}
