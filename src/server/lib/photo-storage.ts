import { randomBytes } from 'node:crypto'
import { mkdir, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import type { S3Config } from '#server/env.ts'
import { AppError } from '#shared/errors.ts'

// A key's content never changes, so the key is a strong ETag; who may see it can, so caching is decided per request.

export interface PhotoStorage {
  readonly kind: 'local' | 's3'
  /** Writes the whole object; a reader never sees a half-written file. */
  put(key: string, body: Buffer, contentType: string): Promise<void>
  get(key: string): Promise<Buffer | null>
  /** Deletes these objects; missing ones are not an error. */
  remove(keys: readonly string[]): Promise<void>
  close(): Promise<void>
}

declare module 'fastify' {
  interface FastifyInstance {
    photoStorage: PhotoStorage
  }
}

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/

/** A key is a relative path of plain segments: no `..`, no leading dot or slash, no backslash. */
export function assertStorageKey(key: string): void {
  const segments = key.split('/')
  if (key.length === 0 || key.length > 512 || !segments.every((s) => SEGMENT.test(s) && !s.includes('..'))) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`)
  }
}

export function localPhotoStorage(root: string): PhotoStorage {
  const base = resolve(root)

  function pathOf(key: string): string {
    assertStorageKey(key)
    const path = resolve(base, key)
    if (!path.startsWith(base + sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key.slice(0, 80))}`)
    return path
  }

  async function pruneEmpty(dir: string): Promise<void> {
    let current = dir
    while (current.startsWith(base + sep)) {
      try {
        await rmdir(current)
      } catch {
        return
      }
      current = dirname(current)
    }
  }

  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      const temp = join(dirname(path), `.${randomBytes(6).toString('hex')}.tmp`)
      try {
        await writeFile(temp, body, { mode: 0o640 })
        await rename(temp, path)
      } catch (err) {
        await rm(temp, { force: true })
        throw err
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key))
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw err
      }
    },
    async remove(keys) {
      const paths = keys.map(pathOf)
      await Promise.all(paths.map((path) => rm(path, { force: true })))
      for (const dir of new Set(paths.map((p) => dirname(p)))) await pruneEmpty(dir)
    },
    async close() {},
  }
}

/** A store that fails or does not answer is the store's fault, not ours: 502 with words a member can act on. */
function storeFailed(cause: unknown): never {
  const error = new AppError('UPSTREAM_FAILED', 'Photo storage is not answering. Please try again in a moment.')
  throw Object.assign(error, { cause })
}

export type S3Timeouts = { connectMs: number; requestMs: number; attempts: number }
/** A photo's two files are at most a few megabytes: 20 s per request is slow, three attempts cover a blip. */
export const S3_TIMEOUTS: S3Timeouts = { connectMs: 5_000, requestMs: 20_000, attempts: 3 }

/** An S3-compatible bucket: path-style, with checksums only where the API requires them (not all stores take them). */
export function s3PhotoStorage(config: S3Config, timeouts: S3Timeouts = S3_TIMEOUTS): PhotoStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default: a store that accepts and never answers would hold an upload for good.
    requestHandler: {
      connectionTimeout: timeouts.connectMs,
      requestTimeout: timeouts.requestMs,
      throwOnRequestTimeout: true,
    },
    maxAttempts: timeouts.attempts,
  })
  const Bucket = config.bucket

  return {
    kind: 's3',
    async put(key, body, contentType) {
      assertStorageKey(key)
      await client
        .send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }))
        .catch(storeFailed)
    },
    async get(key) {
      assertStorageKey(key)
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key }))
        if (!out.Body) return null
        return Buffer.from(await out.Body.transformToByteArray())
      } catch (err) {
        if (err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.$metadata.httpStatusCode === 404)) {
          return null
        }
        return storeFailed(err)
      }
    },
    async remove(keys) {
      for (const key of keys) assertStorageKey(key)
      await Promise.all(keys.map((Key) => client.send(new DeleteObjectCommand({ Bucket, Key })))).catch(storeFailed)
    },
    async close() {
      client.destroy()
    },
  }
}

export function createPhotoStorage(opts: { dataDir: string; s3?: S3Config | undefined }): PhotoStorage {
  return opts.s3 ? s3PhotoStorage(opts.s3) : localPhotoStorage(join(opts.dataDir, 'photos'))
}

export type HoldablePhotoStorage = PhotoStorage & {
  /** Until the returned function runs, removals wait, so a backup finds every file its copy points at. May overlap. */
  holdRemovals: () => () => Promise<void>
}

export function withRemovalHold(storage: PhotoStorage): HoldablePhotoStorage {
  let holds = 0
  let held: string[] = []
  return {
    kind: storage.kind,
    put: (key, body, contentType) => storage.put(key, body, contentType),
    get: (key) => storage.get(key),
    remove: async (keys) => {
      if (holds > 0) held.push(...keys)
      else await storage.remove(keys)
    },
    close: () => storage.close(),
    holdRemovals: () => {
      holds += 1
      let done = false
      return async () => {
        if (done) return
        done = true
        holds -= 1
        if (holds > 0 || held.length === 0) return
        const keys = held
        held = []
        await storage.remove(keys)
      }
    },
  }
}
