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
  seconds: number
}

const job = workerData as FloodJob
const answers: Record<string, number> = {}
let sent = 0
await openLoop({
  base: job.base,
  rate: job.rate,
  seconds: job.seconds,
  next: () => ({ method: 'PATCH', path: job.path, headers: job.headers, body: job.bodies[sent++ % job.bodies.length] }),
  onStatus: (status) => {
    answers[status] = (answers[status] ?? 0) + 1
  },
})
parentPort?.postMessage(answers)
