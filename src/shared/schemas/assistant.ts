import { z } from 'zod'
import { CHAT_LIMITS, CHAT_SOURCE_KINDS } from '#shared/assistant/constants.ts'

// The Hunting Assistant's contract (docs/product.md §2, §7, §8): `history`, `sources` and `answeredBy` are ours and
// optional. The constants live without zod, so the chat panel's chunk does not pull zod in.
export {
  CHAT_FAILURE_INTERNAL,
  CHAT_FAILURE_MESSAGE,
  CHAT_GREETING,
  CHAT_LIMITS,
  CHAT_SOURCE_KINDS,
  type ChatSourceKind,
} from '#shared/assistant/constants.ts'

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
