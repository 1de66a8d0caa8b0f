import { type KeyboardEvent, useRef } from 'react'
import { useLocation } from 'wouter'
import { paths } from '#client/app/paths.ts'
import { ACHIEVEMENT_TABS, type AchievementTab, tabAfterKey, tabHref } from '../achievement-views.ts'

export const TABS_ID = 'achievements'
export const tabId = (tab: AchievementTab) => `${TABS_ID}-tab-${tab}`
export const PANEL_ID = `${TABS_ID}-panel`

type Props = { value: AchievementTab; labels: Record<AchievementTab, string> }

/**
 * Earned, Available, In Progress, kept in the URL (Back returns to the previous tab). The ARIA tabs pattern: one
 * tab in the Tab order; arrow keys, Home and End move between tabs and open them.
 */
export function AchievementTabs({ value, labels }: Props) {
  const [, navigate] = useLocation()
  const list = useRef<HTMLDivElement>(null)
  const open = (tab: AchievementTab, replace = false) => navigate(tabHref(paths.achievements, tab), { replace })

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(value, event.key)
    if (!next) return
    event.preventDefault()
    open(next, true)
    list.current?.querySelector<HTMLElement>(`#${tabId(next)}`)?.focus()
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label="Achievements"
      onKeyDown={onKeyDown}
      className="flex gap-1 overflow-x-auto rounded-xl bg-stone-200/70 p-1"
    >
      {ACHIEVEMENT_TABS.map((tab) => {
        const selected = tab === value
        return (
          <button
            key={tab}
            type="button"
            role="tab"
            id={tabId(tab)}
            aria-selected={selected}
            aria-controls={selected ? PANEL_ID : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => (selected ? undefined : open(tab))}
            className={`h-9 flex-1 rounded-lg px-2 text-sm font-semibold whitespace-nowrap transition-colors ${
              selected ? 'bg-white text-stone-950 shadow-sm' : 'text-stone-700 hover:bg-white/60 hover:text-stone-950'
            }`}
          >
            {labels[tab]}
          </button>
        )
      })}
    </div>
  )
}
