// node scripts/bench/cold-reads.ts [--members=200] [--routes=text] [--explain] [--load[=seconds]] [--warm=posts]
//   [--dir=.tmp/bench/club]
// What each hot read costs on a member's first request (ADR 022, ADR 023), on a COPY of a PGlite data set: every
// timed request is its member's first of that route; wall time, CPU time and the statements run. --routes filters,
// --explain shows the plans of a cold member, --load runs autocannon against a server process, --warm lets the app
// read the newest posts into memory first, as the server does (ADR 121).
import { resolve } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import autocannon from 'autocannon'
import { type DbHandle, openPglite } from '../../src/server/db/client.ts'
import { encodeCursor } from '../../src/server/features/measurements/measurements.service.ts'
import { BENCH_SECRET, memberId, STAR_MEMBER } from './datasets.ts'
import { deepPageUrl, explainRecorded, inProcessApp, type Recorded, recordQueries } from './in-process.ts'
import { sessionCookie } from './noisy.ts'
import { startServer } from './server-process.ts'

const arg = (name: string) => process.argv.find((a) => a === `--${name}` || a.startsWith(`--${name}=`))?.split('=')[1]
const has = (name: string) => process.argv.some((a) => a === `--${name}` || a.startsWith(`--${name}=`))
const MEMBERS = Number(arg('members') ?? 200)
const EXPLAIN = has('explain')
const LOAD = has('load')
const LOAD_SECONDS = Number(arg('load') ?? 10)
const ONLY = arg('routes')
const WARM = Number(arg('warm') ?? 0)
const dataDir = resolve(arg('dir') ?? '.tmp/bench/club')
/** The deep page of a feed or of posts, reached by following nextCursor from the first. */
const DEEP = 5
/** Members whose deep pages are walked before --load (walking takes a request a page). */
const LOAD_DEEP_MEMBERS = 100

