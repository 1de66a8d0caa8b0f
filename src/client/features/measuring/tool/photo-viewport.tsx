import { useId, useRef, useState } from 'react'
import type { Point } from '#shared/measuring/index.ts'
import { usePointerGestures } from './use-pointer-gestures.ts'
import { useViewportFrame, ZOOM_STEP } from './use-viewport-frame.ts'
import { handleViewportKey, KEY_HELP } from './viewport-keys.ts'
import { CentreCross, type Highlight, Loupe, type MarkSets, Marks } from './viewport-marks.tsx'
import { type Size, viewBoxOf } from './viewport-math.ts'
import { ViewportToolbar } from './viewport-toolbar.tsx'

type Props = {
  src: string
  image: Size
  marks: MarkSets
  highlight: Highlight
  /** Which set the user is marking now; null when nothing can be marked (the result). */
  active: 'reference' | 'subject' | null
  /** How many points the set being marked has (for Undo and the arrow keys). */
  activeCount: number
  /** The points that can be dragged now, and picked with 1–4 for the arrow keys. */
  handles: readonly Point[]
  onPlace: (p: Point) => void
  onNudge: (dx: number, dy: number) => void
  onUndo: () => void
  onClear: () => void
  onSelect: (index: number) => void
  onMoveHandle: (index: number, p: Point) => void
  onDropHandle: (index: number) => void
  /** What the photo is for, read by screen readers with the viewport's name. */
  instruction: string
}

/**
 * The photo in an SVG whose user units are the photo's own pixels (viewBox from the View), with the marks on
 * top. Mouse: click marks, drag pans, wheel zooms. Touch: one finger shows a loupe and marks where it lifts,
 * two fingers pinch and pan. Move mode: any drag pans and nothing is marked. Keyboard: see KEY_HELP.
 */
export function PhotoViewport(props: Props) {
  const { src, image, marks, highlight, active, activeCount, handles, onPlace, onNudge, onUndo, onClear } = props
  const boxRef = useRef<HTMLDivElement>(null)
  const svgRef = useRef<SVGSVGElement>(null)
  const [moveMode, setMoveMode] = useState(false)
  const [keyboardFocus, setKeyboardFocus] = useState(false)
  const helpId = useId()
  const { frame, frameRef, update, zoomCentre, fitPhoto } = useViewportFrame(boxRef, svgRef, image)
  const panOnly = moveMode || !active
  const { loupe, handlers } = usePointerGestures({
    svgRef,
    frameRef,
    image,
    update,
    panOnly,
    onPlace,
    handles,
    onGrab: props.onSelect,
    onMoveHandle: props.onMoveHandle,
    onDropHandle: props.onDropHandle,
  })
  const view = frame?.view

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <ViewportToolbar
        onZoomIn={() => zoomCentre(ZOOM_STEP)}
        onZoomOut={() => zoomCentre(1 / ZOOM_STEP)}
        onFit={fitPhoto}
        moveMode={moveMode}
        onToggleMove={() => setMoveMode((m) => !m)}
        canUndo={active !== null && activeCount > 0}
        onUndo={onUndo}
        onClear={onClear}
      />
      <div ref={boxRef} className="relative min-h-0 flex-1 overflow-hidden bg-stone-800">
        <svg
          ref={svgRef}
          role="application"
          aria-label={`Photo. ${props.instruction}`}
          aria-describedby={helpId}
          aria-roledescription="measuring viewport"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: role="application" takes the keys that mark and nudge points
          tabIndex={0}
          data-view={view ? `${view.x} ${view.y} ${view.scale}` : undefined}
          viewBox={frame && view ? viewBoxOf(view, frame.box) : `0 0 ${image.width} ${image.height}`}
          preserveAspectRatio="none"
          className={`absolute inset-0 size-full touch-none select-none focus:outline-none focus-visible:outline-4 focus-visible:-outline-offset-4 focus-visible:outline-amber-400 ${
            panOnly ? 'cursor-grab' : 'cursor-crosshair'
          }`}
          {...handlers}
          onKeyDown={(event) =>
            handleViewportKey(event, {
              frame: frameRef.current,
              image,
              active,
              hasPoint: activeCount > 0,
              handleCount: handles.length,
              onSelect: props.onSelect,
              update,
              zoomCentre,
              fitPhoto,
              onPlace,
              onNudge,
              onUndo,
            })
          }
          onFocus={(e) => setKeyboardFocus(e.currentTarget.matches(':focus-visible'))}
          onBlur={() => setKeyboardFocus(false)}
          onContextMenu={(e) => e.preventDefault()}
        >
          <image href={src} x={0} y={0} width={image.width} height={image.height} preserveAspectRatio="none" />
          {view ? <Marks marks={marks} unit={1 / view.scale} highlight={highlight} /> : null}
          {keyboardFocus && frame && view && active ? <CentreCross view={view} box={frame.box} /> : null}
        </svg>
        {loupe && frame && view ? <Loupe at={loupe} frame={frame} src={src} image={image} marks={marks} /> : null}
      </div>
      <p id={helpId} className="sr-only">
        {KEY_HELP}
      </p>
    </div>
  )
}
