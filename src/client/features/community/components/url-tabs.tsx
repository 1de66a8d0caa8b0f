import { type KeyboardEvent, useRef } from 'react'
import { useLocation } from 'wouter'
import { tabAfterKey } from '../tabs.ts'

export type TabOption<T extends string> = { value: T; label: string }

type Props<T extends string> = {
  /** names the tab list for screen readers */
  label: string
  tabs: readonly TabOption<T>[]
  value: T
  hrefOf: (tab: T) => string
  /** ids: `{idBase}-tab-{value}` and the panel `{idBase}-panel` */
  idBase: string
  /** the selected tab was pressed again (the feed goes back to its top and reads its first page again) */
  onReselect?: () => void
}

export const tabId = (idBase: string, value: string) => `${idBase}-tab-${value}`
export const panelId = (idBase: string) => `${idBase}-panel`

/**
 * Tabs whose choice lives in the URL (Back returns to the previous tab). The ARIA tabs pattern: one tab in the
 * Tab order, arrow keys, Home and End move between tabs and open them.
 */
export function UrlTabs<T extends string>({ label, tabs, value, hrefOf, idBase, onReselect }: Props<T>) {
  const [, navigate] = useLocation()
  const list = useRef<HTMLDivElement>(null)
  const values = tabs.map((t) => t.value)

  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(values, value, event.key)
    if (next === null) return
    event.preventDefault()
    navigate(hrefOf(next), { replace: true })
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(idBase, next))}`)?.focus()
  }

  return (
    <div
      ref={list}
      role="tablist"
      aria-label={label}
      onKeyDown={onKeyDown}
      className="flex gap-1 rounded-xl bg-stone-200/70 p-1"
    >
      {tabs.map((tab) => {
        const selected = tab.value === value
        return (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(idBase, tab.value)}
            aria-selected={selected}
            aria-controls={selected ? panelId(idBase) : undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => (selected ? onReselect?.() : navigate(hrefOf(tab.value)))}
            className={`h-9 flex-1 rounded-lg px-3 text-sm font-semibold whitespace-nowrap transition-colors ${
              selected ? 'bg-white text-stone-950 shadow-sm' : 'text-stone-700 hover:bg-white/60 hover:text-stone-950'
            }`}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}
