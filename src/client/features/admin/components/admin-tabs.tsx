import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react'

export type AdminTab<K extends string> = { key: K; label: string; badge?: number | undefined }

type Props<K extends string> = {
  label: string
  tabs: readonly AdminTab<K>[]
  selected: K
  onSelect: (key: K) => void
  /** the selected tab's panel */
  children: ReactNode
}

/**
 * Tabs (WAI-ARIA pattern, automatic activation): arrows, Home and End move between them. `children` is the
 * selected tab's panel.
 */
export function AdminTabs<K extends string>({ label, tabs, selected, onSelect, children }: Props<K>) {
  const base = useId()
  const refs = useRef(new Map<K, HTMLButtonElement>())
  const tabId = (key: K) => `${base}-tab-${key}`
  const panelId = `${base}-panel`

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((t) => t.key === selected)
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null
    const tab = next === null ? undefined : tabs[next]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.key)
    refs.current.get(tab.key)?.focus()
  }

  return (
    <div className="grid gap-6">
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-stone-200">
        {tabs.map((tab) => {
          const active = tab.key === selected
          return (
            <button
              key={tab.key}
              ref={(node) => {
                if (node) refs.current.set(tab.key, node)
                else refs.current.delete(tab.key)
              }}
              id={tabId(tab.key)}
              type="button"
              role="tab"
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              onKeyDown={onKeyDown}
              className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold ${active ? 'border-pine-700 text-pine-900' : 'border-transparent text-stone-700 hover:text-stone-950'}`}
            >
              {tab.label}
              {tab.badge ? (
                <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1.5 text-xs font-bold text-white">
                  {tab.badge}
                  <span className="sr-only"> open</span>
                </span>
              ) : null}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  )
}
