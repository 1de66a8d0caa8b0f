import { aSizeCheck } from '../factories.ts'
import { appRoute, ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of the member size check, on the owner's measurements with a photo. Nobody checks their own (400) nor one
 * they may not see (404); only the owner replies to a verdict (a third member's, on the public one).
 */
export function sizeCheckRoutes(ctx: RouteContext): Row[] {
  const onPrivate = (suffix: string) => () => `/api/measurements/${ctx.owned().privateMeasurementId}${suffix}`
  const onPublic = (suffix: string) => () => `/api/measurements/${ctx.owned().publicMeasurementId}${suffix}`
  return [
    {
      route: 'GET /api/measurements/:id/size-checks',
      variant: 'private',
      url: onPrivate('/size-checks'),
      expect: ownerOnly(200),
    },
    {
      route: 'GET /api/measurements/:id/size-checks',
      variant: 'public',
      url: onPublic('/size-checks'),
      expect: appRoute,
    },
    {
      route: 'PUT /api/measurements/:id/size-check',
      variant: 'private',
      url: onPrivate('/size-check'),
      payload: () => aSizeCheck(),
      expect: ownerOnly(400),
    },
    {
      route: 'PUT /api/measurements/:id/size-check',
      variant: 'public',
      url: onPublic('/size-check'),
      payload: () => aSizeCheck(),
      invalid: () => aSizeCheck({ verdict: 'maybe' as never }),
      expect: { ...appRoute, owner: 400 },
    },
    {
      route: 'DELETE /api/measurements/:id/size-check',
      variant: 'private',
      url: onPrivate('/size-check'),
      expect: ownerOnly(200),
    },
    {
      route: 'DELETE /api/measurements/:id/size-check',
      variant: 'public',
      url: onPublic('/size-check'),
      expect: appRoute,
    },
    {
      route: 'POST /api/measurements/:id/size-checks/:checkId/reply',
      url: () => `/api/measurements/${ctx.owned().publicMeasurementId}/size-checks/${ctx.owned().publicCheckId}/reply`,
      payload: () => ({ reply: 'Thanks for checking.' }),
      expect: ownerOnly(200),
    },
  ]
}
