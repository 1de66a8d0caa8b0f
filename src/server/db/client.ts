import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction of `db.transaction`; a function taking `Db | Tx` runs inside one or on its own. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type DbHandle = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the committed migrations in ./drizzle (resolved from the working directory: stack-notes G8). */
  migrate: () => Promise<void>
  close: () => Promise<void>
}

const migrationsFolder = () => join(process.cwd(), 'drizzle')

/** Embedded PGlite: a directory for a persistent database, or undefined for an in-memory one (tests). */
export async function openPglite(dataDir?: string): Promise<DbHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true }) // PGlite's own mkdir is not recursive (G7)
  const client = await PGlite.create(dataDir)
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() })
    },
    close: () => client.close(),
  }
}

/**
 * A pool on a PostgreSQL server. An idle connection the server ends (a restart, a failover, an administrator) makes
 * the pool emit 'error'; without a listener that would end the process, so it is reported and the pool reconnects
 * on the next query. `onIdleError` defaults to one line on stderr.
 */
export async function openPostgres(
  url: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) => console.error(`PostgreSQL connection lost: ${error.message}`),
): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max })
  pool.on('error', onIdleError)
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      await migratePg(drizzlePg({ client: pool, schema }), { migrationsFolder: migrationsFolder() })
    },
    close: () => pool.end(),
  }
}
