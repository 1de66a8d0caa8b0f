// The busy-database run: routes that need no database (/healthz, /api/auth/config) must answer in milliseconds while
// the database is busy. They are probed at random moments without other load, then while many members open the feed
// and some edit their own posts one after another (from a thread of its own, busy-worker.ts).
import { Worker } from 'node:worker_threads'
import type { BusyJob, BusyLoad, BusyWriter } from './busy-worker.ts'
import { floodTarget } from './noisy.ts'
import { type Latency, openLoop, summarize } from './open-loop.ts'

const FEED = '/api/feed?tab=everyone'
/** Feed loads a second, each as a random member: four times a busy club evening. */
const READ_RATE = 200
/** Members editing their own post (unchanged, so the data set stays as it is), each one edit after another. */
const WRITERS = 20
/** Each probed route, requests a second. */
const PROBE_RATE = 20
const WARMUP_S = 2
const PROBE_S = 10
const PROBED = ['/healthz', '/api/auth/config'] as const

export type ProbeLatency = Record<(typeof PROBED)[number], Latency>
export type BusyResult = { idle: ProbeLatency; busy: ProbeLatency; writers: number } & BusyLoad

async function probe(base: string, seconds: number): Promise<ProbeLatency> {
  const runs = await Promise.all(
    PROBED.map((path) => openLoop({ base, rate: PROBE_RATE, seconds, next: () => ({ path }) })),
  )
  const [healthz, config] = runs.map((run) => summarize(run.samples, run.errors)) as [Latency, Latency]
  return { '/healthz': healthz, '/api/auth/config': config }
}

/** WRITERS members with a public post on their first page, each with the PATCH that sends it back unchanged. */
async function writeTargets(base: string, cookies: string[]): Promise<BusyWriter[]> {
  const writers: BusyWriter[] = []
  for (const cookie of cookies) {
    if (writers.length === WRITERS) return writers
    try {
      const target = await floodTarget(base, cookie, 'unchanged')
      writers.push({ cookie, path: target.path, body: target.bodies[0] as string })
    } catch {
      // no public post on the first page: the next member
    }
  }
  throw new Error(`the data set has fewer than ${WRITERS} members with a public post`)
}

/** `members`: session cookies of approved members (noisySessions' others); the writers are taken from them. */
export async function busyDatabase(base: string, members: string[]): Promise<BusyResult> {
  const writers = await writeTargets(base, members)
  const idle = await probe(base, PROBE_S)
  const start = Date.now() + 1_000 // the worker's own start
  const job: BusyJob = {
    base,
    start,
    end: start + (WARMUP_S + PROBE_S) * 1000,
    feed: FEED,
    readRate: READ_RATE,
    readers: members,
    writers,
  }
  const worker = new Worker(new URL('./busy-worker.ts', import.meta.url), { workerData: job })
  const loaded = new Promise<BusyLoad>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await new Promise((resolve) => setTimeout(resolve, start + WARMUP_S * 1000 - Date.now()))
  const busy = await probe(base, PROBE_S)
  const load = await loaded
  await worker.terminate()
  return { idle, busy, writers: writers.length, ...load }
}

/** The report's paragraph: each probed route's p50/p99 without and with the load, and how the load was answered. */
export function busyDatabaseReport(r: BusyResult): string {
  const rows = PROBED.flatMap((path) => [
    `| \`${path}\` | without load | ${r.idle[path].requests} | ${r.idle[path].p50} | ${r.idle[path].p99} | ${r.idle[path].errors} / ${r.idle[path].non2xx} |`,
    `| \`${path}\` | during the load | ${r.busy[path].requests} | ${r.busy[path].p50} | ${r.busy[path].p99} | ${r.busy[path].errors} / ${r.busy[path].non2xx} |`,
  ])
  const writes = Object.entries(r.writes)
    .map(([status, n]) => `${n} × ${status}`)
    .join(', ')
  return [
    `Busy database: \`/healthz\` and \`/api/auth/config\` (no database) probed at random moments, ${PROBE_RATE} req/s each for ${PROBE_S} s, without other load and then while members open \`${FEED}\` at random moments (${READ_RATE} req/s, each as a random member) and ${r.writers} members each edit their own post one edit after another (PATCH, unchanged; write turns as in production). The feed during the load: p50 ${r.reads.p50} ms, p99 ${r.reads.p99} ms, ${r.reads.requests} answered, ${r.reads.errors} errors / ${r.reads.non2xx} non-2xx; the edits answered: ${writes}.`,
    '',
    '| route | | requests | p50 ms | p99 ms | errors / non-2xx |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n')
}
