import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { type AppConfig, type AppDeps, buildApp } from '#server/app.ts'
import { type DbHandle, openPglite, openPostgres } from '#server/db/client.ts'
import type { FeedDeliveryOptions } from '#server/features/community/feed-delivery.worker.ts'
import type { SenderOptions } from '#server/features/mail/mail.outbox.ts'
import { type Mail, type Mailer, memoryMailer } from '#server/lib/mailer.ts'
import { localPhotoStorage, type PhotoStorage } from '#server/lib/photo-storage.ts'
import type { RateLimits, WriteQueueLimits } from '#server/plugins/security.ts'

export const TEST_BASE_URL = 'http://localhost:5000'
export const TEST_ALPHA_PASSWORD = 'test-alpha'

/** High enough that no test meets a limit by accident; the 429 tests lower the one they are about. */
const UNLIMITED = { max: 100_000, windowMs: 60_000 }
export const RELAXED_RATE_LIMITS: RateLimits = {
  signIn: UNLIMITED,
  signUp: UNLIMITED,
  passwordReset: UNLIMITED,
  identityOther: UNLIMITED,
  accessRequest: UNLIMITED,
  alphaGate: UNLIMITED,
  photoUpload: UNLIMITED,
  measurementCreate: UNLIMITED,
  commentCreate: UNLIMITED,
  reportCreate: UNLIMITED,
  communityWrite: UNLIMITED,
  chat: UNLIMITED,
  photoAnalysis: UNLIMITED,
  photoReference: UNLIMITED,
  photoMeasure: UNLIMITED,
  write: UNLIMITED,
}
/** Writes of one member all at once, as the race tests send them; the queue's own tests set the real one. */
export const RELAXED_WRITE_QUEUE: WriteQueueLimits = {
  running: 100_000,
  waiting: 0,
  rest: 0,
  floodRest: 0,
  floodMs: 0,
  refusedPauseMs: 0,
}

export type TestAppOverrides = {
  config?: Partial<AppConfig>
  rateLimits?: Partial<RateLimits>
  writeQueue?: WriteQueueLimits
  /** Photo files; default: a temporary folder of this app's own, removed by close(). */
  storage?: PhotoStorage
  /** A built client to serve (index.html and assets); default none, the API only. */
  clientDir?: string
  /** LISTEN on the database (live notifications); createTestApp passes its database's. */
  listen?: DbHandle['listen']
  /** Where the outbox's sender hands mail (a real SMTP server); default the memory mailer `mailer`. */
  mailer?: Mailer
  /** The sender's polls, retries and lease (features/mail/mail.outbox.ts). */
  mailSender?: Partial<SenderOptions>
  /** The feed delivery worker's batch size and timings (features/community/feed-delivery.worker.ts). */
  feedDelivery?: Partial<FeedDeliveryOptions>
  /** Posts the feed reads into memory once ready; default none, so a test's statements are its own. */
  warmPosts?: number
}

export type TestApp = {
  app: Awaited<ReturnType<typeof buildApp>>
  db: DbHandle['db']
  mailer: ReturnType<typeof memoryMailer>
  config: AppConfig
  storage: PhotoStorage
  /**
   * Messages delivered to one address, oldest first, once the app's sender has tried every mail due so far (mail
   * leaves through the outbox after the answer, so it may not have arrived when the request returns).
   */
  mailsTo: (address: string) => Promise<Mail[]>
  close: () => Promise<void>
}

function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    baseUrl: TEST_BASE_URL,
    sessionSecret: 'fieldmark-test-secret-9f3c1e7a5b2d4c6e8a0b1c3d5e7f9a2b4c6d8e0f1a3b5c7d',
    adminEmails: [],
    alphaPassword: TEST_ALPHA_PASSWORD,
    oidc: undefined,
    benchRoutes: true,
    ...overrides,
  }
}

/**
 * An empty PostgreSQL database on the TEST_DATABASE_URL server: its URL, the same database through the pooler
 * (TEST_POOLER_URL, PgBouncer in transaction mode, set by scripts/with-postgres.sh) when there is one, and how to drop
 * it (with any connections).
 */
