import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Likes and comments (with mentions). */
export const interactionRoutes: FastifyPluginAsyncZod<Options> = async (_app, _options) => {}
