import { Worker } from 'node:worker_threads'
import { LRUCache } from 'lru-cache'
import sharp from 'sharp'
import type { Db } from '#server/db/client.ts'
import type { Viewer } from '#server/domain/visibility.ts'
import type { PhotoStorage } from '#server/lib/photo-storage.ts'
import { AppError } from '#shared/errors.ts'
import type { FoundReference, Raster } from '#shared/measuring/detect.ts'
import type { Point } from '#shared/measuring/geometry.ts'
import { checkCorners, measureOnPlane, PLANE_MESSAGES, PlaneGeometryError } from '#shared/measuring/plane.ts'
import { MEASUREMENT_LIMITS } from '#shared/schemas/measurements.ts'
import type {
  DetectableReference,
  FoundReferenceAnswer,
  MeasureOnPlaneBody,
  PlaneMeasurement,
} from '#shared/schemas/photo-reference.ts'
import type { ReferenceWorkerInput, ReferenceWorkerResult } from './photo-reference.worker.ts'
import { photoFileKey, photoQueue, viewablePhoto } from './photos.service.ts'

// Finding a credit card or a quarter in a stored photo (the detector in src/shared/measuring/detect.ts, off the main
// thread, inside the photo queue) and measuring a path on the card's plane (plane.ts). Both on the display image.

export const PHOTO_NOT_FOUND = 'Photo not found'

export const NO_REFERENCE: Record<DetectableReference, string> = {
  'credit-card': 'No credit card found in this photo',
  quarter: 'No quarter found in this photo',
}

/** A photo the caller may see (photos.service.ts viewablePhoto), with its display image's size. */
export type ReferencePhoto = { id: string; storageKey: string; width: number; height: number }

/** The photo when the viewer may see it; 404 `Photo not found` otherwise, as for every photo one may not see. */
export async function referencePhoto(db: Db, viewer: Viewer, photoId: string): Promise<ReferencePhoto> {
  const photo = await viewablePhoto(db, viewer, photoId)
  if (!photo) throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND)
  return { id: photoId, storageKey: photo.storageKey, width: photo.width, height: photo.height }
}

// Finding a reference.

/** A detection that runs past this is ended: a runaway job must not hold a queue slot for ever. */
const DETECTION_TIMEOUT_MS = 30_000
/** Heap of one detection's thread: the raster itself is outside it; this bounds what the detector allocates. */
const WORKER_HEAP_MB = 512

type Log = { warn: (details: object, message: string) => void }

export type ReferenceFinder = {
  /** The reference of this kind in the photo, or null when there is none; throws QueueFullError when busy. */
  find(photo: ReferencePhoto, kind: DetectableReference, log: Log): Promise<FoundReferenceAnswer | null>
}

/**
 * Photos never change once stored, so each (photo, kind) is detected once: the promise is kept, which also joins a
 * repeat that arrives while the first still runs. A failed detection (a full queue, a crash) is forgotten.
 */
export function createReferenceFinder(storage: PhotoStorage, opts: { cacheSize?: number } = {}): ReferenceFinder {
  const found = new LRUCache<string, Promise<FoundReferenceAnswer | null>>({ max: opts.cacheSize ?? 1000 })
  return {
    find(photo, kind, log) {
      const key = `${photo.id}:${kind}`
      const known = found.get(key)
      if (known) return known
      const job = photoQueue.run(() => detectIn(storage, photo, kind, log))
      found.set(key, job)
      job.catch(() => {
        if (found.get(key) === job) found.delete(key)
      })
      return job
    },
  }
}

/** The display image's pixels, decoded by sharp (libuv's threads), then the detector in a worker thread. */
async function detectIn(
  storage: PhotoStorage,
  photo: ReferencePhoto,
  kind: DetectableReference,
  log: Log,
): Promise<FoundReferenceAnswer | null> {
  const file = await storage.get(photoFileKey(photo.storageKey, 'display'))
  if (!file) {
    log.warn({ photoId: photo.id }, 'photo file missing from storage')
    throw new AppError('NOT_FOUND', PHOTO_NOT_FOUND)
  }
  const { data, info } = await sharp(file, { limitInputPixels: MEASUREMENT_LIMITS.uploadPixels })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raster: Raster = {
    width: info.width,
    height: info.height,
    channels: info.channels as Raster['channels'],
    data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
  }
  const result = await inWorker({ raster, kind })
  if (!result.ok) throw new Error(`The reference detector failed: ${result.message}`)
  if (!result.found) return null
  const answer = toAnswer(result.found, kind)
  if (!answer) log.warn({ photoId: photo.id, kind }, 'the reference detector answered an unusable reference')
  return answer
}

