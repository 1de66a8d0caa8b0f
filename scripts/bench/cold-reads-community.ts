// node scripts/bench/cold-reads-community.ts [--members=200] [--explain] [--dir=.tmp/bench/club] — what the community's hot
// reads cost when nothing of the asking member is cached: the app is built in-process on a COPY of a PGlite data set
// (never one a server has open), and for random approved members each route's first request is timed in the server
// (app.inject, after one GET /api/bench/one-row has checked the session: its cost is reported apart), as wall time
// and as this process's CPU time (steadier on a shared machine), with the statements it ran and their time. Each
// route gets members of its own, so every timed request is its member's first of that route; profile routes ask for
// a random member's profile, deep pages follow nextCursor from the first page. --explain shows the last member's
// statements under EXPLAIN (ANALYZE, BUFFERS), warm by then: the buffers are what a cold run reads. Printed only.
import { createHmac } from 'node:crypto'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { buildApp } from '../../src/server/app.ts'
import { openPglite } from '../../src/server/db/client.ts'
import { loadConfig } from '../../src/server/env.ts'
import { createMailer } from '../../src/server/lib/mailer.ts'
import { BENCH_SECRET, memberId, STAR_MEMBER } from './datasets.ts'

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const MEMBERS = Number(arg('members') ?? 200)
const WARMUP = 20
const DEEP = 5
const dataDir = arg('dir') ?? join('.tmp', 'bench', 'club')

type Query = { text: string; ms: number; raw: string; params?: unknown[] }
type Sample = { ms: number; cpu: number; queries: Query[]; status: number }

