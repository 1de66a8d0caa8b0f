import { createHash, randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import { eq, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema, AppError } from '#shared/errors.ts'
import { MEASUREMENT_LIMITS, PHOTO_SIZES, UploadedPhotoSchema } from '#shared/schemas/measurements.ts'
import type { Db } from '../../db/client.ts'
import { loadUser, requireApproved } from '../../plugins/auth-session.ts'
import { perMemberRateLimit, type RateLimits } from '../../plugins/security.ts'
import { users } from '../auth/auth.tables.ts'
import { measurements, photos } from '../measurements/measurements.tables.ts'
import { blockedSql, canView, followsSql } from '../measurements/visibility.ts'
import {
  avatarUrl,
  type CaptureInfo,
  fileError,
  findPhoto,
  inspectUpload,
  PHOTO_MESSAGES,
  type PhotoRow,
  photoFileKey,
  processUpload,
  savePhoto,
  toPhoto,
} from './photos.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Room for the multipart boundaries and part headers around a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024

const UploadQuerySchema = z.object({
  /** Made by the client (offline sync): a repeat with the same id answers 200 with the stored photo. */
  id: z.string().uuid('id must be a UUID').optional(),
})

const UploadBodySchema = z.object({
  file: z.string().meta({
    format: 'binary',
    description: 'JPEG, PNG, WebP or HEIC, at most 25 MB and 100 megapixels',
  }),
})

const PhotoParamsSchema = z.object({
  id: z.string().uuid('id must be a UUID'),
  size: z.enum(PHOTO_SIZES, { error: `size must be one of ${PHOTO_SIZES.join(', ')}` }),
})

const WebpResponse = {
  description: 'The photo as WebP, without any metadata',
  content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } },
}

function tooLarge(reply: FastifyReply): AppError {
  // The client may still be sending: do not keep the connection to read the rest.
  reply.header('connection', 'close')
  return fileError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge)
}

/** The one file of the multipart body's `file` field, read up to the size limit. */
async function readUpload(req: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (!req.isMultipart()) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.missing)
  const multipartError = (err: unknown): AppError => {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply)
    if (code === 'FST_FILES_LIMIT') return fileError('BAD_REQUEST', 'Upload one photo at a time')
    return fileError('BAD_REQUEST', 'The upload was incomplete; try again')
  }
  let file: Buffer | undefined
  try {
    // All parts are read, so a second file meets the `files: 1` limit instead of passing unnoticed.
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file') throw fileError('BAD_REQUEST', PHOTO_MESSAGES.missing)
      file = await part.toBuffer()
    }
  } catch (err) {
    throw err instanceof AppError ? err : multipartError(err)
  }
  if (!file) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.missing)
  return file
}

const uploaded = (row: PhotoRow, capture: CaptureInfo) => ({ ...toPhoto(row), ...capture })

/** A strong validator for a file that never changes: derived from its storage key. */
const etagOf = (fileKey: string) => `"${createHash('sha256').update(fileKey).digest('base64url').slice(0, 27)}"`

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  return header.split(',').some((tag) => {
    const t = tag.trim()
    return t === '*' || t.replace(/^W\//, '') === etag
  })
}

