import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { clearBoardsAfterWrites } from '#server/features/leaderboards/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit as perMember, type RateLimits } from '#server/plugins/security.ts'
import {
  MeasurementParamsSchema,
  SaveSizeCheckSchema,
  SizeCheckReplySchema,
  SizeChecksSchema,
} from '#shared/schemas/community.ts'
import { readSizeChecks, replyToSizeCheck, saveSizeCheck, withdrawSizeCheck } from './size-checks.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

const CheckParamsSchema = MeasurementParamsSchema.extend({ checkId: z.string().uuid('checkId must be a UUID') })

/** The member size check: verdicts, their state, the owner's reply. */
export const sizeCheckRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits }) => {
  app.addHook('onSend', clearBoardsAfterWrites)
  app.get(
    '/api/measurements/:id/size-checks',
    {
      preValidation: requireApproved,
      schema: {
        summary: "A measurement's size checks: its state, the counts and the verdicts the viewer may see",
        description:
          'Visible measurements only (others 404). Verdicts by members blocked either way are left out; the ' +
          'state and counts include every verdict.',
        tags: ['size-checks'],
        params: MeasurementParamsSchema,
        response: { 200: SizeChecksSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => readSizeChecks(db, member(req), req.params.id),
  )

  app.put(
    '/api/measurements/:id/size-check',
    {
      preValidation: requireApproved,
      config: perMember(rateLimits.communityWrite),
      schema: {
        summary: "Records or changes the member's verdict on another member's measurement with a photo",
        description:
          'One verdict per member per measurement: a repeat changes it. Not on one’s own measurement, only on one ' +
          'with a photo (400), only on one the member may see (404). The verdict follows the checker’s own estimate: ' +
          '`confirmed` is refused (400, issue path `verdict`) when the estimate of a reported length has a ± and the ' +
          'reported value lies outside it (a ± under 1/8 in counts as 1/8 in). Community verified = at least 2 verdicts and ' +
          'more than 2/3 confirmed; disputed = more than 1/3 disputed. A changed verdict clears the owner’s reply.',
        tags: ['size-checks'],
        params: MeasurementParamsSchema,
        body: SaveSizeCheckSchema,
        response: { 200: SizeChecksSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const saved = await saveSizeCheck(db, member(req), req.params.id, req.body)
      // The post's counts and state: this process's kept figures go now (ADR 119), and the checker's progress.
      app.events.postsChanged({ ids: [req.params.id], moved: [] })
      app.events.progressChanged([member(req).id])
      return saved
    },
  )

  app.delete(
    '/api/measurements/:id/size-check',
    {
      preValidation: requireApproved,
      config: perMember(rateLimits.communityWrite),
      schema: {
        summary: "Withdraws the member's verdict (none to withdraw is no error)",
        tags: ['size-checks'],
        params: MeasurementParamsSchema,
        response: { 200: SizeChecksSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const withdrawn = await withdrawSizeCheck(db, member(req), req.params.id)
      app.events.postsChanged({ ids: [req.params.id], moved: [] })
      app.events.progressChanged([member(req).id])
      return withdrawn
    },
  )

  app.post(
    '/api/measurements/:id/size-checks/:checkId/reply',
    {
      preValidation: requireApproved,
      config: perMember(rateLimits.communityWrite),
      schema: {
        summary: 'The owner answers one verdict (or replaces the answer); the checker is notified',
        description: 'The measurement’s owner only (others 404).',
        tags: ['size-checks'],
        params: CheckParamsSchema,
        body: SizeCheckReplySchema,
        response: { 200: SizeChecksSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => replyToSizeCheck(db, member(req), req.params.id, req.params.checkId, req.body.reply),
  )
}
