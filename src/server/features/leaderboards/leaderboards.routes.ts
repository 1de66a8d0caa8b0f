import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Issue 6: being written. */
export const leaderboardRoutes: FastifyPluginAsyncZod<Options> = async () => {}
