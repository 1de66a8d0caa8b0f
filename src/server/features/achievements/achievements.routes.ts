import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { clearBoardsAfterWrites } from '#server/features/leaderboards/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sendJson } from '#server/lib/send-json.ts'
import { sessionUserOf as member, requireAdmin, requireApproved } from '#server/plugins/auth-session.ts'
import type { RateLimits } from '#server/plugins/security.ts'
import {
  AchievementParamsSchema,
  AchievementProgressSchema,
  AchievementSchema,
  UserAchievementSchema,
} from '#shared/schemas/achievements.ts'
import { AchievementCatalogue, revokeAchievement } from './achievements.service.ts'
import { awardRetroactively } from './retroactive.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** The catalogue, a member's awards and progress (docs/product.md §7), and an admin's revoke. */
export const achievementRoutes: FastifyPluginAsyncZod<Options> = async (app, { db }) => {
  app.addHook('onSend', clearBoardsAfterWrites)
  // In the background once ready, so a large backfill never delays the start; closing waits for the one under way.
  const stop = new AbortController()
  let retroactive: Promise<void> = Promise.resolve()
  app.addHook('onReady', async () => {
    retroactive = awardRetroactively(db, stop.signal).then(
      (done) => {
        if (done.achievements > 0) app.log.info(done, 'achievements awarded retroactively')
      },
      (err: unknown) => app.log.error({ err }, 'retroactive achievement awards failed; retried at the next start'),
    )
  })
  app.addHook('onClose', async () => {
    stop.abort()
    await retroactive
  })

  const catalogue = new AchievementCatalogue(db, app.events)
  // Bodies already serialized, sent unvalidated (ADR 027); no-store: awards and progress are the member's.

  app.get(
    '/api/achievements',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'The achievements one can earn (active ones), in catalogue order',
        description:
          'docs/product.md §3 Achievement. type COUNT has a targetValue to reach; SINGLE is earned by one event (targetValue ' +
          '1). The tier follows from points: 100 or more Gold, 50 or more Silver, otherwise Bronze.',
        tags: ['achievements'],
        response: { 200: z.array(AchievementSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (_req, reply) => sendJson(reply.header('cache-control', 'no-store'), await catalogue.read()),
  )

  app.get(
    '/api/user/achievements',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'The achievements the member earned, newest first',
        tags: ['achievements'],
        response: { 200: z.array(UserAchievementSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => sendJson(reply.header('cache-control', 'no-store'), await catalogue.awards(member(req).id)),
  )

  app.get(
    '/api/user/achievement-progress',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Every active achievement the member has not earned, with their current value, in catalogue order',
        description:
          'currentValue is the member’s count of what the achievement counts (measurements, species, followers …); ' +
          'it exceeds targetValue only for an award an admin revoked. Percentages are capped at 100 by the client.',
        tags: ['achievements'],
        response: { 200: z.array(AchievementProgressSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => sendJson(reply.header('cache-control', 'no-store'), await catalogue.progress(member(req).id)),
  )

  app.delete(
    '/api/admin/users/:userId/achievements/:achievementId',
    {
      preValidation: requireAdmin,
      schema: {
        summary: 'Revokes an achievement a member earned (admins only)',
        description:
          'The only way an award goes away (deleting measurements never does); its notification goes with it and ' +
          'the member’s leaderboard points are refreshed. 404 when the member has not earned it. The member earns ' +
          'it again only through a later change that qualifies them again.',
        tags: ['admin', 'achievements'],
        params: AchievementParamsSchema,
        response: { 204: z.null().describe('Revoked'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const changed = await revokeAchievement(db, req.params.userId, req.params.achievementId)
      for (const userId of changed) app.events.announce(userId)
      return reply.code(204).send(null)
    },
  )
}
