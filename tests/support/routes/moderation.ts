import { postReport } from '../factories.ts'
import { adminOnly, appRouteWith, type RouteContext, type Row } from '../route-table.ts'

/**
 * The access rows of moderation (issue 5). Members report the `approved` caller's profile (an approved member, so
 * anyone may report it); the admin routes are the admins' only.
 */
export function moderationRoutes(ctx: RouteContext): Row[] {
  const reportOfApproved = () => ({ targetType: 'user', targetId: ctx.callers().approved.id, reason: 'spam' })
  const resolveUrl = async () => {
    const res = await postReport(ctx.t(), ctx.callers().member.cookie, {
      targetType: 'user',
      targetId: ctx.callers().approved.id,
      reason: 'harassment',
    })
    if (res.statusCode !== 201) throw new Error(`report failed: ${res.statusCode} ${res.body}`)
    return `/api/admin/reports/${res.json().id}/resolve`
  }
  return [
    { route: 'POST /api/reports', payload: reportOfApproved, expect: appRouteWith(201) },
    { route: 'GET /api/admin/reports', expect: adminOnly() },
    {
      route: 'POST /api/admin/reports/:reportId/resolve',
      url: resolveUrl,
      payload: () => ({ action: 'dismiss' }),
      expect: adminOnly(),
    },
  ]
}
