// The noisy-neighbour flood, in a thread of its own: answering 200 requests a second on the thread that times the
// others' requests would delay their timers and add the load generator's own lateness to their latency.
import { parentPort, workerData } from 'node:worker_threads'
import { openLoop } from './open-loop.ts'

export type FloodJob = {
  base: string
  path: string
  headers: Record<string, string>
  bodies: string[]
  rate: number
  /** When to flood: [start, end) in Date.now() time, in order. */
  windows: [number, number][]
}

const job = workerData as FloodJob
const answers: Record<string, number> = {}
let sent = 0
// Each window on its own clock: the writes still waiting when one ends must not hold the next one back.
await Promise.all(
  job.windows.map(async ([start, end]) => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, start - Date.now())))
    await openLoop({
      base: job.base,
      rate: job.rate,
      seconds: (end - Date.now()) / 1000,
      next: () => ({
        method: 'PATCH',
        path: job.path,
        headers: job.headers,
        body: job.bodies[sent++ % job.bodies.length],
      }),
      onStatus: (status) => {
        answers[status] = (answers[status] ?? 0) + 1
      },
      // Its writes still waiting for their turn then never start (the server skips a write whose client left).
      abandonAtEnd: true,
    })
  }),
)
parentPort?.postMessage(answers)
