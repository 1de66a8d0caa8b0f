// node scripts/bench/cold-reads.ts [--members=200] [--explain] [--load[=seconds]] [--routes=text]
// A member's own hot reads as a random member asks them (docs/decisions/022): the first request of each route, in
// process on a copy of the club data set in .tmp/bench/club (never another process's copy), over random approved
// members: the first `members` only warm the database's buffers and the code, the next are timed (wall and CPU
// time: the machine may be shared), with the statements each ran, and what a session check adds. --explain shows
// EXPLAIN (ANALYZE, BUFFERS) of one member's statements as run for a member not asked yet (pages not in the buffers).
// --load measures each route and one-row under autocannon against a server process, a random member per request.
import { createHmac } from 'node:crypto'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import autocannon from 'autocannon'
import { buildApp } from '../../src/server/app.ts'
import { openPglite } from '../../src/server/db/client.ts'
import { loadConfig } from '../../src/server/env.ts'
import { encodeCursor } from '../../src/server/features/measurements/measurements.service.ts'
import { createMailer } from '../../src/server/lib/mailer.ts'
import { BENCH_SECRET } from './datasets.ts'
import { startServer } from './server-process.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}`))?.split('=')[1]
const MEMBERS = Number(arg('members') ?? 200)
const EXPLAIN = process.argv.includes('--explain')
const LOAD = process.argv.some((a) => a.startsWith('--load'))
const LOAD_SECONDS = Number(arg('load') ?? 10)
const ONLY = arg('routes')
const dataDir = join(process.cwd(), '.tmp', 'bench', 'club')

type Member = {
  id: string
  token: string
  measurementId: string | null
  page3: string | null
  at10: string | null
  id10: string | null
}

function sessionCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64')
  return `fieldmark.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

async function members(lite: PGlite, limit: number | null): Promise<Member[]> {
  const { rows } = await lite.query<{
    id: string
    token: string
    mid: string | null
    at10: string | null
    id10: string | null
  }>(
    `select u.id, s.token,
       (select m.id from measurements m where m.user_id = u.id order by m.created_at desc, m.id desc limit 1) as mid,
       c.at10, c.id10
     from users u
     join lateral (select token from sessions s where s.user_id = u.id and s.expires_at > now() limit 1) s on true
     left join lateral (select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at10, m.id as id10
        from measurements m where m.user_id = u.id order by m.created_at desc, m.id desc offset 9 limit 1) c on true
     where u.beta_approved and u.gate_passed
     order by random() ${limit ? `limit ${limit}` : ''}`,
  )
  return rows.map((r) => ({
    id: r.id,
    token: r.token,
    measurementId: r.mid,
    page3: r.at10 && r.id10 ? encodeCursor(r.at10, r.id10) : null,
    at10: r.at10,
    id10: r.id10,
  }))
}

type Route = { name: string; path: (m: Member) => string | null }
const ALL_ROUTES: Route[] = [
  // The floor: authenticates (session cached by the warm-up) and reads one row.
  { name: 'GET /api/bench/one-row', path: () => '/api/bench/one-row' },
  { name: 'GET /api/notifications', path: () => '/api/notifications' },
  { name: 'GET /api/measurements', path: () => '/api/measurements' },
  {
    // Members have about 11 measurements: the third page of 5 (the bench member's third page of 20 is rows 41–60).
    name: 'GET /api/measurements?limit=5&cursor=(page 3)',
    path: (m) => (m.page3 ? `/api/measurements?limit=5&cursor=${m.page3}` : null),
  },
  { name: 'GET /api/measurements/stats', path: () => '/api/measurements/stats' },
  { name: 'GET /api/measurements/:id', path: (m) => (m.measurementId ? `/api/measurements/${m.measurementId}` : null) },
]
const ROUTES = ALL_ROUTES.filter((r) => !ONLY || r.name.includes(ONLY))

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0

type Recorded = { text: string; ms: number }

function record(lite: PGlite) {
  const queries: Recorded[] = []
  const prepared = new Map<string, string>()
  const state = { on: false }
  const exec = lite.exec.bind(lite)
  const query = lite.query.bind(lite)
  lite.exec = (async (text: string, options?: unknown) => {
    const made = /^prepare (\w+) as (.*)$/s.exec(text)
    if (made?.[1] && made[2]) prepared.set(made[1], made[2])
    const started = performance.now()
    try {
      return await exec(text, options as never)
    } finally {
      if (state.on) queries.push({ text, ms: performance.now() - started })
    }
  }) as typeof lite.exec
  lite.query = (async (text: string, params?: unknown[], options?: unknown) => {
    const started = performance.now()
    try {
      return await query(text, params, options as never)
    } finally {
      if (state.on)
        queries.push({ text: `${text} -- ${JSON.stringify(params ?? [])}`, ms: performance.now() - started })
    }
  }) as typeof lite.query
  return { queries, state, prepared }
}

/** The statement as a member never asked about would run it: its pages not yet read (shared read= counts). */
function asFresh(text: string, m: Member, fresh: Member): string {
  const pairs: [string | null, string | null][] = [
    [m.id, fresh.id],
    [m.measurementId, fresh.measurementId],
    [m.at10, fresh.at10],
    [m.id10, fresh.id10],
  ]
  let out = text
  for (const [from, to] of pairs) if (from && to) out = out.replaceAll(from, to)
  return out
}

async function explainOne(
  lite: PGlite,
  prepared: Map<string, string>,
  recorded: Recorded,
  member: Member,
  fresh: Member,
) {
  const q = { ...recorded, text: asFresh(recorded.text, member, fresh) }
  const executed = /execute (\w+)(\(.*\))?\s*$/s.exec(q.text)
  if (executed?.[1]) {
    const results = await lite.exec(
      `begin; set local plan_cache_mode = force_generic_plan; explain (analyze, buffers) execute ${executed[1]}${executed[2] ?? ''}; rollback`,
    )
    const rows = results.find((r) => r.fields.some((f) => f.name === 'QUERY PLAN'))?.rows ?? []
    return `${prepared.get(executed[1])}\n${executed[2] ?? ''}\n${rows.map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}`
  }
  const m = /^(.*) -- (\[.*\])$/s.exec(q.text)
  if (!m?.[1]) return `${q.text}\n(not explained)`
  const res = await lite.query<Record<string, string>>(`explain (analyze, buffers) ${m[1]}`, JSON.parse(m[2] ?? '[]'))
  return `${m[1]}\n${m[2]}\n${res.rows.map((r) => r['QUERY PLAN']).join('\n')}`
}

async function cold() {
  const handle = await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  const lite = (handle.db as unknown as { $client: PGlite }).$client
  // The first half only warms the database's buffers and the code (a server that has run a while); the second is timed.
  const all = await members(lite, MEMBERS * 2 + 1)
  // The EXPLAINs run as a member never asked about, whose pages are not in the database's buffers yet.
  const fresh = all.find((m, i) => i >= MEMBERS * 2 || (m.page3 !== null && m.measurementId !== null)) as Member
  const picked = all.filter((m) => m !== fresh).slice(0, MEMBERS * 2)
  const chosen = picked.slice(MEMBERS)
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SESSION_SECRET: BENCH_SECRET, BENCH_ROUTES: '1' })
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: join(dataDir, 'outbox'),
    log: console,
  })
  const app = await buildApp({ db: handle.db, listen: handle.listen, config, mailer })
  const { queries, state, prepared } = record(lite)
  const times = new Map<string, { ms: number[]; n: number[]; db: number[]; cpu: number[] }>(
    ROUTES.map((r) => [r.name, { ms: [], n: [], db: [], cpu: [] }]),
  )
  let explained = false
  /** one-row with the member's session not yet checked: what a session check adds */
  const sessionCpuMs: number[] = []
  try {
    for (const [i, m] of picked.entries()) {
      const timed = i >= MEMBERS
      const headers = { cookie: sessionCookie(m.token) }
      const sessionCpu = process.cpuUsage()
      const warm = await app.inject({ method: 'GET', url: '/api/bench/one-row', headers })
      if (warm.statusCode !== 200) throw new Error(`one-row ${warm.statusCode} ${warm.body}`)
      const used = process.cpuUsage(sessionCpu)
      if (timed) sessionCpuMs.push((used.user + used.system) / 1000)
      const explainHere = timed && EXPLAIN && !explained && m.page3 !== null
      for (const route of ROUTES) {
        const url = route.path(m)
        if (!url) continue
        queries.length = 0
        state.on = true
        const started = performance.now()
        const cpuBefore = process.cpuUsage()
        const res = await app.inject({ method: 'GET', url, headers })
        const cpuUsed = process.cpuUsage(cpuBefore)
        const ms = performance.now() - started
        state.on = false
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
        const t = timed ? times.get(route.name) : undefined
        t?.ms.push(ms)
        t?.n.push(queries.length)
        t?.db.push(queries.reduce((s, q) => s + q.ms, 0))
        t?.cpu.push((cpuUsed.user + cpuUsed.system) / 1000)
        if (explainHere) {
          console.log(`\n### ${route.name} (${m.id}): ${ms.toFixed(1)} ms, ${queries.length} statements`)
          const recorded = [...queries]
          for (const q of recorded) {
            console.log(`\n-- ${q.ms.toFixed(2)} ms\n${await explainOne(lite, prepared, q, m, fresh)}`)
          }
        }
      }
      if (explainHere) explained = true
    }
  } finally {
    await app.close()
    await handle.close()
  }
  console.log(
    `\ncold: first request of each route, ${chosen.length} random approved members (in-process, session warm)`,
  )
  // CPU time (user + system) of this process, which runs the app and PGlite: unlike wall time, it does not count
  // the time the machine gave other processes.
  console.log(
    '| route | n | wall median ms | wall p90 ms | CPU median ms | CPU p90 ms | statements | in database median ms |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|')
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  const checks = sorted(sessionCpuMs)
  console.log(
    `| GET /api/bench/one-row, session not yet checked | ${checks.length} | | | ${quantile(checks, 0.5).toFixed(2)} | ${quantile(checks, 0.9).toFixed(2)} | | |`,
  )
  for (const [name, t] of times) {
    const [s, c, n, d] = [sorted(t.ms), sorted(t.cpu), sorted(t.n), sorted(t.db)]
    const f = (values: number[], q: number) => quantile(values, q).toFixed(2)
    console.log(
      `| ${name} | ${s.length} | ${f(s, 0.5)} | ${f(s, 0.9)} | ${f(c, 0.5)} | ${f(c, 0.9)} | ${quantile(n, 0.5)} | ${f(d, 0.5)} |`,
    )
  }
}

