/** Thrown by WorkQueue.run when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  constructor() {
    super('The work queue is full')
    this.name = 'QueueFullError'
  }
}

export type WorkQueue = {
  /** Runs `job` when a slot is free (first come, first served); throws QueueFullError when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>
  /** Whether run() would refuse a job now: lets a caller refuse before it reads a large request. */
  isFull(): boolean
  readonly slots: number
  readonly maxWaiting: number
  readonly active: number
  readonly waiting: number
}

/** At most `slots` jobs at once and `maxWaiting` in line: our own semaphore, as refusing past the line is the point. */
export function createWorkQueue(opts: { slots: number; maxWaiting: number }): WorkQueue {
  const { slots, maxWaiting } = opts
  if (!(slots >= 1) || !(maxWaiting >= 0)) throw new Error(`Invalid work queue size: ${slots} slots, ${maxWaiting}`)
  let active = 0
  const line: Array<() => void> = []

  function release() {
    const next = line.shift()
    if (next) next()
    else active--
  }

  return {
    async run(job) {
      if (active >= slots) {
        if (line.length >= maxWaiting) throw new QueueFullError()
        // The slot is handed over by release(): `active` stays counted for the job that takes it.
        await new Promise<void>((resolve) => line.push(resolve))
      } else {
        active++
      }
      try {
        return await job()
      } finally {
        release()
      }
    },
    isFull: () => active >= slots && line.length >= maxWaiting,
    slots,
    maxWaiting,
    get active() {
      return active
    },
    get waiting() {
      return line.length
    },
  }
}