type Member = {
  id: string
  token: string
  measurementId: string | null
  page3: string | null
  at10: string | null
  id10: string | null
  /** the random approved member whose profile they ask for */
  profile: string
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
     join lateral (select token from sessions s where s.user_id = u.id and s.expires_at > now()
        order by s.expires_at desc limit 1) s on true
     left join lateral (select to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at10, m.id as id10
        from measurements m where m.user_id = u.id order by m.created_at desc, m.id desc offset 9 limit 1) c on true
     where u.beta_approved and u.gate_passed and u.hidden_at is null and u.id not like 'bench-hunter%'
     order by random() ${limit ? `limit ${limit}` : ''}`,
  )
  const profiles = await lite.query<{ id: string }>(
    `select id from users where beta_approved and hidden_at is null order by random() limit ${rows.length}`,
  )
  return rows.map((r, i) => ({
    id: r.id,
    token: r.token,
    measurementId: r.mid,
    page3: r.at10 && r.id10 ? encodeCursor(r.at10, r.id10) : null,
    at10: r.at10,
    id10: r.id10,
    profile: profiles.rows[i % profiles.rows.length]?.id ?? r.id,
  }))
}

/** A route: the path of its first page for this member (null when they have none); `page`, a later page. */
type Route = { name: string; path: (m: Member) => string | null; page?: number }

/** The floor: authenticates and reads one row. */
const FLOOR: Route = { name: 'GET /api/bench/one-row', path: () => '/api/bench/one-row' }
const SESSION_CHECK = `${FLOOR.name}, session not yet checked`
const feedTab = (tab: string): Route[] => [
  { name: `GET /api/feed?tab=${tab}`, path: () => `/api/feed?tab=${tab}` },
  { name: `GET /api/feed?tab=${tab} (page ${DEEP})`, path: () => `/api/feed?tab=${tab}`, page: DEEP },
]
/** What one member asks in turn after the floor, a kind of visit each. */
const VISITS: Route[][] = [
  [
    { name: 'GET /api/notifications', path: () => '/api/notifications' },
    { name: 'GET /api/measurements', path: () => '/api/measurements' },
    {
      // Members have about 11 measurements: the third page of 5 (the bench member's third page of 20 is rows 41–60).
      name: 'GET /api/measurements?limit=5&cursor=(page 3)',
      path: (m) => (m.page3 ? `/api/measurements?limit=5&cursor=${m.page3}` : null),
    },
    { name: 'GET /api/measurements/stats', path: () => '/api/measurements/stats' },
    {
      name: 'GET /api/measurements/:id',
      path: (m) => (m.measurementId ? `/api/measurements/${m.measurementId}` : null),
    },
  ],
  feedTab('following'),
  feedTab('everyone'),
  [{ name: 'GET /api/profiles/:id', path: (m) => `/api/profiles/${m.profile}` }],
  [
    { name: 'GET /api/user/achievements', path: () => '/api/user/achievements' },
    { name: 'GET /api/user/achievement-progress', path: () => '/api/user/achievement-progress' },
  ],
  [
    { name: 'GET /api/profiles/:id/measurements', path: (m) => `/api/profiles/${m.profile}/measurements` },
    {
      // Members have about ten posts each: the deep page is the star's (200 posts).
      name: `GET /api/profiles/(star)/measurements (page ${DEEP})`,
      path: () => `/api/profiles/${memberId(STAR_MEMBER)}/measurements`,
      page: DEEP,
    },
  ],
]
const visits = VISITS.map((v) => v.filter((r) => !ONLY || r.name.includes(ONLY))).filter((v) => v.length > 0)
const asksAll = (routes: Route[], m: Member) => routes.every((r) => r.path(m) !== null)

/** The URL a member asks for the route: a later page's after walking to it with `cursorOf`. */
async function urlOf(route: Route, m: Member, cursorOf: (url: string) => Promise<string | null>) {
  const path = route.path(m)
  return path && route.page ? deepPageUrl(path, route.page, cursorOf) : path
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0

/** A statement as a member never asked about would run it: its pages not yet read (shared read= counts). */
function asFresh(q: Recorded, m: Member, fresh: Member): Recorded {
  const pairs: [string | null, string | null][] = [
    [m.id, fresh.id],
    [m.measurementId, fresh.measurementId],
    [m.at10, fresh.at10],
    [m.id10, fresh.id10],
  ]
  const swap = (text: string) => pairs.reduce((out, [from, to]) => (from && to ? out.replaceAll(from, to) : out), text)
  return { ...q, text: swap(q.text), params: q.params.map((p) => (typeof p === 'string' ? swap(p) : p)) }
}

type Sample = { ms: number; cpu: number; queries: Recorded[] }

async function cold() {
  const handle = await openPglite(`${dataDir}/db`)
  await handle.migrate()
  const lite = (handle.db as unknown as { $client: PGlite }).$client
  const needed = visits.length * MEMBERS * 2
  const pool = await members(lite, needed + (EXPLAIN ? 20 * visits.length : 0))
  // The EXPLAINs run as members never asked about (one per kind of visit), whose pages are not in the buffers yet.
  const fresh: Member[] = []
  for (const routes of EXPLAIN ? visits : []) {
    const m = pool.find((p) => !fresh.includes(p) && asksAll(routes, p))
    if (!m) throw new Error(`--explain: no member left who asks ${routes.map((r) => r.name).join(', ')}`)
    fresh.push(m)
  }
  const asking = pool.filter((m) => !fresh.includes(m))
  if (asking.length < needed) throw new Error(`${asking.length} members with sessions, need ${needed}`)
  const { app } = await inProcessApp(handle, dataDir, WARM)
  if (WARM > 0) {
    await app.ready() // the feed starts warming once the app is ready
    await warmed(app.publicFeed)
  }
  const recorder = recordQueries(handle)
  const { queries, state, textOf } = recorder
  const samples = new Map<string, Sample[]>(
    [SESSION_CHECK, FLOOR.name, ...visits.flat().map((r) => r.name)].map((n) => [n, []]),
  )
  const get = async (cookie: string, url: string, label?: string) => {
    queries.length = 0
    state.on = label !== undefined
    const cpuBefore = process.cpuUsage()
    const started = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { cookie } })
    const ms = performance.now() - started
    const cpu = process.cpuUsage(cpuBefore)
    state.on = false
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`)
    const sample = { ms, cpu: (cpu.user + cpu.system) / 1000, queries: [...queries] }
    if (label) samples.get(label)?.push(sample)
    return { res, sample }
  }
  const explained = new Set<number>()
  const visit = async (kind: number, m: Member, timed: boolean) => {
    const cookie = sessionCookie(m.token)
    const routes = visits[kind] as Route[]
    await get(cookie, FLOOR.path(m) as string, timed ? SESSION_CHECK : undefined)
    await get(cookie, FLOOR.path(m) as string, timed ? FLOOR.name : undefined)
    const explainHere = timed && EXPLAIN && !explained.has(kind) && asksAll(routes, m)
    if (explainHere) explained.add(kind)
    for (const route of routes) {
      const url = await urlOf(
        route,
        m,
        async (u) => (await get(cookie, u)).res.json<{ nextCursor: string | null }>().nextCursor,
      )
      if (!url) continue
      const { sample } = await get(cookie, url, timed ? route.name : undefined)
      if (!explainHere) continue
      console.log(`\n### ${route.name} (${m.id}): ${sample.ms.toFixed(1)} ms, ${sample.queries.length} statements`)
      for (const q of sample.queries) {
        const plan = await explainRecorded(handle, undefined, asFresh(q, m, fresh[kind] as Member), textOf)
        console.log(`\n-- ${q.ms.toFixed(2)} ms\n${plan ?? q.text}`)
      }
    }
  }
  try {
    // The first rounds only warm the database's buffers and the code (a server that has run a while); the kinds of
    // visit take turns, so they meet the same state of the server's caches.
    for (let round = 0; round < MEMBERS * 2; round++) {
      for (const kind of visits.keys())
        await visit(kind, asking[round * visits.length + kind] as Member, round >= MEMBERS)
    }
  } finally {
    await app.close()
    await handle.close()
  }
  coldReport(samples, textOf)
}

