import { postReport } from '../factories.ts'
import { adminOnly, appRouteWith, ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of moderation. Nobody reports their own content (400) nor what they may not see (404, admins included
 * for a private measurement); the admin routes are the admins' only.
 */
export function moderationRoutes(ctx: RouteContext): Row[] {
  const resolveUrl = async () => {
    const res = await postReport(ctx.t(), ctx.callers().other.cookie, {
      targetType: 'user',
      targetId: ctx.callers().owner.id,
      reason: 'harassment',
    })
    if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`)
    return `/api/admin/reports/${res.json().id}/resolve`
  }
  return [
    {
      route: 'POST /api/reports',
      variant: 'private measurement',
      payload: () => ({ targetType: 'measurement', targetId: ctx.owned().privateMeasurementId, reason: 'spam' }),
      expect: ownerOnly(400),
    },
    {
      route: 'POST /api/reports',
      variant: 'profile',
      payload: () => ({ targetType: 'user', targetId: ctx.callers().owner.id, reason: 'spam' }),
      expect: { ...appRouteWith(201), owner: 400 },
    },
    { route: 'GET /api/admin/reports', expect: adminOnly() },
    {
      route: 'POST /api/admin/reports/:reportId/resolve',
      url: resolveUrl,
      payload: () => ({ action: 'dismiss' }),
      expect: adminOnly(),
    },
  ]
}
