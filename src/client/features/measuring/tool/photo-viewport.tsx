import Hand from 'lucide-react/icons/hand'
import Maximize from 'lucide-react/icons/maximize'
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click'
import Trash2 from 'lucide-react/icons/trash-2'
import Undo2 from 'lucide-react/icons/undo-2'
import ZoomIn from 'lucide-react/icons/zoom-in'
import ZoomOut from 'lucide-react/icons/zoom-out'
import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import type { Point } from '#shared/measuring/index.ts'
import { fitView, panBy, resizeView, type Size, toImage, type View, viewBoxOf, zoomAt } from './viewport-math.ts'

type Frame = { box: Size; view: View }

type Props = {
  src: string
  image: Size
  referencePoints: readonly Point[]
  subjectPoints: readonly Point[]
  /** Which set the user is marking now; null when nothing can be marked (the result). */
  active: 'reference' | 'subject' | null
  onPlace: (p: Point) => void
  onNudge: (dx: number, dy: number) => void
  onUndo: () => void
  onClear: () => void
  /** What the photo is for, read by screen readers with the viewport's name. */
  instruction: string
}

const LOUPE_PX = 144
const LOUPE_GAP = 36
/** A pointer that moves less than this between down and up is a click/tap that marks a point. */
const TAP_SLOP_PX = 5
const ZOOM_STEP = 1.5

type Tracked = { x: number; y: number; startX: number; startY: number; type: string }
type Gesture = 'none' | 'mark' | 'pan' | 'pinch'

/**
 * The photo in an SVG whose user units are the photo's own pixels (viewBox from the View), with the marks on
 * top. Mouse: click marks, drag pans, wheel zooms. Touch: one finger shows a loupe and marks where it lifts,
 * two fingers pinch and pan. Move mode: any drag pans and nothing is marked. Keyboard: see KEY_HELP.
 */
