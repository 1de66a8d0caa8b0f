import { type PointerEvent, type RefObject, useRef, useState } from 'react'
import type { Point } from '#shared/measuring/index.ts'
import type { Frame, UpdateView } from './use-viewport-frame.ts'
import { clampToImage, panBy, type Size, toImage, zoomAt } from './viewport-math.ts'

/** A pointer that moves less than this between down and up is a click/tap that marks a point. */
const TAP_SLOP_PX = 5

type Tracked = { x: number; y: number; startX: number; startY: number; type: string }
type Gesture = 'none' | 'mark' | 'pan' | 'pinch'

type Options = {
  svgRef: RefObject<SVGSVGElement | null>
  frameRef: RefObject<Frame | null>
  image: Size
  update: UpdateView
  /** Every drag pans and nothing is marked (Move mode, or nothing to mark). */
  panOnly: boolean
  onPlace: (p: Point) => void
}

/**
 * Mouse: click marks, drag pans. Touch: one finger shows the loupe and marks where it lifts, two fingers pinch
 * and pan. Returns the loupe's position (screen px in the viewport, null when hidden) and the SVG's handlers.
 */
export function usePointerGestures({ svgRef, frameRef, image, update, panOnly, onPlace }: Options) {
  const [loupe, setLoupe] = useState<Point | null>(null)
  const pointers = useRef(new Map<number, Tracked>())
  const gesture = useRef<Gesture>('none')

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = svgRef.current?.getBoundingClientRect()
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) }
  }

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const { x, y } = local(event)
    pointers.current.set(event.pointerId, { x, y, startX: x, startY: y, type: event.pointerType })
    if (pointers.current.size === 1) {
      gesture.current = panOnly ? 'pan' : 'mark'
      if (gesture.current === 'mark' && event.pointerType !== 'mouse') setLoupe({ x, y })
    } else {
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
    if (gesture.current === 'mark' && !cancelled && current && pointers.current.size === 0) {
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
