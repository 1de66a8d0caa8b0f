import cluster from 'node:cluster'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pino from 'pino'
import { buildApp } from './app.ts'
import { processCount, runPrimary } from './cluster.ts'
import { backupHandler } from './db/backup.ts'
import { type DbHandle, openPostgres } from './db/client.ts'
import { type DataDirLock, lockDataDir } from './db/lock.ts'
import { openEmbedded } from './db/template.ts'
import { loadConfig } from './env.ts'
import { adminSetupLinkAtStart } from './features/access/access.service.ts'
import { getKnowledgeBase } from './features/assistant/knowledge/index.ts'
import { gracefulShutdown } from './lib/graceful-shutdown.ts'
import { createMailer } from './lib/mailer.ts'
import { createPhotoStorage, withRemovalHold } from './lib/photo-storage.ts'

// A local .env (see .env.example) is read when present; real environment variables win over it.
if (existsSync('.env')) process.loadEnvFile('.env')
const config = loadConfig()
const log = pino({ level: config.logLevel })
// WEB_CONCURRENCY > 1 on PostgreSQL: this process only runs that many copies of the rest of this file (cluster.ts).
const processes = cluster.isPrimary ? processCount(config, log) : 1
if (processes > 1) process.exit(await runPrimary(config, log, processes))

let handle: DbHandle
let lock: DataDirLock | undefined
if (config.databaseUrl) {
  handle = await openPostgres(config.databaseUrl, 10, undefined, config.databaseDirectUrl)
} else {
  const dir = join(config.dataDir, 'db')
  lock = await lockDataDir(config.dataDir)
  const embedded = await openEmbedded(dir)
  handle = embedded.handle
  if (embedded.fromTemplate) log.info('new database started from the build’s template (db/template.ts)')
}
if (cluster.isPrimary) await handle.migrate() // a worker's primary has migrated

const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  outboxDir: join(config.dataDir, 'outbox'),
  log,
  timeoutMs: config.smtpTimeoutMs,
})

// Removals wait while `npm run backup` copies the photo files (db/backup.ts).
const storage = withRemovalHold(createPhotoStorage({ dataDir: config.dataDir, s3: config.s3 }))
const app = await buildApp({
  storage,
  db: handle.db,
  listen: handle.listen,
  config,
  mailer,
  logger: log,
  clientDir: join(process.cwd(), 'dist', 'client'),
})

app.metrics.shareWithPrimary()
const setupLink = cluster.isPrimary ? await adminSetupLinkAtStart(handle.db, config) : undefined
if (setupLink) log.warn(`No admin account yet. Create the first one (link valid 24 h, works once): ${setupLink}`)
if (lock) {
  const pglite = (handle.db as unknown as { $client: PGlite }).$client
  const photos = config.s3 ? 's3' : 'local'
  lock.serve(
    'backup',
    backupHandler({ pglite, dataDir: config.dataDir, photos, holdRemovals: storage.holdRemovals }, log),
  )
}

const closeApp = gracefulShutdown(app, { graceMs: config.shutdownGraceMs, log })
async function shutdown(signal: string) {
  log.info(`${signal}: closing`)
  await closeApp()
  await handle.close()
  await lock?.release()
  process.exit(0)
}
// A worker may get a signal twice (from the terminal or the service manager, and from its primary): one shutdown.
if (cluster.isWorker) for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => {})
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
// The assistant's index is built shortly after start: not on the first question, nor before listening (cold start).
setTimeout(() => getKnowledgeBase(), 2_000).unref()
log.info(
  `Fieldmark on ${config.baseUrl} (${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''}), ready ${Math.round(performance.now())} ms after the process started`,
)