function coldReport(samples: Map<string, Sample[]>, textOf: (q: Recorded) => string) {
  console.log(`\ncold: first request of each route, ${MEMBERS} random approved members each (in process, ${dataDir})`)
  // CPU time (user + system) of this process, which runs the app and PGlite: unlike wall time, it does not count
  // the time the machine gave other processes.
  console.log(
    '| route | n | wall median ms | wall p90 ms | CPU median ms | CPU p90 ms | statements | in database median ms | in database p90 ms |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|')
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b)
  const f = (values: number[], q: number) => quantile(values, q).toFixed(2)
  for (const [name, list] of samples) {
    const s = sorted(list.map((x) => x.ms))
    const c = sorted(list.map((x) => x.cpu))
    const n = sorted(list.map((x) => x.queries.length))
    const d = sorted(list.map((x) => x.queries.reduce((sum, q) => sum + q.ms, 0)))
    console.log(
      `| ${name} | ${s.length} | ${f(s, 0.5)} | ${f(s, 0.9)} | ${f(c, 0.5)} | ${f(c, 0.9)} | ${quantile(n, 0.5)} | ${f(d, 0.5)} | ${f(d, 0.9)} |`,
    )
  }
  // The statements behind each route: per text, how often and how long, the costliest first.
  console.log('\nstatements of each route: count, median and p90 ms, text')
  for (const [name, list] of samples) {
    const byText = new Map<string, number[]>()
    for (const q of list.flatMap((x) => x.queries)) {
      const key = textOf(q)
        .replace(/\s+/g, ' ')
        .replace(/(\$\d+, )+\$\d+/, '$…')
        .slice(0, 150)
      byText.set(key, [...(byText.get(key) ?? []), q.ms])
    }
    const top = [...byText]
      .map(([text, times]) => [text, sorted(times)] as const)
      .sort((a, b) => b[1].length * quantile(b[1], 0.5) - a[1].length * quantile(a[1], 0.5))
    console.log(`\n${name}`)
    for (const [text, times] of top.slice(0, 6)) {
      console.log(`  ${String(times.length).padStart(5)}× ${f(times, 0.5)} ${f(times, 0.9)}: ${text}`)
    }
  }
}

