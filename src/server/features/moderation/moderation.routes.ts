import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { clearBoardsAfterWrites } from '#server/features/leaderboards/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { requireAdmin, requireApproved, sessionUserOf as signedIn } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit as perMember, type RateLimits } from '#server/plugins/security.ts'
import {
  CreateReportSchema,
  ReportListQuerySchema,
  ReportListSchema,
  ReportParamsSchema,
  ReportSchema,
  ResolveReportSchema,
} from '#shared/schemas/community.ts'
import { createReport, listReports, resolveReport } from './moderation.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Reports by members; the admin's Reports (hide, restore, dismiss). */
export const moderationRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits }) => {
  app.addHook('onSend', clearBoardsAfterWrites)
  app.post(
    '/api/reports',
    {
      preValidation: requireApproved,
      config: perMember(rateLimits.reportCreate),
      schema: {
        summary: 'Reports a post, a comment or a member profile to the admins',
        description:
          'The target must exist and be visible to the member (404 naming it otherwise), and not be their own ' +
          '(400). Reporting the same target again updates the reason and details and opens the report again.',
        tags: ['moderation'],
        body: CreateReportSchema,
        response: { 201: z.object({ id: z.string() }), ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await createReport(db, signedIn(req), req.body)),
  )

  app.get(
    '/api/admin/reports',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'Reports for the admins: open ones newest first (up to 200), or the latest 100 resolved',
        description: 'Each with its reporter and the reported content as an admin sees it; openCount counts all open.',
        tags: ['admin', 'moderation'],
        querystring: ReportListQuerySchema,
        response: { 200: ReportListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => listReports(db, req.query.status),
  )

  app.post(
    '/api/admin/reports/:reportId/resolve',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'Hides or restores the reported content, or dismisses the report',
        description:
          'hide: the content is hidden (only its author and admins see it) and every open report on it is marked ' +
          'hidden; restore: shown again, its reports dismissed; dismiss: this and the other open reports on the ' +
          'same content dismissed.',
        tags: ['admin', 'moderation'],
        params: ReportParamsSchema,
        body: ResolveReportSchema,
        response: { 200: ReportSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const report = await resolveReport(db, signedIn(req), req.params.reportId, req.body.action, {
        announce: (userId) => app.events.announce(userId),
        postChanged: (id, moved) => app.events.postsChanged({ ids: [id], moved: moved ? [id] : [] }),
      })
      // A profile hidden or shown: its posts' author card (the database tells every process, this one at once).
      if (report.targetType === 'user') app.memberCards.drop(report.targetId)
      if (report.target.author) app.events.profilesChanged([report.target.author.id])
      return report
    },
  )
}
