// npm run bench [-- club|region] [--no-lighthouse] [--reseed] [--only <text>] [--processes [--seconds=N] [--pooler=URL]]
// Measures the reference routes and the hot read routes in one run, one member flooding writes
// while others read (--only noisy runs just that), routes needing no database while it is busy (--only busy),
// the cold start on an empty DATA_DIR, the front end's JS/CSS per route and Lighthouse, prints a report and
// prepends it to BENCHMARKS.md.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { chromium } from 'playwright-core'
import { makeTemplate, templateIsCurrent } from '../../src/server/db/template.ts'
import { LEADERBOARD_PERIODS } from '../../src/shared/achievements/constants.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts'
import { type BusyResult, busyDatabase, busyDatabaseReport } from './busy-database.ts'
import {
  BENCH_SECRET,
  BENCH_USER,
  DATASETS,
  datasetArg,
  datasetLocation,
  describeDataset,
  memberId,
  STAR_MEMBER,
} from './datasets.ts'
import { type NoisyResult, noisyNeighbour, noisyReport, noisySessions } from './noisy.ts'
import { twelveMegapixelPhoto } from './photo-fixture.ts'
import { processesBench } from './processes.ts'
import { migrateDataset, reseedCommunity, seed, seedState } from './seed.ts'
import { startServer } from './server-process.ts'

const CONNECTIONS = 50
const DURATION_S = 10
const WARMUP_S = 2
/** The deep feed page: reached by following nextCursor from the first. */
const FEED_DEPTH = 5

type Row = { route: string; rps: number; p50: number; p99: number; errors: number; non2xx: number }

/**
 * A route under load: its URL path, the name the report gives it, and whether it is asked as the bench member.
 * `posts`: JSON bodies POSTed in turn (each connection cycles through them) instead of GETs.
 */
type Target = { path: string; name: string; auth: boolean; posts?: string[] }

async function load(base: string, target: Target, cookie: string | undefined, seconds: number): Promise<Row> {
  const headers: Record<string, string> = target.auth && cookie ? { cookie } : {}
  const posts = target.posts?.map((body) => ({
    method: 'POST' as const,
    body,
    headers: { ...headers, 'content-type': 'application/json', origin: base },
  }))
  const result = await autocannon({
    url: base + target.path,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
    ...(posts ? { requests: posts } : {}),
  })
  return {
    route: target.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** CPU seconds so far of a process from /proc (user + system), or 0 where /proc is not there. */
function cpuSecondsOf(pid: number | string): number {
  try {
    // The fields after the command name (which may hold spaces) start at state; utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
  } catch {
    return 0
  }
}

const CLOCK_TICKS = 100

/** CPU seconds so far of the server, of every PostgreSQL process on the machine, and of this (the load's) process. */
function cpuNow(serverPid: number | undefined): { server: number; postgres: number; load: number } {
  let postgres = 0
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuSecondsOf(entry)
      } catch {
        // ended meanwhile
      }
    }
  } catch {
    // no /proc
  }
  const usage = process.cpuUsage()
  return {
    server: serverPid === undefined ? 0 : cpuSecondsOf(serverPid),
    postgres,
    load: (usage.user + usage.system) / 1e6,
  }
}

/** The path as the report names it: ids shortened, a cursor named by the page it opens. */
function routeName(path: string, page?: number): string {
  const url = new URL(path, 'http://localhost')
  const pathname = url.pathname
    .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id')
    .replace(new RegExp(`/${memberId(STAR_MEMBER)}(?=/|$)`), '/:userId')
  const query = [...url.searchParams]
    .map(([key, value]) => (key === 'cursor' ? `cursor=(page ${page ?? '?'})` : `${key}=${value}`))
    .join('&')
  return query ? `${pathname}?${query}` : pathname
}

type Page = { items: unknown[]; nextCursor: string | null }

