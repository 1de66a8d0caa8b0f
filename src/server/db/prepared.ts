import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type pg from 'pg'
import type { Db } from './client.ts'

// Prepared statements for hot read queries: parsed and planned once per connection, then only executed. A query of a
// few CTEs costs about as much to plan as to run, so this halves the database time of a page.
//
//   const rows = await preparedRows<Row>(db, sql`select … where user_id = ${id} … limit ${sql.raw(String(take))}`)
//
// or, to skip building and rendering the query on every call, a statement made once with placeholders:
//
//   const byUser = preparedStatement<Row>(sql`select … where user_id = ${sql.placeholder('userId')} …`)
//   const rows = await byUser.rows(db, { userId })
//
// - The statement is named after a hash of its text: the same text is the same statement, any other text another
//   one. Build texts from a FEW shapes (values as parameters, never interpolated; a validated integer such as a page
//   size may be inlined with sql.raw, which keeps it out of the generic plan's guesswork).
// - The plan is GENERIC (made without the values), so write queries whose best plan does not depend on the values:
//   equality on keys, ranges of an index in its order, LIMIT as a literal. Check with EXPLAIN EXECUTE.
// - PostgreSQL (node-postgres pool): a named statement, prepared on each connection the first time it runs there.
//   plan_cache_mode stays `auto`, which goes generic after five custom plans when the costs agree. Behind a pooler in
//   transaction mode (withoutNamedStatements) the statement is unnamed, parsed and planned each time: the pooler
//   hands each transaction any server connection, where a name prepared on another would be unknown.
// - PGlite: its API has no named statements, so `PREPARE name AS text` once per database, then, in one simple-protocol
//   round trip, `SET LOCAL plan_cache_mode = force_generic_plan; EXECUTE name(literals)`. The values become SQL
//   literals, so only values of harmless formats are accepted (literalOf): integers, booleans, null, and strings of
//   letters, digits, space and `_ : . + -` (uuids, ISO timestamps, member ids); anything else throws, so validate
//   first (a user-supplied string that may hold other characters must not go through here).
// - Inside a transaction (a Tx has no $client), or beyond MAX_STATEMENTS texts, it falls back to db.execute.
// - Rows come as the driver parses them (int4 number, bool boolean, int8 string, timestamptz Date): cast to text in
//   SQL what must read the same on both backends.

const dialect = new PgDialect()
const MAX_STATEMENTS = 500
const names = new Map<string, string>()

/** The statement name of a text; undefined once MAX_STATEMENTS texts are known (a query built from values?). */
function nameOf(text: string): string | undefined {
  let name = names.get(text)
  if (name === undefined) {
    if (names.size >= MAX_STATEMENTS) return undefined
    name = `fm_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`
    names.set(text, name)
  }
  return name
}

const SAFE_STRING = /^[A-Za-z0-9 _:.+-]*$/
/** Long enough for a list of ids separated by spaces (the bell's 30 groups), short enough to stay a value. */
const MAX_LITERAL = 4000

/** A value as an SQL literal for EXECUTE; throws for anything that is not of a harmless format. */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value === 'string' && value.length <= MAX_LITERAL && SAFE_STRING.test(value)) {
    return `'${value.replaceAll("'", "''")}'`
  }
  throw new Error(`preparedRows: a value of this format cannot be inlined (${typeof value})`)
}

/** The PREPAREs done per PGlite database (a failed one is forgotten, to be retried). */
const preparedOn = new WeakMap<PGlite, Map<string, Promise<unknown>>>()

async function pgliteRows<T>(client: PGlite, name: string, text: string, params: unknown[]): Promise<T[]> {
  const args = params.length === 0 ? '' : `(${params.map(literalOf).join(', ')})`
  let done = preparedOn.get(client)
  if (!done) {
    done = new Map()
    preparedOn.set(client, done)
  }
  let preparing = done.get(name)
  if (!preparing) {
    preparing = client.exec(`prepare ${name} as ${text}`)
    done.set(name, preparing)
    preparing.catch(() => done.delete(name))
  }
  await preparing
  const results = await client.exec(`set local plan_cache_mode = force_generic_plan; execute ${name}${args}`)
  return (results.at(-1)?.rows ?? []) as T[]
}

function isPglite(client: unknown): client is PGlite {
  return typeof (client as PGlite).exec === 'function' && typeof (client as PGlite).describeQuery === 'function'
}

/** The rendered text with these values as drizzle SQL again (for db.execute). */
function withValues(text: string, params: unknown[]): SQL {
  const chunks = text.split(/\$(\d+)/)
  return sql.join(chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`)))
}

/** Pools behind a pooler in transaction mode: their statements go unnamed. */
const unnamed = new WeakSet<object>()

/** Named statements off for this node-postgres pool (openPostgres, when it talks to a pooler). */
export function withoutNamedStatements(pool: pg.Pool): void {
  unnamed.add(pool)
}

async function run<T>(db: Db, name: string | undefined, text: string, params: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client === undefined || name === undefined) {
    return ((await db.execute(withValues(text, params))) as unknown as { rows: T[] }).rows
  }
  if (isPglite(client)) return pgliteRows<T>(client, name, text, params)
  const pool = client as pg.Pool
  const result = await pool.query(unnamed.has(pool) ? { text, values: params } : { name, text, values: params })
  return result.rows as T[]
}

/** Runs `query` as a prepared statement (see above) and returns its rows. */
export async function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return run<T>(db, nameOf(text), text, params)
}

export type PreparedStatement<T> = {
  /** Its rows for these values of its placeholders (each placeholder needs one). */
  rows: (db: Db, values?: Record<string, unknown>) => Promise<T[]>
}

/**
 * A statement rendered once, from SQL whose values are `sql.placeholder(name)`: keep it (module level, or a Map of
 * the few shapes a query takes) and call `rows(db, values)`. It counts as a statement for MAX_STATEMENTS too.
 */
export function preparedStatement<T>(query: SQL): PreparedStatement<T> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  const name = nameOf(text)
  return { rows: async (db, values = {}) => run<T>(db, name, text, fillPlaceholders(params, values)) }
}
