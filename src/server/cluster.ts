import cluster, { type Worker } from 'node:cluster'
import type { Logger } from 'pino'
import { openPostgres } from './db/client.ts'
import type { Config } from './env.ts'
import { adminSetupLinkAtStart } from './features/access/access.service.ts'
import { answerMetricsAsks } from './lib/metrics.ts'

// WEB_CONCURRENCY=N runs N server processes on one port (ADR 102): the primary migrates and prints the admin setup
// link once, then starts workers, replaces one that dies and passes signals on.

/** Server processes to run: WEB_CONCURRENCY on PostgreSQL; one on the embedded database, which one process owns. */
export function processCount(config: Config, log: Logger): number {
  if (config.webConcurrency > 1 && !config.databaseUrl) {
    log.warn(
      `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database belongs to one process; running one (set DATABASE_URL for several)`,
    )
    return 1
  }
  return config.webConcurrency
}

/** A worker that dies sooner than this after its start counts as failing: the next one waits longer. */
const HEALTHY_AFTER_MS = 30_000
const RESTART_FIRST_MS = 1_000
const RESTART_MAX_MS = 30_000
/** After a signal, workers get their SHUTDOWN_GRACE_MS and this much more to close before they are killed. */
const STOP_MARGIN_MS = 20_000

/** Runs the primary until a signal stopped all `count` workers (a second kills them); resolves with the exit code. */
export async function runPrimary(config: Config, log: Logger, count: number): Promise<number> {
  const handle = await openPostgres(config.databaseUrl as string, 1, undefined, config.databaseDirectUrl)
  try {
    await handle.migrate()
    const setupLink = await adminSetupLinkAtStart(handle.db, config)
    if (setupLink) log.warn(`No admin account yet. Create the first one (link valid 24 h, works once): ${setupLink}`)
  } finally {
    await handle.close()
  }

  const startedAt = new Map<Worker, number>()
  let pause = RESTART_FIRST_MS
  let stopping: string | undefined
  const fork = () => {
    if (stopping) return
    startedAt.set(cluster.fork(), Date.now())
  }
  let resolve: (code: number) => void = () => {}
  const allEnded = new Promise<number>((done) => {
    resolve = done
  })
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0)
    startedAt.delete(worker)
    if (stopping) {
      if (startedAt.size === 0) resolve(0)
      return
    }
    if (lived >= HEALTHY_AFTER_MS) pause = RESTART_FIRST_MS
    const wait = lived >= HEALTHY_AFTER_MS ? 0 : pause
    if (lived < HEALTHY_AFTER_MS) pause = Math.min(pause * 2, RESTART_MAX_MS)
    log.error(
      `Server process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${wait} ms`,
    )
    setTimeout(fork, wait)
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn(`${signal} again: killing the server processes`)
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL')
      return
    }
    stopping = signal
    log.info(`${signal}: stopping ${startedAt.size} server processes`)
    if (startedAt.size === 0) resolve(0)
    // The same signal: one a worker also got from the terminal or the service manager starts one shutdown there.
    for (const worker of startedAt.keys()) worker.process.kill(signal)
    const limit = config.shutdownGraceMs + STOP_MARGIN_MS
    setTimeout(() => {
      log.error(`Server processes still running after ${limit} ms: killing them`)
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL')
    }, limit).unref()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)

  answerMetricsAsks()
  log.info(`Starting ${count} server processes on ${config.baseUrl}`)
  for (let i = 0; i < count; i++) fork()
  return allEnded
}
