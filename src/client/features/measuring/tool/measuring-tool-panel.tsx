import { useEffect, useReducer, useRef, useState } from 'react'
import { describeMeasurement } from '#shared/measuring/index.ts'
import { Button } from '../../../components/button.tsx'
import type { MeasuringToolProps } from '../types.ts'
import { PhotoPicker } from './photo-picker.tsx'
import { PhotoViewport } from './photo-viewport.tsx'
import { ReferenceControls, ResultView, SubjectControls } from './step-panels.tsx'
import {
  calibrationOf,
  initialToolState,
  measuredValue,
  referenceLength,
  resultOf,
  type Step,
  toolReducer,
} from './tool-state.ts'
import type { Size } from './viewport-math.ts'

const STEP_TITLES: Record<Step, string> = {
  photo: 'Photo',
  reference: 'Reference',
  subject: 'Measure',
  result: 'Result',
}
const STEP_NUMBERS: Record<Step, number> = { photo: 1, reference: 2, subject: 3, result: 4 }

export const PHOTO_LOAD_FAILED =
  'This photo could not be opened here (some HEIC photos cannot be shown by the browser). Try a JPEG, PNG or WebP.'

type Loaded = { url: string; size: Size } | { url: string; error: true }

/** A URL for the photo: the string as given, or an object URL for a Blob, released when it changes. */
function useSourceUrl(source: Blob | string | null): string | null {
  const [url, setUrl] = useState<string | null>(typeof source === 'string' ? source : null)
  useEffect(() => {
    if (source === null || typeof source === 'string') {
      setUrl(source)
      return
    }
    const objectUrl = URL.createObjectURL(source)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [source])
  return url
}

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
  const [picked, setPicked] = useState<File | null>(null)
  const [useGiven, setUseGiven] = useState(true)
  const source: Blob | string | null = picked ?? (useGiven ? image : null)
  const url = useSourceUrl(source)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [tried, setTried] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const firstStep = useRef(true)

  useEffect(() => {
    if (!url) return
    let live = true
    const img = new Image()
    img.onload = () => {
      if (!live) return
      setLoaded({ url, size: { width: img.naturalWidth, height: img.naturalHeight } })
      dispatch({ type: 'photo-ready' })
    }
    img.onerror = () => {
      if (live) setLoaded({ url, error: true })
    }
    img.src = url
    return () => {
      live = false
    }
  }, [url])

  // A new step moves the focus to its heading, so a keyboard or screen reader user starts there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a change of step only
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false
      return
    }
    headingRef.current?.focus()
  }, [state.step])

  const current = loaded && loaded.url === url ? loaded : null
  const loadFailed = current !== null && 'error' in current
  const photoSize = current && 'size' in current ? current.size : null
  const length = referenceLength(state.reference)
  const calibration = calibrationOf(state)
  const result = resultOf(state)
  const subjectLabel = target ? target.label.toLowerCase() : 'fish, antler or horn'
  const referenceName =
    state.reference.kind === 'credit-card'
      ? `credit card ${state.reference.edge} side`
      : state.reference.kind === 'quarter'
        ? 'quarter'
        : 'reference'

  function changePhoto() {
    setPicked(null)
    setUseGiven(false)
    setLoaded(null)
    dispatch({ type: 'change-photo' })
  }

  function pick(file: File) {
    setPicked(file)
  }

  function continueToSubject() {
    setTried(true)
    if (calibration) dispatch({ type: 'to-subject' })
    else if (!length.ok) dispatch({ type: 'say', message: length.message })
    else dispatch({ type: 'say', message: 'Mark both ends of the reference on the photo first' })
  }

  const measured = () => measuredValue(state, source, target)
  const shown = result ? describeMeasurement(result.valueIn, result.uncertaintyIn) : null
  const announcement =
    state.step === 'result' && shown
      ? `Measured ${shown.inches} (${shown.cm}), plus or minus ${shown.uncertaintyInches}`
      : state.message

  const step = state.step
  const showPicker = step === 'photo' || source === null
  const active = step === 'reference' ? 'reference' : step === 'subject' ? 'subject' : null

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
      {showPicker ? (
        <PhotoPicker onPick={pick} error={loadFailed ? PHOTO_LOAD_FAILED : null} />
      ) : (
        <>
          <div className={`flex ${step === 'result' ? 'min-h-[30dvh]' : 'min-h-[50dvh]'} flex-1 flex-col lg:min-h-0`}>
            {photoSize && url ? (
              <PhotoViewport
                key={url}
                src={url}
                image={photoSize}
                referencePoints={state.referencePoints}
                subjectPoints={step === 'reference' ? [] : state.subjectPoints}
                active={active}
                onPlace={(point) => dispatch({ type: 'place', point })}
                onNudge={(dx, dy) => dispatch({ type: 'nudge', dx, dy, image: photoSize })}
                onUndo={() => dispatch({ type: 'undo' })}
                onClear={() => dispatch({ type: 'clear' })}
                instruction={
                  step === 'reference'
                    ? 'Mark the two ends of the reference.'
                    : step === 'subject'
                      ? `Mark the ${subjectLabel}.`
                      : 'Measured.'
                }
              />
            ) : (
              <div className="grid flex-1 place-items-center bg-stone-800 p-6 text-center text-stone-100">
                {loadFailed ? (
                  <div className="grid gap-3">
                    <p role="alert">{PHOTO_LOAD_FAILED}</p>
                    <Button variant="inverse" onClick={changePhoto}>
                      Choose another photo
                    </Button>
                  </div>
                ) : (
                  <p>Opening the photo…</p>
                )}
              </div>
            )}
          </div>
          <aside
            className={`${step === 'result' ? 'max-h-[62%]' : 'max-h-[45%]'} flex shrink-0 flex-col border-t border-stone-200 bg-white lg:max-h-none lg:w-96 lg:border-t-0 lg:border-l`}
          >
            <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-4 pb-2 sm:px-5 sm:pt-5 lg:flex-none">
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
                    calibration={calibration}
                    showLengthError={tried || state.reference.customText !== ''}
                  />
                ) : null}
                {step === 'subject' && calibration ? (
                  <SubjectControls
                    state={state}
                    dispatch={dispatch}
                    calibration={calibration}
                    subjectLabel={subjectLabel}
                  />
                ) : null}
                {step === 'result' && result && calibration ? (
                  <ResultView result={result} calibration={calibration} referenceName={referenceName} />
                ) : null}
              </div>
              {state.message && step !== 'result' ? (
                <p className="mt-3 text-sm text-stone-600">{state.message}</p>
              ) : null}
            </div>
            <div className="flex shrink-0 flex-wrap gap-2 border-t border-stone-200 px-4 py-3 sm:px-5 lg:border-t-0 lg:pt-2">
              {step === 'reference' ? (
                <>
                  <Button onClick={continueToSubject}>Continue</Button>
                  <Button variant="ghost" onClick={changePhoto}>
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
                  {onMeasured ? (
                    <Button
                      onClick={() => {
                        const m = measured()
                        if (m) onMeasured(m)
                      }}
                    >
                      Use this value
                    </Button>
                  ) : null}
                  {onRecord ? (
                    <Button
                      variant={onMeasured ? 'outline' : 'primary'}
                      onClick={() => {
                        const m = measured()
                        if (m) onRecord(m)
                      }}
                    >
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
          </aside>
        </>
      )}
      <div role="status" aria-live="polite" className="sr-only">
        {announcement}
      </div>
    </div>
  )
}
