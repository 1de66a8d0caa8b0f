// The busy-database run's load, in a thread of its own (as the flood of noisy.ts): many members open the feed at
// random moments while some edit their own posts one after another, from `start` until `end` (Date.now() time).
import { Agent, request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'
import { type Latency, openLoop, summarize } from './open-loop.ts'

export type BusyWriter = { cookie: string; path: string; body: string }
export type BusyJob = {
  base: string
  start: number
  end: number
  feed: string
  readRate: number
  readers: string[]
  writers: BusyWriter[]
}
export type BusyLoad = { reads: Latency; writes: Record<string, number> }

function patch(agent: Agent, base: string, w: BusyWriter): Promise<string> {
  return new Promise((resolve) => {
    const req = request(
      new URL(w.path, base),
      {
        method: 'PATCH',
        agent,
        headers: { cookie: w.cookie, origin: base, 'content-type': 'application/json' },
      },
      (res) => {
        res.resume()
        res.once('end', () => resolve(String(res.statusCode)))
      },
    )
    req.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'))
    req.end(w.body)
  })
}

const job = workerData as BusyJob
await new Promise((resolve) => setTimeout(resolve, Math.max(0, job.start - Date.now())))
const writes: Record<string, number> = {}
const agent = new Agent({ keepAlive: true, maxSockets: job.writers.length })
// Each writer one edit at a time, as a member (or their offline outbox) saves.
const writing = job.writers.map(async (w) => {
  while (Date.now() < job.end) {
    const status = await patch(agent, job.base, w)
    if (Date.now() < job.end) writes[status] = (writes[status] ?? 0) + 1
  }
})
// Edits still waiting for their member's turn at the end are abandoned (the server skips a write whose client left).
const abandon = setTimeout(() => agent.destroy(), Math.max(0, job.end - Date.now()))
const reading = openLoop({
  base: job.base,
  rate: job.readRate,
  seconds: (job.end - Date.now()) / 1000,
  next: () => ({
    path: job.feed,
    headers: { cookie: job.readers[Math.floor(Math.random() * job.readers.length)] as string },
  }),
})
const run = await reading
await Promise.all(writing)
clearTimeout(abandon)
agent.destroy()
parentPort?.postMessage({ reads: summarize(run.samples, run.errors), writes } satisfies BusyLoad)
