// npm run bench -- region --processes [--seconds=N] [--pooler=URL]: the PostgreSQL data set served by one and then
// two server processes, hot reads under autocannon as random members; printed, not recorded. --pooler: queries go
// through that PgBouncer URL, the data set's own URL being DATABASE_DIRECT_URL.
import autocannon from 'autocannon'
import { BENCH_SECRET, DATASETS, type DatasetName, datasetLocation, describeDataset } from './datasets.ts'
import { noisySessions } from './noisy.ts'
import { startServer } from './server-process.ts'

const CONNECTIONS = 50
const WARMUP_S = 2
const ROUTES = [
  '/api/auth/user',
  '/api/feed?tab=everyone',
  '/api/feed?tab=following',
  '/api/measurements',
  '/api/notifications',
  '/api/leaderboards/points?period=all-time',
]

const pooler = process.argv.find((a) => a.startsWith('--pooler='))?.slice('--pooler='.length)

type Measured = { rps: number; p99: number; non2xx: number; errors: number }

async function load(base: string, path: string, members: string[], seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: base + path,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: members[Math.floor(Math.random() * members.length)] as string },
        }),
      },
    ],
  })
  return {
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/** Each route under load for `seconds` (after a warm-up) on a server of `processes` processes. */
async function measure(name: DatasetName, processes: number, members: string[], seconds: number) {
  const { dataDir, databaseUrl } = datasetLocation(name)
  const server = await startServer({
    SESSION_SECRET: BENCH_SECRET,
    ALPHA_PASSWORD: 'bench-alpha',
    DATA_DIR: dataDir,
    DATABASE_URL: pooler ?? (databaseUrl as string),
    DATABASE_DIRECT_URL: databaseUrl as string,
    WEB_CONCURRENCY: String(processes),
  })
  const rows = new Map<string, Measured>()
  try {
    // The first worker answers /healthz before the others listen: give them a moment, then warm every route.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    for (const path of ROUTES) await load(server.url, path, members, WARMUP_S)
    for (const path of ROUTES) {
      const row = await load(server.url, path, members, seconds)
      rows.set(path, row)
      console.log(`${processes} process(es) ${path}: ${row.rps} req/s, p99 ${row.p99} ms`)
    }
  } finally {
    await server.stop()
  }
  return rows
}

export async function processesBench(name: DatasetName): Promise<void> {
  if (DATASETS[name].backend !== 'postgres') {
    throw new Error(`--processes needs a PostgreSQL data set (region); ${name} is on the embedded database`)
  }
  const secondsArg = process.argv.find((a) => a.startsWith('--seconds='))
  const seconds = secondsArg ? Math.max(1, Number(secondsArg.slice('--seconds='.length)) || 10) : 10
  const { others: members } = await noisySessions(name)
  const one = await measure(name, 1, members, seconds)
  const two = await measure(name, 2, members, seconds)
  const cell = (m: Measured | undefined) => (m ? `${m.rps} | ${m.p99}` : '— | —')
  const bad = (m: Measured | undefined) => (m ? `${m.errors} / ${m.non2xx}` : '—')
  console.log(
    [
      '',
      `Processes: ${describeDataset(name)}${pooler ? ', queries through PgBouncer (unnamed statements)' : ''}; autocannon, ${CONNECTIONS} connections, ${seconds} s per route after ${WARMUP_S} s warm-up, each request as one of ${members.length} members at random.`,
      '',
      '| route | 1 process req/s | p99 ms | 2 processes req/s | p99 ms | req/s ratio | errors / non-2xx (1, 2) |',
      '|---|---:|---:|---:|---:|---:|---|',
      ...ROUTES.map((path) => {
        const a = one.get(path)
        const b = two.get(path)
        const ratio = a && b && a.rps > 0 ? (b.rps / a.rps).toFixed(2) : '—'
        return `| \`${path}\` | ${cell(a)} | ${cell(b)} | ${ratio} | ${bad(a)}, ${bad(b)} |`
      }),
      '',
    ].join('\n'),
  )
}
