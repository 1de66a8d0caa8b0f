import type { KeyboardEvent } from 'react'
import type { Point } from '#shared/measuring/index.ts'
import { type Frame, type UpdateView, ZOOM_STEP } from './use-viewport-frame.ts'
import { clampToImage, panBy, type Size, toImage } from './viewport-math.ts'

export const KEY_HELP =
  "Keyboard: Enter marks the centre of the view, arrow keys move the last point by one pixel (with Shift, ten), 1 to 4 pick which of the card's corners or the reference's ends the arrows move, Backspace undoes, plus and minus zoom, 0 fits the photo."

type KeyContext = {
  frame: Frame | null
  image: Size
  /** Which set is being marked; null when nothing can be marked. */
  active: 'reference' | 'subject' | null
  /** Whether that set has a point the arrows can nudge; without one they pan. */
  hasPoint: boolean
  /** How many handles 1, 2 … pick from (corners or ends); 0 when none can be picked. */
  handleCount: number
  onSelect: (index: number) => void
  update: UpdateView
  zoomCentre: (factor: number) => void
  fitPhoto: () => void
  onPlace: (p: Point) => void
  onNudge: (dx: number, dy: number) => void
  onUndo: () => void
}

/** The viewport's keys (KEY_HELP); the default action is prevented only for the keys it uses. */
export function handleViewportKey(event: KeyboardEvent<SVGSVGElement>, context: KeyContext) {
  const { frame, image, active, hasPoint, handleCount, update, zoomCentre, fitPhoto, onPlace, onNudge, onUndo } =
    context
  if (!frame) return
  const step = event.shiftKey ? 10 : 1
  const arrows: Record<string, [number, number]> = {
    ArrowLeft: [-step, 0],
    ArrowRight: [step, 0],
    ArrowUp: [0, -step],
    ArrowDown: [0, step],
  }
  const arrow = arrows[event.key]
  let handled = true
  if (arrow) {
    if (hasPoint) onNudge(arrow[0], arrow[1])
    else update((view, box) => panBy(view, -arrow[0] * 4, -arrow[1] * 4, image, box))
  } else if (event.key === 'Backspace' || event.key === 'Delete') onUndo()
  else if ((event.key === 'Enter' || event.key === ' ') && active) {
    onPlace(clampToImage(toImage(frame.view, frame.box.width / 2, frame.box.height / 2), image))
  } else if (event.key === '+' || event.key === '=') zoomCentre(ZOOM_STEP)
  else if (event.key === '-' || event.key === '_') zoomCentre(1 / ZOOM_STEP)
  else if (event.key === '0') fitPhoto()
  else if (/^[1-4]$/.test(event.key) && Number(event.key) <= handleCount) context.onSelect(Number(event.key) - 1)
  else handled = false
  if (handled) event.preventDefault()
}
