import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { clearCommunityStatsCache } from '#server/features/access/index.ts'
import type { MailSender } from '#server/features/mail/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { loadUser, requireAdmin } from '#server/plugins/auth-session.ts'
import {
  BetaRequestSchema,
  PendingUserSchema,
  RequestIdParamsSchema,
  ReviewBetaRequestSchema,
  UserIdParamsSchema,
} from '#shared/schemas/admin.ts'
import { approveUser, listBetaRequests, listPendingUsers, reviewBetaRequest } from './admin.service.ts'

type Options = { db: Db; mailSender: MailSender; baseUrl: string }

/** Everything under /api/admin: the hook below makes each route admin-only (401 signed out, 403 otherwise). */
export const adminRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, mailSender, baseUrl }) => {
  app.addHook('preValidation', requireAdmin)

  app.get(
    '/beta-requests',
    {
      schema: {
        summary: 'All beta access requests, newest first',
        tags: ['admin'],
        response: { 200: z.array(BetaRequestSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async () => listBetaRequests(db),
  )

  app.post(
    '/beta-requests/:requestId/review',
    {
      schema: {
        summary: 'Approve or deny a pending request; the applicant is e-mailed',
        tags: ['admin'],
        params: RequestIdParamsSchema,
        body: ReviewBetaRequestSchema,
        response: { 200: BetaRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const reviewer = await loadUser(req)
      const outcome = await reviewBetaRequest(
        db,
        mailSender,
        baseUrl,
        reviewer?.id ?? '',
        req.params.requestId,
        req.body,
      )
      for (const id of outcome.approvedUserIds) app.sessionCache.invalidateUser(id)
      clearCommunityStatsCache()
      return outcome.request
    },
  )

  app.get(
    '/users/pending',
    {
      schema: {
        summary: 'Accounts that are signed up but not approved',
        tags: ['admin'],
        response: { 200: z.array(PendingUserSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async () => listPendingUsers(db),
  )

  app.post(
    '/users/:userId/approve',
    {
      schema: {
        summary: 'Approve an account directly (its e-mail must be verified)',
        tags: ['admin'],
        params: UserIdParamsSchema,
        response: { 200: z.object({ ok: z.literal(true) }), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      await approveUser(db, mailSender, baseUrl, req.params.userId)
      app.sessionCache.invalidateUser(req.params.userId)
      clearCommunityStatsCache()
      return { ok: true as const }
    },
  )
}