export async function createPostgresDatabase(): Promise<{
  url: string
  pooledUrl: string | undefined
  drop: () => Promise<void>
}> {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) {
    throw new Error(
      'TEST_DB=postgres needs TEST_DATABASE_URL (a PostgreSQL server URL); run through scripts/with-postgres.sh',
    )
  }
  const name = `fm_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  const pooler = process.env.TEST_POOLER_URL ? new URL(process.env.TEST_POOLER_URL) : undefined
  if (pooler) pooler.pathname = `/${name}`
  return {
    url: url.toString(),
    pooledUrl: pooler?.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl })
      await dropper.connect()
      try {
        await dropper.query(`drop database if exists ${name} with (force)`)
      } finally {
        await dropper.end()
      }
    },
  }
}

/**
 * A fresh PostgreSQL database, dropped again by the returned cleanup. With a pooler, the app's queries go through it
 * and only migrations and LISTEN go to the server, as in a deployment behind PgBouncer.
 */
async function freshPostgresDatabase(): Promise<{ handle: DbHandle; drop: () => Promise<void> }> {
  const database = await createPostgresDatabase()
  // Dropping the database terminates connections the pool is still closing (57P01, or the pooler's 08P01 "server
  // conn crashed?"): expected, not a failure.
  const handle = await openPostgres(
    database.pooledUrl ?? database.url,
    5,
    (error) => {
      if (!['57P01', '08P01'].includes((error as Error & { code?: string }).code ?? '')) throw error
    },
    database.url,
  )
  return {
    handle,
    drop: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/** A fresh, unmigrated database of the kind TEST_DB names (several apps on it stand for several processes). */
export async function openTestDatabase(): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  const kind = process.env.TEST_DB ?? 'pglite'
  if (kind === 'pglite') {
    const handle = await openPglite()
    return { handle, close: () => handle.close() }
  }
  if (kind === 'postgres') {
    const { handle, drop } = await freshPostgresDatabase()
    return { handle, close: drop }
  }
  throw new Error(`Unknown TEST_DB=${kind}; use pglite or postgres`)
}

/**
 * The real app (buildApp) on a database of its own: in-memory PGlite, or a fresh PostgreSQL database per
 * call when TEST_DB=postgres. E-mail leaves through the outbox to a memory mailer the tests read links from.
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const { handle, close: closeDb } = await openTestDatabase()
  try {
    await handle.migrate()
    const t = await startTestApp(handle.db, { listen: handle.listen, ...overrides })
    return {
      ...t,
      close: async () => {
        await t.close()
        await closeDb()
      },
    }
  } catch (err) {
    await closeDb()
    throw err
  }
}

/** The app on a database the caller opened, migrated and will close (a restart test); close() ends only the app. */
export async function startTestApp(db: DbHandle['db'], overrides: TestAppOverrides = {}): Promise<TestApp> {
  const mailer = memoryMailer()
  const config = testConfig(overrides.config)
  const photoDir = overrides.storage ? undefined : mkdtempSync(join(tmpdir(), 'fm-test-photos-'))
  const storage = overrides.storage ?? localPhotoStorage(photoDir as string)
  const deps: AppDeps = {
    db,
    config,
    mailer: overrides.mailer ?? mailer,
    ...(overrides.mailSender ? { mailSender: overrides.mailSender } : {}),
    ...(overrides.feedDelivery ? { feedDelivery: overrides.feedDelivery } : {}),
    warmPosts: overrides.warmPosts ?? 0,
    rateLimits: { ...RELAXED_RATE_LIMITS, ...overrides.rateLimits },
    writeQueue: overrides.writeQueue ?? RELAXED_WRITE_QUEUE,
    storage,
    ...(overrides.clientDir ? { clientDir: overrides.clientDir } : {}),
    ...(overrides.listen ? { listen: overrides.listen } : {}),
  }
  const app = await buildApp(deps)
  await app.ready()
  return {
    app,
    db,
    mailer,
    config,
    storage,
    mailsTo: async (address) => {
      await app.mailSender.idle()
      return mailer.sent.filter((m) => m.to.toLowerCase() === address.toLowerCase())
    },
    close: async () => {
      await app.close()
      if (photoDir) rmSync(photoDir, { recursive: true, force: true })
    },
  }
}