/**
 * A thread per detection: detection runs once per photo and kind (the finder keeps its result), so the thread's
 * start, some tens of milliseconds, is small beside it, and a job past its time is ended without touching another.
 */
function inWorker(input: ReferenceWorkerInput): Promise<ReferenceWorkerResult> {
  return new Promise<ReferenceWorkerResult>((resolve, reject) => {
    // The pixels are copied to the thread (at most 2048 × 2048 × 3 bytes): sharp's buffers cannot be transferred.
    const worker = new Worker(new URL('./photo-reference.worker.ts', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    })
    const timer = setTimeout(() => {
      reject(new Error(`The reference detector ran past ${DETECTION_TIMEOUT_MS / 1000} s`))
      void worker.terminate()
    }, DETECTION_TIMEOUT_MS)
    const settle = () => clearTimeout(timer)
    worker.once('message', (result: ReferenceWorkerResult) => {
      settle()
      resolve(result)
    })
    worker.once('error', (err) => {
      settle()
      reject(err)
    })
    worker.once('exit', (code) => {
      settle()
      reject(new Error(`The reference detector stopped (exit code ${code})`))
    })
  })
}

const pair = (p: Point): [number, number] => [p.x, p.y]
const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n)

/** The detector's answer as the API gives it; null when it cannot be sent (another kind, NaN, three corners). */
function toAnswer(found: FoundReference, kind: DetectableReference): FoundReferenceAnswer | null {
  const corners = found.corners.map(pair)
  const usable =
    found.kind === kind &&
    corners.length === 4 &&
    corners.every(([x, y]) => finite(x) && finite(y)) &&
    finite(found.confidence)
  if (!usable) return null
  const confidence = Math.min(1, Math.max(0, found.confidence))
  if (found.kind === 'quarter') return { kind: found.kind, corners, confidence }
  const cornerErrorPx = finite(found.cornerErrorPx) && found.cornerErrorPx > 0 ? found.cornerErrorPx : undefined
  return { kind: found.kind, corners, confidence, ...(cornerErrorPx === undefined ? {} : { cornerErrorPx }) }
}

// Measuring on the card's plane.

/** A 400 naming the field, as every other: `field: message`, with the same issue for forms. */
function fieldError(path: string, message: string): AppError {
  return new AppError('BAD_REQUEST', `${path}: ${message}`, [{ path, message }])
}

/** Which part of the body a geometry problem is about. */
const PROBLEM_PATH: Record<PlaneGeometryError['problem'], string> = {
  corners: 'reference.corners',
  convex: 'reference.corners',
  small: 'reference.corners',
  horizon: 'points',
  points: 'points',
  straight: 'mode',
}

const toPoint = ([x, y]: readonly [number, number]): Point => ({ x, y })

/** The length on the card's plane of the path through the points (display pixels); 400 on bad geometry. */
export function measureOnPhoto(
  photo: Pick<ReferencePhoto, 'width' | 'height'>,
  body: MeasureOnPlaneBody,
): PlaneMeasurement {
  const corners = body.reference.corners.map(toPoint)
  const points = body.points.map(toPoint)
  try {
    checkCorners(corners)
    points.forEach((p, i) => {
      if (p.x < 0 || p.y < 0 || p.x > photo.width || p.y > photo.height) {
        throw fieldError(`points.${i}`, `The point is outside the photo (${photo.width} × ${photo.height} pixels)`)
      }
    })
    const mode = body.mode ?? (points.length === 2 ? 'straight' : 'curve')
    const measured = measureOnPlane(mode, points, corners, { cornerPx: body.reference.cornerErrorPx })
    // Points just this side of the horizon give lengths no photo of a catch holds; finite is all the math promises.
    if (!Number.isFinite(measured.valueIn) || !Number.isFinite(measured.uncertaintyIn)) {
      throw new PlaneGeometryError(PLANE_MESSAGES.horizon, 'horizon')
    }
    return { lengthIn: measured.valueIn, uncertaintyIn: measured.uncertaintyIn, method: 'plane' }
  } catch (err) {
    if (err instanceof PlaneGeometryError) throw fieldError(PROBLEM_PATH[err.problem], err.message)
    throw err
  }
}
