// The benchmark seed's bulk load, on PostgreSQL and PGlite alike: the indexes of the tables it fills are dropped first
// and made again after, since building an index once from all its rows is many times faster than keeping it up to
// date row by row. Primary keys that a foreign key leans on stay (they cannot go without it); foreign keys stay too,
// unchecked while the load runs as a replica (loadingAsReplica). What was dropped is written down in the database in
// the same transaction, so a run cut short (Ctrl-C, a crash) is repaired by the next one before it drops anything.
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

/**
 * Makes again what dropForBulkLoad dropped (also by a run cut short) on `tables`, or on every table. Each definition
 * is made in a transaction of its own with the deletion of its line, the biggest tables first, by as many at once as
 * `sessions` (each its own connection; PGlite has one): index builds are mostly CPU, and PostgreSQL gives each a
 * core. A key made again also checks that the seed made no duplicate.
 */
export async function restoreAfterBulkLoad(sessions: readonly Db[], tables?: readonly string[]): Promise<void> {
  const [first] = sessions
  if (!first) throw new Error('restoreAfterBulkLoad: no session')
  const exists = await rows<{ found: string | null }>(first, `select to_regclass('${DROPPED}')::text as found`)
  if (!exists[0]?.found) return
  const which = tables ? `where tbl in (${tables.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')})` : ''
  const queue = await rows<{ n: number; definition: string }>(
    first,
    `select n, definition from ${DROPPED} ${which}
     order by pg_total_relation_size(to_regclass(tbl)) desc, is_key desc, n`,
  )
  const work = async (db: Db) => {
    for (let d = queue.shift(); d; d = queue.shift()) {
      const { n, definition } = d
      const started = performance.now()
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(definition))
        await tx.execute(sql`delete from ${sql.raw(DROPPED)} where n = ${n}`)
      })
      if (process.env.BENCH_SEED_TRACE) {
        console.log(`    ${((performance.now() - started) / 1000).toFixed(1)} s ${definition.slice(0, 90)}`)
      }
    }
  }
  await Promise.all(sessions.map(work))
  const left = await rows<{ n: number }>(first, `select count(*)::int as n from ${DROPPED}`)
  if (left[0]?.n === 0) await first.execute(sql.raw(`drop table ${DROPPED}`))
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

/**
 * VACUUM ANALYZE of every table in public (or of `tables`), the biggest first, several at once on `sessions`: a
 * table is vacuumed by one process, so different tables can go side by side.
 */
export async function vacuumAnalyze(sessions: readonly Db[], tables?: readonly string[]): Promise<void> {
  const [first] = sessions
  if (!first) throw new Error('vacuumAnalyze: no session')
  const which = tables ? `and relname in (${tables.map((t) => `'${t.replace(/'/g, "''")}'`).join(', ')})` : ''
  const queue = await rows<{ name: string }>(
    first,
    `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' ${which}
     order by pg_total_relation_size(oid) desc`,
  )
  const work = async (db: Db) => {
    for (let t = queue.shift(); t; t = queue.shift()) await db.execute(sql.raw(`vacuum analyze "${t.name}"`))
  }
  await Promise.all(sessions.map(work))
}
