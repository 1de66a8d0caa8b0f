import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { clearBoardsAfterWrites } from '#server/features/leaderboards/index.ts'
import { removePhotoFiles } from '#server/features/photos/index.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { sendJson } from '#server/lib/send-json.ts'
import { sessionUserOf as member, requireApproved } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit, type RateRule } from '#server/plugins/security.ts'
import { AppError } from '#shared/errors.ts'
import { DEFAULT_TIME_ZONE } from '#shared/measurements/calendar-months.ts'
import {
  CreateMeasurementSchema,
  ListMeasurementsQuerySchema,
  MeasurementIdParamsSchema,
  MeasurementPageSchema,
  MeasurementSchema,
  MeasurementStatsSchema,
  SettingsSchema,
  SharedMeasurementSchema,
  TimeZoneHeadersSchema,
  UpdateMeasurementSchema,
} from '#shared/schemas/measurements.ts'
import { MeasurementReads } from './measurements.cache.ts'
import { createMeasurement, deleteMeasurement, readShared, updateMeasurement } from './measurements.service.ts'
import { getSettings, saveSettings } from './settings.service.ts'
import { injectTags, MINIMAL_PAGE, shareTags } from './share-page.view.ts'

type Options = {
  db: Db
  createLimit: RateRule
  baseUrl: string
  /** The built client (index.html for the share page); undefined: a minimal page. */
  clientDir: string | undefined
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const SHARE_NOT_FOUND = 'Not found'

/** Files of removed photos, after the rows are gone; a file left behind is logged, never a failed request. */
async function removeFiles(app: FastifyInstance, log: FastifyBaseLogger, storageKeys: readonly string[]) {
  if (storageKeys.length === 0) return
  try {
    await removePhotoFiles(app.photoStorage, storageKeys)
  } catch (err) {
    log.error({ err, storageKeys }, 'photo files could not be removed')
  }
}

/** The measurements API: the member's collection and settings (approved members), and the public share API and page. */
export const measurementRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { db, createLimit, baseUrl, clientDir },
) => {
  app.addHook('onSend', clearBoardsAfterWrites)
  // The hot reads answer from serialized bodies while their version in the database is unchanged.
  const reads = new MeasurementReads(db)
  app.post(
    '/api/measurements',
    {
      preValidation: requireApproved,
      config: perMemberRateLimit(createLimit),
      schema: {
        summary: 'Records a measurement (approved members); the server scores it',
        description:
          'The id is made by the client: a repeat by the same member answers 200 with the stored measurement ' +
          '(offline sync), the same id by another member 409. Scores, trophy class and evidence are computed here; ' +
          'any sent by the client are ignored.',
        tags: ['measurements'],
        body: CreateMeasurementSchema,
        response: { 200: MeasurementSchema, 201: MeasurementSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req, reply) => {
      const { measurement, created } = await createMeasurement(db, member(req), req.body)
      // The public feed of this process learns now; every other's with the database's event (ADR 119).
      if (created) {
        app.events.postsChanged({ ids: [measurement.id], moved: [measurement.id] })
        app.events.profilesChanged([measurement.owner.id])
      }
      return reply.code(created ? 201 : 200).send(measurement)
    },
  )

  app.get(
    '/api/measurements',
    {
      preValidation: requireApproved,
      schema: {
        summary: "The member's own measurements, newest added (or, with order=taken, taken) first (keyset pages)",
        tags: ['measurements'],
        querystring: ListMeasurementsQuerySchema,
        response: { 200: MeasurementPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => sendJson(reply, await reads.page(member(req), req.query)),
  )

  app.get(
    '/api/measurements/stats',
    {
      preValidation: requireApproved,
      schema: {
        summary: "The member's statistics: totals, trophies, records, personal bests, measurements per month",
        description:
          'Trophies count trophy class `trophy` or better (records included); records count class `record`. ' +
          'perMonth counts by date taken in the calendar months of the X-Time-Zone header (UTC without it); ' +
          'thisMonth is its current month.',
        tags: ['measurements'],
        headers: TimeZoneHeadersSchema,
        response: { 200: MeasurementStatsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      sendJson(reply, await reads.stats(member(req), req.headers['x-time-zone'] ?? DEFAULT_TIME_ZONE)),
  )

  app.get(
    '/api/measurements/:id',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'One measurement the member may see; others receive no notes and only the location they allow',
        tags: ['measurements'],
        params: MeasurementIdParamsSchema,
        response: { 200: MeasurementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => sendJson(reply, await reads.detail(member(req), req.params.id)),
  )

  app.patch(
    '/api/measurements/:id',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Changes a measurement (its owner only; others 404); rescored by the server',
        description: 'The whole editable record: photos no longer listed are deleted.',
        tags: ['measurements'],
        params: MeasurementIdParamsSchema,
        body: UpdateMeasurementSchema,
        response: { 200: MeasurementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => {
      const { measurement, removedStorageKeys, told } = await updateMeasurement(
        db,
        member(req),
        req.params.id,
        req.body,
      )
      for (const userId of told) app.events.announce(userId)
      app.events.postsChanged({ ids: [req.params.id], moved: [req.params.id] })
      app.events.profilesChanged([measurement.owner.id])
      await removeFiles(app, req.log, removedStorageKeys)
      return measurement
    },
  )

  app.delete(
    '/api/measurements/:id',
    {
      preValidation: requireApproved,
      schema: {
        summary: 'Deletes a measurement and its photos (its owner only; others 404)',
        tags: ['measurements'],
        params: MeasurementIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      const { storageKeys, told } = await deleteMeasurement(db, member(req), req.params.id)
      for (const userId of told) app.events.announce(userId)
      app.events.postsChanged({ ids: [req.params.id], moved: [req.params.id] })
      app.events.profilesChanged([member(req).id])
      await removeFiles(app, req.log, storageKeys)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/api/settings',
    {
      preValidation: requireApproved,
      schema: {
        summary: "The member's settings (units, defaults for new measurements)",
        tags: ['settings'],
        response: { 200: SettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => getSettings(db, member(req).id),
  )

  app.put(
    '/api/settings',
    {
      preValidation: requireApproved,
      schema: {
        summary: "Saves the member's settings",
        tags: ['settings'],
        body: SettingsSchema,
        response: { 200: SettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => saveSettings(db, member(req).id, req.body),
  )

  app.get(
    '/api/share/:id',
    {
      schema: {
        summary: 'A public measurement as anyone sees it, signed in or not (others 404)',
        description: 'No notes, and no location beyond the region.',
        tags: ['share'],
        params: MeasurementIdParamsSchema,
        response: { 200: SharedMeasurementSchema, ...errorResponses(400, 404) },
      },
    },
    async (req, reply) => {
      const shared = await readShared(db, req.params.id)
      if (!shared) throw new AppError('NOT_FOUND', SHARE_NOT_FOUND)
      reply.header('cache-control', 'no-cache')
      return shared.measurement
    },
  )

  const indexFile = clientDir ? join(clientDir, 'index.html') : undefined
  const pageHtml = async () => (indexFile && existsSync(indexFile) ? readFile(indexFile, 'utf8') : MINIMAL_PAGE)

  // The client's share page with Open Graph and Twitter card tags for link previews. Not JSON: hidden from docs.
  app.get<{ Params: { id: string } }>('/share/:id', { schema: { hide: true } }, async (req, reply) => {
    const html = await pageHtml()
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8')
    const id = req.params.id
    const shared = UUID.test(id) ? await readShared(db, id.toLowerCase()) : undefined
    if (!shared) return reply.code(404).send(html)
    return reply.send(injectTags(html, shareTags(shared.measurement, shared.ownerName, baseUrl)))
  })
}
