import { sql } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { preparedStatement } from '../../db/prepared.ts'
import { requireApproved } from '../../plugins/auth-session.ts'
import { users } from '../auth/auth.tables.ts'

const oneRow = preparedStatement<{ id: string; email: string }>(
  sql`select ${users.id} as id, ${users.email} as email from ${users} where ${users.id} = ${sql.placeholder('id')}`,
)

/** docs/benchmarking.md's reference routes (BENCH_ROUTES=1 only): `bare` is HTTP's ceiling, `one-row` the reads'. */
export const benchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/bare', { schema: { hide: true } }, async () => ({ ok: true }))
  app.get('/one-row', { schema: { hide: true }, preValidation: requireApproved }, async (req) => {
    const [row] = await oneRow.rows(db, { id: req.sessionUser?.id ?? '' })
    return row ?? null
  })
}
