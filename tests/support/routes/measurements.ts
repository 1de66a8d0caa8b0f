import { DEFAULT_SETTINGS } from '#shared/schemas/measurements.ts'
import { aMeasurement } from '../factories.ts'
import { jpeg, multipart } from '../images.ts'
import { appRoute, appRouteWith, open, ownerOnly, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of measurements, photos, settings and the public share API and page. A measurement is seen by its owner
 * and by whom its visibility allows (a private one: nobody else, admins included); changed and deleted by its owner
 * only, everyone else 404.
 */
export function measurementRoutes(ctx: RouteContext): Row[] {
  const owned = () => ctx.owned()
  let unattached: Promise<string> | undefined
  const { id: _id, ...update } = aMeasurement({ visibility: 'private' })
  return [
    {
      route: 'POST /api/photos',
      body: async () => multipart([{ data: await jpeg(64, 48) }]),
      expect: appRouteWith(201),
    },
    {
      route: 'GET /api/photos/:id/:size',
      variant: 'public measurement',
      url: () => `/api/photos/${owned().publicPhotoId}/thumb`,
      expect: open(),
    },
    {
      route: 'GET /api/photos/:id/:size',
      variant: 'private measurement',
      url: () => `/api/photos/${owned().privatePhotoId}/thumb`,
      expect: { ...open(404), owner: 200 },
    },
    {
      route: 'GET /api/photos/:id/:size',
      variant: 'attached to nothing',
      url: async () => {
        unattached ??= ctx.newPhoto()
        return `/api/photos/${await unattached}/thumb`
      },
      expect: { ...open(404), owner: 200 },
    },
    { route: 'POST /api/measurements', payload: () => aMeasurement(), expect: appRouteWith(201) },
    { route: 'GET /api/measurements', expect: appRoute },
    { route: 'GET /api/measurements/stats', expect: appRoute },
    {
      route: 'GET /api/measurements/:id',
      variant: 'private',
      url: () => `/api/measurements/${owned().privateMeasurementId}`,
      expect: ownerOnly(200),
    },
    {
      route: 'GET /api/measurements/:id',
      variant: 'public',
      url: () => `/api/measurements/${owned().publicMeasurementId}`,
      expect: appRoute,
    },
    {
      route: 'PATCH /api/measurements/:id',
      variant: 'private',
      url: async () => `/api/measurements/${await ctx.newMeasurement('private')}`,
      payload: () => update,
      expect: ownerOnly(200),
    },
    {
      route: 'PATCH /api/measurements/:id',
      variant: 'public',
      url: async () => `/api/measurements/${await ctx.newMeasurement('public')}`,
      payload: () => ({ ...update, visibility: 'public' }),
      invalid: () => ({ ...update, visibility: 'everyone' }),
      expect: ownerOnly(200),
    },
    {
      route: 'DELETE /api/measurements/:id',
      variant: 'private',
      url: async () => `/api/measurements/${await ctx.newMeasurement('private')}`,
      expect: ownerOnly(204),
    },
    {
      route: 'DELETE /api/measurements/:id',
      variant: 'public',
      url: async () => `/api/measurements/${await ctx.newMeasurement('public')}`,
      expect: ownerOnly(204),
    },
    { route: 'GET /api/settings', expect: appRoute },
    {
      route: 'PUT /api/settings',
      payload: () => ({ ...DEFAULT_SETTINGS }),
      invalid: () => ({ ...DEFAULT_SETTINGS, units: 'cubits' }),
      expect: appRoute,
    },
    // The share API and page: a public measurement to anyone, signed out too; a private one to nobody.
    {
      route: 'GET /api/share/:id',
      variant: 'public',
      url: () => `/api/share/${owned().publicMeasurementId}`,
      expect: open(),
    },
    {
      route: 'GET /api/share/:id',
      variant: 'private',
      url: () => `/api/share/${owned().privateMeasurementId}`,
      expect: open(404),
    },
    { route: 'GET /share/:id', variant: 'public', url: () => `/share/${owned().publicMeasurementId}`, expect: open() },
    {
      route: 'GET /share/:id',
      variant: 'private',
      url: () => `/share/${owned().privateMeasurementId}`,
      errorBody: 'html',
      expect: open(404),
    },
  ]
}
