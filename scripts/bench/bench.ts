// npm run bench [-- club|region] [--no-lighthouse] [--reseed] [--only <text>] [--processes [--seconds=N] [--pooler=URL]]
// Measures the reference routes and the hot read routes in one run, one member flooding writes
// while others read (--only noisy runs just that), routes needing no database while it is busy (--only busy),
// the cold start on an empty DATA_DIR, the front end's JS/CSS per route and Lighthouse, prints a report and
// prepends it to BENCHMARKS.md.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { makeTemplate, templateIsCurrent } from '../../src/server/db/template.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/support/chromium.ts'
import { type BusyResult, busyDatabase, busyDatabaseReport } from './busy-database.ts'
import { type Crowd, keepSignedIn, readCrowd, sample, signInCrowd } from './crowd.ts'
import {
  BENCH_SECRET,
  BENCH_USER,
  DATASETS,
  type DatasetName,
  datasetArg,
  datasetLocation,
  describeDataset,
} from './datasets.ts'
import { hotReadRoutes, hotReadsTable, measureHotReads, type RouteResult, type Who } from './hot-reads.ts'
import { MIXED_MEMBERS, type MixedResult, mixedLoad, mixedReport } from './mixed.ts'
import { type NoisyResult, noisyNeighbour, noisyReport, noisySessions } from './noisy.ts'
import { twelveMegapixelPhoto } from './photo-fixture.ts'
import { processesBench } from './processes.ts'
import { migrateDataset, reseedCommunity, seed, seedState } from './seed.ts'
import { startServer } from './server-process.ts'
import { prepareHistory, type WritesResult, writeCosts, writesReport } from './writes.ts'

const CONNECTIONS = 50
const DURATION_S = 10
const WARMUP_S = 2

