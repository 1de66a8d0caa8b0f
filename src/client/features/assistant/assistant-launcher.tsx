import MessageCircle from 'lucide-react/icons/message-circle'
import { type MouseEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useLatch } from '#client/lib/deferred.ts'
import { lazyWithPreload, preloadOnIntent } from '#client/lib/lazy.ts'

// The Hunting Assistant's button. The button is all the app shell carries: the panel, its
// conversation code and the chat contract load when the member reaches for the button, or at the first open.
const ChatPanel = lazyWithPreload(() => import('./chat-panel.tsx'))

const PANEL_ID = 'hunting-assistant'
const BUTTON_TEST_ID = 'assistant-button'

export type AssistantLauncherState = {
  open: boolean
  toggle: (event: MouseEvent<HTMLButtonElement>) => void
  close: () => void
}

/**
 * The panel's open state, shared by the two buttons the shell places (the header's on wide screens, the bottom
 * bar's on phones): a floating button would cover the page under it. Closing gives the focus back to the button
 * that opened the panel, or to whichever button is on screen now.
 */
export function useAssistantLauncher(): AssistantLauncherState {
  const [open, setOpen] = useState(false)
  const opener = useRef<HTMLButtonElement | null>(null)
  const wasOpen = useRef(false)

  useEffect(() => {
    if (wasOpen.current && !open) visibleButton(opener.current)?.focus()
    wasOpen.current = open
  }, [open])

  const toggle = useCallback((event: MouseEvent<HTMLButtonElement>) => {
    opener.current = event.currentTarget
    setOpen((o) => !o)
  }, [])
  const close = useCallback(() => setOpen(false), [])
  return { open, toggle, close }
}

function visibleButton(preferred: HTMLButtonElement | null): HTMLButtonElement | undefined {
  if (preferred?.isConnected && preferred.getClientRects().length > 0) return preferred
  const all = document.querySelectorAll<HTMLButtonElement>(`[data-testid="${BUTTON_TEST_ID}"]`)
  return Array.from(all).find((b) => b.getClientRects().length > 0)
}

type ButtonProps = { launcher: AssistantLauncherState; placement: 'header' | 'bar'; className?: string }

/** The button that opens (and closes) the panel: an icon in the header, or an item of the phone's bottom bar. */
export function AssistantButton({ launcher, placement, className = '' }: ButtonProps) {
  const look =
    placement === 'header'
      ? 'size-10 rounded-full text-stone-700 hover:bg-stone-100 hover:text-stone-950 aria-expanded:bg-pine-100 aria-expanded:text-pine-900'
      : 'flex-1 flex-col gap-0.5 py-2 text-xs font-medium text-stone-600 hover:text-stone-900 aria-expanded:text-pine-800'
  return (
    <button
      type="button"
      onClick={launcher.toggle}
      aria-label="Open Hunting Assistant"
      aria-haspopup="dialog"
      aria-expanded={launcher.open}
      aria-controls={launcher.open ? PANEL_ID : undefined}
      title="Hunting Assistant"
      className={`inline-flex items-center justify-center ${look} ${className}`}
      data-testid={BUTTON_TEST_ID}
      {...preloadOnIntent(ChatPanel.preload)}
    >
      <MessageCircle className={placement === 'bar' ? 'my-1 size-5' : 'size-5'} aria-hidden="true" />
      {placement === 'bar' ? 'Assistant' : null}
    </button>
  )
}

/** The panel, once the member has opened it: it stays mounted so a reply that arrives while closed is kept. */
export function AssistantPanel({ launcher, userId }: { launcher: AssistantLauncherState; userId: string }) {
  const opened = useLatch(launcher.open)
  if (!opened) return null
  return (
    <Suspense fallback={launcher.open ? <PanelLoading /> : null}>
      <ChatPanel open={launcher.open} onClose={launcher.close} userId={userId} />
    </Suspense>
  )
}

/** Where the panel appears, while its code arrives (the first open on a slow connection). */
function PanelLoading() {
  return (
    <div
      role="status"
      className="fixed inset-x-2 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-40 flex h-40 items-center justify-center rounded-2xl border border-stone-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:w-96 md:right-6 md:bottom-6"
    >
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-pine-200 border-t-pine-700 [animation-duration:0.8s]"
      />
      <span className="sr-only">Opening the Hunting Assistant</span>
    </div>
  )
}
