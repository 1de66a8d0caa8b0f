import { useEffect, useReducer, useRef, useState } from 'react'
import { describeMeasurement } from '#shared/measuring/index.ts'
import { useReferenceDetection } from '../detect/use-reference-detection.ts'
import type { MeasuringToolProps } from '../types.ts'
import { PhotoPicker } from './photo-picker.tsx'
import { PhotoStage } from './photo-stage.tsx'
import { type ReferenceChoice, referenceLength, usesCorners } from './reference-choice.ts'
import { cornersProblem, measuredValue, resultOf, scaleOf } from './scale.ts'
import { StepSidebar } from './step-sidebar.tsx'
import { detectionWanted, initialToolState, type Step, toolReducer } from './tool-state.ts'
import { PHOTO_LOAD_FAILED, useToolPhoto } from './use-tool-photo.ts'

/** The measuring tool: photo → reference → subject → result (default export, loaded lazily). */
export default function MeasuringToolPanel({
  image,
  initialReference,
  target,
  onMeasured,
  onRecord,
}: MeasuringToolProps) {
  const [state, dispatch] = useReducer(toolReducer, undefined, () =>
    initialToolState(image !== null, initialReference, target?.suggestCurve),
  )
  const photo = useToolPhoto(image, dispatch)
  const [tried, setTried] = useState(false)
  const headingRef = useStepHeadingFocus(state.step)

  useReferenceDetection({
    wanted: detectionWanted(state),
    source: photo.source,
    natural: photo.photoSize,
    onStart: (kind) => dispatch({ type: 'detect-start', kind }),
    onCancel: (kind) => dispatch({ type: 'detect-cancel', kind }),
    onFound: (kind, found) => dispatch({ type: 'detected', kind, found }),
  })

  const length = referenceLength(state.reference)
  const scale = scaleOf(state)
  const result = resultOf(state)
  const subjectLabel = target ? target.label.toLowerCase() : 'fish, antler or horn'

  function continueToSubject() {
    setTried(true)
    if (scale) dispatch({ type: 'to-subject' })
    else if (usesCorners(state)) dispatch({ type: 'say', message: cornersProblem(state) ?? '' })
    else if (!length.ok) dispatch({ type: 'say', message: length.message })
    else dispatch({ type: 'say', message: 'Mark both ends of the reference on the photo first' })
  }

  const shown = result ? describeMeasurement(result.valueIn, result.uncertaintyIn) : null
  const announcement =
    state.step === 'result' && shown
      ? `Measured ${shown.inches} (${shown.cm}), plus or minus ${shown.uncertaintyInches}`
      : state.message

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      {state.step === 'photo' || photo.source === null ? (
        <PhotoPicker onPick={photo.pick} error={photo.loadFailed ? PHOTO_LOAD_FAILED : null} />
      ) : (
        <>
          <PhotoStage
            state={state}
            dispatch={dispatch}
            url={photo.url}
            photoSize={photo.photoSize}
            loadFailed={photo.loadFailed}
            subjectLabel={subjectLabel}
            onChangePhoto={photo.changePhoto}
          />
          <StepSidebar
            state={state}
            dispatch={dispatch}
            headingRef={headingRef}
            length={length}
            scale={scale}
            result={result}
            referenceName={referenceNameOf(state.reference)}
            subjectLabel={subjectLabel}
            showLengthError={tried || state.reference.customText !== ''}
            onContinue={continueToSubject}
            onChangePhoto={photo.changePhoto}
            measured={() => measuredValue(state, photo.source, target)}
            onMeasured={onMeasured}
            onRecord={onRecord}
          />
        </>
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  )
}

/** How a two-point result names the reference it was measured against. */
function referenceNameOf(reference: ReferenceChoice): string {
  if (reference.kind === 'credit-card') return `credit card ${reference.edge} side`
  return reference.kind === 'quarter' ? 'quarter' : 'reference'
}

/** A new step moves the focus to its heading, so a keyboard or screen reader user starts there. */
function useStepHeadingFocus(step: Step) {
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstStep = useRef(true)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of step only
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    headingRef.current?.focus()
  }, [step])
  return headingRef
}
