// The app built in-process on a seeded data set, with what it asks the database recorded and explained: the part
// explain.ts and cold-reads.ts share.
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { buildApp } from '../../src/server/app.ts'
import type { DbHandle } from '../../src/server/db/client.ts'
import { loadConfig } from '../../src/server/env.ts'
import { createMailer } from '../../src/server/lib/mailer.ts'
import { BENCH_SECRET } from './datasets.ts'

/** One statement the app ran: its text (PGlite's prepared ones as `… execute name(values)`), values, time. */
export type Recorded = { text: string; params: unknown[]; ms: number; name?: string }

/**
 * The app as the server builds it, on this database, with the bench routes and the bench's session secret; the
 * feed's kept posts are not warmed unless `warmPosts` says how many (the server warms them: ADR 121).
 */
export async function inProcessApp(handle: DbHandle, dataDir: string, warmPosts = 0) {
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SESSION_SECRET: BENCH_SECRET, BENCH_ROUTES: '1' })
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: join(dataDir, 'outbox'),
    log: console,
  })
  const app = await buildApp({ db: handle.db, listen: handle.listen, config, mailer, warmPosts })
  return { app, config }
}

/** A value as an SQL literal for EXECUTE (strings quoted, numbers as they are). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = value instanceof Date ? value.toISOString() : String(value)
  return `'${text.replace(/'/g, "''")}'`
}

/**
 * Records every statement of the database client while `state.on`; `textOf` gives a statement's SQL (a PGlite
 * EXECUTE's prepared text). Statements are recorded with the time the client took, PREPAREs included.
 */
export function recordQueries(handle: DbHandle) {
  const queries: Recorded[] = []
  /** the text of each PGlite statement PREPAREd so far, by name */
  const prepared = new Map<string, string>()
  const state = { on: false }
  const client = (handle.db as unknown as { $client: unknown }).$client
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>, toRecord: (...args: A) => Recorded) =>
    async (...args: A): Promise<R> => {
      const started = performance.now()
      try {
        return await fn(...args)
      } finally {
        if (state.on) queries.push({ ...toRecord(...args), ms: performance.now() - started })
      }
    }
  if (handle.kind === 'pglite') {
    const lite = client as PGlite
    const exec = lite.exec.bind(lite)
    const query = lite.query.bind(lite)
    const recorded = wrap(exec, (text: string, _options?: unknown) => {
      const named = /execute (\w+)/.exec(text)?.[1]
      return { text, params: [], ms: 0, ...(named ? { name: named } : {}) }
    })
    lite.exec = (async (text: string, options?: unknown) => {
      const made = /^prepare (\w+) as (.*)$/s.exec(text)
      if (made?.[1] && made[2]) prepared.set(made[1], made[2])
      return recorded(text, options as never)
    }) as typeof lite.exec
    lite.query = wrap(query, (text: string, params?: unknown[]) => ({
      text,
      params: params ?? [],
      ms: 0,
    })) as typeof lite.query
  } else {
    const pool = client as pg.Pool
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>
    pool.query = wrap(query, (first: unknown, values?: unknown) => {
      if (typeof first === 'string') return { text: first, params: (values as unknown[]) ?? [], ms: 0 }
      const q = first as { text: string; values?: unknown[]; name?: string }
      const params = q.values ?? (values as unknown[] | undefined) ?? []
      return { text: q.text, params, ms: 0, ...(q.name ? { name: q.name } : {}) }
    }) as typeof pool.query
  }
  const textOf = (q: Recorded) => (handle.kind === 'pglite' && q.name ? (prepared.get(q.name) ?? q.text) : q.text)
  return { queries, state, textOf }
}

/** EXPLAIN ANALYZE of a recorded query under the plan the server gets (generic for prepared statements). */
async function plan(handle: DbHandle, databaseUrl: string | undefined, q: Recorded): Promise<string> {
  if (handle.kind === 'pglite') {
    const lite = (handle.db as unknown as { $client: PGlite }).$client
    const executed = /execute (\w+)(\(.*\))?\s*$/s.exec(q.text)
    const statement = executed
      ? `explain (analyze, buffers) execute ${executed[1]}${executed[2] ?? ''}`
      : `explain (analyze, buffers) ${q.text}`
    if (executed || q.params.length === 0) {
      const results = await lite.exec(`begin; set local plan_cache_mode = force_generic_plan; ${statement}; rollback`)
      const rows = results.find((r) => r.fields.some((f) => f.name === 'QUERY PLAN'))?.rows ?? []
      return rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')
    }
    const result = await lite.query<Record<string, string>>(statement, q.params)
    return result.rows.map((r) => r['QUERY PLAN']).join('\n')
  }
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    if (q.name) {
      await client.query(`prepare explained as ${q.text}`)
      await client.query('set plan_cache_mode = force_generic_plan')
      const args = q.params.length ? `(${q.params.map(literal).join(', ')})` : ''
      const { rows } = await client.query(`explain (analyze, buffers) execute explained${args}`)
      return rows.map((r) => r['QUERY PLAN']).join('\n')
    }
    const { rows } = await client.query(`explain (analyze, buffers) ${q.text}`, q.params)
    return rows.map((r) => r['QUERY PLAN']).join('\n')
  } finally {
    await client.end()
  }
}

/**
 * A recorded query as a Markdown block: its SQL, its values and its EXPLAIN (ANALYZE, BUFFERS) as the server plans
 * it; undefined for what has no plan (transaction control, SET, PREPARE). Running it reads the pages it needs.
 */
export async function explainRecorded(
  handle: DbHandle,
  databaseUrl: string | undefined,
  q: Recorded,
  textOf: (q: Recorded) => string,
): Promise<string | undefined> {
  if (/^\s*(begin|commit|rollback|set |prepare )/i.test(q.text) && !/execute /i.test(q.text)) return undefined
  const args = q.params.length ? q.params.map(literal).join(', ') : /execute \w+\((.*)\)\s*$/s.exec(q.text)?.[1]
  const values = args ? `\n-- values: ${args}` : ''
  const text = `${textOf(q).replace(/\s+/g, ' ').trim()}${values}`
  return `\`\`\`sql\n${text}\n${await plan(handle, databaseUrl, q)}\n\`\`\``
}

/**
 * The URL of page `page` of a keyset-paged route: the first page's, then each page's nextCursor in turn (`cursorOf`
 * asks a page); null when the pages end before.
 */
export async function deepPageUrl(
  path: string,
  page: number,
  cursorOf: (url: string) => Promise<string | null>,
): Promise<string | null> {
  let url = path
  for (let n = 1; n < page; n++) {
    const cursor = await cursorOf(url)
    if (!cursor) return null
    url = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
  }
  return url
}
