import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Reports by members; the admin's Reports (hide, restore, dismiss). */
export const moderationRoutes: FastifyPluginAsyncZod<Options> = async (_app, _options) => {}
