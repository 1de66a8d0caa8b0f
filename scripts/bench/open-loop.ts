// Load as many members make it: requests at random moments (a Poisson process) at a mean rate, whatever the server's
// answers (open loop: a slow answer delays no later request). autocannon's `overallRate` sends each connection's
// share in one burst at every whole second instead (all connections at once), which measures the burst, not the
// route. Each request is timed from when it was sent: run other load from another thread, so that this one's
// timers are not late.
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
}

export type Latency = { p50: number; p99: number; requests: number; non2xx: number; errors: number }

const TIMEOUT_MS = 10_000

function send(agent: Agent, base: string, r: OpenLoopRequest): Promise<number> {
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

/** Sends requests at random moments for `seconds` and answers once every one of them has been answered. */
export async function openLoop(o: OpenLoopOptions): Promise<Latency> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 })
  const latencies: number[] = []
  let non2xx = 0
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
      const sentAt = performance.now()
      pending.push(
        send(agent, o.base, o.next()).then(
          (status) => {
            latencies.push(performance.now() - sentAt)
            if (status < 200 || status > 299) non2xx += 1
            o.onStatus?.(status)
          },
          () => {
            errors += 1
          },
        ),
      )
    }
    await Promise.all(pending)
  } finally {
    agent.destroy()
  }
  latencies.sort((a, b) => a - b)
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), requests: latencies.length, non2xx, errors }
}
