import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** The member size check: verdicts, their state, the owner's reply. */
export const sizeCheckRoutes: FastifyPluginAsyncZod<Options> = async (_app, _options) => {}
