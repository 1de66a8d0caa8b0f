import { type KeyboardEvent, useRef } from 'react'
import { LEADERBOARDS, type Leaderboard } from '#shared/achievements/constants.ts'
import { boardAfterKey } from '../board-views.ts'

export const BOARD_LABELS: Record<Leaderboard, string> = {
  points: 'Achievement Points',
  trophies: 'Trophy Count',
  species: 'Species Leaders',
}

export const boardTabId = (board: Leaderboard) => `leaderboard-tab-${board}`
export const BOARD_PANEL_ID = 'leaderboard-panel'

type Props = { value: Leaderboard; onSelect: (board: Leaderboard, replace: boolean) => void }

/**
 * docs/product.md §2 tabs: Achievement Points, Trophy Count, Species Leaders. The ARIA tabs pattern: one tab in the Tab
 * order; arrow keys, Home and End move between tabs and open them.
 */
export function BoardTabs({ value, onSelect }: Props) {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const next = boardAfterKey(LEADERBOARDS, value, event.key)
    if (next === null) return
    event.preventDefault()
    onSelect(next, true)
    list.current?.querySelector<HTMLElement>(`#${boardTabId(next)}`)?.focus()
  }
  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Leaderboards"
      onKeyDown={onKeyDown}
      className="grid grid-cols-3 gap-1 rounded-xl bg-stone-200/70 p-1"
    >
      {LEADERBOARDS.map((board) => {
        const selected = board === value
        return (
          <button
            key={board}
            type="button"
            role="tab"
            id={boardTabId(board)}
            aria-selected={selected}
            aria-controls={selected ? BOARD_PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => (selected ? undefined : onSelect(board, false))}
            className={`min-h-9 rounded-lg px-2 py-1.5 text-sm leading-tight font-semibold transition-colors sm:px-3 ${
              selected ? 'bg-white text-stone-950 shadow-sm' : 'text-stone-700 hover:bg-white/60 hover:text-stone-950'
            }`}
          >
            {BOARD_LABELS[board]}
          </button>
        )
      })}
    </div>
  )
}
