// node scripts/bench/explain.ts [club|region] [path …] — what a benchmarked route asks the database, as the bench member,
// on a seeded data set (stop any server on it first when it is PGlite): the app is built in-process, each route is
// asked twice to warm its caches, then once more with every query recorded (time in the database, text) and the
// slowest ones shown with EXPLAIN ANALYZE under the plan the server uses (prepared statements: the generic plan).
// Without paths it takes the community routes `npm run bench` measures.
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { buildApp } from '../../src/server/app.ts'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { loadConfig } from '../../src/server/env.ts'
import { createMailer } from '../../src/server/lib/mailer.ts'
import { BENCH_SECRET, BENCH_USER, datasetArg, datasetLocation, memberId, STAR_MEMBER } from './datasets.ts'

type Recorded = { text: string; params: unknown[]; ms: number; name?: string }

/** How many of a request's queries are explained: the slowest. */
const EXPLAINED = 3

/** A value as an SQL literal for EXECUTE (strings quoted, numbers as they are). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'number' || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  const text = value instanceof Date ? value.toISOString() : String(value)
  return `'${text.replace(/'/g, "''")}'`
}

/** Records every query of the database client while `recording` is on. */
function recorder(handle: DbHandle) {
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
    lite.exec = wrap(exec, (text: string) => {
      const executed = /execute (\w+)/.exec(text)
      const named = executed?.[1]
      return { text, params: [], ms: 0, ...(named ? { name: named } : {}) }
    }) as typeof lite.exec
    const prepare = lite.exec
    lite.exec = (async (text: string, options?: unknown) => {
      const made = /^prepare (\w+) as (.*)$/s.exec(text)
      if (made?.[1] && made[2]) prepared.set(made[1], made[2])
      return prepare(text, options as never)
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
  return { queries, state, prepared }
}

/** EXPLAIN ANALYZE of a recorded query under the plan the server gets (generic for prepared statements). */
async function explain(handle: DbHandle, databaseUrl: string | undefined, q: Recorded): Promise<string> {
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

async function main() {
  const name = datasetArg()
  const { dataDir, databaseUrl } = datasetLocation(name)
  const star = memberId(STAR_MEMBER)
  const asked = process.argv.slice(3).filter((a) => a.startsWith('/'))
  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SESSION_SECRET: BENCH_SECRET, BENCH_ROUTES: '1' })
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: join(dataDir, 'outbox'),
    log: console,
  })
  const app = await buildApp({ db: handle.db, listen: handle.listen, config, mailer })
  const origin = new URL(config.baseUrl).origin
  const { queries, state, prepared } = recorder(handle)
  const textOf = (q: Recorded) => (handle.kind === 'pglite' && q.name ? (prepared.get(q.name) ?? q.text) : q.text)
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: { origin },
      payload: { email: BENCH_USER.email, password: BENCH_USER.password },
    })
    const raw = signIn.headers['set-cookie']
    const cookie = (Array.isArray(raw) ? raw : [raw ?? '']).map((c) => c.split(';')[0]).join('; ')
    const get = async (url: string) => app.inject({ method: 'GET', url, headers: { cookie } })
    const deep = async (path: string, depth: number) => {
      let url = path
      for (let n = 1; n < depth; n++) {
        const cursor = (await get(url)).json<{ nextCursor: string | null }>().nextCursor
        if (!cursor) break
        url = `${path}&cursor=${encodeURIComponent(cursor)}`
      }
      return url
    }
    const paths = asked.length
      ? asked
      : [
          '/api/bench/one-row',
          '/api/feed?tab=everyone',
          await deep('/api/feed?tab=everyone', 5),
          '/api/feed?tab=following',
          await deep('/api/feed?tab=following', 5),
          `/api/profiles/${star}`,
          `/api/profiles/${star}/measurements`,
          '/api/notifications',
        ]
    for (const path of paths) {
      await get(path)
      await get(path)
      queries.length = 0
      state.on = true
      const started = performance.now()
      const res = await get(path)
      const total = performance.now() - started
      state.on = false
      const recorded = [...queries]
      const inDb = recorded.reduce((sum, q) => sum + q.ms, 0)
      console.log(
        `\n### GET ${path.replace(/cursor=[^&]+/, 'cursor=…')}: ${res.statusCode}, ${res.body.length} bytes, ${total.toFixed(1)} ms in-process, ${recorded.length} queries taking ${inDb.toFixed(1)} ms`,
      )
      for (const q of recorded) console.log(`- ${q.ms.toFixed(2)} ms: ${textOf(q).replace(/\s+/g, ' ').slice(0, 160)}`)
      const slowest = [...recorded].sort((a, b) => b.ms - a.ms).slice(0, EXPLAINED)
      for (const q of slowest) {
        if (/^\s*(begin|commit|rollback|set |prepare )/i.test(q.text) && !/execute /i.test(q.text)) continue
        const args = q.params.length ? q.params.map(literal).join(', ') : /execute \w+\((.*)\)\s*$/s.exec(q.text)?.[1]
        const values = args ? `\n-- values: ${args}` : ''
        const text = `${textOf(q).replace(/\s+/g, ' ').trim()}${values}`
        console.log(`\n\`\`\`sql\n${text}\n${await explain(handle, databaseUrl, q)}\n\`\`\``)
      }
    }
  } finally {
    await app.close()
    await handle.close()
  }
}

await main()
