import type { Point } from '#shared/measuring/index.ts'
import type { Frame } from './use-viewport-frame.ts'
import { HALO, REFERENCE_COLOUR, SUBJECT_COLOUR } from './viewport-colours.ts'
import { CardOutline, SelectionRing } from './viewport-corners.tsx'
import { type Size, toImage, type View } from './viewport-math.ts'

const LOUPE_PX = 144
const LOUPE_GAP = 36

/** What is drawn on the photo: the reference's ends or the card's corners, and the subject's path. */
export type MarkSets = {
  referencePoints: readonly Point[]
  corners: readonly Point[]
  subjectPoints: readonly Point[]
}

/** The mark ringed: the handle the arrow keys move, or the last point of the path. */
export type Highlight = { set: keyof MarkSets; index: number } | null

/** The reference (amber) and the subject's path (white), sized in screen pixels whatever the zoom. */
export function Marks({
  marks,
  unit,
  highlight,
}: {
  marks: MarkSets
  /** Image pixels per screen pixel. */
  unit: number
  highlight: Highlight
}) {
  const at = (set: keyof MarkSets) => (highlight?.set === set ? highlight.index : null)
  return (
    <g pointerEvents="none">
      <Path points={marks.referencePoints} colour={REFERENCE_COLOUR} unit={unit} highlight={at('referencePoints')} />
      <CardOutline corners={marks.corners} unit={unit} highlight={at('corners')} />
      <Path points={marks.subjectPoints} colour={SUBJECT_COLOUR} unit={unit} highlight={at('subjectPoints')} />
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
  highlight: number | null
}) {
  if (points.length === 0) return null
  const d = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')
  const ring = highlight !== null ? points[highlight] : undefined
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
      {ring ? <SelectionRing at={ring} radius={11 * unit} colour={colour} /> : null}
    </g>
  )
}

export function CentreCross({ view, box }: { view: View; box: Size }) {
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
export function Loupe({
  at,
  frame,
  src,
  image,
  marks,
}: {
  at: Point
  frame: Frame
  src: string
  image: Size
  marks: MarkSets
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
        <Marks marks={marks} unit={1 / zoom} highlight={null} />
      </svg>
      <svg aria-hidden="true" className="absolute inset-0" width={inner} height={inner}>
        <path d={cross} stroke={HALO} strokeWidth={3} />
        <path d={cross} stroke={REFERENCE_COLOUR} strokeWidth={1.5} />
      </svg>
    </div>
  )
}
