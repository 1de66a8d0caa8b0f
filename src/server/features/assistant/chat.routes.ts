import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import type { AiConfig } from '#server/env.ts'
import { createAiClient } from '#server/lib/ai-client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit as perMember, type RateLimits } from '#server/plugins/security.ts'
import { AiStatusSchema, CHAT_LIMITS, ChatReplySchema, ChatRequestSchema } from '#shared/schemas/assistant.ts'
import { answerWithAi } from './ai-chat.ts'
import { answerBuiltIn, getKnowledgeBase } from './builtin.ts'

type Options = { db: Db; rateLimits: RateLimits; ai: AiConfig | undefined }

/** The Hunting Assistant: POST /api/chat, GET /api/ai/status. */
export const assistantRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits, ai }) => {
  // One client for the app's lifetime (its connection pool), only when an AI service is configured.
  const model = ai ? { client: createAiClient(ai), config: ai } : undefined

  app.post(
    '/api/chat',
    {
      preValidation: requireApproved,
      // Not held in the member's write queue: a reply may wait on the AI service for seconds.
      config: { ...perMember(rateLimits.chat), writeQueue: false },
      schema: {
        summary: 'Asks the Hunting Assistant a question; the reply is plain text',
        description:
          `message: the question, trimmed, 1–${CHAT_LIMITS.messageChars} characters. history (optional): up to ` +
          `${CHAT_LIMITS.historyTurns} earlier turns, oldest first, so follow-ups work. The reply is plain text ` +
          '(never HTML) with its sources. Without an AI service the built-in assistant answers from Fieldmark’s ' +
          'knowledge (species guide, scoring rules, fish formulas, regulations pointers), its calculators and the ' +
          'member’s own records. With one, the model gets the same knowledge and records and the calculators as ' +
          'tools; a timeout, an error or a malformed reply gets the built-in answer instead (answeredBy says ' +
          'which). Rate-limited per member.',
        tags: ['assistant'],
        body: ChatRequestSchema,
        response: { 200: ChatReplySchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (req) => {
      const deps = { db, knowledge: getKnowledgeBase() }
      const input = { userId: member(req).id, request: req.body }
      if (!model) return answerBuiltIn(deps, input)
      return answerWithAi({ ...deps, ai: model, log: req.log }, input)
    },
  )

  app.get(
    '/api/ai/status',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'What the assistant and photo analysis can do on this server',
        description:
          'assistant: ai when an AI service is configured (AI_BASE_URL, AI_API_KEY, AI_MODEL), else built-in (the ' +
          'chat works either way). photoAnalysis: true only with an AI service configured.',
        tags: ['assistant'],
        response: { 200: AiStatusSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async () => ({ assistant: ai ? ('ai' as const) : ('built-in' as const), photoAnalysis: ai !== undefined }),
  )
}
