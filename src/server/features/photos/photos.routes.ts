import { createHash, randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import multipart from '@fastify/multipart'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { type FastifyPluginAsyncZod, validatorCompiler } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { loadUser, requireApproved } from '#server/plugins/auth-session.ts'
import { perMemberRateLimit, type RateLimits } from '#server/plugins/security.ts'
import { ApiErrorSchema, AppError } from '#shared/errors.ts'
import { MEASUREMENT_LIMITS, PHOTO_SIZES, UploadedPhotoSchema } from '#shared/schemas/measurements.ts'
import {
  BUSY_RETRY_AFTER_SECONDS,
  type CaptureInfo,
  fileError,
  findPhoto,
  inspectUpload,
  PHOTO_MESSAGES,
  type PhotoRow,
  photoFileKey,
  photoQueue,
  processUpload,
  savePhoto,
  toPhoto,
  viewablePhoto,
} from './photos.service.ts'

type Options = { db: Db; rateLimits: RateLimits }

/** Room for the multipart boundaries and part headers around a file of the largest size. */
const MULTIPART_OVERHEAD = 64 * 1024
const MAX_BODY_BYTES = MEASUREMENT_LIMITS.uploadBytes + MULTIPART_OVERHEAD

// A public photo: shared caches revalidate it after five minutes, so one no longer public stops being served.
const PUBLIC_CACHE = 'public, max-age=300, must-revalidate'
const PRIVATE_CACHE = 'private, no-cache'

const UploadQuerySchema = z.object({
  /** Made by the client (offline sync): a repeat with the same id answers 200 with the stored photo. */
  id: z.string().uuid('id must be a UUID').optional(),
})

const UploadBodySchema = z.object({
  file: z.string().meta({
    format: 'binary',
    description: `JPEG, PNG, WebP or HEIC, at most ${MEASUREMENT_LIMITS.uploadBytes / 1024 / 1024} MB and ${MEASUREMENT_LIMITS.uploadPixels / 1_000_000} megapixels`,
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

function busy(reply: FastifyReply): AppError {
  reply.header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
  return fileError('BUSY', PHOTO_MESSAGES.busy)
}

/** Calls `onOver` once the body passes `max` bytes and stops reading it: a chunked body declares no length. */
function watchBodySize(raw: IncomingMessage, max: number, onOver: () => void): void {
  let bytes = 0
  const onData = (chunk: Buffer) => {
    bytes += chunk.length
    if (bytes <= max) return
    raw.off('data', onData)
    raw.unpipe()
    // Paused, the request stops reading its socket: the rest of the body waits in the client, not in our memory.
    raw.pause()
    onOver()
  }
  raw.on('data', onData)
}

async function readUpload(req: FastifyRequest, reply: FastifyReply): Promise<Buffer> {
  if (!req.isMultipart()) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.missing)
  const multipartError = (err: unknown): AppError => {
    const code = (err as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(reply)
    if (code === 'FST_FILES_LIMIT') return fileError('BAD_REQUEST', 'Upload one photo at a time')
    return fileError('BAD_REQUEST', 'The upload was incomplete; try again')
  }
  const parts = req.parts()[Symbol.asyncIterator]()
  // The first next() pipes the request into the parser; the counter joins in the same tick, before any data flows.
  const first = parts.next()
  const overflow = new Promise<never>((_, reject) => {
    watchBodySize(req.raw, MAX_BODY_BYTES, () => reject(tooLarge(reply)))
  })
  const read = async () => {
    let file: Buffer | undefined
    // All parts are read, so a second file meets the `files: 1` limit instead of passing unnoticed.
    for (let next = await first; !next.done; next = await parts.next()) {
      const part = next.value
      if (part.type !== 'file') continue
      if (part.fieldname !== 'file') throw fileError('BAD_REQUEST', PHOTO_MESSAGES.missing)
      file = await part.toBuffer()
    }
    return file
  }
  let file: Buffer | undefined
  try {
    file = await Promise.race([read(), overflow])
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
          if (length > MAX_BODY_BYTES) throw tooLarge(reply)
          // Refused before the body is read: a full queue is no place to hold another 25 MB.
          if (photoQueue.isFull()) throw busy(reply)
        },
      ],
      // Per member, after the sign-in check; not in the write queue, since an upload's time is the client's network.
      config: { ...perMemberRateLimit(rateLimits.photoUpload), writeQueue: false },
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
          ...errorResponses(400, 401, 403, 409, 413, 429),
          503: ApiErrorSchema.describe('Busy decoding other photos: try again after Retry-After seconds'),
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
        const { capture } = await inspectUpload(buffer)
        return reply.code(200).send(uploaded(existing, capture))
      }
      const photo = await processUpload(buffer).catch((err: unknown) => {
        throw err instanceof AppError && err.code === 'BUSY' ? busy(reply) : err
      })
      const { row, created } = await savePhoto(db, app.photoStorage, { id: id ?? randomUUID(), userId, photo })
      if (!created && row.userId !== userId) throw conflict()
      return reply.code(created ? 201 : 200).send(uploaded(row, photo))
    },
  )

  app.get(
    '/api/photos/:id/:size',
    {
      // WebP is compressed already.
      compress: false,
      schema: {
        summary: "A photo as WebP (display ≤ 2048 px, thumb ≤ 480 px): its uploader's, or one of a visible measurement",
        tags: ['photos'],
        params: PhotoParamsSchema,
        response: { 200: WebpResponse, 304: z.null().describe('Not modified'), ...errorResponses(400, 404) },
      },
    },
    async (req, reply) => {
      // Who asks decides the answer; a refusal is not kept either, so a photo made public shows at once.
      reply.header('vary', 'Cookie').header('cache-control', 'no-store')
      const viewer = await loadUser(req, reply)
      const photo = await viewablePhoto(db, viewer, req.params.id)
      if (!photo) throw new AppError('NOT_FOUND', 'Photo not found')

      const fileKey = photoFileKey(photo.storageKey, req.params.size)
      const etag = etagOf(fileKey)
      reply
        .header('etag', etag)
        .header('cache-control', photo.isPublic ? PUBLIC_CACHE : PRIVATE_CACHE)
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
