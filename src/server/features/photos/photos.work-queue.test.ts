import { describe, expect, it } from 'vitest'
import { createWorkQueue, QueueFullError } from './photos.work-queue.ts'

/** A job that runs until its release() is called, recording how many jobs ran at once. */
function gatedJobs(count: number) {
  let running = 0
  let peak = 0
  const started: number[] = []
  const releases: Array<() => void> = []
  const jobs = Array.from({ length: count }, (_, i) => async () => {
    running++
    peak = Math.max(peak, running)
    started.push(i)
    await new Promise<void>((resolve) => releases.push(resolve))
    running--
    return i
  })
  return { jobs, started, releases, peak: () => peak }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('createWorkQueue', () => {
  it('runs at most `slots` jobs at once, the others in the order they came', async () => {
    const queue = createWorkQueue({ slots: 2, maxWaiting: 8 })
    const { jobs, started, releases, peak } = gatedJobs(6)
    const results = jobs.map((job) => queue.run(job))
    await tick()
    expect(started).toEqual([0, 1])
    expect([queue.active, queue.waiting]).toEqual([2, 4])
    while (started.length < 6 || releases.length > 0) {
      releases.shift()?.()
      await tick()
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4, 5])
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    expect(peak()).toBe(2)
    expect([queue.active, queue.waiting]).toEqual([0, 0])
  })

  it('refuses a job beyond the waiting line, and takes one again when a slot frees', async () => {
    const queue = createWorkQueue({ slots: 1, maxWaiting: 2 })
    const { jobs, releases } = gatedJobs(4)
    const first = jobs.slice(0, 3).map((job) => queue.run(job))
    await tick()
    expect(queue.isFull()).toBe(true)
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError)
    releases.shift()?.()
    await tick()
    expect(queue.isFull()).toBe(false)
    const fourth = queue.run(jobs[3] as () => Promise<number>)
    while ([queue.active, queue.waiting].some((n) => n > 0)) {
      releases.shift()?.()
      await tick()
    }
    expect(await Promise.all([...first, fourth])).toEqual([0, 1, 2, 3])
  })

  it('frees the slot of a job that fails', async () => {
    const queue = createWorkQueue({ slots: 1, maxWaiting: 0 })
    await expect(queue.run(() => Promise.reject(new Error('bad photo')))).rejects.toThrow('bad photo')
    expect(await queue.run(async () => 'next')).toBe('next')
    expect(queue.active).toBe(0)
  })
})
