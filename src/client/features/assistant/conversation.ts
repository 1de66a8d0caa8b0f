import { CHAT_FAILURE_MESSAGE, CHAT_GREETING, CHAT_LIMITS, CHAT_SOURCE_KINDS } from '#shared/assistant/constants.ts'
import type { ChatSource, ChatTurn } from '#shared/schemas/assistant.ts'

// The Hunting Assistant's conversation as the widget holds it (docs/product.md §3 chat message: id, text, isUser, timestamp),
// what is sent with each question (recent turns, so follow-ups work), and how it is kept for the tab's session.

export type ChatMessage = {
  id: string
  text: string
  isUser: boolean
  /** ms since the epoch */
  timestamp: number
  /** Where an assistant answer came from (shown as small links under it). */
  sources?: ChatSource[]
  /** docs/product.md §8: the failure message shown for a failed request; never sent back as history. */
  failed?: true
}

export const GREETING_ID = 'greeting'

/** docs/product.md §2: the panel opens with the assistant's greeting. */
export function greeting(now: number): ChatMessage {
  return { id: GREETING_ID, text: CHAT_GREETING, isUser: false, timestamp: now }
}

/** docs/product.md §8: what the assistant says when a request fails (non-OK or no connection). */
export function failureMessage(id: string, now: number): ChatMessage {
  return { id, text: CHAT_FAILURE_MESSAGE, isUser: false, timestamp: now, failed: true }
}

/** docs/product.md §5: the text to send, trimmed; null when there is nothing to send (blank, or only spaces and new lines). */
export function sendableText(input: string): string | null {
  const text = input.trim()
  return text === '' ? null : text.slice(0, CHAT_LIMITS.messageChars)
}

/**
 * The earlier turns sent with a question, oldest first: the last CHAT_LIMITS.historyTurns of the conversation,
 * without the greeting, the failure messages and the questions they answered (the server never saw those
 * exchanges), each text cut to CHAT_LIMITS.turnChars.
 */
export function historyFor(messages: readonly ChatMessage[]): ChatTurn[] {
  const turns: ChatTurn[] = []
  for (const [i, message] of messages.entries()) {
    if (message.id === GREETING_ID || message.failed) continue
    if (message.isUser && messages[i + 1]?.failed) continue
    turns.push({ role: message.isUser ? 'user' : 'assistant', text: message.text.slice(0, CHAT_LIMITS.turnChars) })
  }
  return turns.slice(-CHAT_LIMITS.historyTurns)
}

// ---- the session's copy ----------------------------------------------------------------------------------------

const KEY_PREFIX = 'fieldmark.assistant.v1:'
/** What one tab keeps: enough to scroll back through a long session without filling sessionStorage. */
export const KEPT_MESSAGES = 100

export const storageKey = (userId: string) => `${KEY_PREFIX}${userId}`

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>

function isSource(value: unknown): value is ChatSource {
  if (!value || typeof value !== 'object') return false
  const { kind, title, href } = value as Record<string, unknown>
  return (
    (CHAT_SOURCE_KINDS as readonly unknown[]).includes(kind) &&
    typeof title === 'string' &&
    (href === undefined || typeof href === 'string')
  )
}

function isMessage(value: unknown): value is ChatMessage {
  if (!value || typeof value !== 'object') return false
  const m = value as Record<string, unknown>
  return (
    typeof m.id === 'string' &&
    typeof m.text === 'string' &&
    typeof m.isUser === 'boolean' &&
    typeof m.timestamp === 'number' &&
    (m.failed === undefined || m.failed === true) &&
    (m.sources === undefined || (Array.isArray(m.sources) && m.sources.every(isSource)))
  )
}

/** The member's conversation of this tab, or a new one with the greeting (nothing kept, or unreadable). */
export function loadConversation(storage: KeyValueStore | undefined, userId: string, now: number): ChatMessage[] {
  try {
    const raw = storage?.getItem(storageKey(userId))
    const parsed: unknown = raw ? JSON.parse(raw) : null
    if (Array.isArray(parsed) && parsed.length > 0 && parsed.every(isMessage)) return parsed
  } catch {
    // Blocked storage or a damaged copy: a new conversation.
  }
  return [greeting(now)]
}

/** Keeps the conversation for the tab's session (the greeting and the last KEPT_MESSAGES messages). */
export function saveConversation(storage: KeyValueStore | undefined, userId: string, messages: readonly ChatMessage[]) {
  const [first, ...rest] = messages
  const kept = first?.id === GREETING_ID ? [first, ...rest.slice(-KEPT_MESSAGES)] : messages.slice(-KEPT_MESSAGES)
  try {
    storage?.setItem(storageKey(userId), JSON.stringify(kept))
  } catch {
    // Full or blocked: the conversation still lives in the page until it is reloaded.
  }
}

/**
 * Drops the conversations of other members kept in this tab: after signing out and in as someone else, the new
 * member never sees the previous one's questions.
 */
export function forgetOtherConversations(storage: KeyValueStore | undefined, userId: string) {
  if (!storage) return
  try {
    const keys: string[] = []
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i)
      if (key?.startsWith(KEY_PREFIX) && key !== storageKey(userId)) keys.push(key)
    }
    for (const key of keys) storage.removeItem(key)
  } catch {
    // Blocked storage keeps nothing anyway.
  }
}

/** sessionStorage where the browser allows it (some privacy modes throw on access). */
export function sessionStore(): KeyValueStore | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

// ---- what a reply shows ----------------------------------------------------------------------------------------

/** A source's link: an app path opened by the router, an agency's web site in a new tab, or none (unsafe or odd). */
export type SourceLink = { kind: 'app'; path: string } | { kind: 'external'; url: string } | { kind: 'none' }

export function sourceLink(href: string | undefined): SourceLink {
  if (!href) return { kind: 'none' }
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return { kind: 'app', path: href }
  try {
    const url = new URL(href)
    if (url.protocol === 'https:' || url.protocol === 'http:') return { kind: 'external', url: url.href }
  } catch {
    // not a URL
  }
  return { kind: 'none' }
}

/** A reply's plain text as blocks: paragraphs (line breaks kept) and '- ' bullet lists. */
export type ReplyBlock = { kind: 'text'; lines: string[] } | { kind: 'list'; items: string[] }

const BULLET = /^\s*[-•*]\s+(.*)$/

export function replyBlocks(text: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = []
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line)
    const last = blocks.at(-1)
    if (bullet) {
      const item = bullet[1] ?? ''
      if (last?.kind === 'list') last.items.push(item)
      else blocks.push({ kind: 'list', items: [item] })
    } else if (line.trim() === '') {
      // A blank line ends a paragraph or a list.
      if (last && !(last.kind === 'text' && last.lines.length === 0)) blocks.push({ kind: 'text', lines: [] })
    } else if (last?.kind === 'text') {
      last.lines.push(line)
    } else {
      blocks.push({ kind: 'text', lines: [line] })
    }
  }
  return blocks.filter((b) => (b.kind === 'text' ? b.lines.length > 0 : b.items.length > 0))
}