export const photosRoutes: FastifyPluginAsyncZod<Options> = async (app, { db, rateLimits }) => {
  // Multipart for these routes only; the rest of the API takes JSON of at most 100 KB.
  await app.register(multipart, {
    limits: {
      fileSize: MEASUREMENT_LIMITS.uploadBytes,
      files: 1,
      fields: 5,
      fieldSize: 1024,
      parts: 6,
      headerPairs: 20,
    },
  })

  app.post(
    '/api/photos',
    {
      preValidation: [
        requireApproved,
        async (req, reply) => {
          const length = Number(req.headers['content-length'])
          if (length > MEASUREMENT_LIMITS.uploadBytes + MULTIPART_OVERHEAD) throw tooLarge(reply)
        },
      ],
      // Counted per member after sign-in is checked (its preHandler runs after the preValidation above).
      config: perMemberRateLimit(rateLimits.photoUpload),
      // The file is read from the stream by the handler, not validated as a body.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? (data: unknown) => ({ value: data }) : validatorCompiler(route as never),
      schema: {
        summary: 'Uploads a photo (approved members): checked, auto-oriented, stored as WebP without metadata',
        description:
          'Returns the capture time and GPS read from the file to the uploader only; they are never stored. ' +
          'With `id` (a client-made UUID) a repeat answers 200 with the photo already stored.',
        tags: ['photos'],
        consumes: ['multipart/form-data'],
        querystring: UploadQuerySchema,
        body: UploadBodySchema,
        response: {
          200: UploadedPhotoSchema,
          201: UploadedPhotoSchema,
          400: ApiErrorSchema,
          401: ApiErrorSchema,
          403: ApiErrorSchema,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          429: ApiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const userId = req.sessionUser?.id as string
      const id = req.query.id
      const conflict = () => new AppError('CONFLICT', 'id: This photo id is already in use')
      const existing = id ? await findPhoto(db, id) : undefined
      if (existing && existing.userId !== userId) throw conflict()

      const buffer = await readUpload(req, reply)
      if (existing) {
        // A repeat (offline sync): the stored photo, and what this copy of the file says.
        const { capture } = await inspectUpload(buffer)
        return reply.code(200).send(uploaded(existing, capture))
      }
      const photo = await processUpload(buffer)
      const { row, created } = await savePhoto(db, app.photoStorage, { id: id ?? randomUUID(), userId, photo })
      if (!created && row.userId !== userId) throw conflict()
      return reply.code(created ? 201 : 200).send(uploaded(row, photo))
    },
  )

  app.get(
    '/api/photos/:id/:size',
    {
      schema: {
        summary: "A photo as WebP (display ≤ 2048 px, thumb ≤ 480 px): its uploader's, or one of a visible measurement",
        tags: ['photos'],
        params: PhotoParamsSchema,
        response: {
          200: WebpResponse,
          304: z.null().describe('Not modified'),
          400: ApiErrorSchema,
          404: ApiErrorSchema,
        },
      },
    },
    async (req, reply) => {
      const viewer = await loadUser(req, reply)
      const [row] = await db
        .select({
          userId: photos.userId,
          storageKey: photos.storageKey,
          ownerId: measurements.userId,
          visibility: measurements.visibility,
          hiddenAt: measurements.hiddenAt,
          uploaderImage: users.image,
          uploaderHidden: sql<boolean>`${users.hiddenAt} is not null`,
          follows: viewer ? followsSql(viewer.id, photos.userId) : sql<boolean>`false`,
          blocked: viewer ? blockedSql(viewer.id, photos.userId) : sql<boolean>`false`,
        })
        .from(photos)
        .innerJoin(users, eq(users.id, photos.userId))
        .leftJoin(measurements, eq(photos.measurementId, measurements.id))
        .where(eq(photos.id, req.params.id))
      const relation = { follows: row?.follows === true, blocked: row?.blocked === true }
      const isOwn = row !== undefined && viewer !== null && viewer.id === row.userId
      // A profile picture: an unattached photo the uploader chose as their picture, for signed-in members.
      const isAvatar =
        row !== undefined &&
        row.ownerId === null &&
        row.uploaderImage === avatarUrl(req.params.id) &&
        viewer !== null &&
        !relation.blocked &&
        (!row.uploaderHidden || viewer.isAdmin)
      const visible =
        row !== undefined &&
        (isOwn ||
          isAvatar ||
          (row.ownerId !== null &&
            row.visibility !== null &&
            canView(viewer, { userId: row.ownerId, visibility: row.visibility, hiddenAt: row.hiddenAt }, relation)))
      if (!visible) throw new AppError('NOT_FOUND', 'Photo not found')

      const fileKey = photoFileKey(row.storageKey, req.params.size)
      const etag = etagOf(fileKey)
      reply
        .header('etag', etag)
        .header(
          'cache-control',
          `${row.visibility === 'public' && !row.hiddenAt ? 'public' : 'private'}, max-age=31536000, immutable`,
        )
        .header('x-content-type-options', 'nosniff')
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send(null)

      const file = await app.photoStorage.get(fileKey)
      if (!file) {
        req.log.warn({ photoId: req.params.id, fileKey }, 'photo file missing from storage')
        throw new AppError('NOT_FOUND', 'Photo not found')
      }
      // The schema documents binary content as a string; Fastify sends a Buffer as is.
      return reply.type('image/webp').send(file as unknown as string)
    },
  )
}
