import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { AiConfig } from '../../env.ts'
import type { RateLimits } from '../../plugins/security.ts'

type Options = { db: Db; rateLimits: RateLimits; ai: AiConfig | undefined }

/** AI photo analysis (issue 7): POST /api/photos/:id/analysis. */
export const photoAnalysisRoutes: FastifyPluginAsyncZod<Options> = async (_app, _opts) => {}
