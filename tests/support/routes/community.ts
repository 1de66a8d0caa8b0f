import { appRoute, ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of the feed, posts, profiles, follows, blocks and the member picker: approved members past the gate. The
 * profiles are the owner's; following or blocking the owner changes the caller, so those calls get a new other member
 * and admin (the owner may not follow or block themselves: 400).
 */
export function communityRoutes(ctx: RouteContext): Row[] {
  const owner = () => ctx.callers().owner
  const self400 = { ...appRoute, owner: 400 }
  return [
    { route: 'GET /api/feed', url: () => '/api/feed?tab=everyone', expect: appRoute },
    {
      route: 'GET /api/measurements/:id/post',
      variant: 'private',
      url: () => `/api/measurements/${ctx.owned().privateMeasurementId}/post`,
      expect: ownerOnly(200),
    },
    {
      route: 'GET /api/measurements/:id/post',
      variant: 'public',
      url: () => `/api/measurements/${ctx.owned().publicMeasurementId}/post`,
      expect: appRoute,
    },
    {
      route: 'GET /api/members',
      url: () => `/api/members?q=${encodeURIComponent(owner().firstName)}`,
      expect: appRoute,
    },
    { route: 'GET /api/profiles/:userId', url: () => `/api/profiles/${owner().id}`, expect: appRoute },
    {
      route: 'GET /api/profiles/:userId/measurements',
      url: () => `/api/profiles/${owner().id}/measurements`,
      expect: appRoute,
    },
    {
      route: 'GET /api/profiles/:userId/followers',
      url: () => `/api/profiles/${owner().id}/followers`,
      expect: appRoute,
    },
    {
      route: 'GET /api/profiles/:userId/following',
      url: () => `/api/profiles/${owner().id}/following`,
      expect: appRoute,
    },
    {
      route: 'PUT /api/follows/:userId',
      url: () => `/api/follows/${owner().id}`,
      fresh: ['other', 'admin'],
      expect: self400,
    },
    { route: 'DELETE /api/follows/:userId', url: () => `/api/follows/${owner().id}`, expect: self400 },
    { route: 'GET /api/blocks', expect: appRoute },
    {
      route: 'PUT /api/blocks/:userId',
      url: () => `/api/blocks/${owner().id}`,
      fresh: ['other', 'admin'],
      expect: self400,
    },
    { route: 'DELETE /api/blocks/:userId', url: () => `/api/blocks/${owner().id}`, expect: self400 },
    {
      route: 'PATCH /api/profile',
      payload: () => ({ bio: 'Hunts the high country.' }),
      invalid: () => ({ bio: 42 }),
      expect: appRoute,
    },
  ]
}
