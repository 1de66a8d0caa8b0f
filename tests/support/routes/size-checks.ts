import { aSizeCheck, putSizeCheck } from '../factories.ts'
import { appRoute, appRouteWith, type RouteContext, type Row } from '../route-table.ts'

/**
 * The access rows of the member size check (issue 5). The measurement is the `member` caller's own, with a photo:
 * the member may not check it (400), the admin may; only the member, its owner, may reply (the admin gets 404).
 */
export function sizeCheckRoutes(ctx: RouteContext): Row[] {
  const checksUrl = async () => `/api/measurements/${await ctx.publicPhotoMeasurementId()}/size-checks`
  const checkUrl = async () => `/api/measurements/${await ctx.publicPhotoMeasurementId()}/size-check`
  /** A measurement of the member with the admin's verdict on it: the URL of the reply to that verdict. */
  const replyUrl = async () => {
    const id = await ctx.publicPhotoMeasurementId()
    const res = await putSizeCheck(ctx.t(), ctx.callers().admin.cookie, id)
    if (res.statusCode !== 200) throw new Error(`size check failed: ${res.statusCode} ${res.body}`)
    const checkId = (res.json() as { checks: { id: string }[] }).checks[0]?.id
    return `/api/measurements/${id}/size-checks/${checkId}/reply`
  }
  return [
    { route: 'GET /api/measurements/:id/size-checks', url: checksUrl, expect: appRoute },
    {
      route: 'PUT /api/measurements/:id/size-check',
      url: checkUrl,
      payload: () => aSizeCheck(),
      expect: appRouteWith(400, 200),
    },
    { route: 'DELETE /api/measurements/:id/size-check', url: checkUrl, expect: appRoute },
    {
      route: 'POST /api/measurements/:id/size-checks/:checkId/reply',
      url: replyUrl,
      payload: () => ({ reply: 'Thanks for checking.' }),
      expect: appRouteWith(200, 404),
    },
  ]
}