async function load() {
  const handle = await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  const all = await members((handle.db as unknown as { $client: PGlite }).$client, null)
  await handle.close()
  const server = await startServer({ BENCH_ROUTES: '1', SESSION_SECRET: BENCH_SECRET, DATA_DIR: dataDir })
  const pick = () => all[Math.floor(Math.random() * all.length)] as Member
  const targets: Route[] = ROUTES.some((r) => r.name.endsWith('one-row'))
    ? ROUTES
    : [{ name: 'GET /api/bench/one-row', path: () => '/api/bench/one-row' }, ...ROUTES]
  const results: { name: string; rps: number; p50: number; p99: number; non2xx: number }[] = []
  try {
    for (const route of targets) {
      const withPath = all.filter((m) => route.path(m) !== null)
      const run = (seconds: number) =>
        autocannon({
          url: server.url,
          connections: 50,
          duration: seconds,
          requests: [
            {
              setupRequest: (req) => {
                const m = withPath[Math.floor(Math.random() * withPath.length)] ?? pick()
                return {
                  ...req,
                  method: 'GET',
                  path: route.path(m) ?? '/',
                  headers: { cookie: sessionCookie(m.token) },
                }
              },
            },
          ],
        })
      const r = await run(LOAD_SECONDS)
      results.push({
        name: route.name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      })
      console.log(
        `${route.name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}`,
      )
    }
  } finally {
    await server.stop()
  }
  const oneRow = results[0]?.rps ?? 1
  console.log(
    `\nload: autocannon 50 connections, ${LOAD_SECONDS} s per route, a random member of ${all.length} per request`,
  )
  console.log('| route | req/s | p50 ms | p99 ms | vs one-row | non-2xx |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const r of results) {
    console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / oneRow).toFixed(2)} | ${r.non2xx} |`)
  }
}

if (LOAD) await load()
else await cold()