export function PhotoViewport(props: Props) {
  const { src, image, referencePoints, subjectPoints, active, onPlace, onNudge, onUndo, onClear, instruction } = props
  const boxRef = useRef<HTMLDivElement>(null)
  const svgRef = useRef<SVGSVGElement>(null)
  const [frame, setFrame] = useState<Frame | null>(null)
  const [moveMode, setMoveMode] = useState(false)
  const [loupe, setLoupe] = useState<Point | null>(null)
  const [keyboardFocus, setKeyboardFocus] = useState(false)
  const pointers = useRef(new Map<number, Tracked>())
  const gesture = useRef<Gesture>('none')
  const frameRef = useRef<Frame | null>(null)
  frameRef.current = frame
  const helpId = useId()

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
  }, [image])

  const update = useCallback(
    (change: (view: View, box: Size) => View) => setFrame((f) => (f ? { box: f.box, view: change(f.view, f.box) } : f)),
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
  }, [image, update])

  const local = (event: { clientX: number; clientY: number }) => {
    const rect = svgRef.current?.getBoundingClientRect()
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0) }
  }

  const clampToImage = (p: Point): Point => ({
    x: Math.min(image.width, Math.max(0, p.x)),
    y: Math.min(image.height, Math.max(0, p.y)),
  })

  function onPointerDown(event: PointerEvent<SVGSVGElement>) {
    if (event.pointerType === 'mouse' && event.button !== 0) return
    event.currentTarget.setPointerCapture?.(event.pointerId)
    const { x, y } = local(event)
    pointers.current.set(event.pointerId, { x, y, startX: x, startY: y, type: event.pointerType })
    if (pointers.current.size === 1) {
      gesture.current = moveMode || !active ? 'pan' : 'mark'
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
      onPlace(clampToImage(toImage(current.view, x, y)))
    }
    setLoupe(null)
    // The finger left of a pinch pans; nothing is marked until every finger is up.
    gesture.current = pointers.current.size === 0 ? 'none' : 'pan'
  }

  function onKeyDown(event: KeyboardEvent<SVGSVGElement>) {
    const current = frameRef.current
    if (!current) return
    const step = event.shiftKey ? 10 : 1
    const arrows: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    }
    const arrow = arrows[event.key]
    const hasPoint = (active === 'reference' ? referencePoints : active === 'subject' ? subjectPoints : []).length > 0
    let handled = true
    if (arrow) {
      if (hasPoint) onNudge(arrow[0], arrow[1])
      else update((view, box) => panBy(view, -arrow[0] * 4, -arrow[1] * 4, image, box))
    } else if (event.key === 'Backspace' || event.key === 'Delete') onUndo()
    else if ((event.key === 'Enter' || event.key === ' ') && active) {
      onPlace(clampToImage(toImage(current.view, current.box.width / 2, current.box.height / 2)))
    } else if (event.key === '+' || event.key === '=') zoomCentre(ZOOM_STEP)
    else if (event.key === '-' || event.key === '_') zoomCentre(1 / ZOOM_STEP)
    else if (event.key === '0') fitPhoto()
    else handled = false
    if (handled) event.preventDefault()
  }

  const view = frame?.view
  const activeCount = active === 'reference' ? referencePoints.length : active === 'subject' ? subjectPoints.length : 0

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="toolbar"
        aria-label="Photo tools"
        className="flex flex-wrap items-center gap-1 border-b border-stone-200 bg-white px-2 py-1.5"
      >
        <ToolButton label="Zoom in" onClick={() => zoomCentre(ZOOM_STEP)}>
          <ZoomIn className="size-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Zoom out" onClick={() => zoomCentre(1 / ZOOM_STEP)}>
          <ZoomOut className="size-5" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Fit" onClick={fitPhoto} text>
          <Maximize className="size-4" aria-hidden="true" />
        </ToolButton>
        <span className="mx-1 h-6 w-px bg-stone-200" aria-hidden="true" />
        <button
          type="button"
          aria-pressed={moveMode}
          onClick={() => setMoveMode((m) => !m)}
          className={`inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold transition-colors ${
            moveMode ? 'bg-pine-700 text-white hover:bg-pine-800' : 'text-stone-700 hover:bg-stone-100'
          }`}
        >
          {moveMode ? (
            <Hand className="size-4" aria-hidden="true" />
          ) : (
            <MousePointerClick className="size-4" aria-hidden="true" />
          )}
          Move
        </button>
        <span className="ml-auto" />
        <ToolButton label="Undo" onClick={onUndo} disabled={!active || activeCount === 0} text>
          <Undo2 className="size-4" aria-hidden="true" />
        </ToolButton>
        <ToolButton label="Clear" onClick={onClear} disabled={!active || activeCount === 0} text>
          <Trash2 className="size-4" aria-hidden="true" />
        </ToolButton>
      </div>
      <div ref={boxRef} className="relative min-h-0 flex-1 overflow-hidden bg-stone-800">
        <svg
          ref={svgRef}
          role="application"
          aria-label={`Photo. ${instruction}`}
          aria-describedby={helpId}
          aria-roledescription="measuring viewport"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: role="application" takes the keys that mark and nudge points
          tabIndex={0}
          data-view={view ? `${view.x} ${view.y} ${view.scale}` : undefined}
          viewBox={frame && view ? viewBoxOf(view, frame.box) : `0 0 ${image.width} ${image.height}`}
          preserveAspectRatio="none"
          className={`absolute inset-0 size-full touch-none select-none focus:outline-none focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-400 ${
            moveMode || !active ? 'cursor-grab' : 'cursor-crosshair'
          }`}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={(e) => endPointer(e, false)}
          onPointerCancel={(e) => endPointer(e, true)}
          onKeyDown={onKeyDown}
          onFocus={(e) => setKeyboardFocus(e.currentTarget.matches(':focus-visible'))}
          onBlur={() => setKeyboardFocus(false)}
          onContextMenu={(e) => e.preventDefault()}
        >
          <image href={src} x={0} y={0} width={image.width} height={image.height} preserveAspectRatio="none" />
          {view ? (
            <Marks
              referencePoints={referencePoints}
              subjectPoints={subjectPoints}
              unit={1 / view.scale}
              highlightLast={active}
            />
          ) : null}
          {keyboardFocus && frame && view && active ? <CentreCross view={view} box={frame.box} /> : null}
        </svg>
        {loupe && frame && view ? (
          <Loupe
            at={loupe}
            frame={frame}
            src={src}
            image={image}
            referencePoints={referencePoints}
            subjectPoints={subjectPoints}
          />
        ) : null}
      </div>
      <p id={helpId} className="sr-only">
        {KEY_HELP}
      </p>
    </div>
  )
}

export const KEY_HELP =
  'Keyboard: Enter marks the centre of the view, arrow keys move the last point by one pixel (with Shift, ten), Backspace undoes, plus and minus zoom, 0 fits the photo.'

function ToolButton({
  label,
  onClick,
  disabled,
  text,
  children,
}: {
  label: string
  onClick: () => void
  disabled?: boolean
  /** Shows the label beside the icon on wider screens; it is always the button's accessible name. */
  text?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="inline-flex h-10 min-w-10 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-stone-700 transition-colors hover:bg-stone-100 hover:text-stone-950 disabled:pointer-events-none disabled:opacity-50"
    >
      {children}
      {text ? (
        <span aria-hidden="true" className="hidden sm:inline">
          {label}
        </span>
      ) : null}
    </button>
  )
}

const REFERENCE_COLOUR = '#fbbf24' // amber-400
const SUBJECT_COLOUR = '#ffffff'
const HALO = '#0c0a09' // stone-950

