import Bell from 'lucide-react/icons/bell'
import { useEffect, useId, useRef, useState } from 'react'

/**
 * The bell of spec §2. There is no notifications API yet, so it opens a small panel that says so.
 * A disclosure (button + panel), closed by Escape, a click outside, or the button again.
 */
export function NotificationBell() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const wrapper = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)

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
        aria-label="Notifications"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex size-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-950"
      >
        <Bell className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <section
          id={panelId}
          aria-label="Notifications"
          className="absolute right-0 z-50 mt-2 w-72 rounded-xl border border-stone-200 bg-white p-4 shadow-lg"
        >
          <h2 className="text-sm font-semibold text-stone-900">Notifications</h2>
          <p className="mt-3 text-sm text-stone-700">No notifications yet</p>
          <p className="mt-1 text-xs text-stone-600">Likes, comments, follows and achievements will show up here.</p>
        </section>
      ) : null}
    </div>
  )
}
