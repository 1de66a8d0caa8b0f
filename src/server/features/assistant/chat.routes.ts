import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { AiConfig } from '../../env.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits; ai: AiConfig | undefined }

/** The Hunting Assistant (issue 7): POST /api/chat, GET /api/ai/status. */
export const assistantRoutes: FastifyPluginAsyncZod<Options> = async (_app, _opts) => {}
