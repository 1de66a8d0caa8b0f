import Bot from 'lucide-react/icons/bot'
import RotateCcw from 'lucide-react/icons/rotate-ccw'
import SendHorizontal from 'lucide-react/icons/send-horizontal'
import X from 'lucide-react/icons/x'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { CHAT_LIMITS } from '#shared/assistant/constants.ts'
import { GREETING_ID } from './conversation.ts'
import { MessageBubble } from './message-bubble.tsx'
import { useConversation } from './use-conversation.ts'

export type ChatPanelProps = {
  open: boolean
  onClose: () => void
  userId: string
}

/** Phones: the panel covers the page's width, so opening an app page from a source closes it. */
const PHONE = '(max-width: 639px)'

/**
 * The 'Hunting Assistant' panel (384 × 500 px; the full width on phones, above the bottom bar).
 * A non-modal dialog: the page stays usable beside it; Escape and the close button close it. It stays mounted once
 * opened, so a reply that arrives while it is closed is there when it opens again.
 */
export default function ChatPanel({ open, onClose, userId }: ChatPanelProps) {
  const titleId = useId()
  const inputId = useId()
  const { messages, pending, send, restart } = useConversation(userId)
  const [input, setInput] = useState('')
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const logRef = useRef<HTMLDivElement>(null)
  const panelRef = useRef<HTMLElement>(null)

  // Opening moves the focus to the question.
  useEffect(() => {
    if (open) inputRef.current?.focus()
  }, [open])

  // A reply arrived: the input is enabled again and takes the focus back, unless the member went elsewhere.
  useEffect(() => {
    if (pending || !open) return
    const active = document.activeElement
    if (!active || active === document.body || panelRef.current?.contains(active)) inputRef.current?.focus()
  }, [pending, open])

  // The newest message (or the typing indicator) stays in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls when the log's content changes
  useEffect(() => {
    const log = logRef.current
    if (log && open) log.scrollTop = log.scrollHeight
  }, [messages, pending, open])

  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    if (send(input)) setInput('')
  }

  const onInputKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // docs/product.md §2: Enter sends; Shift+Enter starts a new line. Not while an IME is composing a word.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }

  const closeOnPhone = () => {
    if (window.matchMedia?.(PHONE).matches) onClose()
  }

  const blank = input.trim() === ''
  const started = messages.some((m) => m.id !== GREETING_ID)

  return (
    <section
      ref={panelRef}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      id="hunting-assistant"
      hidden={!open}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation()
          onClose()
        }
      }}
      className="fixed inset-x-2 bottom-[calc(5.25rem+env(safe-area-inset-bottom))] z-40 flex h-[min(500px,calc(100dvh-10.5rem))] flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-2xl sm:inset-x-auto sm:right-4 sm:w-96 md:right-6 md:bottom-6 md:h-[min(500px,calc(100dvh-6rem))] [&[hidden]]:hidden"
      data-testid="assistant-panel"
    >
      <header className="flex items-center gap-2 bg-pine-800 px-3 py-2.5 text-white">
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-white/15">
          <Bot className="size-5" aria-hidden="true" />
        </span>
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-base font-semibold">
          Hunting Assistant
        </h2>
        <button
          type="button"
          onClick={() => {
            restart()
            inputRef.current?.focus()
          }}
          disabled={pending || !started}
          aria-label="Start a new conversation"
          title="Start a new conversation"
          className="inline-flex size-9 items-center justify-center rounded-md text-white/90 hover:bg-white/15 hover:text-white disabled:opacity-50"
        >
          <RotateCcw className="size-4" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close Hunting Assistant"
          className="inline-flex size-9 items-center justify-center rounded-md text-white/90 hover:bg-white/15 hover:text-white"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation with the Hunting Assistant"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe)
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain px-3 py-4 outline-none focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:ring-inset"
      >
        {messages.map((message) => (
          <MessageBubble key={message.id} message={message} onAppLink={closeOnPhone} />
        ))}
        {pending ? <TypingIndicator /> : null}
      </div>

      <form onSubmit={submit} className="flex items-end gap-2 border-t border-stone-200 bg-white p-2.5">
        <label htmlFor={inputId} className="sr-only">
          Ask the Hunting Assistant
        </label>
        <textarea
          ref={inputRef}
          id={inputId}
          rows={2}
          value={input}
          maxLength={CHAT_LIMITS.messageChars}
          disabled={pending}
          onChange={(event) => setInput(event.target.value)}
          onKeyDown={onInputKeyDown}
          placeholder="Ask about scoring, species, regulations…"
          enterKeyHint="send"
          className="block max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 focus:border-pine-600 focus:ring-2 focus:ring-pine-600/30 focus:outline-none disabled:bg-stone-100 disabled:text-stone-500 sm:text-sm"
        />
        <button
          type="submit"
          disabled={pending || blank}
          aria-label="Send"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-pine-700 text-white hover:bg-pine-800 disabled:pointer-events-none disabled:opacity-60"
        >
          <SendHorizontal className="size-5" aria-hidden="true" />
        </button>
      </form>
    </section>
  )
}

/** docs/product.md §2: shown while a reply is pending. */
function TypingIndicator() {
  return (
    <div className="flex justify-start" data-testid="chat-typing">
      <div className="flex items-center gap-1 rounded-2xl rounded-bl-md bg-stone-100 px-3.5 py-3">
        <span className="sr-only">The Hunting Assistant is typing…</span>
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            aria-hidden="true"
            className="size-2 rounded-full bg-stone-500 motion-safe:animate-bounce"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </div>
    </div>
  )
}
