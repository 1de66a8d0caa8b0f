import { createUser, type SignedInUser } from '../factories.ts'
import { appRoute, type RouteContext, type Row } from '../route-table.ts'

/**
 * The access rows of the feed, posts, profiles, follows, blocks and the member picker (issue 5). Approved members
 * past the gate only. The `member` caller has public measurements; follows and blocks aim at a member of their own
 * (blocking another caller would hide that caller's posts from the rows after these).
 */
export function communityRoutes(ctx: RouteContext): Row[] {
  let target: Promise<SignedInUser> | undefined
  const targetId = async () => {
    target ??= createUser(ctx.t(), { verify: 'mark', firstName: 'Target' })
    return (await target).id
  }
  const memberId = () => ctx.callers().member.id
  return [
    { route: 'GET /api/feed', url: () => '/api/feed?tab=everyone', expect: appRoute },
    {
      route: 'GET /api/measurements/:id/post',
      url: async () => `/api/measurements/${await ctx.publicMeasurementId()}/post`,
      expect: appRoute,
    },
    { route: 'GET /api/members', url: () => '/api/members?q=a', expect: appRoute },
    { route: 'GET /api/profiles/:userId', url: () => `/api/profiles/${memberId()}`, expect: appRoute },
    {
      route: 'GET /api/profiles/:userId/measurements',
      url: () => `/api/profiles/${memberId()}/measurements`,
      expect: appRoute,
    },
    {
      route: 'GET /api/profiles/:userId/followers',
      url: () => `/api/profiles/${memberId()}/followers`,
      expect: appRoute,
    },
    {
      route: 'GET /api/profiles/:userId/following',
      url: () => `/api/profiles/${memberId()}/following`,
      expect: appRoute,
    },
    { route: 'PUT /api/follows/:userId', url: async () => `/api/follows/${await targetId()}`, expect: appRoute },
    { route: 'DELETE /api/follows/:userId', url: async () => `/api/follows/${await targetId()}`, expect: appRoute },
    { route: 'GET /api/blocks', expect: appRoute },
    { route: 'PUT /api/blocks/:userId', url: async () => `/api/blocks/${await targetId()}`, expect: appRoute },
    { route: 'DELETE /api/blocks/:userId', url: async () => `/api/blocks/${await targetId()}`, expect: appRoute },
    { route: 'PATCH /api/profile', payload: () => ({ bio: 'Hunts the high country.' }), expect: appRoute },
  ]
}