function getter(base: string, cookie: string) {
  return async <T>(path: string): Promise<T> => {
    const res = await fetch(base + path, { headers: { cookie } })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`)
    return (await res.json()) as T
  }
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
    // A profile of its own, so that a Chromium left behind by a run that timed out can be found and ended.
    `--chrome-flags=${[...CHROMIUM_ARGS, `--user-data-dir=${join(dir, 'profile')}`].join(' ')}`,
  ]
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`)
  const run = spawnSync(join('node_modules', '.bin', 'lighthouse'), args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    stdio: ['ignore', 'ignore', 'pipe'],
    timeout: 120_000,
  })
  // The timeout ends lighthouse, not the browser it started, which would load the machine for the rest of the run.
  spawnSync('pkill', ['-f', join(dir, 'profile')])
  if (run.status !== 0 || !existsSync(output)) {
    console.error(
      `lighthouse failed on ${url} (${run.error?.message ?? `exit ${run.status}`}): ${run.stderr?.toString().slice(-500)}`,
    )
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

/** The species whose board is benched: the one with the most counted measurements. */
async function topSpecies(base: string, cookie: string): Promise<string> {
  const top = await getter(base, cookie)<{ species: string }[]>('/api/leaderboards/top-species')
  const species = top[0]?.species
  if (!species) throw new Error('no species has counted measurements: seed the leaderboards')
  return species
}

/**
 * Questions for the built-in assistant, one of each kind of answer: a record minimum, how to measure, a
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

/** The assistant's own measure: replies to one member asking in turn, no other load; p50, p95 and max in ms. */
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

type Options = { only: string | undefined; who: Who[]; withLighthouse: boolean }

function optionsOf(argv: string[]): Options {
  // --only <text>: just the reference routes and the routes whose name holds the text, printed, not recorded
  // (for finding where time goes; BENCH_CPU_PROF=<dir> also writes the server's CPU profile there).
  const onlyAt = argv.indexOf('--only')
  const only = onlyAt > 0 ? argv[onlyAt + 1] : undefined
  // --crowd-only: the hot reads only as every member (no 1,000-member and one-member columns).
  const who: Who[] = argv.includes('--crowd-only')
    ? ['every member']
    : ['every member', 'random of 1,000', 'one member']
  return { only, who, withLighthouse: !argv.includes('--no-lighthouse') }
}

/** What the report of a run holds besides the hot reads. */
type Extras = {
  mixed?: MixedResult
  writes?: WritesResult
  assistant?: Awaited<ReturnType<typeof assistantLatencies>>
  busy?: BusyResult
  noisy?: NoisyResult
  uploads: number[]
  weights: Awaited<ReturnType<typeof frontEndWeights>>
  scores: Record<string, Record<string, number> | undefined>
}

/** The hot reads, the mixed run, the assistant, the busy database and the noisy neighbour, the front end. */
async function underLoad(name: DatasetName, env: Record<string, string>, crowd: Crowd, options: Options) {
  const { only } = options
  const extras: Extras = { uploads: [], weights: [], scores: {} }
  const withNoisy = !only || 'noisy neighbour'.includes(only)
  const withBusy = !only || 'busy database'.includes(only)
  // The flooders' sessions are read before the server holds the data set (PGlite has one process).
  const noisySet = withNoisy || withBusy ? await noisySessions(name) : undefined
  const server = await startServer(env)
  try {
    const cookie = await signIn(server.url)
    crowd.bench.cookie = cookie
    // `--only mixed` needs only the mixed run's members signed in (all 90,000 of region take 15 minutes).
    if (only === 'mixed') crowd.members = sample(crowd.members, MIXED_MEMBERS)
    await signInCrowd(server.url, crowd.members)
    const routes = hotReadRoutes(crowd, await topSpecies(server.url, cookie))
    const chosen = only
      ? routes.filter((r) => r.name.includes(only) || r.name.endsWith('/bare') || r.name.endsWith('/one-row'))
      : routes
    const p99Target = DATASETS[name].backend === 'postgres' ? 50 : 150
    const results = await measureHotReads(server.url, crowd, chosen, { who: options.who, p99Target, log: console.log })
    const loadAfter = loadavg()
    if (!only || 'mixed'.includes(only)) {
      const reads = routes.filter((r) => r.auth && !r.name.startsWith('/api/bench') && r.name !== '/api/auth/user')
      await keepSignedIn(server.url, crowd.members)
      extras.mixed = await mixedLoad(server.url, crowd, reads)
      console.log(mixedReport(extras.mixed))
    }
    if (!only || 'POST /api/chat'.includes(only)) {
      extras.assistant = await assistantLatencies(server.url, cookie, 600)
      console.log(`assistant: p50 ${extras.assistant.p50} ms, p95 ${extras.assistant.p95} ms`)
    }
    if (noisySet && withBusy) {
      extras.busy = await busyDatabase(server.url, noisySet.others)
      console.log(busyDatabaseReport(extras.busy))
    }
    if (noisySet && withNoisy) {
      extras.noisy = await noisyNeighbour(server.url, noisySet)
      console.log(noisyReport(extras.noisy))
    }
    if (!only) {
      extras.uploads = await photoUploads(server.url, cookie, 5)
      extras.weights = await frontEndWeights(server.url, FRONT_END_ROUTES, cookie)
      if (options.withLighthouse) {
        extras.scores.landing = lighthouse(`${server.url}/`, undefined)
        extras.scores.dashboard = lighthouse(`${server.url}/`, cookie)
      }
    }
    return { results, extras, loadAfter }
  } finally {
    await server.stop()
  }
}

const FRONT_END_ROUTES = [
  '/',
  '/sign-in',
  '/ (dashboard)',
  '/measurements',
  '/community',
  '/species-guide',
  '/species-guide/whitetail-deer',
]

/** The write costs, on a server whose per-member write limits are lifted (WRITE_RATE_LIMIT). */
async function writesUnderNoLimit(env: Record<string, string>, crowd: Crowd): Promise<WritesResult> {
  const server = await startServer({ ...env, WRITE_RATE_LIMIT: '100000' })
  try {
    crowd.bench.cookie = await signIn(server.url)
    await signInCrowd(server.url, crowd.members)
    return await writeCosts(server.url, crowd)
  } finally {
    await server.stop()
  }
}

async function main() {
  const name = datasetArg()
  const options = optionsOf(process.argv)
  const { only } = options
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
  const withWrites = !only || 'writes'.includes(only)
  if (withWrites) await prepareHistory(name)
  const crowd = await readCrowd(name)
  console.log(`${crowd.members.length} members with a session; ${crowd.profiles.length} profiles with posts`)

  const env: Record<string, string> = {
    BENCH_ROUTES: '1',
    SESSION_SECRET: BENCH_SECRET,
    ALPHA_PASSWORD: 'bench-alpha',
    DATA_DIR: dataDir,
    // The assistant is measured under load as one member; its per-member limit would answer 429 within a second.
    // WRITE_RATE_LIMIT stays at its default here: the noisy-neighbour run measures what it protects.
    CHAT_RATE_LIMIT: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  const loadBefore = loadavg()
  const { results, extras, loadAfter } = await underLoad(name, env, crowd, options)
  if (withWrites) {
    extras.writes = await writesUnderNoLimit(env, crowd)
    console.log(writesReport(extras.writes, spec.starFollowers))
  }
  if (only) {
    console.log(hotReadsTable(results, options.who).join('\n'))
    return
  }
  const cold = await coldStarts(5)
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ')
  const machine = `${cpus().length} cores (${cpus()[0]?.model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}; 1-minute load average ${loadBefore[0]?.toFixed(2)} when the server started, ${loadAfter[0]?.toFixed(2)} after the hot reads`
  const report = reportOf({
    name,
    machine,
    date,
    results,
    extras,
    cold,
    who: options.who,
    members: crowd.members.length,
  })
  console.log(`\n${report}`)
  const file = 'BENCHMARKS.md'
  const header = '# Benchmarks\n\nNewest run first. How and why: docs/benchmarking.md; produced by `npm run bench`.\n\n'
  const previous = existsSync(file) ? readFileSync(file, 'utf8').replace(/^# Benchmarks\n\n[^\n]*\n\n/, '') : ''
  writeFileSync(file, `${header}${report}\n${previous}`)
}

type ReportInput = {
  name: DatasetName
  machine: string
  date: string
  results: RouteResult[]
  extras: Extras
  cold: number[]
  who: Who[]
  members: number
}

function reportOf(r: ReportInput): string {
  const { extras } = r
  const lines = [
    `## ${r.date} UTC — ${r.name} on ${DATASETS[r.name].backend}`,
    '',
    `Machine: ${r.machine}. Data set: ${describeDataset(r.name)}. Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per route after ${WARMUP_S} s warm-up, loopback; each request from a random member with their own ids and cursors: of every member with a session (${r.members}), of a fixed 1,000, and the bench member alone repeating one URL. A route near a target ran three times (their req/s in brackets; the median kept); one-row ran at the start, the middle and the end of each group (median). Cold: each member's first request to the route, one at a time, 60 members per route that no route had asked before.`,
    '',
    ...hotReadsTable(r.results, r.who),
    '',
    `Cold start (spawn → first 200, empty DATA_DIR: the build's database template copied in, migrations checked): ${r.cold.join(' ms, ')} ms (target < 3000 ms).`,
    '',
    ...(extras.mixed ? [mixedReport(extras.mixed)] : []),
    ...(extras.writes ? [writesReport(extras.writes, DATASETS[r.name].starFollowers)] : []),
    ...(extras.assistant
      ? [
          `Built-in assistant, one member asking in turn with no other load (POST /api/chat, the ${ASSISTANT_QUESTIONS.length} questions of scripts/bench/bench.ts cycled): ${extras.assistant.count} replies, p50 ${extras.assistant.p50} ms, p95 ${extras.assistant.p95} ms, max ${extras.assistant.max} ms (target p95 < 100 ms).`,
          '',
        ]
      : []),
    ...(extras.busy ? [busyDatabaseReport(extras.busy)] : []),
    ...(extras.noisy ? [noisyReport(extras.noisy)] : []),
    `Photo upload, end to end (POST /api/photos of a 12 MP JPEG, 4000 × 3000 with EXIF GPS): ${extras.uploads.join(' ms, ')} ms; max ${Math.max(...extras.uploads)} ms (target < 1000 ms).`,
    '',
    'Front end (what Chromium loads per route; `/` and `/sign-in` signed out, the others signed in):',
    '',
    '| front-end route | JS (gzip) | CSS (gzip) | files |',
    '|---|---:|---:|---:|',
    ...extras.weights.map((w) => `| \`${w.route}\` | ${kb(w.js)} | ${kb(w.css)} | ${w.files} |`),
    '',
  ]
  for (const [page, s] of Object.entries(extras.scores)) {
    if (!s) continue
    lines.push(
      `Lighthouse (mobile preset, Debian Chromium) ${page}: performance ${s.performance}, accessibility ${s.accessibility}, best practices ${s.bestPractices}, SEO ${s.seo}; FCP ${s.fcpMs} ms, LCP ${s.lcpMs} ms, TBT ${s.tbtMs} ms.`,
      '',
    )
  }
  return lines.join('\n')
}

await main()