/** The reference (amber) and the subject's path (white), sized in screen pixels whatever the zoom. */
function Marks({
  referencePoints,
  subjectPoints,
  unit,
  highlightLast,
}: {
  referencePoints: readonly Point[]
  subjectPoints: readonly Point[]
  /** Image pixels per screen pixel. */
  unit: number
  highlightLast: 'reference' | 'subject' | null
}) {
  return (
    <g pointerEvents="none">
      <Path points={referencePoints} colour={REFERENCE_COLOUR} unit={unit} highlight={highlightLast === 'reference'} />
      <Path points={subjectPoints} colour={SUBJECT_COLOUR} unit={unit} highlight={highlightLast === 'subject'} />
    </g>
  )
}

function Path({
  points,
  colour,
  unit,
  highlight,
}: {
  points: readonly Point[]
  colour: string
  unit: number
  highlight: boolean
}) {
  if (points.length === 0) return null
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')
  const last = points[points.length - 1] as Point
  return (
    <g>
      {points.length > 1 ? (
        <>
          <path
            d={d}
            fill="none"
            stroke={HALO}
            strokeOpacity={0.7}
            strokeWidth={5}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
          <path
            d={d}
            fill="none"
            stroke={colour}
            strokeWidth={2.5}
            vectorEffect="non-scaling-stroke"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        </>
      ) : null}
      {points.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: points are only appended and removed at the end
        <g key={i}>
          <circle
            cx={p.x}
            cy={p.y}
            r={6 * unit}
            fill={colour}
            stroke={HALO}
            strokeWidth={1.5}
            vectorEffect="non-scaling-stroke"
          />
          <circle cx={p.x} cy={p.y} r={1.2 * unit} fill={HALO} />
        </g>
      ))}
      {highlight ? (
        <circle
          cx={last.x}
          cy={last.y}
          r={11 * unit}
          fill="none"
          stroke={colour}
          strokeWidth={2}
          strokeDasharray="4 3"
          vectorEffect="non-scaling-stroke"
        />
      ) : null}
    </g>
  )
}

function CentreCross({ view, box }: { view: View; box: Size }) {
  const c = toImage(view, box.width / 2, box.height / 2)
  const arm = 14 / view.scale
  return (
    <g pointerEvents="none">
      {[HALO, REFERENCE_COLOUR].map((stroke, i) => (
        <path
          key={stroke}
          d={`M${c.x - arm} ${c.y} H${c.x + arm} M${c.x} ${c.y - arm} V${c.y + arm}`}
          stroke={stroke}
          strokeWidth={i === 0 ? 4 : 2}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </g>
  )
}

/** A round magnifier above the finger (below it near the top edge), with a crosshair at the finger's point. */
function Loupe({
  at,
  frame,
  src,
  image,
  referencePoints,
  subjectPoints,
}: {
  at: Point
  frame: Frame
  src: string
  image: Size
  referencePoints: readonly Point[]
  subjectPoints: readonly Point[]
}) {
  const centre = toImage(frame.view, at.x, at.y)
  const zoom = Math.min(Math.max(frame.view.scale * 3, 2), 16)
  const inner = LOUPE_PX - 8 // inside the 4 px border
  const span = inner / zoom
  const left = Math.min(Math.max(at.x - LOUPE_PX / 2, 4), frame.box.width - LOUPE_PX - 4)
  const above = at.y - LOUPE_PX - LOUPE_GAP
  const top = above >= 4 ? above : at.y + LOUPE_GAP
  const c = inner / 2
  const cross = `M${c - 18} ${c} H${c - 4} M${c + 4} ${c} H${c + 18} M${c} ${c - 18} V${c - 4} M${c} ${c + 4} V${c + 18}`
  return (
    <div
      data-testid="measuring-loupe"
      aria-hidden="true"
      className="pointer-events-none absolute overflow-hidden rounded-full border-4 border-white bg-stone-800 shadow-xl"
      style={{ left, top, width: LOUPE_PX, height: LOUPE_PX }}
    >
      <svg
        aria-hidden="true"
        viewBox={`${centre.x - span / 2} ${centre.y - span / 2} ${span} ${span}`}
        width={inner}
        height={inner}
        className="block"
      >
        <image href={src} x={0} y={0} width={image.width} height={image.height} preserveAspectRatio="none" />
        <Marks referencePoints={referencePoints} subjectPoints={subjectPoints} unit={1 / zoom} highlightLast={null} />
      </svg>
      <svg aria-hidden="true" className="absolute inset-0" width={inner} height={inner}>
        <path d={cross} stroke={HALO} strokeWidth={3} />
        <path d={cross} stroke={REFERENCE_COLOUR} strokeWidth={1.5} />
      </svg>
    </div>
  )
}