/** What --load asks of a route: a cookie and a path each, for every member who has one (deep pages: a sample). */
async function loadTargets(route: Route, all: Member[], base: string) {
  const asked = route.page ? all.slice(0, LOAD_DEEP_MEMBERS) : all
  const targets: { cookie: string; path: string }[] = []
  for (const m of asked) {
    const cookie = sessionCookie(m.token)
    const cursorOf = async (url: string) =>
      ((await (await fetch(`${base}${url}`, { headers: { cookie } })).json()) as { nextCursor: string | null })
        .nextCursor
    const path = await urlOf(route, m, cursorOf)
    if (path) targets.push({ cookie, path })
  }
  return targets
}

async function load() {
  const handle: DbHandle = await openPglite(`${dataDir}/db`)
  await handle.migrate()
  const all = await members((handle.db as unknown as { $client: PGlite }).$client, null)
  await handle.close()
  const server = await startServer({ BENCH_ROUTES: '1', SESSION_SECRET: BENCH_SECRET, DATA_DIR: dataDir })
  const results: { name: string; rps: number; p50: number; p99: number; non2xx: number }[] = []
  try {
    for (const route of [FLOOR, ...visits.flat()]) {
      const targets = await loadTargets(route, all, server.url)
      if (targets.length === 0) {
        console.log(`${route.name}: no member has it`)
        continue
      }
      const r = await autocannon({
        url: server.url,
        connections: 50,
        duration: LOAD_SECONDS,
        requests: [
          {
            setupRequest: (req) => {
              const t = targets[Math.floor(Math.random() * targets.length)] as (typeof targets)[number]
              return { ...req, method: 'GET', path: t.path, headers: { cookie: t.cookie } }
            },
          },
        ],
      })
      const result = {
        name: route.name,
        rps: Math.round(r.requests.average),
        p50: r.latency.p50,
        p99: r.latency.p99,
        non2xx: r.non2xx,
      }
      results.push(result)
      console.log(
        `${route.name}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, non-2xx ${result.non2xx}`,
      )
    }
  } finally {
    await server.stop()
  }
  const oneRow = results[0]?.rps ?? 1
  console.log(
    `\nload: autocannon 50 connections, ${LOAD_SECONDS} s per route, a random member of ${all.length} per request` +
      ` (deep pages: of ${LOAD_DEEP_MEMBERS})`,
  )
  console.log('| route | req/s | p50 ms | p99 ms | vs one-row | non-2xx |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const r of results) {
    console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / oneRow).toFixed(2)} | ${r.non2xx} |`)
  }
}

if (LOAD) await load()
else await cold()

/** Resolves once the feed's warming has kept no more posts for a second (it runs in the background). */
async function warmed(feed: { figures: { size: number } }): Promise<void> {
  const started = performance.now()
  let last = -1
  while (feed.figures.size !== last || feed.figures.size === 0) {
    last = feed.figures.size
    await new Promise((resolve) => setTimeout(resolve, 1000))
    if (performance.now() - started > 120_000) break
  }
  console.log(`warmed: ${feed.figures.size} posts kept in ${Math.round(performance.now() - started - 1000)} ms`)
}
