import { postComment } from '../factories.ts'
import { appRoute, appRouteWith, ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of likes and comments: approved members past the gate, on a measurement they may see (others 404). A
 * comment is deleted by its author or an admin.
 */
export function interactionRoutes(ctx: RouteContext): Row[] {
  const onPrivate = (suffix: string) => () => `/api/measurements/${ctx.owned().privateMeasurementId}${suffix}`
  const onPublic = (suffix: string) => () => `/api/measurements/${ctx.owned().publicMeasurementId}${suffix}`
  /** A new comment of the owner on their private measurement. */
  const ownerComment = async () => {
    const id = ctx.owned().privateMeasurementId
    const res = await postComment(ctx.t(), ctx.callers().owner.cookie, id, 'Packed out before dark.')
    if (res.statusCode !== 201) throw new Error(`comment failed: ${res.statusCode} ${res.body}`)
    return `/api/measurements/${id}/comments/${res.json().id as string}`
  }
  const comment = () => ({ body: 'Congratulations!' })
  return [
    { route: 'PUT /api/measurements/:id/like', variant: 'private', url: onPrivate('/like'), expect: ownerOnly(200) },
    { route: 'PUT /api/measurements/:id/like', variant: 'public', url: onPublic('/like'), expect: appRoute },
    {
      route: 'DELETE /api/measurements/:id/like',
      variant: 'private',
      url: onPrivate('/like'),
      expect: ownerOnly(200),
    },
    { route: 'DELETE /api/measurements/:id/like', variant: 'public', url: onPublic('/like'), expect: appRoute },
    {
      route: 'GET /api/measurements/:id/comments',
      variant: 'private',
      url: onPrivate('/comments'),
      expect: ownerOnly(200),
    },
    { route: 'GET /api/measurements/:id/comments', variant: 'public', url: onPublic('/comments'), expect: appRoute },
    {
      route: 'POST /api/measurements/:id/comments',
      variant: 'private',
      url: onPrivate('/comments'),
      payload: comment,
      expect: ownerOnly(201),
    },
    {
      route: 'POST /api/measurements/:id/comments',
      variant: 'public',
      url: onPublic('/comments'),
      payload: comment,
      invalid: () => ({ body: 42 }),
      expect: appRouteWith(201),
    },
    {
      route: 'DELETE /api/measurements/:id/comments/:commentId',
      url: ownerComment,
      expect: ownerOnly(204, 404, 204),
    },
  ]
}
