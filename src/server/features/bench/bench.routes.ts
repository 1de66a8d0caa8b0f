import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '#server/db/client.ts'
import { requireApproved } from '#server/plugins/auth-session.ts'
import { readOneRow } from './bench.queries.ts'

/** docs/benchmarking.md's reference routes (BENCH_ROUTES=1 only): `bare` is HTTP's ceiling, `one-row` the reads'. */
export const benchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/bare', { schema: { hide: true } }, async () => ({ ok: true }))
  app.get('/one-row', { schema: { hide: true }, preValidation: requireApproved }, async (req) =>
    readOneRow(db, req.sessionUser?.id ?? ''),
  )
}
