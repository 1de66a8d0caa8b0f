import type { Dispatch } from 'react'
import { Button } from '#client/components/button.tsx'
import { handlesOf } from './handles.ts'
import { PhotoViewport } from './photo-viewport.tsx'
import { usesCorners } from './reference-choice.ts'
import type { Step, ToolAction, ToolState } from './tool-state.ts'
import { PHOTO_LOAD_FAILED } from './use-tool-photo.ts'
import type { Highlight, MarkSets } from './viewport-marks.tsx'
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
          marks={marksOf(state)}
          highlight={highlightOf(state)}
          active={activeSet(step)}
          activeCount={activeCount(state)}
          handles={handlesOf(state)}
          onPlace={(point) => dispatch({ type: 'place', point })}
          onNudge={(dx, dy) => dispatch({ type: 'nudge', dx, dy, image: photoSize })}
          onUndo={() => dispatch({ type: 'undo' })}
          onClear={() => dispatch({ type: 'clear' })}
          onSelect={(index) => dispatch({ type: 'select', index })}
          onMoveHandle={(index, point) => dispatch({ type: 'move-handle', index, point })}
          onDropHandle={(index) => dispatch({ type: 'drop-handle', index })}
          instruction={
            step === 'reference'
              ? usesCorners(state)
                ? 'Mark the four corners of the card.'
                : 'Mark the two ends of the reference.'
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

/** The card's corners or the reference's ends, and the subject's path once it is being marked. */
function marksOf(state: ToolState): MarkSets {
  const corners = usesCorners(state)
  return {
    referencePoints: corners ? [] : state.referencePoints,
    corners: corners ? state.corners.map((c) => c.at) : [],
    subjectPoints: state.step === 'reference' ? [] : state.subjectPoints,
  }
}

function activeCount(state: ToolState): number {
  if (state.step === 'reference') return handlesOf(state).length
  return state.step === 'subject' ? state.subjectPoints.length : 0
}

/** The handle the arrow keys move (the last one unless one was picked), or the path's last point. */
function highlightOf(state: ToolState): Highlight {
  const count = activeCount(state)
  if (count === 0) return null
  if (state.step === 'subject') return { set: 'subjectPoints', index: count - 1 }
  const index = state.selected !== null && state.selected < count ? state.selected : count - 1
  return { set: usesCorners(state) ? 'corners' : 'referencePoints', index }
}

function activeSet(step: Step): 'reference' | 'subject' | null {
  return step === 'reference' ? 'reference' : step === 'subject' ? 'subject' : null
}
