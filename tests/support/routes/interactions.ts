import { browserHeaders } from '../factories.ts'
import { appRoute, appRouteWith, type RouteContext, type Row } from '../route-table.ts'

/** The access rows of likes and comments (issue 5): approved members past the gate, on a post they may see. */
export function interactionRoutes(ctx: RouteContext): Row[] {
  const onPost = (suffix: string) => async () => `/api/measurements/${await ctx.publicMeasurementId()}${suffix}`
  /** A new comment of the member on their own public measurement: its author (and admins) may delete it. */
  const memberComment = async () => {
    const id = await ctx.publicMeasurementId()
    const res = await ctx.t().app.inject({
      method: 'POST',
      url: `/api/measurements/${id}/comments`,
      headers: browserHeaders(ctx.callers().member.cookie),
      payload: { body: 'A fine buck' },
    })
    if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`)
    return `/api/measurements/${id}/comments/${res.json().id as string}`
  }
  return [
    { route: 'PUT /api/measurements/:id/like', url: onPost('/like'), expect: appRoute },
    { route: 'DELETE /api/measurements/:id/like', url: onPost('/like'), expect: appRoute },
    { route: 'GET /api/measurements/:id/comments', url: onPost('/comments'), expect: appRoute },
    {
      route: 'POST /api/measurements/:id/comments',
      url: onPost('/comments'),
      payload: () => ({ body: 'Congratulations!' }),
      expect: appRouteWith(201),
    },
    { route: 'DELETE /api/measurements/:id/comments/:commentId', url: memberComment, expect: appRouteWith(204) },
  ]
}
