import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Profiles, follows, blocks, the member picker and one's own profile. */
export const profileRoutes: FastifyPluginAsyncZod<Options> = async (_app, _options) => {}
