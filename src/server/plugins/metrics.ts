import { createHash, timingSafeEqual } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import pg from 'pg'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { AppError } from '#shared/errors.ts'

// GET /metrics answers only METRICS_TOKEN as bearer and is a 404 to anyone else: behind a reverse proxy every caller
// looks local, so an address rule would not keep it private (ADR 105).

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const PING_TIMEOUT_MS = 2_000

type Options = { db: Db; token: string | undefined }

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** Compares digests in constant time, so the answer time tells nothing about the token. */
function bearerMatches(header: string | undefined, expected: Buffer | undefined): boolean {
  if (!expected || !header?.startsWith('Bearer ')) return false
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), expected)
}

/** The latency of `select 1` now: on PGlite, how long a query waits behind the others; NaN after the timeout. */
async function pingSeconds(db: Db): Promise<number> {
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const answered = await Promise.race([
    db.execute(sql`select 1`).then(
      () => true,
      () => false,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS)
    }),
  ])
  clearTimeout(timer)
  return answered ? (performance.now() - started) / 1000 : Number.NaN
}

function databaseMetrics(app: FastifyInstance, db: Db) {
  const m = app.metrics
  // The pool first: a scrape reads the gauges in this order, and the ping's own query would count as waiting.
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof pg.Pool) {
    m.gauge(
      'fieldmark_db_pool_connections',
      'Connections of the database pools (all server processes)',
      () => client.totalCount,
    )
    m.gauge('fieldmark_db_pool_idle_connections', 'Pool connections not in use', () => client.idleCount)
    m.gauge('fieldmark_db_pool_waiting_requests', 'Queries waiting for a pool connection', () => client.waitingCount)
  }
  m.gauge(
    'fieldmark_db_ping_seconds',
    'Time for select 1 at scrape time; NaN when the database does not answer',
    () => pingSeconds(db),
    [],
    'max',
  )
}

function requestMetrics(app: FastifyInstance) {
  const requests = app.metrics.histogram(
    'fieldmark_http_request_duration_seconds',
    'Time to answer a request, by method, registered route pattern and status',
    ['method', 'route', 'status'],
    LATENCY_BUCKETS,
  )
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched'
    requests.observe({ method: req.method, route, status: reply.statusCode }, reply.elapsedTime / 1000)
    done()
  })
}

export const metricsPlugin = fp(async (app: FastifyInstance, opts: Options) => {
  requestMetrics(app)
  databaseMetrics(app, opts.db)
  const expected = opts.token ? digest(opts.token) : undefined
  app.withTypeProvider<ZodTypeProvider>().get(
    '/metrics',
    {
      schema: {
        hide: true,
        response: { 200: z.string(), ...errorResponses(404) },
      },
    },
    async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, expected)) throw new AppError('NOT_FOUND', 'Not found')
      return reply
        .header('cache-control', 'no-store')
        .type(app.metrics.contentType)
        .send(await app.metrics.text())
    },
  )
})
