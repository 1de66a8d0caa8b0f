// Load as many members make it: requests at random moments (Poisson arrivals), whatever the server answers, each
// timed from when it was sent. autocannon's `overallRate` sends every connection's share in one burst each second,
// which measures the burst, not the route. Run other load from another thread, so this one's timers are not late.
import { Agent, request } from 'node:http'

export type OpenLoopRequest = { method?: string; path: string; headers?: Record<string, string>; body?: string }

export type OpenLoopOptions = {
  base: string
  /** Mean requests per second. */
  rate: number
  seconds: number
  /** The next request to send (a random member's, say). */
  next: () => OpenLoopRequest
  onStatus?: (status: number) => void
  /** At the end, close the connections instead of waiting for the answers still due (a flooder who goes away). */
  abandonAtEnd?: boolean
}

export type Latency = { p50: number; p99: number; requests: number; non2xx: number; errors: number }
/** One answered request: when it was sent (Date.now() time) and how long its answer took (ms). */
export type Sample = { at: number; ms: number; ok: boolean }
export type Run = { samples: Sample[]; errors: number }

const TIMEOUT_MS = 10_000

/** One request on the agent's connections; resolves with the status once the answer has been read. */
export function send(agent: Agent, base: string, r: OpenLoopRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(r.path, base),
      { method: r.method ?? 'GET', headers: r.headers, agent, timeout: TIMEOUT_MS },
      (res) => {
        res.resume()
        res.once('end', () => resolve(res.statusCode ?? 0))
        res.once('error', reject)
      },
    )
    req.once('timeout', () => req.destroy(new Error('timeout')))
    req.once('error', reject)
    req.end(r.body)
  })
}

/** The value below which `q` of the sorted values lie (nearest rank), rounded to whole milliseconds. */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number)
}

/** The latency of these samples. */
export function summarize(samples: readonly Sample[], errors = 0): Latency {
  const sorted = samples.map((sample) => sample.ms).sort((a, b) => a - b)
  const non2xx = samples.filter((sample) => !sample.ok).length
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), requests: sorted.length, non2xx, errors }
}

/** Sends requests at random moments for `seconds` and answers once every one of them has been answered. */
export async function openLoop(o: OpenLoopOptions): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const samples: Sample[] = []
  let errors = 0
  const pending: Promise<void>[] = []
  const started = performance.now()
  let due = started
  try {
    for (;;) {
      due += (-Math.log(1 - Math.random()) / o.rate) * 1000
      if (due - started > o.seconds * 1000) break
      const wait = due - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      const at = Date.now()
      const sentAt = performance.now()
      pending.push(
        send(agent, o.base, o.next()).then(
          (status) => {
            samples.push({ at, ms: performance.now() - sentAt, ok: status >= 200 && status <= 299 })
            o.onStatus?.(status)
          },
          () => {
            errors += 1
          },
        ),
      )
    }
    if (!o.abandonAtEnd) await Promise.all(pending)
  } finally {
    agent.destroy()
  }
  return { samples, errors }
}
