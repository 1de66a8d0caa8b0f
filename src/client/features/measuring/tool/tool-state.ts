import type { FoundReference, MeasureMode, Point, ReferenceKind } from '#shared/measuring/index.ts'
import {
  type Corner,
  type DetectKind,
  detected,
  dropHandle,
  LOOKING_FOR_CARD,
  LOOKING_FOR_QUARTER,
  moveHandle,
  selectHandle,
} from './handles.ts'
import { clear, finish, nudge, place, undo } from './marking.ts'
import { type ReferenceChoice, usesCorners } from './reference-choice.ts'
import { scaleOf } from './scale.ts'
import type { Size } from './viewport-math.ts'

export type Step = 'photo' | 'reference' | 'subject' | 'result'

export type DetectStatus = 'idle' | 'running' | 'found' | 'not-found'

export type ToolState = {
  step: Step
  reference: ReferenceChoice
  referencePoints: Point[]
  /** The card's corners: as marked until there are four, then in order around the card (orderCardCorners). */
  corners: Corner[]
  /** The handle (corner or reference end) the arrow keys move; null: the last one. */
  selected: number | null
  /** Whether the card and the quarter were looked for in this photo. */
  detection: Record<DetectKind, DetectStatus>
  /** The photo's natural size, once it has loaded. */
  image: Size | null
  mode: MeasureMode
  subjectPoints: Point[]
  /** The last thing that happened, for the live region. */
  message: string
}

export type ToolAction =
  | { type: 'photo-ready'; image?: Size }
  | { type: 'change-photo' }
  | { type: 'reference'; patch: Partial<ReferenceChoice> }
  | { type: 'place'; point: Point }
  | { type: 'nudge'; dx: number; dy: number; image: Size }
  | { type: 'select'; index: number }
  | { type: 'move-handle'; index: number; point: Point }
  | { type: 'drop-handle'; index: number }
  | { type: 'detect-start'; kind: DetectKind }
  | { type: 'detect-cancel'; kind: DetectKind }
  | { type: 'detected'; kind: DetectKind; found: FoundReference | null }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'to-subject' }
  | { type: 'mode'; mode: MeasureMode }
  | { type: 'finish-curve' }
  | { type: 'measure-again' }
  | { type: 'change-reference' }
  | { type: 'say'; message: string }

const NOT_LOOKED: Record<DetectKind, DetectStatus> = { 'credit-card': 'idle', quarter: 'idle' }

export function initialToolState(hasPhoto: boolean, kind: ReferenceKind = 'credit-card', curve = false): ToolState {
  return {
    step: hasPhoto ? 'reference' : 'photo',
    reference: { kind, edge: 'long', cardMode: 'corners', customText: '', customUnit: 'in' },
    referencePoints: [],
    corners: [],
    selected: null,
    detection: NOT_LOOKED,
    image: null,
    mode: curve ? 'curve' : 'straight',
    subjectPoints: [],
    message: '',
  }
}

/** What to look for in the photo now: the chosen card or quarter, once, and only while nothing is marked for it. */
export function detectionWanted(state: ToolState): DetectKind | null {
  if (state.step !== 'reference' || !state.image) return null
  const kind = usesCorners(state) ? 'credit-card' : state.reference.kind === 'quarter' ? 'quarter' : null
  if (!kind || (state.detection[kind] !== 'idle' && state.detection[kind] !== 'running')) return null
  const marked = kind === 'credit-card' ? state.corners.length : state.referencePoints.length
  return marked === 0 ? kind : null
}

function changeReference(state: ToolState, patch: Partial<ReferenceChoice>): ToolState {
  const reference = { ...state.reference, ...patch }
  const switched = reference.kind !== state.reference.kind || reference.cardMode !== state.reference.cardMode
  if (!switched) return { ...state, reference }
  // A search the member left behind no longer speaks for the photo: the live region must not keep saying it.
  const stale = state.message === LOOKING_FOR_CARD || state.message === LOOKING_FOR_QUARTER
  return { ...state, reference, selected: null, ...(stale ? { message: '' } : {}) }
}

export function toolReducer(state: ToolState, action: ToolAction): ToolState {
  switch (action.type) {
    case 'photo-ready':
      return {
        ...state,
        step: 'reference',
        referencePoints: [],
        corners: [],
        selected: null,
        detection: NOT_LOOKED,
        image: action.image ?? null,
        subjectPoints: [],
        message: 'Photo loaded',
      }
    case 'change-photo':
      return { ...initialToolState(false), reference: state.reference, mode: state.mode }
    case 'reference':
      return changeReference(state, action.patch)
    case 'place':
      return place(state, action.point)
    case 'nudge':
      return nudge(state, action.dx, action.dy, action.image)
    case 'select':
      return state.step === 'reference' ? selectHandle(state, action.index) : state
    case 'move-handle':
      return state.step === 'reference' ? moveHandle(state, action.index, action.point) : state
    case 'drop-handle':
      return state.step === 'reference' ? dropHandle(state, action.index) : state
    case 'detect-start':
      return {
        ...state,
        detection: { ...state.detection, [action.kind]: 'running' },
        message: action.kind === 'credit-card' ? LOOKING_FOR_CARD : LOOKING_FOR_QUARTER,
      }
    case 'detect-cancel':
      return state.detection[action.kind] === 'running'
        ? { ...state, detection: { ...state.detection, [action.kind]: 'idle' } }
        : state
    case 'detected':
      return detected(state, action.kind, action.found)
    case 'undo':
      return undo(state)
    case 'clear':
      return clear(state)
    case 'to-subject':
      return scaleOf(state)
        ? { ...state, step: 'subject', subjectPoints: [], selected: null, message: 'Reference set' }
        : state
    case 'mode':
      return state.mode === action.mode
        ? state
        : {
            ...state,
            mode: action.mode,
            subjectPoints: [],
            message: action.mode === 'curve' ? 'Curve mode' : 'Straight mode',
          }
    case 'finish-curve':
      return state.subjectPoints.length >= 2 ? finish(state, 'Measured') : state
    case 'measure-again':
      return { ...state, step: 'subject', subjectPoints: [], message: '' }
    case 'change-reference':
      return { ...state, step: 'reference', subjectPoints: [], message: '' }
    case 'say':
      return { ...state, message: action.message }
  }
}
