// node scripts/bench/many-members.ts [club] [--members=9000] [--seconds=10]
// GET /api/bench/one-row as one member, then as members picked at random per request (docs/decisions/019): each
// member first asks who they are once (their browser keeps the access cookie the answer sets), then the load runs
// right away and again once the server's memory of their checks has expired (30 s), as members coming back later.
// Printed, not recorded. The data set must exist (npm run bench:seed -- club); PGlite is opened by one process.
import { createHmac } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { openPglite, openPostgres } from '../../src/server/db/client.ts'
import { BENCH_SECRET, datasetArg, datasetLocation } from './datasets.ts'
import { startServer } from './server-process.ts'

const CONNECTIONS = 50
const WARMUP_S = 2
/** Longer than the server keeps a check in memory (plugins/session-cache.ts). */
const MEMORY_TTL_S = 31

const option = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback)

function sessionCookie(token: string): string {
  // As better-auth signs it (scripts/bench/noisy.ts).
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64')
  return `fieldmark.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

/** One session cookie per approved member past the gate, read before the server holds the data set. */
async function memberCookies(members: number): Promise<string[]> {
  const { dataDir, databaseUrl } = datasetLocation(datasetArg())
  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  try {
    const result = await handle.db.execute(sql`
      select distinct on (u.id) s.token from users u join sessions s on s.user_id = u.id
      where u.beta_approved and u.gate_passed and s.expires_at > now()
      order by u.id, s.expires_at desc limit ${members}`)
    const rows = (result as unknown as { rows: { token: string }[] }).rows
    if (rows.length < members) throw new Error(`the data set has sessions for ${rows.length} members only`)
    return rows.map((r) => sessionCookie(r.token))
  } finally {
    await handle.close()
  }
}

/** Each member asks who they are once; their Cookie header then holds whatever cookies the answer set. */
async function signedInBrowsers(base: string, cookies: string[]): Promise<string[]> {
  const browsers: string[] = new Array(cookies.length)
  let next = 0
  const worker = async () => {
    for (let i = next++; i < cookies.length; i = next++) {
      const res = await fetch(`${base}/api/auth/user`, { headers: { cookie: cookies[i] as string } })
      if (!res.ok) throw new Error(`member ${i}: ${res.status}`)
      const set = res.headers.getSetCookie().map((c) => c.split(';')[0] as string)
      browsers[i] = [cookies[i], ...set.filter((c) => !c.startsWith('fieldmark.session_token='))].join('; ')
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, worker))
  return browsers
}

/** CPU seconds of a process so far (user + system, from /proc); 0 where there is no /proc. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return 0
  }
}

/** The load, and the server's CPU per answered request: on a shared machine the steadier of the two figures. */
async function load(base: string, cookies: string[], seconds: number) {
  const cpuBefore = cpuSeconds(server.process.pid)
  const result = await autocannon({
    url: `${base}/api/bench/one-row`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[Math.floor(Math.random() * cookies.length)] as string },
        }),
      },
    ],
  })
  const cpu = ((cpuSeconds(server.process.pid) - cpuBefore) * 1e6) / Math.max(1, result.requests.total)
  return `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, server CPU ${Math.round(cpu)} µs per request, non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}`
}

const members = option('members', 9_000)
const seconds = option('seconds', 10)
const { dataDir, databaseUrl } = datasetLocation(datasetArg())
const cookies = await memberCookies(members)
const server = await startServer({
  BENCH_ROUTES: '1',
  SESSION_SECRET: BENCH_SECRET,
  ALPHA_PASSWORD: 'bench-alpha',
  DATA_DIR: dataDir,
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
})
try {
  // Past the server's first second, when it trusts no check yet (docs/decisions/019).
  await sleep(1_500)
  const one = await signedInBrowsers(server.url, cookies.slice(0, 1))
  await load(server.url, one, WARMUP_S)
  console.log(`one member: ${await load(server.url, one, seconds)}`)
  const started = performance.now()
  const browsers = await signedInBrowsers(server.url, cookies)
  const cookieShare = browsers.filter((b) => b.includes('fieldmark.access=')).length
  console.log(
    `${members} members asked who they are once in ${Math.round(performance.now() - started)} ms; ${cookieShare} got an access cookie`,
  )
  console.log(`random of ${members}, right after: ${await load(server.url, browsers, seconds)}`)
  await sleep(MEMORY_TTL_S * 1000)
  console.log(`random of ${members}, ${MEMORY_TTL_S} s later: ${await load(server.url, browsers, seconds)}`)
} finally {
  await server.stop()
}
