import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { eq, sql } from 'drizzle-orm'
import exifr from 'exifr'
import sharp, { type Metadata, type Sharp } from 'sharp'
import type { Db } from '#server/db/client.ts'
import { blockedSql, canView, followsSql, type Viewer } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { measurements, photos } from '#server/features/measurements/index.ts'
import type { PhotoStorage } from '#server/lib/photo-storage.ts'
import { AppError, type ErrorCode } from '#shared/errors.ts'
import { MEASUREMENT_LIMITS, type Photo, type UploadedPhoto } from '#shared/schemas/measurements.ts'
import type { HeicWorkerInput, HeicWorkerResult } from './heic.worker.ts'
import { createWorkQueue, QueueFullError } from './photos.work-queue.ts'

// Checks content, size and pixel count before decoding anything, then in a queue slot decodes, orients and writes two
// WebP renditions with no metadata at all (sharp keeps none unless asked).

export type PhotoFormat = 'jpeg' | 'png' | 'webp' | 'heic'
export type PhotoRow = typeof photos.$inferSelect
export type CaptureInfo = Pick<UploadedPhoto, 'takenAt' | 'gps'>

export type ProcessedPhoto = CaptureInfo & {
  format: PhotoFormat
  display: Buffer
  thumb: Buffer
  width: number
  height: number
}

const MB = 1024 * 1024
const MEGAPIXELS = MEASUREMENT_LIMITS.uploadPixels / 1_000_000

export const PHOTO_MESSAGES = {
  missing: 'Choose a photo to upload',
  empty: 'The file is empty',
  type: 'Only JPEG, PNG, WebP or HEIC photos can be uploaded',
  tooLarge: `Photos can be at most ${MEASUREMENT_LIMITS.uploadBytes / MB} MB`,
  unreadable: 'The photo could not be read; the file may be damaged or incomplete',
  heic: 'This HEIC photo could not be decoded; export it as JPEG and try again',
  pixels: (width: number, height: number) =>
    `The photo is ${width} × ${height} pixels; photos can have at most ${MEGAPIXELS} megapixels`,
  tooManyPixels: `Photos can have at most ${MEGAPIXELS} megapixels`,
  busy: 'The server is busy with other photos; try again in a few seconds',
} as const

// Decoding is CPU- and memory-bound: one photo per core at once and a few more waiting; past that an upload is refused.
export const photoQueue = createWorkQueue({ slots: availableParallelism(), maxWaiting: 4 * availableParallelism() })

/** Seconds a refused upload should wait: about what the waiting line takes to drain. */
export const BUSY_RETRY_AFTER_SECONDS = 5

// No upload is decoded twice, so libvips' operation cache would only hold on to memory.
sharp.cache(false)

export function fileError(code: ErrorCode, message: string): AppError {
  return new AppError(code, `file: ${message}`, [{ path: 'file', message }])
}