function sessionCookie(token: string): string {
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64')
  return `fieldmark.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? Number.NaN
}

/**
 * Records every query's text and time while `on` (PGlite: exec runs the prepared statements, query the rest);
 * `exec` and `query` are the client's own, for EXPLAIN.
 */
function recordQueries(lite: PGlite) {
  const prepared = new Map<string, string>()
  const state = { on: false, recorded: [] as Query[], exec: lite.exec.bind(lite), query: lite.query.bind(lite) }
  const { exec, query, recorded } = state
  lite.exec = (async (text: string, options?: unknown) => {
    const made = /^prepare (\w+) as (.*)$/s.exec(text)
    if (made?.[1] && made[2]) prepared.set(made[1], made[2])
    const t0 = performance.now()
    try {
      return await exec(text, options as never)
    } finally {
      const name = /execute (\w+)/.exec(text)?.[1]
      if (state.on) recorded.push({ text: (name && prepared.get(name)) || text, ms: performance.now() - t0, raw: text })
    }
  }) as typeof lite.exec
  lite.query = (async (text: string, params?: unknown[], options?: unknown) => {
    const t0 = performance.now()
    try {
      return await query(text, params, options as never)
    } finally {
      if (state.on) recorded.push({ text, ms: performance.now() - t0, raw: text, params: params ?? [] })
    }
  }) as typeof lite.query
  return state
}

type Recorder = ReturnType<typeof recordQueries>

/** One route's line: time, CPU, statements; then its statements by text; with --explain, their plans. */
async function report(name: string, list: Sample[], { exec, query }: Recorder) {
  const ms = list.map((s) => s.ms)
  const cpu = list.map((s) => s.cpu)
  const db = list.map((s) => s.queries.reduce((t, q) => t + q.ms, 0))
  const n = list.map((s) => s.queries.length)
  const statuses = [...new Set(list.map((s) => s.status))].join('/')
  console.log(
    `${name.padEnd(24)} n=${String(list.length).padStart(3)} median ${quantile(ms, 0.5).toFixed(2)} p90 ${quantile(ms, 0.9).toFixed(2)} max ${Math.max(...ms).toFixed(1)} | cpu median ${quantile(cpu, 0.5).toFixed(2)} p90 ${quantile(cpu, 0.9).toFixed(2)} | db median ${quantile(db, 0.5).toFixed(2)} p90 ${quantile(db, 0.9).toFixed(2)} | queries median ${quantile(n, 0.5)} max ${Math.max(...n)} | ${statuses}`,
  )
  // The statements behind it: per text, how often and how long.
  const byText = new Map<string, number[]>()
  for (const s of list)
    for (const q of s.queries) {
      const key = q.text
        .replace(/\s+/g, ' ')
        .replace(/(\$\d+, )+\$\d+/, '$…')
        .slice(0, 150)
      byText.set(key, [...(byText.get(key) ?? []), q.ms])
    }
  const top = [...byText].sort((a, b) => b[1].length * quantile(b[1], 0.5) - a[1].length * quantile(a[1], 0.5))
  for (const [text, times] of top.slice(0, 6)) {
    console.log(
      `    ${String(times.length).padStart(4)}× median ${quantile(times, 0.5).toFixed(2)} p90 ${quantile(times, 0.9).toFixed(2)}: ${text}`,
    )
  }
  // --explain: the last member's statements again, under the plans the server uses (warm now: the buffers
  // hit are what a cold run reads).
  if (process.argv.includes('--explain')) {
    for (const q of list.at(-1)?.queries ?? []) {
      const executed = /execute (\w+)(\(.*\))?\s*$/s.exec(q.raw)
      const plan = executed
        ? (
            await exec(
              `begin; set local plan_cache_mode = force_generic_plan; explain (analyze, buffers) execute ${executed[1]}${executed[2] ?? ''}; rollback`,
            )
          ).find((r) => r.fields.some((f) => f.name === 'QUERY PLAN'))?.rows
        : (await query(`explain (analyze, buffers) ${q.raw}`, q.params ?? [])).rows
      console.log(`\n${(plan ?? []).map((r) => (r as Record<string, string>)['QUERY PLAN']).join('\n')}\n`)
    }
  }
}

async function main() {
  const handle = await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  const lite = (handle.db as unknown as { $client: PGlite }).$client
  const rows = async <T>(q: ReturnType<typeof sql>) => ((await handle.db.execute(q)) as unknown as { rows: T[] }).rows
  const routes = ['following', 'everyone', 'profile', 'posts'] as const
  const need = WARMUP + MEMBERS * routes.length
  const members = await rows<{ id: string; token: string }>(sql`
    select distinct on (u.id) u.id, s.token from users u join sessions s on s.user_id = u.id
    where u.beta_approved and u.gate_passed and u.hidden_at is null and s.expires_at > now()
      and u.id not like 'bench-hunter%'
    order by u.id, s.expires_at desc`)
  members.sort(() => Math.random() - 0.5)
  if (members.length < need) throw new Error(`${members.length} members with sessions, need ${need}`)
  const profiles = (
    await rows<{ id: string }>(sql`select id from users where beta_approved order by random() limit ${need}`)
  ).map((r) => r.id)

  const recorder = recordQueries(lite)
  const { recorded } = recorder

  const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SESSION_SECRET: BENCH_SECRET, BENCH_ROUTES: '1' })
  const mailer = createMailer({
    smtpUrl: undefined,
    from: config.mailFrom,
    outboxDir: join(dataDir, 'outbox'),
    log: console,
  })
  const app = await buildApp({ db: handle.db, listen: handle.listen, config, mailer })
  const samples = new Map<string, Sample[]>()
  const get = async (cookie: string, url: string, label?: string) => {
    recorded.length = 0
    recorder.on = label !== undefined
    const c0 = process.cpuUsage()
    const t0 = performance.now()
    const res = await app.inject({ method: 'GET', url, headers: { cookie } })
    const ms = performance.now() - t0
    const c = process.cpuUsage(c0)
    recorder.on = false
    if (label) {
      const list = samples.get(label) ?? []
      list.push({ ms, cpu: (c.user + c.system) / 1000, queries: [...recorded], status: res.statusCode })
      samples.set(label, list)
    }
    return res
  }
  const deepUrl = async (cookie: string, path: string) => {
    let url = path
    for (let n = 1; n < DEEP; n++) {
      const cursor = (await get(cookie, url)).json<{ nextCursor: string | null }>().nextCursor
      if (!cursor) return undefined
      url = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`
    }
    return url
  }
  const ask = async (route: (typeof routes)[number], i: number, record: boolean) => {
    const member = members[i] as { token: string }
    const cookie = sessionCookie(member.token)
    const profile = profiles[i] as string
    const label = (name: string) => (record ? name : undefined)
    await get(cookie, '/api/bench/one-row', route === 'following' ? label('one-row (session checked)') : undefined)
    // The floor: a route that reads one row, its session already checked.
    if (route === 'following') await get(cookie, '/api/bench/one-row', label('one-row (session kept)'))
    if (route === 'following' || route === 'everyone') {
      const path = `/api/feed?tab=${route}`
      await get(cookie, path, label(`feed ${route}, page 1`))
      const deep = await deepUrl(cookie, path)
      if (deep) await get(cookie, deep, label(`feed ${route}, page ${DEEP}`))
    } else if (route === 'profile') {
      await get(cookie, `/api/profiles/${profile}`, label('profile'))
    } else {
      const path = `/api/profiles/${profile}/measurements`
      await get(cookie, path, label('profile posts, page 1'))
      // Members have about ten posts each: the deep page is the star's (200 posts).
      const deep = await deepUrl(cookie, `/api/profiles/${memberId(STAR_MEMBER)}/measurements`)
      if (deep) await get(cookie, deep, label(`star's posts, page ${DEEP}`))
    }
  }
  try {
    for (let i = 0; i < WARMUP; i++) for (const route of routes) await ask(route, i, false)
    let next = WARMUP
    // Interleaved, so the routes meet the same state of the server's caches.
    for (let k = 0; k < MEMBERS; k++) for (const route of routes) await ask(route, next++, true)
    console.log(`cold reads on ${dataDir}, ${MEMBERS} members per route, ms in the server (app.inject)`)
    for (const [name, list] of samples) await report(name, list, recorder)
  } finally {
    await app.close()
    await handle.close()
  }
}

await main()
