import { apiJson } from '#client/lib/api.ts'
import { CHAT_FAILURE_INTERNAL } from '#shared/assistant/constants.ts'
import type { ChatReply, ChatRequest } from '#shared/schemas/assistant.ts'

// The Hunting Assistant (docs/product.md §7 POST /api/chat). The URL lives here, as the leaderboards keep theirs,
// rather than in app/paths.ts's apiPaths, which every feature shares.

export const CHAT_URL = '/api/chat'

/**
 * Asks the assistant. Rejects with an ApiError for a non-OK answer and a TypeError when no answer came (offline):
 * both are docs/product.md §8's chat failure, shown as CHAT_FAILURE_MESSAGE.
 */
export async function sendChat(request: ChatRequest): Promise<ChatReply> {
  const reply = await apiJson<ChatReply | null>('POST', CHAT_URL, request)
  // An OK answer without a reply is no answer either (docs/product.md §7: {reply}).
  if (!reply || typeof reply.reply !== 'string' || reply.reply.trim() === '') throw new Error(CHAT_FAILURE_INTERNAL)
  return reply
}