/** HEIF brands of HEVC-coded stills and sequences (and the generic `mif1`/`msf1`), as the `ftyp` box names them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])

/** The format by the file's first bytes, whatever its name or declared type says; null for anything else. */
export function detectFormat(buf: Uint8Array): PhotoFormat | null {
  const ascii = (start: number, end: number) => Buffer.from(buf.subarray(start, end)).toString('latin1')
  if (buf.length >= 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff) return 'jpeg'
  if (buf.length >= 8 && ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png'
  if (buf.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (buf.length >= 12 && ascii(4, 8) === 'ftyp' && HEIF_BRANDS.has(ascii(8, 12))) return 'heic'
  return null
}

const EXIF_DATE = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/
const EXIF_OFFSET = /^[+-](0\d|1[0-4]):[0-5]\d$/

/** EXIF's date as ISO 8601: with its recorded offset, else wall-clock time without one (EXIF has no zone); or null. */
export function captureTime(value: unknown, offset: unknown): string | null {
  if (typeof value !== 'string') return null
  const m = EXIF_DATE.exec(value.trim())
  if (!m) return null
  const local = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}`
  const asUtc = new Date(`${local}Z`)
  if (Number.isNaN(asUtc.getTime()) || asUtc.toISOString().slice(0, 19) !== local) return null
  if (asUtc.getUTCFullYear() < 1900) return null
  const zone = typeof offset === 'string' && EXIF_OFFSET.test(offset.trim()) ? offset.trim() : null
  const iso = zone ? `${local}${zone}` : local
  // Without an offset the wall clock may be up to 14 h ahead of UTC.
  const instant = zone ? Date.parse(iso) : asUtc.getTime() - 14 * 3_600_000
  if (instant > Date.now() + MEASUREMENT_LIMITS.futureToleranceMs) return null
  return iso
}

function coordinates(lat: unknown, lon: unknown): CaptureInfo['gps'] {
  if (typeof lat !== 'number' || typeof lon !== 'number') return null
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null
  // 0, 0 is what a camera without a fix writes, not a place in the Gulf of Guinea.
  if (lat === 0 && lon === 0) return null
  return { lat, lon }
}

/** Capture time and GPS from an EXIF block (sharp's metadata, any of the four formats); anything unreadable is null. */
export async function readCaptureInfo(exif: Buffer | undefined): Promise<CaptureInfo> {
  const none = { takenAt: null, gps: null }
  if (!exif || exif.length < 8) return none
  const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
  try {
    const tags = (await exifr.parse(tiff, {
      tiff: true,
      exif: true,
      gps: true,
      ifd1: false,
      xmp: false,
      icc: false,
      iptc: false,
      reviveValues: false,
    })) as Record<string, unknown> | undefined
    if (!tags) return none
    return {
      takenAt:
        captureTime(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ??
        captureTime(tags.CreateDate, tags.OffsetTimeDigitized),
      gps: coordinates(tags.latitude, tags.longitude),
    }
  } catch {
    return none
  }
}

function checkPixels(width: number | undefined, height: number | undefined): void {
  if (!width || !height) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.unreadable)
  if (width * height > MEASUREMENT_LIMITS.uploadPixels) {
    throw fileError('BAD_REQUEST', PHOTO_MESSAGES.pixels(width, height))
  }
}

/** The content, size and pixel checks; the format, header metadata and capture info. Decodes nothing. */
export async function inspectUpload(input: Buffer) {
  if (input.length === 0) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.empty)
  if (input.length > MEASUREMENT_LIMITS.uploadBytes) throw fileError('PAYLOAD_TOO_LARGE', PHOTO_MESSAGES.tooLarge)
  const format = detectFormat(input)
  if (!format) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.type)
  let metadata: Metadata | undefined
  try {
    // Only the header is read here: sharp's own pixel limit would refuse a bomb without saying its size.
    metadata = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    // libvips cannot read this HEIF's header; heic-decode may still can.
    if (format !== 'heic') throw fileError('BAD_REQUEST', PHOTO_MESSAGES.unreadable)
  }
  if (format !== 'heic') checkPixels(metadata?.width, metadata?.height)
  const capture = await readCaptureInfo(metadata?.exif)
  // sharp's prebuilt libheif decodes AV1 (AVIF under a generic brand) but not HEVC.
  const needsHeicDecoder = format === 'heic' && metadata?.compression !== 'av1'
  return { format, metadata, capture, needsHeicDecoder }
}

/** HEVC-coded HEIF through heic-decode (libheif in WASM) in a worker thread: size from the header first, then RGBA. */
async function decodeHeif(input: Buffer): Promise<Sharp> {
  const result = await new Promise<HeicWorkerResult>((resolve, reject) => {
    const workerData: HeicWorkerInput = { input, maxPixels: MEASUREMENT_LIMITS.uploadPixels }
    const worker = new Worker(new URL('./heic.worker.ts', import.meta.url), { workerData })
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`The HEIC worker stopped (exit code ${code})`)))
  })
  if (!result.ok && result.reason === 'pixels') checkPixels(result.width, result.height)
  if (!result.ok) throw fileError('BAD_REQUEST', PHOTO_MESSAGES.heic)
  const { width, height, data } = result
  return sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), {
    raw: { width, height, channels: 4 },
    limitInputPixels: MEASUREMENT_LIMITS.uploadPixels,
  })
}

const fitInside = (edge: number) => ({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true }) as const

const webpOut = (edge: number, quality: number) => (image: Sharp) =>
  image.resize(fitInside(edge)).webp({ quality, effort: 2 }).toBuffer({ resolveWithObject: true })

/** Checks an upload and makes its display and thumb WebP renditions, upright, without metadata; 400/413 on `file`. */
export async function processUpload(input: Buffer): Promise<ProcessedPhoto> {
  const { format, capture, needsHeicDecoder } = await inspectUpload(input)
  try {
    const renditions = await photoQueue.run(() => renderPhoto(input, needsHeicDecoder))
    return { format, ...renditions, ...capture }
  } catch (err) {
    if (err instanceof AppError) throw err
    if (err instanceof QueueFullError) throw fileError('BUSY', PHOTO_MESSAGES.busy)
    if (err instanceof Error && /pixel limit/i.test(err.message)) {
      throw fileError('BAD_REQUEST', PHOTO_MESSAGES.tooManyPixels)
    }
    throw fileError('BAD_REQUEST', needsHeicDecoder ? PHOTO_MESSAGES.heic : PHOTO_MESSAGES.unreadable)
  }
}

/** The decode, orientation and both encodes: the part that holds a queue slot. */
async function renderPhoto(input: Buffer, needsHeicDecoder: boolean) {
  const source = needsHeicDecoder
    ? await decodeHeif(input)
    : sharp(input, { limitInputPixels: MEASUREMENT_LIMITS.uploadPixels, failOn: 'warning' })
  // rotate() applies the EXIF orientation; decoded once, to the display size, both renditions cut from those pixels.
  const { data, info } = await source
    .rotate()
    .resize(fitInside(MEASUREMENT_LIMITS.displayEdge))
    .raw()
    .toBuffer({ resolveWithObject: true })
  const upright = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const [display, thumb] = await Promise.all([
    webpOut(MEASUREMENT_LIMITS.displayEdge, 80)(sharp(data, upright)),
    webpOut(MEASUREMENT_LIMITS.thumbEdge, 72)(sharp(data, upright)),
  ])
  return { display: display.data, thumb: thumb.data, width: display.info.width, height: display.info.height }
}

/** `2025/06/{photoId}-{random}`: a fresh prefix per upload, so content at a key never changes. */
export function newStorageKey(photoId: string, now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0')
  return `${now.getUTCFullYear()}/${month}/${photoId}-${randomBytes(4).toString('hex')}`
}

export const PHOTO_FILES = { display: 'display.webp', thumb: 'thumb.webp' } as const

export function photoFileKey(storageKey: string, size: keyof typeof PHOTO_FILES): string {
  return `${storageKey}/${PHOTO_FILES[size]}`
}

/** Deletes the files of these photos (their rows' storageKey); for measurement deletes and failed inserts. */
export async function removePhotoFiles(storage: PhotoStorage, storageKeys: readonly string[]): Promise<void> {
  if (storageKeys.length === 0) return
  await storage.remove(storageKeys.flatMap((key) => [photoFileKey(key, 'display'), photoFileKey(key, 'thumb')]))
}

export function toPhoto(row: Pick<PhotoRow, 'id' | 'width' | 'height'>): Photo {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    displayUrl: `/api/photos/${row.id}/display`,
    thumbUrl: `/api/photos/${row.id}/thumb`,
  }
}

/** users.image of a member whose picture is one of their photos (the profile page's upload). */
export function avatarUrl(photoId: string): string {
  return `/api/photos/${photoId}/thumb`
}

export async function findPhoto(db: Db, id: string): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id))
  return row
}

/**
 * A photo the viewer may fetch: its uploader's own, a profile picture, or one of a measurement they may see;
 * undefined otherwise. `isPublic`: anyone may see it, so shared caches may keep it. `width`, `height`: the display
 * image's.
 */
export async function viewablePhoto(
  db: Db,
  viewer: Viewer,
  photoId: string,
): Promise<{ storageKey: string; isPublic: boolean; width: number; height: number } | undefined> {
  const [row] = await db
    .select({
      userId: photos.userId,
      storageKey: photos.storageKey,
      width: photos.width,
      height: photos.height,
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
    .where(eq(photos.id, photoId))
  if (!row) return undefined
  const relation = { follows: row.follows === true, blocked: row.blocked === true }
  const isOwn = viewer !== null && viewer.id === row.userId
  // A profile picture: an unattached photo the uploader chose as their picture, for signed-in members.
  const isAvatar =
    row.ownerId === null &&
    row.uploaderImage === avatarUrl(photoId) &&
    viewer !== null &&
    !relation.blocked &&
    (!row.uploaderHidden || viewer.isAdmin === true)
  const visible =
    isOwn ||
    isAvatar ||
    (row.ownerId !== null &&
      row.visibility !== null &&
      canView(viewer, { userId: row.ownerId, visibility: row.visibility, hiddenAt: row.hiddenAt }, relation))
  if (!visible) return undefined
  const { storageKey, width, height } = row
  return { storageKey, width, height, isPublic: row.visibility === 'public' && !row.hiddenAt }
}

/** Stores files and row; if a concurrent repeat stored the id first, removes the new files and returns that row. */
export async function savePhoto(
  db: Db,
  storage: PhotoStorage,
  input: { id: string; userId: string; photo: ProcessedPhoto },
): Promise<{ row: PhotoRow; created: boolean }> {
  const { id, userId, photo } = input
  const storageKey = newStorageKey(id)
  await storage.put(photoFileKey(storageKey, 'display'), photo.display, 'image/webp')
  await storage.put(photoFileKey(storageKey, 'thumb'), photo.thumb, 'image/webp')
  try {
    const [row] = await db
      .insert(photos)
      .values({
        id,
        userId,
        width: photo.width,
        height: photo.height,
        storageKey,
        bytes: photo.display.length + photo.thumb.length,
      })
      .onConflictDoNothing({ target: photos.id })
      .returning()
    if (row) return { row, created: true }
  } catch (err) {
    await removePhotoFiles(storage, [storageKey])
    throw err
  }
  await removePhotoFiles(storage, [storageKey])
  const existing = await findPhoto(db, id)
  if (!existing) throw new AppError('CONFLICT', 'The photo could not be saved; try again')
  return { row: existing, created: false }
}
