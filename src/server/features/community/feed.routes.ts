import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** The feed (Following, Everyone) and one post. */
export const feedRoutes: FastifyPluginAsyncZod<Options> = async (_app, _options) => {}
