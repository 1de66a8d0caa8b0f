import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import { notFound } from '#server/features/measurements/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sendJson } from '#server/lib/send-json.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import type { RateLimits } from '#server/plugins/security.ts'
import { FeedQuerySchema, MeasurementParamsSchema, PostPageSchema, PostSchema } from '#shared/schemas/community.ts'
import { feedPage, postFigures } from './feed.service.ts'
import { keptFollowingPage } from './following-feed.service.ts'
import { PostBodies } from './post-bodies.cache.ts'
import { type KeptParts, keptEveryonePage, warmKept } from './public-feed.service.ts'

type Options = {
  db: Db
  rateLimits: RateLimits
  /** the newest posts whose figures and bodies are read into memory once the app is ready (warmKept) */
  warmPosts: number
}

/** The feed (Following, Everyone) and one post. */
export const feedRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, warmPosts }) => {
  const bodies = new PostBodies(app.memberCards)
  const kept: KeptParts = { feed: app.publicFeed, cards: app.memberCards, bodies, likes: app.viewerLikes }
  // In the background: until it is done, pages read what they show and keep it (ADR 121).
  let closing = false
  app.addHook('onReady', async () => {
    if (warmPosts <= 0) return
    warmKept(db, kept, warmPosts, () => closing).catch((err: unknown) => {
      if (!closing) app.log.error({ err }, '[feed] warming the kept posts failed')
    })
  })
  app.addHook('onClose', async () => {
    closing = true
  })

  app.get(
    '/api/feed',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'The feed: posts of other members, newest first (keyset pages)',
        description:
          'everyone: public posts, and followers-only posts of the members you follow; following: public and ' +
          "followers-only posts of the members you follow. Never your own, hidden or private posts, nor a blocked member's.",
        tags: ['community'],
        querystring: FeedQuerySchema,
        response: { 200: PostPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const user = member(req)
      const { tab, cursor, limit } = req.query
      // The Following tab's pages are the viewer's own; the Everyone tab's much the same for everyone.
      const key = `${tab}|${tab === 'following' ? user.id : ''}|${cursor ?? ''}|${limit}`
      const page =
        (tab === 'everyone'
          ? await keptEveryonePage(db, user, req.query, kept, bodies.known(key))
          : await keptFollowingPage(db, user, req.query, kept, bodies.known(key))) ??
        (await feedPage(db, user, req.query, app.viewerLikes, bodies.known(key)))
      return sendJson(reply, await bodies.pageJson(db, user, page, key))
    },
  )

  app.get(
    '/api/measurements/:id/post',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'One post: the measurement with its figures and community figures, if the member may see it',
        description: 'Hidden posts only for their author and admins (hidden: true); others 404.',
        tags: ['community'],
        params: MeasurementParamsSchema,
        response: { 200: PostSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const user = member(req)
      const figures = await postFigures(db, user, req.params.id)
      if (!figures?.visible) throw notFound()
      const body = await bodies.postJson(db, user, figures)
      if (body === undefined) throw notFound()
      return sendJson(reply, body)
    },
  )
}
