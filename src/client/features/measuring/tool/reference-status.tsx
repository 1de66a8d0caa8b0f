import LoaderCircle from 'lucide-react/icons/loader-circle'
import { Button } from '#client/components/button.tsx'
import { referenceEdgeText, SMALL_REFERENCE_WARNING } from '#shared/measuring/index.ts'
import { LOOKING_FOR_CARD, LOOKING_FOR_QUARTER, NO_CARD, NO_QUARTER } from './handles.ts'
import { placedTo, type Scale } from './scale.ts'
import type { ToolState } from './tool-state.ts'
import { Warning } from './warning.tsx'

// What the reference step says about the reference: whether it was found, how much of it is marked, its scale.
// First on a phone (order-first), where the sidebar is short and this is what the member needs to read.
const BOX = 'order-first rounded-xl bg-stone-100 p-3 text-sm text-stone-800 lg:order-none'

function Looking({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 font-semibold">
      <LoaderCircle className="size-4 shrink-0 animate-spin text-pine-700" aria-hidden="true" />
      {text}
    </p>
  )
}

type CornersProps = { state: ToolState; scale: Scale | null; onEnds: () => void }

/** The card's corners: being looked for, found (adjust them if need be), or to be marked by hand. */
export function CornersStatus({ state, scale, onEnds }: CornersProps) {
  const status = state.detection['credit-card']
  const count = state.corners.length
  const plane = scale?.method === 'plane' ? scale : null
  return (
    <>
      <div className={BOX}>
        {status === 'running' ? (
          <Looking text={LOOKING_FOR_CARD} />
        ) : count === 4 ? (
          <>
            <p className="font-semibold text-pine-800">{status === 'found' ? 'Card found' : 'Corners marked'}</p>
            <p className="mt-1">
              {status === 'found' ? 'Its four corners are marked. ' : ''}If one is off, drag it onto the corner
              (keyboard: press 1 to 4 on the photo, then the arrow keys).
            </p>
          </>
        ) : status === 'not-found' ? (
          <div className="grid justify-items-start gap-2">
            <p className="font-semibold">{NO_CARD}</p>
            <Button variant="outline" size="sm" onClick={onEnds}>
              Mark two ends instead
            </Button>
          </div>
        ) : (
          <p>Mark the card's four corners on the photo, in any order: click or tap each one.</p>
        )}
        <p className="mt-1 font-semibold">{count} of 4 corners marked</p>
        {plane ? (
          <p className="mt-1">
            Long sides {Math.round(plane.longSidePx)} px; corners placed to {placedTo(plane.cornerPx)}
          </p>
        ) : null}
      </div>
      {plane?.small ? <Warning text={SMALL_REFERENCE_WARNING} /> : null}
    </>
  )
}

/** Two ends of the reference: a quarter is looked for first; the scale once both are marked. */
export function EndsStatus({ state, scale }: { state: ToolState; scale: Scale | null }) {
  const { reference } = state
  const quarter = reference.kind === 'quarter' ? state.detection.quarter : null
  const marked = state.referencePoints.length
  const calibration = scale?.method === 'two-point' ? scale.calibration : null
  return (
    <>
      <div className={BOX}>
        {quarter === 'running' ? <Looking text={LOOKING_FOR_QUARTER} /> : null}
        {quarter === 'found' && marked === 2 ? (
          <p className="font-semibold text-pine-800">Quarter found: drag an end to adjust it.</p>
        ) : null}
        {quarter === 'not-found' ? <p className="font-semibold">{NO_QUARTER}.</p> : null}
        <p className={quarter && quarter !== 'idle' ? 'mt-1' : ''}>
          Mark {referenceEdgeText(reference.kind, reference.edge)} on the photo: click or tap one end, then the other.
        </p>
        <p className="mt-1 font-semibold">{marked} of 2 ends marked</p>
        {calibration ? (
          <p className="mt-1">
            {Math.round(calibration.pixels)} px across: {calibration.pixelsPerInch.toFixed(1)} px per inch
          </p>
        ) : null}
      </div>
      {calibration?.small ? <Warning text={SMALL_REFERENCE_WARNING} /> : null}
    </>
  )
}
