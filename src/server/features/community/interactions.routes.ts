import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit as perMember, type RateLimits } from '#server/plugins/security.ts'
import {
  CommentPageSchema,
  CommentParamsSchema,
  CommentSchema,
  CreateCommentSchema,
  CursorQuerySchema,
  LikeStateSchema,
  MeasurementParamsSchema,
} from '#shared/schemas/community.ts'
import { createComment, deleteComment, listComments } from './comments.service.ts'
import { likeMeasurement, type Outcome, unlikeMeasurement } from './interactions.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

/**
 * Likes and comments (with mentions) on a measurement the member may see (others 404, 'Measurement not found').
 * Comment bodies are JSON text, never HTML.
 */
export const interactionRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits }) => {
  /** The change is committed: this process's bells and streams learn of it now (notifications.events.ts). */
  const announced = <T>({ result, changed }: Outcome<T>): T => {
    for (const userId of changed) app.events.announce(userId)
    return result
  }
  /** The post's figures changed: this process's kept figures go now, every other's with the database's event. */
  const figuresChanged = (measurementId: string) => app.events.postsChanged({ ids: [measurementId], moved: [] })
  const like = {
    preValidation: requireApproved,
    config: perMember(rateLimits.communityWrite),
  }
  app.put(
    '/api/measurements/:id/like',
    {
      ...like,
      schema: {
        summary: 'Likes a measurement (idempotent); its owner is notified of the first like',
        tags: ['community'],
        params: MeasurementParamsSchema,
        response: { 200: LikeStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const user = member(req)
      const outcome = await likeMeasurement(db, user, req.params.id)
      // The database tells every process (migration 0013); this one drops the member's likes at once.
      app.viewerLikes.drop(user.id)
      figuresChanged(req.params.id)
      return announced(outcome)
    },
  )

  app.delete(
    '/api/measurements/:id/like',
    {
      ...like,
      schema: {
        summary: 'Takes a like back (idempotent)',
        tags: ['community'],
        params: MeasurementParamsSchema,
        response: { 200: LikeStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const user = member(req)
      const outcome = await unlikeMeasurement(db, user, req.params.id)
      app.viewerLikes.drop(user.id)
      figuresChanged(req.params.id)
      return announced(outcome)
    },
  )

  app.get(
    '/api/measurements/:id/comments',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Comments on a measurement, oldest first (keyset pages)',
        description:
          'Comments hidden by a moderator are listed only for their author and admins (hidden: true); comments ' +
          'across a block are left out. total is the measurement’s count of comments nobody hid.',
        tags: ['community'],
        params: MeasurementParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: CommentPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => listComments(db, member(req), req.params.id, req.query),
  )

  app.post(
    '/api/measurements/:id/comments',
    {
      preValidation: requireApproved,
      config: perMember(rateLimits.commentCreate),
      schema: {
        summary: 'Comments on a measurement; the owner and the members it mentions are notified',
        description:
          'Mentions are written @[Name](userId); at most 10 members are notified per comment, and only approved ' +
          'members who may see the measurement. The body is stored as sent (trimmed), as text.',
        tags: ['community'],
        params: MeasurementParamsSchema,
        body: CreateCommentSchema,
        response: { 201: CommentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req, reply) => {
      const comment = announced(await createComment(db, member(req), req.params.id, req.body.body))
      figuresChanged(req.params.id)
      return reply.code(201).send(comment)
    },
  )

  app.delete(
    '/api/measurements/:id/comments/:commentId',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Deletes a comment: its author or an admin (others 404)',
        tags: ['community'],
        params: CommentParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const changed = await deleteComment(db, member(req), req.params.id, req.params.commentId)
      announced({ result: null, changed })
      figuresChanged(req.params.id)
      return reply.code(204).send(null)
    },
  )
}
