import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import type { AiConfig } from '#server/env.ts'
import { createAiClient } from '#server/lib/ai-client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { requireApproved, sessionUserOf } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit, type RateLimits } from '#server/plugins/security.ts'
import { PhotoAnalysisParamsSchema, PhotoAnalysisSchema } from '#shared/schemas/photo-analysis.ts'
import { type Ai, analyzePhoto } from './photo-analysis.service.ts'

type Options = { db: Db; rateLimits: RateLimits; ai: AiConfig | undefined }

/** AI photo analysis: POST /api/photos/:id/analysis. */
export const photoAnalysisRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits, ai }) => {
  const service: Ai | undefined = ai ? { config: ai, client: createAiClient(ai) } : undefined

  app.post(
    '/api/photos/:id/analysis',
    {
      preValidation: requireApproved,
      // Per member after sign-in: each analysis is a paid, slow call to the vision model, so not in the write queue.
      config: { ...perMemberRateLimit(rateLimits.photoAnalysis), writeQueue: false },
      schema: {
        summary: 'Analyses a photo with the vision model: species, category, reference object and size estimates',
        description:
          "The photo must be the caller's own upload, or a photo of a measurement the caller may see (for a member " +
          'size check); any other id answers 404. Every value is an estimate: a species outside the catalogue is ' +
          "answered as 'Unknown' with the model's own label, a fish's score and class come from the scoring engine " +
          'when length and girth are estimated. The analysis is stored: send its id as `aiAnalysisId` with the ' +
          'measurement whose values it filled, and the measurement carries the evidence level `ai-estimate`. ' +
          '503 NOT_CONFIGURED when this server has no AI service (AI_BASE_URL, AI_API_KEY, AI_MODEL; the model ' +
          'is AI_VISION_MODEL, else AI_MODEL); 502 UPSTREAM_FAILED when the service fails, times out or answers ' +
          'something that is not a valid analysis.',
        tags: ['photos'],
        params: PhotoAnalysisParamsSchema,
        response: { 201: PhotoAnalysisSchema, ...errorResponses(400, 401, 403, 404, 429, 502, 503) },
      },
    },
    async (req, reply) => {
      const analysis = await analyzePhoto(db, app.photoStorage, service, sessionUserOf(req), req.params.id, req.log)
      return reply.code(201).send(analysis)
    },
  )
}