function getter(base: string, cookie: string) {
  return async <T = Page>(path: string): Promise<T> => {
    const res = await fetch(base + path, { headers: { cookie } })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`)
    return (await res.json()) as T
  }
}

/** The first page of a paginated route and the page `depth` reached by following nextCursor. */
async function firstAndDeep(base: string, cookie: string, path: string, depth: number): Promise<Target[]> {
  const get = getter(base, cookie)
  let page = await get(path)
  let cursor: string | null = null
  for (let n = 2; n <= depth; n++) {
    cursor = page.nextCursor
    if (!cursor) throw new Error(`${path} has fewer than ${depth} pages for the bench member`)
    if (n < depth) page = await get(`${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor)}`)
  }
  const deep = `${path}${path.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(cursor ?? '')}`
  return [
    { path, name: routeName(path), auth: true },
    { path: deep, name: routeName(deep, depth), auth: true },
  ]
}

/** The bench member's collection: first page, a deep page (the third), one measurement, the statistics. */
async function measurementTargets(base: string, cookie: string): Promise<Target[]> {
  const [first, third] = await firstAndDeep(base, cookie, '/api/measurements', 3)
  const page = await getter(base, cookie)<{ items: { id: string }[] }>('/api/measurements')
  const id = page.items[0]?.id
  if (!first || !third || !id) throw new Error('the bench member needs at least three pages of measurements')
  const one = `/api/measurements/${id}`
  return [
    first,
    third,
    { path: one, name: routeName(one), auth: true },
    { path: '/api/measurements/stats', name: '/api/measurements/stats', auth: true },
  ]
}

/**
 * The community's hot reads (issue 5): the feed's two tabs, first page and the fifth, the profile of the member
 * with the most posts and followers and its posts, and the bench member's notifications.
 */
async function communityTargets(base: string, cookie: string): Promise<Target[]> {
  const star = memberId(STAR_MEMBER)
  const paths = [`/api/profiles/${star}`, `/api/profiles/${star}/measurements`, '/api/notifications']
  const get = getter(base, cookie)
  for (const path of paths) await get(path)
  return [
    ...(await firstAndDeep(base, cookie, '/api/feed?tab=everyone', FEED_DEPTH)),
    ...(await firstAndDeep(base, cookie, '/api/feed?tab=following', FEED_DEPTH)),
    ...paths.map((path) => ({ path, name: routeName(path), auth: true })),
  ]
}

/** Uploads of a 12 MP JPEG through POST /api/photos, end to end (multipart, checks, EXIF, WebP, storage). */
async function photoUploads(base: string, cookie: string, runs: number): Promise<number[]> {
  const photo = await twelveMegapixelPhoto()
  const times: number[] = []
  for (let i = 0; i < runs + 1; i++) {
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench.jpg')
    const started = performance.now()
    const res = await fetch(`${base}/api/photos`, { method: 'POST', headers: { cookie, origin: base }, body: form })
    if (res.status !== 201) throw new Error(`photo upload: ${res.status} ${await res.text()}`)
    if (i > 0) times.push(Math.round(performance.now() - started)) // the first one warms up
  }
  return times
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/identity/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_USER),
  })
  if (!res.ok) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function coldStarts(runs: number): Promise<number[]> {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(join(tmpdir(), 'fieldmark-cold-'))
    const server = await startServer({ DATA_DIR: dir, SESSION_SECRET: BENCH_SECRET })
    times.push(Math.round(server.startMs))
    await server.stop()
    rmSync(dir, { recursive: true, force: true })
  }
  return times
}

/** JS and CSS a route really loads in Chromium, measured as gzip bytes of the built files. */
async function frontEndWeights(base: string, routes: string[], cookie?: string) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  const out: { route: string; js: number; css: number; files: number }[] = []
  try {
    for (const route of routes) {
      const context = await browser.newContext()
      // Routes inside the app are measured signed in (approved, past the gate) as a member sees them.
      // '/ (dashboard)' is the dashboard: '/' signed in.
      const signedIn = cookie && !['/', '/sign-in'].includes(route)
      if (signedIn) {
        await context.addCookies(
          cookie.split('; ').map((pair) => {
            const at = pair.indexOf('=')
            return { name: pair.slice(0, at), value: pair.slice(at + 1), url: base }
          }),
        )
      }
      const page = await context.newPage()
      const files = new Set<string>()
      page.on('response', (res) => {
        const path = new URL(res.url()).pathname
        if (/\.(js|css)$/.test(path)) files.add(path)
      })
      await page.goto(base + route.replace(' (dashboard)', ''), { waitUntil: 'networkidle' })
      let js = 0
      let css = 0
      for (const f of files) {
        const size = gzipSync(readFileSync(join('dist', 'client', f)), { level: 9 }).length
        if (f.endsWith('.js')) js += size
        else css += size
      }
      out.push({ route, js, css, files: files.size })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return out
}

function lighthouse(url: string, cookie: string | undefined): Record<string, number> | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'fieldmark-lh-'))
  const output = join(dir, 'report.json')
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${output}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROMIUM_ARGS.join(' ')}`,
  ]
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`)
  const run = spawnSync(join('node_modules', '.bin', 'lighthouse'), args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  })
  if (run.status !== 0 || !existsSync(output)) {
    console.error(`lighthouse failed on ${url}: ${run.stderr?.toString().slice(-500)}`)
    return undefined
  }
  const report = JSON.parse(readFileSync(output, 'utf8')) as {
    categories: Record<string, { score: number }>
    audits: Record<string, { numericValue?: number }>
  }
  rmSync(dir, { recursive: true, force: true })
  const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100)
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
  }
}

/**
 * Achievements and leaderboards (issue 6): the three achievement calls as the bench member, every board in every
 * period (the species board for the species with the most counted measurements), top species and the member's
 * own rank.
 */
async function achievementTargets(base: string, cookie: string): Promise<Target[]> {
  const get = getter(base, cookie)
  const top = await get<{ species: string }[]>('/api/leaderboards/top-species')
  const species = top[0]?.species
  if (!species) throw new Error('no species has counted measurements: seed the leaderboards')
  const paths = ['/api/achievements', '/api/user/achievements', '/api/user/achievement-progress']
  for (const period of LEADERBOARD_PERIODS) {
    paths.push(
      `/api/leaderboards/points?period=${period}`,
      `/api/leaderboards/trophies?period=${period}`,
      `/api/leaderboards/species/${species}?period=${period}`,
    )
  }
  paths.push('/api/leaderboards/top-species', '/api/leaderboards/me?board=trophies&period=all-time')
  for (const path of paths) await get(path)
  return paths.map((path) => ({ path, name: path.replace(`/species/${species}?`, '/species/:species?'), auth: true }))
}

/**
 * Questions for the built-in assistant (issue 7), one of each kind of answer: a record minimum, how to measure, a
 * calculation, the member's own records, a regulation, a conversion, an unknown.
 */
const ASSISTANT_QUESTIONS = [
  'What is the Boone and Crockett minimum for a whitetail?',
  'How do I measure the inside spread of a rack?',
  'What does a 22 inch bass with a 15 inch girth weigh?',
  'What is my biggest bass?',
  'How many species have I recorded?',
  'Who sets the hunting seasons in Montana?',
  'How long is the drying period before an official score?',
  'Convert 24 inches to cm',
  'How accurate is measuring from a photo?',
  'Score my turkey: 20 lb 8 oz, 10 inch beard, spurs 1 1/8 and 1 inch',
  'What is the difference between typical and non-typical?',
  'What is the best lure color for crappie at dawn?',
].map((message) => JSON.stringify({ message }))

async function ask(base: string, cookie: string, body: string): Promise<void> {
  const res = await fetch(`${base}/api/chat`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body,
  })
  if (!res.ok) throw new Error(`POST /api/chat: ${res.status} ${(await res.text()).slice(0, 300)}`)
  await res.arrayBuffer()
}

/** The assistant under load as the bench member (the server runs with CHAT_RATE_LIMIT raised for the run). */
async function assistantTargets(base: string, cookie: string): Promise<Target[]> {
  for (const body of ASSISTANT_QUESTIONS) await ask(base, cookie, body)
  return [{ path: '/api/chat', name: 'POST /api/chat (built-in assistant)', auth: true, posts: ASSISTANT_QUESTIONS }]
}

/** The issue's own measure: replies to one member asking in turn, no other load; p50, p95 and max in ms. */
async function assistantLatencies(base: string, cookie: string, count: number) {
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await ask(base, cookie, ASSISTANT_QUESTIONS[i % ASSISTANT_QUESTIONS.length] as string)
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) =>
    Math.round((times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)] ?? 0) * 10) / 10
  return { count, p50: at(0.5), p95: at(0.95), max: at(1) }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`

