import { appRouteWith, ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/** A card and a line on the table's 64 × 48 photos, square to the camera. */
const MEASURE = {
  reference: {
    kind: 'credit-card',
    corners: [
      [10, 10],
      [50, 10],
      [50, 35],
      [10, 35],
    ],
  },
  points: [
    [12, 20],
    [40, 20],
  ],
}

/**
 * The rows of finding a reference and measuring on the card's plane: approved members past the gate, on a photo they
 * may see (others 404). The table's photos hold no card, so finding one answers its own 404 to those who may look.
 */
export function photoReferenceRoutes(ctx: RouteContext): Row[] {
  const owned = () => ctx.owned()
  return [
    {
      route: 'POST /api/photos/:id/reference',
      variant: 'private measurement',
      url: () => `/api/photos/${owned().privatePhotoId}/reference`,
      payload: () => ({ kind: 'credit-card' }),
      invalid: () => ({ kind: 'dime' }),
      expect: ownerOnly(404),
    },
    {
      route: 'POST /api/photos/:id/reference',
      variant: 'public measurement',
      url: () => `/api/photos/${owned().publicPhotoId}/reference`,
      payload: () => ({ kind: 'quarter' }),
      invalid: () => ({ kind: 'dime' }),
      expect: appRouteWith(404),
    },
    {
      route: 'POST /api/photos/:id/measure',
      variant: 'private measurement',
      url: () => `/api/photos/${owned().privatePhotoId}/measure`,
      payload: () => MEASURE,
      expect: ownerOnly(200),
    },
    {
      route: 'POST /api/photos/:id/measure',
      variant: 'public measurement',
      url: () => `/api/photos/${owned().publicPhotoId}/measure`,
      payload: () => MEASURE,
      invalid: () => ({ ...MEASURE, points: [[12, 20]] }),
      expect: appRouteWith(200),
    },
  ]
}
