import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** The bell: grouped notifications, marking read, and the live stream (SSE). */
export const notificationRoutes: FastifyPluginAsyncZod<Options> = async (_app, _options) => {}