async function main() {
  const name = datasetArg()
  const withLighthouse = !process.argv.includes('--no-lighthouse')
  // --only <text>: just the reference routes and the routes whose name contains the text, printed, not recorded
  // (for finding where time goes; BENCH_CPU_PROF=<dir> also writes the server's CPU profile there).
  const onlyAt = process.argv.indexOf('--only')
  const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined
  const spec = DATASETS[name]
  const { dataDir, databaseUrl } = datasetLocation(name)
  const state = process.argv.includes('--reseed') ? 'missing' : await seedState(name)
  if (state === 'missing') await seed(name)
  else if (state === 'base') await reseedCommunity(name)
  else await migrateDataset(name)
  // --processes: a few hot reads with one and then two server processes (processes.ts), printed, not recorded.
  if (process.argv.includes('--processes')) return processesBench(name)
  if (!existsSync(join('dist', 'client', 'index.html'))) execFileSync('npx', ['vite', 'build'], { stdio: 'inherit' })
  // The rest of `npm run build`: the database template a server on an empty DATA_DIR starts from (db/template.ts).
  if (!templateIsCurrent()) await makeTemplate()
  // The members' sessions are read before the server holds the data set (PGlite has one process).
  const withNoisy = !only || 'noisy neighbour'.includes(only)
  const withBusy = !only || 'busy database'.includes(only)
  const noisySet = withNoisy || withBusy ? await noisySessions(name) : undefined

  const env: Record<string, string> = {
    BENCH_ROUTES: '1',
    SESSION_SECRET: BENCH_SECRET,
    ALPHA_PASSWORD: 'bench-alpha',
    DATA_DIR: dataDir,
    // The assistant is measured under load as one member; its per-member limit would answer 429 within a second.
    // WRITE_RATE_LIMIT stays at its default: the noisy-neighbour run measures what it protects.
    CHAT_RATE_LIMIT: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const loadBefore = loadavg()
  let loadAfter = loadBefore
  const server = await startServer(env)
  const rows: Row[] = []
  let weights: Awaited<ReturnType<typeof frontEndWeights>> = []
  let uploads: number[] = []
  let assistant: Awaited<ReturnType<typeof assistantLatencies>> | undefined
  let noisy: NoisyResult | undefined
  let busy: BusyResult | undefined
  const scores: Record<string, Record<string, number> | undefined> = {}
  try {
    const cookie = await signIn(server.url)
    // A group of routes that cannot be set up fails the run, except with --only, where it is skipped (said so).
    const group = async (targets: Promise<Target[]>): Promise<Target[]> =>
      only
        ? targets.catch((error: Error) => {
            console.log(`skipped a group of routes: ${error.message}`)
            return []
          })
        : targets
    const targets: Target[] = [
      { path: '/api/bench/bare', name: '/api/bench/bare', auth: false },
      { path: '/api/bench/one-row', name: '/api/bench/one-row', auth: true },
      { path: '/api/auth/user', name: '/api/auth/user', auth: true },
      { path: '/api/community-stats', name: '/api/community-stats', auth: false },
      ...(await group(measurementTargets(server.url, cookie))),
      ...(await group(communityTargets(server.url, cookie))),
      ...(await group(achievementTargets(server.url, cookie))),
      ...(await group(assistantTargets(server.url, cookie))),
    ]
    const chosen = only
      ? targets.filter((t) => t.name.includes(only) || t.name.endsWith('/bare') || t.name.endsWith('/one-row'))
      : targets
    // Every route once before any is measured: the first routes after a start otherwise met a cold database cache
    // and cold code (on club the collection's first page measured 0.35 of one-row first, 0.67 when run again).
    for (const target of chosen) await load(server.url, target, cookie, 1)
    for (const target of chosen) {
      await load(server.url, target, cookie, WARMUP_S)
      const before = cpuNow(server.process.pid)
      const row = await load(server.url, target, cookie, DURATION_S)
      const after = cpuNow(server.process.pid)
      rows.push(row)
      // With --only, where the CPU went per request (µs): the server, PostgreSQL (every postgres process), the load.
      const per = (part: keyof typeof before) =>
        Math.round(((after[part] - before[part]) * 1e6) / Math.max(1, row.rps * DURATION_S))
      const cpu = only
        ? `; CPU per request: server ${per('server')} µs, postgres ${per('postgres')} µs, load ${per('load')} µs`
        : ''
      console.log(`${row.route}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms${cpu}`)
    }
    loadAfter = loadavg()
    if (!only || 'POST /api/chat'.includes(only)) {
      assistant = await assistantLatencies(server.url, cookie, 600)
      console.log(
        `assistant, one member in turn: p50 ${assistant.p50} ms, p95 ${assistant.p95} ms, max ${assistant.max} ms`,
      )
    }
    if (noisySet && withBusy) {
      busy = await busyDatabase(server.url, noisySet.others)
      console.log(busyDatabaseReport(busy))
    }
    if (noisySet && withNoisy) {
      noisy = await noisyNeighbour(server.url, noisySet)
      console.log(noisyReport(noisy))
    }
    if (only) {
      const oneRow = rows.find((r) => r.route.endsWith('/one-row'))?.rps ?? 1
      for (const r of rows) console.log(`${r.route}: ${(r.rps / oneRow).toFixed(2)} of one-row`)
      return
    }
    uploads = await photoUploads(server.url, cookie, 5)
    console.log(`12 MP photo uploads: ${uploads.join(', ')} ms`)
    weights = await frontEndWeights(
      server.url,
      [
        '/',
        '/sign-in',
        '/ (dashboard)',
        '/measurements',
        '/community',
        '/species-guide',
        '/species-guide/whitetail-deer',
      ],
      cookie,
    )
    if (withLighthouse) {
      scores.landing = lighthouse(`${server.url}/`, undefined)
      scores.dashboard = lighthouse(`${server.url}/`, cookie)
    }
  } finally {
    await server.stop()
  }
  const cold = await coldStarts(3)

  const oneRow = rows.find((r) => r.route.endsWith('/one-row'))?.rps ?? 1
  const bare = rows.find((r) => r.route.endsWith('/bare'))?.rps ?? 1
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ')
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; 1-minute load average ${loadBefore[0]?.toFixed(2)} when the server started, ${loadAfter[0]?.toFixed(2)} after the routes`
  const lines = [
    `## ${date} UTC — ${name} on ${spec.backend}`,
    '',
    `Machine: ${machine}. Data set: ${describeDataset(name)}. Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARMUP_S} s warm-up (and 1 s on every route before the first is measured), loopback.`,
    '',
    '| route | req/s | p50 ms | p99 ms | vs one-row | vs bare | errors / non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| \`${r.route}\` | ${r.rps} | ${r.p50} | ${r.p99} | ${(r.rps / oneRow).toFixed(2)} | ${(r.rps / bare).toFixed(2)} | ${r.errors} / ${r.non2xx} |`,
    ),
    '',
    `Cold start (spawn → first 200, empty DATA_DIR: the build's database template copied in, migrations checked): ${cold.join(' ms, ')} ms (target < 3000 ms).`,
    '',
    ...(assistant
      ? [
          `Built-in assistant, one member asking in turn with no other load (POST /api/chat, the ${ASSISTANT_QUESTIONS.length} questions of scripts/bench/bench.ts cycled: minimums, how to measure, calculations, the member's records, regulations, an unknown): ${assistant.count} replies, p50 ${assistant.p50} ms, p95 ${assistant.p95} ms, max ${assistant.max} ms (target p95 < 100 ms).`,
          '',
        ]
      : []),
    ...(busy ? [busyDatabaseReport(busy)] : []),
    ...(noisy ? [noisyReport(noisy)] : []),
    `Photo upload, end to end (POST /api/photos of a 12 MP JPEG, 4000 × 3000 with EXIF GPS: multipart, content and pixel checks, EXIF read, auto-orient, display + thumbnail WebP without metadata, stored): ${uploads.join(' ms, ')} ms; max ${Math.max(...uploads)} ms (target < 1000 ms).`,
    '',
    'Front end (what Chromium loads per route; `/` and `/sign-in` signed out, the others signed in; `/ (dashboard)` is `/` signed in):',
    '',
    '| front-end route | JS (gzip) | CSS (gzip) | files |',
    '|---|---:|---:|---:|',
    ...weights.map((w) => `| \`${w.route}\` | ${kb(w.js)} | ${kb(w.css)} | ${w.files} |`),
    '',
  ]
  for (const [page, s] of Object.entries(scores)) {
    if (!s) continue
    lines.push(
      `Lighthouse (mobile preset, Debian Chromium) ${page}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}; FCP ${s.fcpMs} ms, LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms.`,
      '',
    )
  }
  const report = lines.join('\n')
  console.log(`\n${report}`)
  const file = 'BENCHMARKS.md'
  const header =
    '# Benchmarks\n\nNewest run first. How and why: ../shared/BENCHMARKING.md; produced by `npm run bench`.\n\n'
  const previous = existsSync(file) ? readFileSync(file, 'utf8').replace(header, '') : ''
  writeFileSync(file, `${header}${report}\n${previous}`)
}

await main()
