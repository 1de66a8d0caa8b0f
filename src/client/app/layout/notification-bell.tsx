import Bell from 'lucide-react/icons/bell'
import { Suspense, useEffect, useId, useRef, useState } from 'react'
import { useNotificationStream, useNotifications } from '#client/features/notifications/api.ts'
import { badgeText, bellLabel } from '#client/features/notifications/badge.ts'
import { lazyWithPreload, preloadOnIntent } from '#client/lib/lazy.ts'

// The list's code (sentences, avatars, links) loads when the bell is reached for, not with every page.
const NotificationPanel = lazyWithPreload(() => import('#client/features/notifications/notification-panel.tsx'))

/**
 * The bell of docs/product.md §2: the unread count, live over Server-Sent Events, and a panel listing the groups.
 * A disclosure (button + panel), closed by Escape, a click outside, the button again, or opening a line.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const headingId = useId()
  const wrapper = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const list = useNotifications()
  const streamed = useNotificationStream()
  const unread = list.data?.unreadCount ?? streamed ?? 0

  useEffect(() => {
    if (!open) return
    function onPointerDown(event: PointerEvent) {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false)
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        setOpen(false)
        button.current?.focus()
      }
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [open])

  return (
    <div ref={wrapper} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        {...preloadOnIntent(NotificationPanel.preload)}
        className="relative inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-950"
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute top-0.5 right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </button>
      {open ? (
        <section
          id={panelId}
          aria-labelledby={headingId}
          className="fixed inset-x-2 top-[4.25rem] z-50 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96"
        >
          <Suspense
            fallback={
              <p role="status" className="px-4 py-8 text-center text-sm text-stone-700">
                <span id={headingId}>Loading notifications…</span>
              </p>
            }
          >
            <NotificationPanel headingId={headingId} onNavigate={() => setOpen(false)} />
          </Suspense>
        </section>
      ) : null}
    </div>
  )
}
