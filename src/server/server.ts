import { existsSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import { buildApp } from './app.ts'
import { type DbHandle, openPglite, openPostgres } from './db/client.ts'
import { lockDataDir } from './db/lock.ts'
import { loadConfig } from './env.ts'
import { adminSetupLinkAtStart } from './features/access/access.service.ts'
import { getKnowledgeBase } from './features/assistant/knowledge/index.ts'
import { createMailer } from './lib/mailer.ts'

const started = performance.now()
// A local .env (see .env.example) is read when present; real environment variables win over it.
if (existsSync('.env')) process.loadEnvFile('.env')
const config = loadConfig()
const log = pino({ level: config.logLevel })

let handle: DbHandle
let unlock = () => {}
if (config.databaseUrl) {
  handle = await openPostgres(config.databaseUrl)
} else {
  const dir = join(config.dataDir, 'db')
  unlock = lockDataDir(config.dataDir)
  handle = await openPglite(dir)
}
await handle.migrate()

const mailer = createMailer({
  smtpUrl: config.smtpUrl,
  from: config.mailFrom,
  outboxDir: join(config.dataDir, 'outbox'),
  log,
})

const app = await buildApp({
  db: handle.db,
  listen: handle.listen,
  config,
  mailer,
  logger: log,
  clientDir: join(process.cwd(), 'dist', 'client'),
})

const setupLink = await adminSetupLinkAtStart(handle.db, config)
if (setupLink) log.warn(`No admin account yet. Create the first one (link valid 24 h, works once): ${setupLink}`)

async function shutdown(signal: string) {
  log.info(`${signal}: closing`)
  await app.close()
  await handle.close()
  unlock()
  process.exit(0)
}
process.once('SIGINT', () => void shutdown('SIGINT'))
process.once('SIGTERM', () => void shutdown('SIGTERM'))

await app.listen({ port: config.port, host: config.host })
// The assistant's knowledge index (about 170 ms to build) is made shortly after start rather than on the first
// question; not before listening, which would lengthen the cold start.
setTimeout(() => getKnowledgeBase(), 2_000).unref()
log.info(
  `Fieldmark on ${config.baseUrl} (${handle.kind}${handle.kind === 'pglite' ? ` in ${config.dataDir}` : ''}), ready in ${Math.round(performance.now() - started)} ms`,
)
