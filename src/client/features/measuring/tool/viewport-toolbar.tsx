import Hand from 'lucide-react/icons/hand'
import Maximize from 'lucide-react/icons/maximize'
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click'
import Trash2 from 'lucide-react/icons/trash-2'
import Undo2 from 'lucide-react/icons/undo-2'
import ZoomIn from 'lucide-react/icons/zoom-in'
import ZoomOut from 'lucide-react/icons/zoom-out'
import type { ReactNode } from 'react'

type Props = {
  onZoomIn: () => void
  onZoomOut: () => void
  onFit: () => void
  moveMode: boolean
  onToggleMove: () => void
  /** Whether there is a point of the set being marked to undo or clear. */
  canUndo: boolean
  onUndo: () => void
  onClear: () => void
}

/** The row above the photo: zoom, fit, the Move toggle, and undo/clear of the points being marked. */
export function ViewportToolbar({
  onZoomIn,
  onZoomOut,
  onFit,
  moveMode,
  onToggleMove,
  canUndo,
  onUndo,
  onClear,
}: Props) {
  return (
    <div
      role="toolbar"
      aria-label="Photo tools"
      className="flex flex-wrap items-center gap-1 border-b border-stone-200 bg-white px-2 py-1.5"
    >
      <ToolButton label="Zoom in" onClick={onZoomIn}>
        <ZoomIn className="size-5" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Zoom out" onClick={onZoomOut}>
        <ZoomOut className="size-5" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Fit" onClick={onFit} text>
        <Maximize className="size-4" aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 h-6 w-px bg-stone-200" aria-hidden="true" />
      <button
        type="button"
        aria-pressed={moveMode}
        onClick={onToggleMove}
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
      <ToolButton label="Undo" onClick={onUndo} disabled={!canUndo} text>
        <Undo2 className="size-4" aria-hidden="true" />
      </ToolButton>
      <ToolButton label="Clear" onClick={onClear} disabled={!canUndo} text>
        <Trash2 className="size-4" aria-hidden="true" />
      </ToolButton>
    </div>
  )
}

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
