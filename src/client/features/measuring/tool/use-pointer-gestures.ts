import { type PointerEvent, type RefObject, useRef, useState } from 'react'
import type { Point } from '#shared/measuring/index.ts'
import type { Frame, UpdateView } from './use-viewport-frame.ts'
import { clampToImage, panBy, type Size, toImage, toScreen, zoomAt } from './viewport-math.ts'

/** A pointer that moves less than this between down and up is a click/tap that marks a point. */
const TAP_SLOP_PX = 5
/** How near a handle (screen px) a press grabs it: a fingertip needs more room than a mouse. */
const GRAB_PX = { mouse: 14, touch: 26 }

type Tracked = { x: number; y: number; startX: number; startY: number; type: string }
type Gesture = 'none' | 'mark' | 'pan' | 'pinch' | 'drag'
type Drag = { index: number; from: Point; moved: boolean }

type Options = {
  svgRef: RefObject<SVGSVGElement | null>
  frameRef: RefObject<Frame | null>
  image: Size
  update: UpdateView
  /** Every drag pans and nothing is marked (Move mode, or nothing to mark). */
  panOnly: boolean
  onPlace: (p: Point) => void
  /** Points that can be dragged (the card's corners, a reference's ends); a press near one grabs it. */
  handles: readonly Point[]
  onGrab: (index: number) => void
  onMoveHandle: (index: number, p: Point) => void
  onDropHandle: (index: number) => void
}

/**
 * Mouse: click marks, drag pans. Touch: one finger shows the loupe and marks where it lifts, two fingers pinch
 * and pan. A press on a handle drags it instead (by as much as the pointer moves, so a finger does not hide where it
 * goes; the loupe shows it). Returns the loupe's position (screen px in the viewport, null when hidden) and handlers.
 */
export function usePointerGestures(options: Options) {
  const { svgRef, frameRef, image, update, panOnly, onPlace } = options
  const [loupe, setLoupe] = useState<Point | null>(null)
  const pointers = useRef(new Map<number, Tracked>())
  const gesture = useRef<Gesture>('none')
  const drag = useRef<Drag | null>(null)

  /** The handle under a press, if any: the nearest within reach. */
  function grabbed(x: number, y: number, type: string): number | null {
    const view = frameRef.current?.view
    if (!view) return null
    const reach = type === 'mouse' ? GRAB_PX.mouse : GRAB_PX.touch
    let best: number | null = null
    let bestDistance = reach
    for (const [i, handle] of options.handles.entries()) {
      const s = toScreen(view, handle)
      const d = Math.hypot(s.x - x, s.y - y)
      if (d <= bestDistance) {
        best = i
        bestDistance = d
      }
    }
    return best
  }

  function endDrag() {
    const held = drag.current
    drag.current = null
    if (held?.moved) options.onDropHandle(held.index)
  }

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = svgRef.current?.getBoundingClientRect()
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) }
  }

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const { x, y } = local(event)
    pointers.current.set(event.pointerId, { x, y, startX: x, startY: y, type: event.pointerType })
    const handle = pointers.current.size === 1 && !panOnly ? grabbed(x, y, event.pointerType) : null
    const from = handle !== null ? options.handles[handle] : undefined
    if (handle !== null && from) {
      gesture.current = 'drag'
      drag.current = { index: handle, from, moved: false }
      options.onGrab(handle)
      const view = frameRef.current?.view
      if (event.pointerType !== 'mouse' && view) setLoupe(toScreen(view, from))
    } else if (pointers.current.size === 1) {
      gesture.current = panOnly ? 'pan' : 'mark'
      if (gesture.current === 'mark' && event.pointerType !== 'mouse') setLoupe({ x, y })
    } else {
      endDrag()
      gesture.current = 'pinch'
      setLoupe(null)
    }
  }

  function onPointerMove(event: PointerEvent<SVGSVGElement>) {
    const tracked = pointers.current.get(event.pointerId)
    if (!tracked) return
    const { x, y } = local(event)
    const others = [...pointers.current.entries()].filter(([id]) => id !== event.pointerId).map(([, p]) => p)
    const dx = x - tracked.x
    const dy = y - tracked.y
    const before = { x: tracked.x, y: tracked.y }
    tracked.x = x
    tracked.y = y
    if (gesture.current === 'pinch') {
      const other = others[0]
      if (!other) return
      const oldDistance = Math.hypot(before.x - other.x, before.y - other.y)
      const newDistance = Math.hypot(x - other.x, y - other.y)
      const factor = oldDistance > 0 ? newDistance / oldDistance : 1
      const mid = { x: (x + other.x) / 2, y: (y + other.y) / 2 }
      update((view, box) => panBy(zoomAt(view, factor, mid.x, mid.y, image, box), dx / 2, dy / 2, image, box))
      return
    }
    const held = drag.current
    const view = frameRef.current?.view
    if (gesture.current === 'drag' && held && view) {
      const dxs = x - tracked.startX
      const dys = y - tracked.startY
      if (!held.moved && Math.hypot(dxs, dys) <= TAP_SLOP_PX) return
      held.moved = true
      const to = clampToImage({ x: held.from.x + dxs / view.scale, y: held.from.y + dys / view.scale }, image)
      options.onMoveHandle(held.index, to)
      if (tracked.type !== 'mouse') setLoupe(toScreen(view, to))
      return
    }
    if (gesture.current === 'mark') {
      if (tracked.type === 'mouse') {
        if (Math.hypot(x - tracked.startX, y - tracked.startY) > TAP_SLOP_PX) {
          gesture.current = 'pan'
          update((view, box) => panBy(view, x - tracked.startX, y - tracked.startY, image, box))
        }
      } else {
        setLoupe({ x, y })
      }
      return
    }
    if (gesture.current === 'pan') update((view, box) => panBy(view, dx, dy, image, box))
  }

  function endPointer(event: PointerEvent<SVGSVGElement>, cancelled: boolean) {
    const tracked = pointers.current.get(event.pointerId)
    pointers.current.delete(event.pointerId)
    if (!tracked) return
    const current = frameRef.current
    if (gesture.current === 'drag') endDrag()
    else if (gesture.current === 'mark' && !cancelled && current && pointers.current.size === 0) {
      const { x, y } = local(event)
      onPlace(clampToImage(toImage(current.view, x, y), image))
    }
    setLoupe(null)
    // The finger left of a pinch pans; nothing is marked until every finger is up.
    gesture.current = pointers.current.size === 0 ? 'none' : 'pan'
  }

  return {
    loupe,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<SVGSVGElement>) => endPointer(event, false),
      onPointerCancel: (event: PointerEvent<SVGSVGElement>) => endPointer(event, true),
    },
  }
}
