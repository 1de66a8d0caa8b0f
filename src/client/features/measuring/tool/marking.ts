import type { Point } from '#shared/measuring/index.ts'
import { nudgeReference, placeCorner } from './handles.ts'
import { usesCorners } from './reference-choice.ts'
import { checkMeasurable } from './scale.ts'
import type { ToolState } from './tool-state.ts'
import type { Size } from './viewport-math.ts'

// Marking, undoing and nudging points: the reference's ends or the card's corners, then the subject's path.

/** A path longer than this is not being marked by hand any more. */
export const MAX_CURVE_POINTS = 200

function activeKey(state: ToolState): 'referencePoints' | 'subjectPoints' | null {
  if (state.step === 'reference') return 'referencePoints'
  if (state.step === 'subject') return 'subjectPoints'
  return null
}

function placed(count: number, what: 'end' | 'point'): string {
  return what === 'end' ? `Reference end ${count} placed` : `Point ${count} placed`
}

/** The path is complete: on to the result, unless it cannot be measured (a point beyond the card's horizon). */
export function finish(state: ToolState, message: string): ToolState {
  const problem = checkMeasurable(state)
  if (!problem) return { ...state, step: 'result', message }
  return { ...state, subjectPoints: state.subjectPoints.slice(0, -1), message: problem }
}

export function place(state: ToolState, point: Point): ToolState {
  const key = activeKey(state)
  if (!key) return state
  if (key === 'referencePoints') {
    if (usesCorners(state)) return placeCorner(state, point)
    if (state.referencePoints.length >= 2) {
      return { ...state, message: 'Both ends are marked: drag one to move it, or undo to mark it again' }
    }
    const referencePoints = [...state.referencePoints, point]
    return { ...state, referencePoints, selected: null, message: placed(referencePoints.length, 'end') }
  }
  const limit = state.mode === 'straight' ? 2 : MAX_CURVE_POINTS
  if (state.subjectPoints.length >= limit) return state
  const subjectPoints = [...state.subjectPoints, point]
  if (state.mode === 'straight' && subjectPoints.length === 2) {
    return finish({ ...state, subjectPoints }, 'Point 2 placed. Measured')
  }
  return { ...state, subjectPoints, message: placed(subjectPoints.length, 'point') }
}

/** Removes the last point; of four corners, the one selected (the last one marked or moved). */
export function undo(state: ToolState): ToolState {
  if (state.step === 'reference' && usesCorners(state)) {
    if (state.corners.length === 0) return { ...state, message: 'Nothing to undo' }
    const index = state.selected ?? state.corners.length - 1
    return {
      ...state,
      corners: state.corners.filter((_, i) => i !== index),
      selected: null,
      message: `Corner ${index + 1} removed`,
    }
  }
  const key = activeKey(state)
  if (!key || state[key].length === 0) return { ...state, message: 'Nothing to undo' }
  return { ...state, [key]: state[key].slice(0, -1), selected: null, message: `Point ${state[key].length} removed` }
}

export function clear(state: ToolState): ToolState {
  if (state.step === 'reference' && usesCorners(state)) {
    return { ...state, corners: [], selected: null, message: 'All corners cleared' }
  }
  const key = activeKey(state)
  return key ? { ...state, [key]: [], selected: null, message: 'All points cleared' } : state
}

export function nudge(state: ToolState, dx: number, dy: number, image: Size): ToolState {
  if (state.step === 'reference') return nudgeReference(state, dx, dy, image)
  const last = state.subjectPoints[state.subjectPoints.length - 1]
  if (state.step !== 'subject' || !last) return state
  const moved = {
    x: Math.min(image.width, Math.max(0, last.x + dx)),
    y: Math.min(image.height, Math.max(0, last.y + dy)),
  }
  return {
    ...state,
    subjectPoints: [...state.subjectPoints.slice(0, -1), moved],
    message: `Moved to ${Math.round(moved.x)}, ${Math.round(moved.y)}`,
  }
}
