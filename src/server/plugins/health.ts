import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '#server/db/client.ts'
import { errorBody } from './error-handler.ts'

// /healthz: liveness. /readyz: readiness, i.e. the database answers within READY_TIMEOUT_MS and no shutdown began.

export const READY_TIMEOUT_MS = 2_000

declare module 'fastify' {
  interface FastifyInstance {
    /** `stop()` turns /readyz to 503 before the server closes, so a load balancer stops sending requests. */
    readiness: Readiness
  }
}

export class Readiness {
  #stopping = false
  get stopping(): boolean {
    return this.#stopping
  }
  stop(): void {
    this.#stopping = true
  }
}

export const health = fp(async (app: FastifyInstance, opts: { db: Db; timeoutMs?: number }) => {
  const timeoutMs = opts.timeoutMs ?? READY_TIMEOUT_MS
  const readiness = new Readiness()
  app.decorate('readiness', readiness)
  app.addHook('preClose', async () => readiness.stop())

  // One check at a time: probes arriving while the database hangs share it rather than queue more queries.
  let running: Promise<boolean> | undefined
  const databaseAnswers = () => {
    running ??= (async () => {
      let timer: NodeJS.Timeout | undefined
      try {
        return await Promise.race([
          opts.db.execute(sql`select 1`).then(
            () => true,
            () => false,
          ),
          new Promise<boolean>((resolve) => {
            timer = setTimeout(() => resolve(false), timeoutMs)
          }),
        ])
      } finally {
        clearTimeout(timer)
        running = undefined
      }
    })()
    return running
  }

  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }))
  app.get('/readyz', { schema: { hide: true } }, async (req, reply) => {
    if (readiness.stopping) return reply.status(503).send(errorBody('BUSY', 'Shutting down', undefined, req.id))
    if (!(await databaseAnswers())) {
      return reply.status(503).send(errorBody('BUSY', 'The database does not answer', undefined, req.id))
    }
    return reply.send({ ok: true })
  })
})
