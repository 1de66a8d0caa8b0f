// The Hunting Assistant's constants (docs/product.md §2, §8, §9): no zod here, the chat panel imports them.

export const CHAT_LIMITS = {
  /** The question typed: trimmed, 1–2,000 characters. */
  messageChars: 2000,
  /** Recent turns sent with a message so follow-ups work ("and for P&Y?"); older ones are dropped by the client. */
  historyTurns: 10,
  /** One earlier turn's text (a long reply of ours is cut by the client to this). */
  turnChars: 4000,
} as const

/** docs/product.md §2: the greeting the panel opens with. */
export const CHAT_GREETING =
  "Hi! I'm your Hunting Assistant. I can help with trophy scoring, species identification, hunting regulations and general outdoor knowledge. What would you like to know?"

/** docs/product.md §8: what the assistant says when the request fails (non-OK or network). */
export const CHAT_FAILURE_MESSAGE = "I'm having trouble connecting right now. Please try again in a moment."
/** docs/product.md §8: the internal error message of a failed chat request. */
export const CHAT_FAILURE_INTERNAL = 'Failed to get response'

/** Where an answer came from, so a member can check it. */
export const CHAT_SOURCE_KINDS = [
  'species-guide',
  'scoring-rules',
  'fish-formula',
  'photo-method',
  'calculator',
  'my-records',
  'regulations',
] as const
export type ChatSourceKind = (typeof CHAT_SOURCE_KINDS)[number]
