// The seed's bulk load (PostgreSQL and PGlite): indexes are dropped first and made again after, which is many times
// faster than keeping them up to date row by row. What was dropped is written down in the same transaction, so a run
// cut short is repaired by the next one.
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client.ts'

const DROPPED = 'bench_seed_dropped'

async function rows<T>(db: Db, query: string): Promise<T[]> {
  return ((await db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows
}

type Definition = { table: string; drop: string; create: string; key: boolean }

/** The indexes of `tables` (in public) and the keys no foreign key leans on, but those named in `keep`. */
async function definitionsOf(db: Db, tables: readonly string[], keep: readonly string[]): Promise<Definition[]> {
  const list = tables.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')
  const found = await rows<{ tbl: string; idx: string; def: string; con: string | null; condef: string | null }>(
    db,
    `select i.indrelid::regclass::text as tbl, i.indexrelid::regclass::text as idx,
            pg_get_indexdef(i.indexrelid) as def, c.conname as con, pg_get_constraintdef(c.oid) as condef
     from pg_index i
       join pg_class t on t.oid = i.indrelid and t.relnamespace = 'public'::regnamespace and t.relname in (${list})
       left join pg_constraint c on c.conindid = i.indexrelid and c.contype in ('p', 'u', 'x')
     where not exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)
     order by 1, 2`,
  )
  return found
    .filter((f) => !keep.includes(f.idx))
    .map((f) =>
      f.con
        ? {
            table: f.tbl,
            drop: `alter table ${f.tbl} drop constraint "${f.con}"`,
            create: `alter table ${f.tbl} add constraint "${f.con}" ${f.condef}`,
            key: true,
          }
        : { table: f.tbl, drop: `drop index ${f.idx}`, create: f.def, key: false },
    )
}

/**
 * Drops the indexes of `tables` but the indexes named in `keep` (see definitionsOf), writing each definition down in
 * the same transaction. A seed starts with restoreAfterBulkLoad: what a run cut short left dropped is made again.
 */
export async function dropForBulkLoad(db: Db, tables: readonly string[], keep: readonly string[] = []): Promise<void> {
  const definitions = await definitionsOf(db, tables, keep)
  await db.transaction(async (tx) => {
    await tx.execute(
      sql.raw(`create table if not exists ${DROPPED} (n serial primary key, tbl text not null, is_key boolean not null,
               definition text not null)`),
    )
    for (const d of definitions) {
      await tx.execute(sql`insert into ${sql.raw(DROPPED)} (tbl, is_key, definition)
                           values (${d.table}, ${d.key}, ${d.create})`)
      await tx.execute(sql.raw(d.drop))
    }
  })
}

/** One definition dropForBulkLoad wrote down: its table, and what makes it again. */
export type Dropped = { n: number; table: string; definition: string }

/** What dropForBulkLoad dropped and is not made again yet, on `tables` or on every table, biggest table first. */
export async function droppedDefinitions(db: Db, tables?: readonly string[]): Promise<Dropped[]> {
  const exists = await rows<{ found: string | null }>(db, `select to_regclass('${DROPPED}')::text as found`)
  if (!exists[0]?.found) return []
  const which = tables ? `where tbl in (${tables.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')})` : ''
  return rows<Dropped>(
    db,
    `select n, tbl as "table", definition from ${DROPPED} ${which}
     order by pg_total_relation_size(to_regclass(tbl)) desc, is_key desc, n`,
  )
}

/**
 * Makes one dropped definition again, in a transaction with the deletion of its line (a key made again also checks
 * that the seed made no duplicate). Builds on different tables, or indexes on one table, may go side by side.
 */
export async function restoreDefinition(db: Db, { n, definition }: Dropped): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(definition))
    await tx.execute(sql`delete from ${sql.raw(DROPPED)} where n = ${n}`)
  })
}

/** Once every definition is made again, the table that wrote them down goes. */
export async function forgetDropped(db: Db): Promise<void> {
  const exists = await rows<{ found: string | null }>(db, `select to_regclass('${DROPPED}')::text as found`)
  if (!exists[0]?.found) return
  const left = await rows<{ n: number }>(db, `select count(*)::int as n from ${DROPPED}`)
  if (left[0]?.n === 0) await db.execute(sql.raw(`drop table ${DROPPED}`))
}

/**
 * Makes again what dropForBulkLoad dropped (also by a run cut short) on `tables`, or on every table, by as many at
 * once as `sessions` (each its own connection; PGlite has one), the biggest tables first.
 */
export async function restoreAfterBulkLoad(sessions: readonly Db[], tables?: readonly string[]): Promise<void> {
  const [first] = sessions
  if (!first) throw new Error('restoreAfterBulkLoad: no session')
  const queue = await droppedDefinitions(first, tables)
  const work = async (db: Db) => {
    for (let d = queue.shift(); d; d = queue.shift()) await restoreDefinition(db, d)
  }
  await Promise.all(sessions.map(work))
  await forgetDropped(first)
}

/**
 * Runs `load` with the sessions as replicas (session_replication_role), as pg_restore --disable-triggers does:
 * foreign keys are not checked row by row and triggers do not fire (the likes trigger would hold every inserted row).
 * The seed makes its references from rows already there, so they hold; the keys stay valid as they were. Needs a
 * superuser, and sessions that are one connection each (PGlite has one).
 */
export async function loadingAsReplica<T>(sessions: readonly Db[], load: () => Promise<T>): Promise<T> {
  for (const db of sessions) await db.execute(sql`set session_replication_role = replica`)
  try {
    return await load()
  } finally {
    for (const db of sessions) await db.execute(sql`set session_replication_role = default`)
  }
}
