import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sendJson } from '#server/lib/send-json.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit, type RateLimits } from '#server/plugins/security.ts'
import {
  BlockStateSchema,
  CursorQuerySchema,
  FollowStateSchema,
  MemberListSchema,
  MemberPageSchema,
  MemberSearchQuerySchema,
  PostPageSchema,
  ProfileSchema,
  UpdateProfileSchema,
  UserIdParamsSchema,
} from '#shared/schemas/community.ts'
import { blockMember, listBlocked, unblockMember } from './blocks.service.ts'
import { memberPostsWithStanding } from './feed.service.ts'
import { followMember, unfollowMember } from './follows.service.ts'
import { PostBodies } from './post-bodies.cache.ts'
import { ProfileFactsCache } from './profile-facts.cache.ts'
import {
  canSeeProfile,
  getProfile,
  listFollows,
  memberNotFound,
  type Standing,
  searchMembers,
  standingColumns,
  standingOf,
  updateProfile,
} from './profiles.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Profiles, follows, blocks, the member picker and one's own profile. */
export const profileRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits }) => {
  const bodies = new PostBodies(app.memberCards)
  const profiles = ProfileFactsCache.listening(app.events)
  // Follows, blocks and profile changes: per member, counted after sign-in is checked.
  const write = {
    preValidation: requireApproved,
    config: perMemberRateLimit(rateLimits.communityWrite),
  }
  const tags = ['community']

  app.get(
    '/api/members',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Members whose first, last or full name starts with q (the @mention picker)',
        description: 'Approved members ordered by name; never yourself, a blocked member or a hidden profile.',
        tags,
        querystring: MemberSearchQuerySchema,
        response: { 200: MemberListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => searchMembers(db, member(req), req.query),
  )

  app.get(
    '/api/profiles/:userId',
    {
      preValidation: requireApproved,
      schema: {
        summary: "A member's profile with the counts the viewer may see",
        description:
          'Not found for a member who blocked you, and for a hidden profile (but for its member and admins). ' +
          'When you blocked them: blockedByMe, no bio, region or counts.',
        tags,
        params: UserIdParamsSchema,
        response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => getProfile(db, member(req), req.params.userId, profiles),
  )

  app.get(
    '/api/profiles/:userId/measurements',
    {
      preValidation: requireApproved,
      schema: {
        summary: "A member's posts the viewer may see, newest first (keyset pages)",
        description: 'The member sees all of their own, private and hidden ones included.',
        tags,
        params: UserIdParamsSchema,
        querystring: CursorQuerySchema,
        response: { 200: PostPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const user = member(req)
      const { userId } = req.params
      const key = `${userId}|${userId === user.id}|${req.query.cursor ?? ''}|${req.query.limit}`
      // One query: the standing decides both the 404 and which posts the page holds.
      const { standing, ...page } = await memberPostsWithStanding<Standing>(
        db,
        user,
        userId,
        standingColumns,
        req.query,
        app.viewerLikes,
        bodies.known(key),
      )
      if (!canSeeProfile(user, standing)) throw memberNotFound()
      return sendJson(reply, await bodies.pageJson(db, user, page, key))
    },
  )

  for (const side of ['followers', 'following'] as const) {
    app.get(
      `/api/profiles/:userId/${side}`,
      {
        preValidation: requireApproved,
        schema: {
          summary:
            side === 'followers' ? "A member's followers, newest first" : 'The members a member follows, newest first',
          tags,
          params: UserIdParamsSchema,
          querystring: CursorQuerySchema,
          response: { 200: MemberPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (req) => {
        const user = member(req)
        const standing = await standingOf(db, user, req.params.userId)
        if (!canSeeProfile(user, standing) || (standing.blockedByMe && standing.id !== user.id)) throw memberNotFound()
        return listFollows(db, user, standing.id, side, req.query)
      },
    )
  }

  app.put(
    '/api/follows/:userId',
    {
      ...write,
      schema: {
        summary: 'Follows a member (idempotent); they are notified once',
        tags,
        params: UserIdParamsSchema,
        response: { 200: FollowStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const state = await followMember(db, member(req), req.params.userId)
      app.events.inboxChanged('all')
      app.events.profilesChanged([member(req).id, req.params.userId])
      // What the follower's bell may show, and the followee's new notification.
      for (const userId of [member(req).id, req.params.userId]) app.events.announce(userId)
      return state
    },
  )

  app.delete(
    '/api/follows/:userId',
    {
      ...write,
      schema: {
        summary: 'Stops following a member (idempotent)',
        tags,
        params: UserIdParamsSchema,
        response: { 200: FollowStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const state = await unfollowMember(db, member(req), req.params.userId)
      app.events.inboxChanged('all')
      app.events.profilesChanged([member(req).id, req.params.userId])
      // What the follower's bell may show, and the followee's new notification.
      for (const userId of [member(req).id, req.params.userId]) app.events.announce(userId)
      return state
    },
  )

  app.get(
    '/api/blocks',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'The members you blocked, latest first',
        tags,
        response: { 200: MemberListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => listBlocked(db, member(req)),
  )

  app.put(
    '/api/blocks/:userId',
    {
      ...write,
      schema: {
        summary: 'Blocks a member (idempotent): neither sees the other; follows between you end',
        tags,
        params: UserIdParamsSchema,
        response: { 200: BlockStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const state = await blockMember(db, member(req), req.params.userId)
      app.events.blocksChanged()
      app.events.profilesChanged([member(req).id, req.params.userId])
      app.events.inboxChanged('all')
      return state
    },
  )

  app.delete(
    '/api/blocks/:userId',
    {
      ...write,
      schema: {
        summary: 'Unblocks a member (idempotent)',
        tags,
        params: UserIdParamsSchema,
        response: { 200: BlockStateSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const state = await unblockMember(db, member(req), req.params.userId)
      app.events.blocksChanged()
      return state
    },
  )

  app.patch(
    '/api/profile',
    {
      ...write,
      schema: {
        summary: 'Changes your own profile: name, bio, region, picture, units and default visibility',
        description: "'' clears bio and region; photoId null removes the picture.",
        tags,
        body: UpdateProfileSchema,
        response: { 200: ProfileSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const user = member(req)
      await updateProfile(db, user, req.body)
      // The session, the author card and the boards show the name and picture: this process drops them at once,
      // the others hear of it from the database.
      app.sessionCache.invalidateUser(user.id)
      app.memberCards.drop(user.id)
      app.events.profilesChanged([user.id])
      app.boardTops.clear()
      return getProfile(db, user, user.id)
    },
  )
}
