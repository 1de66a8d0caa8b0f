import { eq } from 'drizzle-orm'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { requireApproved } from '../../plugins/auth-session.ts'
import { users } from '../auth/auth.tables.ts'

/**
 * The reference routes of BENCHMARKING.md, registered only when BENCH_ROUTES=1 (never in production).
 * `bare` is the HTTP ceiling; `one-row` authenticates like every app route and reads one row by primary key.
 */
export const benchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/bare', { schema: { hide: true } }, async () => ({ ok: true }))
  app.get('/one-row', { schema: { hide: true }, preValidation: requireApproved }, async (req) => {
    const [row] = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, req.sessionUser?.id ?? ''))
    return row ?? null
  })
}
