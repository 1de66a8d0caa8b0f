import type { Point } from '#shared/measuring/index.ts'
import { HALO, REFERENCE_COLOUR } from './viewport-colours.ts'

const LABEL_OFFSET_PX = 17

/** Where a corner's number goes: just outside the card, away from the middle of the corners. */
function labelAt(p: Point, corners: readonly Point[], unit: number): Point {
  const cx = corners.reduce((s, c) => s + c.x, 0) / corners.length
  const cy = corners.reduce((s, c) => s + c.y, 0) / corners.length
  const len = Math.hypot(p.x - cx, p.y - cy)
  const [ux, uy] = len > 0 ? [(p.x - cx) / len, (p.y - cy) / len] : [-Math.SQRT1_2, -Math.SQRT1_2]
  return { x: p.x + ux * LABEL_OFFSET_PX * unit, y: p.y + uy * LABEL_OFFSET_PX * unit }
}

const stroke = { vectorEffect: 'non-scaling-stroke', strokeLinejoin: 'round' } as const

/**
 * The card's corners as open rings (the photo shows through, so a corner can be set exactly) with their numbers (the
 * key that picks one), joined into its outline once all four are there: before, they are in the order tapped.
 */
export function CardOutline({
  corners,
  unit,
  highlight,
}: {
  corners: readonly Point[]
  /** Image pixels per screen pixel. */
  unit: number
  /** The selected corner, ringed; null for none. */
  highlight: number | null
}) {
  if (corners.length === 0) return null
  const d = `${corners.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x} ${p.y}`).join(' ')} Z`
  const ring = highlight !== null ? corners[highlight] : undefined
  return (
    <g data-testid="card-outline">
      {corners.length === 4 ? (
        <>
          <path d={d} fill="none" stroke={HALO} strokeOpacity={0.6} strokeWidth={4} {...stroke} />
          <path d={d} fill="none" stroke={REFERENCE_COLOUR} strokeWidth={1.5} {...stroke} />
        </>
      ) : null}
      {corners.map((p, i) => {
        const label = labelAt(p, corners, unit)
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a corner's number is its place in the list
          <g key={i}>
            <circle cx={p.x} cy={p.y} r={8 * unit} fill="none" stroke={HALO} strokeWidth={4.5} {...stroke} />
            <circle cx={p.x} cy={p.y} r={8 * unit} fill="none" stroke={REFERENCE_COLOUR} strokeWidth={2} {...stroke} />
            <circle
              cx={p.x}
              cy={p.y}
              r={1.3 * unit}
              fill={REFERENCE_COLOUR}
              stroke={HALO}
              strokeWidth={0.8}
              {...stroke}
            />
            <circle
              cx={label.x}
              cy={label.y}
              r={7.5 * unit}
              fill={REFERENCE_COLOUR}
              stroke={HALO}
              strokeWidth={1}
              {...stroke}
            />
            <text
              x={label.x}
              y={label.y}
              dy={3.8 * unit}
              textAnchor="middle"
              fontSize={11 * unit}
              fontWeight={700}
              fontFamily="system-ui, sans-serif"
              fill={HALO}
            >
              {i + 1}
            </text>
          </g>
        )
      })}
      {ring ? <SelectionRing at={ring} radius={14 * unit} colour={REFERENCE_COLOUR} /> : null}
    </g>
  )
}

/** The dashed ring round the mark the arrow keys move (a corner, an end, the path's last point). */
export function SelectionRing({ at, radius, colour }: { at: Point; radius: number; colour: string }) {
  return (
    <circle
      cx={at.x}
      cy={at.y}
      r={radius}
      fill="none"
      stroke={colour}
      strokeWidth={2}
      strokeDasharray="4 3"
      vectorEffect="non-scaling-stroke"
    />
  )
}
