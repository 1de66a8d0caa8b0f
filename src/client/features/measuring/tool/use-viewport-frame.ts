import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { fitView, resizeView, type Size, type View, zoomAt } from './viewport-math.ts'

export type Frame = { box: Size; view: View }
export type UpdateView = (change: (view: View, box: Size) => View) => void

export const ZOOM_STEP = 1.5

/**
 * The viewport's box (followed with a ResizeObserver) and the part of the photo it shows, with the wheel zooming
 * at the pointer. `frameRef` always holds the latest frame for event handlers that run between renders.
 */
export function useViewportFrame(
  boxRef: RefObject<HTMLDivElement | null>,
  svgRef: RefObject<SVGSVGElement | null>,
  image: Size,
) {
  const [frame, setFrame] = useState<Frame | null>(null)
  const frameRef = useRef<Frame | null>(null)
  frameRef.current = frame

  useLayoutEffect(() => {
    const el = boxRef.current
    if (!el) return
    const apply = (width: number, height: number) => {
      if (width < 1 || height < 1) return
      const box = { width, height }
      setFrame((f) => (f ? { box, view: resizeView(f.view, image, f.box, box) } : { box, view: fitView(image, box) }))
    }
    const rect = el.getBoundingClientRect()
    apply(rect.width, rect.height)
    const observer = new ResizeObserver(([entry]) => {
      if (entry) apply(entry.contentRect.width, entry.contentRect.height)
    })
    observer.observe(el)
    return () => observer.disconnect()
  }, [boxRef, image])

  const update: UpdateView = useCallback(
    (change) => setFrame((f) => (f ? { box: f.box, view: change(f.view, f.box) } : f)),
    [],
  )
  const zoomCentre = (factor: number) =>
    update((view, box) => zoomAt(view, factor, box.width / 2, box.height / 2, image, box))
  const fitPhoto = () => update((_, box) => fitView(image, box))

  // React's wheel listener is passive; a non-passive one can keep the page (and the dialog) from scrolling.
  useEffect(() => {
    const svg = svgRef.current
    if (!svg) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const rect = svg.getBoundingClientRect()
      const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY
      const factor = Math.exp(-delta * 0.002)
      update((view, box) => zoomAt(view, factor, event.clientX - rect.left, event.clientY - rect.top, image, box))
    }
    svg.addEventListener('wheel', onWheel, { passive: false })
    return () => svg.removeEventListener('wheel', onWheel)
  }, [svgRef, image, update])

  return { frame, frameRef, update, zoomCentre, fitPhoto }
}
