import {
  type Calibration,
  type CardEdge,
  calibrate,
  knownReferenceLengthIn,
  type LengthUnit,
  type MeasureMode,
  measure,
  type PhotoMeasureResult,
  type Point,
  parseCustomLength,
  type ReferenceKind,
  roundToEighth,
} from '#shared/measuring/index.ts'
import type { MeasuredValue, MeasuringTarget } from '../types.ts'

export type Step = 'photo' | 'reference' | 'subject' | 'result'

export type ReferenceChoice = { kind: ReferenceKind; edge: CardEdge; customText: string; customUnit: LengthUnit }

export type ToolState = {
  step: Step
  reference: ReferenceChoice
  referencePoints: Point[]
  mode: MeasureMode
  subjectPoints: Point[]
  /** The last thing that happened, for the live region. */
  message: string
}

/** A path longer than this is not being marked by hand any more. */
export const MAX_CURVE_POINTS = 200

export type ToolAction =
  | { type: 'photo-ready' }
  | { type: 'change-photo' }
  | { type: 'reference'; patch: Partial<ReferenceChoice> }
  | { type: 'place'; point: Point }
  | { type: 'nudge'; dx: number; dy: number; image: { width: number; height: number } }
  | { type: 'undo' }
  | { type: 'clear' }
  | { type: 'to-subject' }
  | { type: 'mode'; mode: MeasureMode }
  | { type: 'finish-curve' }
  | { type: 'measure-again' }
  | { type: 'change-reference' }
  | { type: 'say'; message: string }

export function initialToolState(hasPhoto: boolean, kind: ReferenceKind = 'credit-card', curve = false): ToolState {
  return {
    step: hasPhoto ? 'reference' : 'photo',
    reference: { kind, edge: 'long', customText: '', customUnit: 'in' },
    referencePoints: [],
    mode: curve ? 'curve' : 'straight',
    subjectPoints: [],
    message: '',
  }
}

export type ReferenceLength = { ok: true; lengthIn: number } | { ok: false; message: string }

export function referenceLength(choice: ReferenceChoice): ReferenceLength {
  if (choice.kind === 'custom') return parseCustomLength(choice.customText, choice.customUnit)
  return { ok: true, lengthIn: knownReferenceLengthIn(choice.kind, choice.edge) }
}

/** The photo's scale, once both ends of a reference of valid length are marked at different points. */
export function calibrationOf(state: ToolState): Calibration | null {
  const [a, b] = state.referencePoints
  const length = referenceLength(state.reference)
  if (!a || !b || !length.ok || (a.x === b.x && a.y === b.y)) return null
  return calibrate(a, b, length.lengthIn)
}

export function resultOf(state: ToolState): PhotoMeasureResult | null {
  const calibration = calibrationOf(state)
  if (state.step !== 'result' || !calibration) return null
  return measure(state.mode, state.subjectPoints, calibration)
}

function activeKey(state: ToolState): 'referencePoints' | 'subjectPoints' | null {
  if (state.step === 'reference') return 'referencePoints'
  if (state.step === 'subject') return 'subjectPoints'
  return null
}

function placed(count: number, what: 'end' | 'point'): string {
  return what === 'end' ? `Reference end ${count} placed` : `Point ${count} placed`
}

export function toolReducer(state: ToolState, action: ToolAction): ToolState {
  switch (action.type) {
    case 'photo-ready':
      return { ...state, step: 'reference', referencePoints: [], subjectPoints: [], message: 'Photo loaded' }
    case 'change-photo':
      return { ...state, step: 'photo', referencePoints: [], subjectPoints: [], message: '' }
    case 'reference':
      return { ...state, reference: { ...state.reference, ...action.patch } }
    case 'place': {
      const key = activeKey(state)
      if (!key) return state
      if (key === 'referencePoints') {
        if (state.referencePoints.length >= 2) {
          return { ...state, message: 'Both ends are marked: undo to mark one again' }
        }
        const referencePoints = [...state.referencePoints, action.point]
        return { ...state, referencePoints, message: placed(referencePoints.length, 'end') }
      }
      const limit = state.mode === 'straight' ? 2 : MAX_CURVE_POINTS
      if (state.subjectPoints.length >= limit) return state
      const subjectPoints = [...state.subjectPoints, action.point]
      if (state.mode === 'straight' && subjectPoints.length === 2) {
        return { ...state, subjectPoints, step: 'result', message: 'Point 2 placed. Measured' }
      }
      return { ...state, subjectPoints, message: placed(subjectPoints.length, 'point') }
    }
    case 'nudge': {
      const key = activeKey(state)
      const points = key ? state[key] : []
      const last = points[points.length - 1]
      if (!key || !last) return state
      const moved = {
        x: Math.min(action.image.width, Math.max(0, last.x + action.dx)),
        y: Math.min(action.image.height, Math.max(0, last.y + action.dy)),
      }
      return {
        ...state,
        [key]: [...points.slice(0, -1), moved],
        message: `Moved to ${Math.round(moved.x)}, ${Math.round(moved.y)}`,
      }
    }
    case 'undo': {
      const key = activeKey(state)
      if (!key || state[key].length === 0) return { ...state, message: 'Nothing to undo' }
      return { ...state, [key]: state[key].slice(0, -1), message: `Point ${state[key].length} removed` }
    }
    case 'clear': {
      const key = activeKey(state)
      if (!key) return state
      return { ...state, [key]: [], message: 'All points cleared' }
    }
    case 'to-subject':
      return calibrationOf(state) ? { ...state, step: 'subject', subjectPoints: [], message: 'Reference set' } : state
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
      return state.subjectPoints.length >= 2 ? { ...state, step: 'result', message: 'Measured' } : state
    case 'measure-again':
      return { ...state, step: 'subject', subjectPoints: [], message: '' }
    case 'change-reference':
      return { ...state, step: 'reference', subjectPoints: [], message: '' }
    case 'say':
      return { ...state, message: action.message }
  }
}

/** What 'Use this value' and 'Record a measurement' hand over; null before a result. */
export function measuredValue(
  state: ToolState,
  image: Blob | string | null,
  target?: MeasuringTarget,
): MeasuredValue | null {
  const calibration = calibrationOf(state)
  const result = resultOf(state)
  if (!result || !calibration || image === null) return null
  return {
    ...(target ? { field: target.field } : {}),
    valueIn: roundToEighth(result.valueIn),
    exactIn: result.valueIn,
    uncertaintyIn: result.uncertaintyIn,
    mode: result.mode,
    reference: { kind: state.reference.kind, lengthIn: calibration.lengthIn, pixels: calibration.pixels },
    points: state.subjectPoints.map((p) => ({ ...p })),
    image,
  }
}
