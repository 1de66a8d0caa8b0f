import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { requireApproved } from '../../plugins/auth-session.ts'
import { users } from '../auth/auth.tables.ts'

/** One row by primary key through the statement mechanism the hot reads use, so it is their ceiling. */
const oneRow = preparedStatement<{ id: string; email: string }>(
  sql`select ${users.id} as id, ${users.email} as email from ${users} where ${users.id} = ${sql.placeholder('id')}`,
)

/**
 * The reference routes of docs/benchmarking.md, registered only when BENCH_ROUTES=1 (never in production).
 * `bare` is the HTTP ceiling; `one-row` authenticates like every app route and reads one row by primary key.
 */
export const benchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/bare', { schema: { hide: true } }, async () => ({ ok: true }))
  app.get('/one-row', { schema: { hide: true }, preValidation: requireApproved }, async (req) => {
    const [row] = await oneRow.rows(db, { id: req.sessionUser?.id ?? '' })
    return row ?? null
  })
}
