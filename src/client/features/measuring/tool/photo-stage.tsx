import type { Dispatch } from 'react'
import { Button } from '#client/components/button.tsx'
import { PhotoViewport } from './photo-viewport.tsx'
import type { Step, ToolAction, ToolState } from './tool-state.ts'
import { PHOTO_LOAD_FAILED } from './use-tool-photo.ts'
import type { Size } from './viewport-math.ts'

type Props = {
  state: ToolState
  dispatch: Dispatch<ToolAction>
  url: string | null
  photoSize: Size | null
  loadFailed: boolean
  /** What is measured, lower case, for the viewport's instruction. */
  subjectLabel: string
  onChangePhoto: () => void
}

/** The photo with its marks once it has opened; until then a note, or a way out when it cannot be opened. */
export function PhotoStage({ state, dispatch, url, photoSize, loadFailed, subjectLabel, onChangePhoto }: Props) {
  const { step } = state
  return (
    <div className={`flex ${step === 'result' ? 'min-h-[30dvh]' : 'min-h-[50dvh]'} flex-1 flex-col lg:min-h-0`}>
      {photoSize && url ? (
        <PhotoViewport
          key={url}
          src={url}
          image={photoSize}
          referencePoints={state.referencePoints}
          subjectPoints={step === 'reference' ? [] : state.subjectPoints}
          active={activeSet(step)}
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
              <Button variant="inverse" onClick={onChangePhoto}>
                Choose another photo
              </Button>
            </div>
          ) : (
            <p>Opening the photo…</p>
          )}
        </div>
      )}
    </div>
  )
}

function activeSet(step: Step): 'reference' | 'subject' | null {
  return step === 'reference' ? 'reference' : step === 'subject' ? 'subject' : null
}
