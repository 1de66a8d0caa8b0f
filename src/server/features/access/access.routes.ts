import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import type { MailSender } from '#server/features/mail/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { requireVerifiedApplicant, sessionUserOf } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit, type RateLimits, rateLimitConfig } from '#server/plugins/security.ts'
import {
  AlphaAccessResultSchema,
  AlphaAccessSchema,
  BetaAccessRequestResultSchema,
  BetaAccessRequestSchema,
  CommunityStatsSchema,
  SetupAdminSchema,
} from '#shared/schemas/access.ts'
import {
  clearCommunityStatsCache,
  getCommunityStats,
  passAlphaGate,
  RepeatMailThrottle,
  refuseSetupOnceAnAdminExists,
  setupFirstAdmin,
  submitBetaRequest,
} from './access.service.ts'

type Options = {
  db: Db
  mailSender: MailSender
  baseUrl: string
  rateLimits: RateLimits
  alphaPassword: string | undefined
}

export const accessRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, mailSender, baseUrl, rateLimits, alphaPassword },
) => {
  const repeatMails = new RepeatMailThrottle()

  app.post(
    '/api/beta-access-request',
    {
      config: rateLimitConfig(rateLimits.accessRequest),
      schema: {
        summary: 'A visitor asks for beta access (public); a repeat for the same address answers the same',
        tags: ['access'],
        body: BetaAccessRequestSchema,
        response: { 201: BetaAccessRequestResultSchema, ...errorResponses(400, 429) },
      },
    },
    async (req, reply) => {
      const row = await submitBetaRequest(db, mailSender, baseUrl, req.body, repeatMails)
      clearCommunityStatsCache()
      return reply.code(201).send({
        id: row.id,
        status: 'pending' as const,
        message: "We'll review your application and notify you soon!",
      })
    },
  )

  app.post(
    '/api/alpha-access',
    {
      // Who may call is decided before the body is read; the limit then counts per member, so members behind one
      // address each pass the gate while guessing takes approved accounts.
      preValidation: requireVerifiedApplicant,
      config: perMemberRateLimit(rateLimits.alphaGate),
      schema: {
        summary: 'Checks the alpha password (approved users); remembered server-side',
        tags: ['access'],
        body: AlphaAccessSchema,
        response: { 200: AlphaAccessResultSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, _reply) => {
      const user = sessionUserOf(req)
      await passAlphaGate(db, user.id, alphaPassword, req.body.password)
      app.sessionCache.invalidateUser(user.id)
      return { granted: true as const }
    },
  )

  app.get(
    '/api/community-stats',
    {
      schema: {
        summary: 'Live beta community counts for the landing page (public)',
        tags: ['access'],
        response: { 200: CommunityStatsSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60')
      return getCommunityStats(db)
    },
  )

  app.post(
    '/api/setup/admin',
    {
      config: rateLimitConfig(rateLimits.signUp),
      preValidation: () => refuseSetupOnceAnAdminExists(db),
      schema: {
        summary: 'Creates the first admin account with the one-time link printed at first start',
        tags: ['access'],
        body: SetupAdminSchema,
        response: { 201: z.object({ ok: z.literal(true) }), ...errorResponses(400, 403, 409) },
      },
    },
    async (req, reply) => {
      const { firstName, lastName, password } = req.body
      await setupFirstAdmin(db, req.body, async (email) => {
        const created = await app.auth.api.signUpEmail({
          body: { email, password, name: `${firstName} ${lastName}`, firstName, lastName },
          headers: fromNodeHeaders(req.headers),
        })
        return created.user.id
      })
      return reply.code(201).send({ ok: true as const })
    },
  )
}
