import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Db, Tx } from './client.ts'

// Hot reads, parsed and planned once per connection with a GENERIC plan (ADR 028): build texts from a few shapes,
// keep values as parameters, and pass only values `literalOf` accepts.

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

/** No quote or backslash, so quoting alone makes the literal: nothing is escaped. */
const SAFE_STRING = /^[A-Za-z0-9 _:.+-]*$/
/** Long enough for a list of ids separated by spaces (the bell's 30 groups), short enough to stay a value. */
const MAX_LITERAL = 4000

/** What a placeholder may be given: what `literalOf` may inline (strings only of its format, checked when run). */
export type PreparedValue = string | number | boolean | null | undefined

/** A value as an SQL literal for EXECUTE; throws for anything that is not of a harmless format. */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value)
  if (typeof value === 'string' && value.length <= MAX_LITERAL && SAFE_STRING.test(value)) return `'${value}'`
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

function withValues(text: string, params: unknown[]): SQL {
  const chunks = text.split(/\$(\d+)/)
  return sql.join(chunks.map((chunk, i) => (i % 2 === 0 ? sql.raw(chunk) : sql`${params[Number(chunk) - 1]}`)))
}

const unnamed = new WeakSet<object>()

/** Named statements off for this node-postgres pool and its connections (openPostgres, behind a pooler). */
export function withoutNamedStatements(pool: pg.Pool): void {
  unnamed.add(pool)
  pool.on('connect', (client) => unnamed.add(client))
}

/** What runs `db`'s queries: a database's driver, or the connection of a transaction (drizzle's session). */
function clientOf(db: Db | Tx): unknown {
  const handle = db as unknown as { $client?: unknown; session?: { client?: unknown } }
  return handle.$client ?? handle.session?.client
}

async function run<T>(db: Db | Tx, name: string | undefined, text: string, params: unknown[]): Promise<T[]> {
  const client = clientOf(db)
  if (name !== undefined && isPglite(client)) return pgliteRows<T>(client, name, text, params)
  // A node-postgres pool, or a transaction's connection: named statements are per connection either way.
  if (name !== undefined && (client instanceof pg.Pool || client instanceof pg.Client)) {
    const result = await client.query(unnamed.has(client) ? { text, values: params } : { name, text, values: params })
    return result.rows as T[]
  }
  return ((await db.execute(withValues(text, params))) as unknown as { rows: T[] }).rows
}

/** Runs `query` as a prepared statement (ADR 028) and returns its rows; in a transaction, on its connection. */
export async function preparedRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  return run<T>(db, nameOf(text), text, params)
}

export type PreparedStatement<T> = {
  rows: (db: Db, values?: Record<string, PreparedValue>) => Promise<T[]>
}

/** Renders SQL whose values are `sql.placeholder(name)` once; keep it (module level) and call `rows(db, values)`. */
export function preparedStatement<T>(query: SQL): PreparedStatement<T> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  const name = nameOf(text)
  return { rows: async (db, values = {}) => run<T>(db, name, text, fillPlaceholders(params, values)) }
}
