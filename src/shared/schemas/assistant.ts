import { z } from 'zod'

// The Hunting Assistant's contract (issue 7, spec §2 chat widget, §7 POST /api/chat, §8 chat failure). The spec's
// `{message} → {reply}` holds; `history`, `sources` and `answeredBy` are ours, all optional for the client.

export const CHAT_LIMITS = {
  /** The question typed: trimmed, 1–2,000 characters. */
  messageChars: 2000,
  /** Recent turns sent with a message so follow-ups work ("and for P&Y?"); older ones are dropped by the client. */
  historyTurns: 10,
  /** One earlier turn's text (a long reply of ours is cut by the client to this). */
  turnChars: 4000,
} as const

/** Spec §2: the greeting the panel opens with. */
export const CHAT_GREETING =
  "Hi! I'm your Hunting Assistant. I can help with trophy scoring, species identification, hunting regulations and general outdoor knowledge. What would you like to know?"

/** Spec §8: what the assistant says when the request fails (non-OK or network). */
export const CHAT_FAILURE_MESSAGE = "I'm having trouble connecting right now. Please try again in a moment."
/** Spec §8: the internal error message of a failed chat request. */
export const CHAT_FAILURE_INTERNAL = 'Failed to get response'

export const ChatTurnSchema = z.object({
  role: z.enum(['user', 'assistant'], { error: 'history.role must be user or assistant' }),
  text: z
    .string({ error: 'history.text is required' })
    .max(CHAT_LIMITS.turnChars, `history.text must be at most ${CHAT_LIMITS.turnChars} characters`),
})
export type ChatTurn = z.infer<typeof ChatTurnSchema>

export const ChatRequestSchema = z.object({
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message must not be empty')
    .max(CHAT_LIMITS.messageChars, `message must be at most ${CHAT_LIMITS.messageChars} characters`),
  /** Earlier turns of this conversation, oldest first, without the message itself. */
  history: z
    .array(ChatTurnSchema)
    .max(CHAT_LIMITS.historyTurns, `history must hold at most ${CHAT_LIMITS.historyTurns} turns`)
    .optional(),
})
export type ChatRequest = z.infer<typeof ChatRequestSchema>

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

export const ChatSourceSchema = z.object({
  kind: z.enum(CHAT_SOURCE_KINDS),
  /** What a person reads: 'Species Guide: Largemouth Bass', 'Boone & Crockett scoring rules', 'Your measurements'. */
  title: z.string(),
  /** An app path to open it (`/species-guide?species=largemouth-bass`, `/measurements/{id}`), or an agency's site. */
  href: z.string().optional(),
})
export type ChatSource = z.infer<typeof ChatSourceSchema>

export const ChatReplySchema = z.object({
  /** Plain text (never HTML); line breaks and '- ' bullets are kept by the widget. */
  reply: z.string().min(1),
  sources: z.array(ChatSourceSchema).optional(),
  /** built-in: Fieldmark's own assistant; ai: the configured model (with our knowledge and calculators). */
  answeredBy: z.enum(['built-in', 'ai']).optional(),
})
export type ChatReply = z.infer<typeof ChatReplySchema>

/** GET /api/ai/status: what this server can do, so the client offers only what works. */
export const AiStatusSchema = z.object({
  /** The chat always works; `ai` when a model answers with the built-in knowledge behind it. */
  assistant: z.enum(['built-in', 'ai']),
  /** Photo analysis needs a configured vision-capable model. */
  photoAnalysis: z.boolean(),
})
export type AiStatus = z.infer<typeof AiStatusSchema>
