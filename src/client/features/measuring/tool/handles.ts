import {
  CLICK_ERROR_PX,
  type FoundReference,
  orderCardCorners,
  PlaneGeometryError,
  type Point,
} from '#shared/measuring/index.ts'
import { usesCorners } from './reference-choice.ts'
import type { ToolState } from './tool-state.ts'
import type { Size } from './viewport-math.ts'

// The reference step's handles: the card's four corners (found or marked, then dragged or nudged), or the two ends of
// a reference. Pure state changes; the reducer in tool-state.ts calls them.

export type DetectKind = FoundReference['kind']

/** A corner of the card and how well it is placed, in the photo's pixels (the detector's fit, or a click's). */
export type Corner = { at: Point; errorPx: number }

export const LOOKING_FOR_CARD = 'Looking for the card…'
export const LOOKING_FOR_QUARTER = 'Looking for the quarter…'
export const CARD_FOUND = 'Card found. Drag a corner to adjust it'
export const NO_CARD = 'No card found in this photo. Mark its four corners, or mark two ends instead.'
export const QUARTER_FOUND = 'Quarter found: the two ends of its diameter are marked. Drag one to adjust it'
export const NO_QUARTER = 'No quarter found; mark the two ends of its diameter'
export const NOT_A_CARD = 'the four corners do not outline a card: drag the one that is off'

/** What the search for the reference says: the reference step's status box shows it, so it is not repeated below. */
export const DETECTION_MESSAGES: ReadonlySet<string> = new Set([
  LOOKING_FOR_CARD,
  LOOKING_FOR_QUARTER,
  CARD_FOUND,
  NO_CARD,
  QUARTER_FOUND,
  NO_QUARTER,
])

/** The detector's corner error, kept to what a stored photo measurement may say (0 < error ≤ 50 px). */
const MIN_CORNER_ERROR_PX = 0.1
const MAX_CORNER_ERROR_PX = 50

/** The points the member can drag and nudge now: the card's corners or the reference's two ends. */
export function handlesOf(state: ToolState): readonly Point[] {
  if (state.step !== 'reference') return []
  return usesCorners(state) ? state.corners.map((c) => c.at) : state.referencePoints
}

const handleName = (state: ToolState, index: number) =>
  usesCorners(state) ? `Corner ${index + 1}` : `Reference end ${index + 1}`

/** Four corners in order around the card (long side first), or the reason they cannot be. */
function ordered(corners: Corner[], image: Size | null): Corner[] | string {
  // Without the photo's size (never in the tool), the corners' own extent stands in for it.
  const size = image ?? {
    width: Math.max(...corners.map((c) => c.at.x)),
    height: Math.max(...corners.map((c) => c.at.y)),
  }
  try {
    const order = orderCardCorners(
      corners.map((c) => c.at),
      size,
    )
    return order.map((p) => corners.find((c) => c.at === p) as Corner)
  } catch (error) {
    if (!(error instanceof PlaneGeometryError)) throw error
    return error.problem === 'small' ? error.message.charAt(0).toLowerCase() + error.message.slice(1) : NOT_A_CARD
  }
}

export function placeCorner(state: ToolState, point: Point): ToolState {
  if (state.corners.length >= 4) {
    return { ...state, message: 'All four corners are marked: drag one to move it, or undo to mark it again' }
  }
  const mark: Corner = { at: point, errorPx: CLICK_ERROR_PX }
  const corners = [...state.corners, mark]
  if (corners.length < 4) return { ...state, corners, selected: null, message: `Corner ${corners.length} placed` }
  const inOrder = ordered(corners, state.image)
  if (typeof inOrder === 'string') return { ...state, corners, selected: 3, message: `Corner 4 placed, but ${inOrder}` }
  return {
    ...state,
    corners: inOrder,
    selected: inOrder.indexOf(mark),
    message: 'Corner 4 placed. All four corners are marked',
  }
}

export function selectHandle(state: ToolState, index: number): ToolState {
  if (index < 0 || index >= handlesOf(state).length) return state
  return { ...state, selected: index, message: `${handleName(state, index)} selected: the arrow keys move it` }
}

/** A handle dragged to `point`: a corner the member placed is good to a click, whatever the detector said. */
export function moveHandle(state: ToolState, index: number, point: Point): ToolState {
  if (usesCorners(state)) {
    if (!state.corners[index]) return state
    const corners = state.corners.map((c, i) => (i === index ? { at: point, errorPx: CLICK_ERROR_PX } : c))
    return { ...state, corners, selected: index }
  }
  if (!state.referencePoints[index]) return state
  return { ...state, referencePoints: state.referencePoints.map((p, i) => (i === index ? point : p)), selected: index }
}

/** The end of a drag: four corners are put in order again, since a corner may have been dragged past another. */
export function dropHandle(state: ToolState, index: number): ToolState {
  const point = handlesOf(state)[index]
  if (!point) return state
  const where = `${Math.round(point.x)}, ${Math.round(point.y)}`
  if (!usesCorners(state)) return { ...state, message: `${handleName(state, index)} moved to ${where}` }
  const moved = state.corners[index] as Corner
  const inOrder = state.corners.length === 4 ? ordered(state.corners, state.image) : state.corners
  if (typeof inOrder === 'string') return { ...state, message: `Corner ${index + 1} moved, but ${inOrder}` }
  const now = inOrder.indexOf(moved)
  return { ...state, corners: inOrder, selected: now, message: `Corner ${now + 1} moved to ${where}` }
}

/** The arrow keys move the selected handle (the last one when none is), by whole photo pixels, inside the photo. */
export function nudgeReference(state: ToolState, dx: number, dy: number, image: Size): ToolState {
  const handles = handlesOf(state)
  const index = state.selected !== null && state.selected < handles.length ? state.selected : handles.length - 1
  const at = handles[index]
  if (!at) return state
  const moved = {
    x: Math.min(image.width, Math.max(0, at.x + dx)),
    y: Math.min(image.height, Math.max(0, at.y + dy)),
  }
  const where = `${Math.round(moved.x)}, ${Math.round(moved.y)}`
  const next = moveHandle(state, index, moved)
  return { ...next, message: usesCorners(state) ? `Corner ${index + 1} moved to ${where}` : `Moved to ${where}` }
}

/**
 * What the detector found, in the photo's natural pixels. It is used only while the tool is still waiting for it
 * and nothing has been marked by hand meanwhile; otherwise the member's marks stand.
 */
export function detected(state: ToolState, kind: DetectKind, found: FoundReference | null): ToolState {
  if (state.detection[kind] !== 'running') return state
  const status = (s: ToolState['detection'][DetectKind]) => ({ ...state.detection, [kind]: s })
  if (!found || found.kind !== kind) {
    return { ...state, detection: status('not-found'), message: kind === 'credit-card' ? NO_CARD : NO_QUARTER }
  }
  if (found.kind === 'credit-card') {
    if (state.corners.length > 0) return { ...state, detection: status('idle') }
    const errorPx = Math.min(MAX_CORNER_ERROR_PX, Math.max(MIN_CORNER_ERROR_PX, found.cornerErrorPx))
    const corners = found.corners.map((at) => ({ at: { x: at.x, y: at.y }, errorPx }))
    return { ...state, corners, selected: null, detection: status('found'), message: CARD_FOUND }
  }
  if (state.referencePoints.length > 0) return { ...state, detection: status('idle') }
  const [a, b] = found.corners
  return {
    ...state,
    referencePoints: [{ ...a }, { ...b }],
    selected: null,
    detection: status('found'),
    message: QUARTER_FOUND,
  }
}
