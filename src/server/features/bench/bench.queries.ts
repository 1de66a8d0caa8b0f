import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { preparedStatement } from '#server/db/prepared.ts'
import { users } from '#server/features/auth/index.ts'

const oneRow = preparedStatement<{ id: string; email: string }>(
  sql`select ${users.id} as id, ${users.email} as email from ${users} where ${users.id} = ${sql.placeholder('id')}`,
)

/** One member's row by primary key: the least a read can cost (docs/benchmarking.md's `one-row`). */
export async function readOneRow(db: Db, id: string): Promise<{ id: string; email: string } | null> {
  const [row] = await oneRow.rows(db, { id })
  return row ?? null
}
