import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { requireApproved, sessionUserOf } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit, type RateLimits } from '#server/plugins/security.ts'
import { ApiErrorSchema, AppError } from '#shared/errors.ts'
import {
  FindReferenceBodySchema,
  FoundReferenceSchema,
  MeasureOnPlaneBodySchema,
  PhotoReferenceParamsSchema,
  PlaneMeasurementSchema,
} from '#shared/schemas/photo-reference.ts'
import {
  createReferenceFinder,
  measureOnPhoto,
  NO_REFERENCE,
  PHOTO_NOT_FOUND,
  referencePhoto,
} from './photo-reference.service.ts'
import { BUSY_RETRY_AFTER_SECONDS, PHOTO_MESSAGES } from './photos.service.ts'
import { QueueFullError } from './photos.work-queue.ts'

type Options = { db: Db; rateLimits: RateLimits }

const WHO =
  "The photo must be the caller's own upload, or one of a measurement the caller may see; any other id answers " +
  `404 ${PHOTO_NOT_FOUND}. Coordinates are pixels of the display image (GET /api/photos/{id}/display), origin top left.`

/** POST /api/photos/:id/reference and /measure: a reference object in a photo, and a length on the card's plane. */
export const photoReferenceRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits }) => {
  const finder = createReferenceFinder(app.photoStorage)

  app.post(
    '/api/photos/:id/reference',
    {
      preValidation: requireApproved,
      // Not in the write queue: it changes nothing, its CPU time is bounded by the photo queue, and a rest of nine
      // times a detection would hold up the member's next real write (saving the catch).
      config: { ...perMemberRateLimit(rateLimits.photoReference), writeQueue: false },
      schema: {
        summary: 'Finds a credit card (its four corners) or a quarter (its ellipse) in a photo',
        description:
          `${WHO} Without a body a credit card is looked for. A card's corners come in order around it, ` +
          'corners[0] → corners[1] along a long side, with cornerErrorPx (how well they are placed): send both to ' +
          "POST /api/photos/{id}/measure. A quarter's are the end points of its ellipse's major axis, then of its " +
          'minor axis. 404 when there is none; 503 with Retry-After while the server is busy with other photos.',
        tags: ['photos'],
        params: PhotoReferenceParamsSchema,
        body: FindReferenceBodySchema,
        response: {
          200: FoundReferenceSchema,
          ...errorResponses(400, 401, 403, 404, 429),
          503: ApiErrorSchema.describe('Busy with other photos: try again after Retry-After seconds'),
        },
      },
    },
    async (req, reply) => {
      const kind = req.body?.kind ?? 'credit-card'
      const photo = await referencePhoto(db, sessionUserOf(req), req.params.id)
      const found = await finder.find(photo, kind, req.log).catch((err: unknown) => {
        if (!(err instanceof QueueFullError)) throw err
        reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
        throw new AppError('BUSY', PHOTO_MESSAGES.busy)
      })
      if (!found) throw new AppError('NOT_FOUND', NO_REFERENCE[kind])
      return found
    },
  )

  app.post(
    '/api/photos/:id/measure',
    {
      preValidation: requireApproved,
      // Not in the write queue: it changes nothing and costs a read and a few milliseconds of arithmetic, like a GET.
      config: { ...perMemberRateLimit(rateLimits.photoMeasure), writeQueue: false },
      schema: {
        summary: "Measures a path on a photo on the card's plane, from the card's four corners",
        description:
          `${WHO} The homography of the four corners to the card's true 3.37 × 2.125 in gives the length of the ` +
          'path through the points on the plane the card lies on, whatever the camera angle; the uncertainty ' +
          '(about 95 %) propagates each corner (reference.cornerErrorPx: one figure for all four, or one per corner; ' +
          'default 1 px) and each point (1 px). ' +
          'mode defaults to straight for two points, curve for more. 400 names what is wrong: ' +
          'reference.corners (not four corners in order around a convex quadrilateral, or sides under 8 px), ' +
          "points.N (outside the photo), points (beyond the plane's horizon, or too few), mode.",
        tags: ['photos'],
        params: PhotoReferenceParamsSchema,
        body: MeasureOnPlaneBodySchema,
        response: { 200: PlaneMeasurementSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (req) => {
      const photo = await referencePhoto(db, sessionUserOf(req), req.params.id)
      return measureOnPhoto(photo, req.body)
    },
  )
}
