import MessageCircle from 'lucide-react/icons/message-circle'
import { Suspense, useEffect, useRef, useState } from 'react'
import { useLatch } from '../../lib/deferred.ts'
import { lazyWithPreload, preloadOnIntent } from '../../lib/lazy.ts'

// The Hunting Assistant's floating button (issue 7, spec §2). The button is all the app shell carries: the panel,
// its conversation code and the chat contract load when the member reaches for the button, or at the first open.
const ChatPanel = lazyWithPreload(() => import('./chat-panel.tsx'))

/** The round button at the bottom right (above the phone's bottom bar) and, once opened, the panel. */
export function AssistantLauncher({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false)
  const opened = useLatch(open)
  const button = useRef<HTMLButtonElement>(null)
  const wasOpen = useRef(false)

  // Closing gives the focus back to the button.
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus()
    wasOpen.current = open
  }, [open])

  return (
    <>
      <button
        ref={button}
        type="button"
        hidden={open}
        onClick={() => setOpen(true)}
        aria-label="Open Hunting Assistant"
        aria-haspopup="dialog"
        aria-controls={opened ? 'hunting-assistant' : undefined}
        title="Hunting Assistant"
        className="fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 inline-flex size-14 items-center justify-center rounded-full bg-pine-700 text-white shadow-lg ring-4 ring-white/70 hover:bg-pine-800 md:right-6 md:bottom-6 [&[hidden]]:hidden"
        data-testid="assistant-button"
        {...preloadOnIntent(ChatPanel.preload)}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </button>
      {opened ? (
        <Suspense fallback={open ? <PanelLoading /> : null}>
          <ChatPanel open={open} onClose={() => setOpen(false)} userId={userId} />
        </Suspense>
      ) : null}
    </>
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
