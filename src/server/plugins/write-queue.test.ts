import { describe, expect, it } from 'vitest'
import { MemberWriteQueue, SharedClock, type WriteQueueLimits } from './write-queue.ts'

/** Lets every promise callback that is ready run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('MemberWriteQueue', () => {
  it('lets one write of a member run, queues the next ones in arrival order, and refuses beyond the waiting room', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 2, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 })
    const started: string[] = []
    const leaves: Record<string, () => void> = {}
    const enter = (name: string) => {
      const turn = queue.enter('member-a')
      turn?.then((leave) => {
        started.push(name)
        leaves[name] = leave
      })
      return turn
    }
    expect(enter('first')).toBeDefined()
    expect(enter('second')).toBeDefined()
    expect(enter('third')).toBeDefined()
    expect(enter('fourth')).toBeUndefined()
    await settle()
    expect(started).toEqual(['first'])

    leaves.first?.()
    // Handed over after the event loop's pending I/O, not within the same turn of microtasks.
    for (let i = 0; i < 10; i++) await Promise.resolve()
    expect(started).toEqual(['first'])
    await settle()
    expect(started).toEqual(['first', 'second'])
    // A place in the waiting room is free again.
    expect(enter('fifth')).toBeDefined()
    leaves.second?.()
    leaves.second?.() // leaving twice passes the turn once
    await settle()
    expect(started).toEqual(['first', 'second', 'third'])
  })

  it('keeps each member in their own line', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 0, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 })
    const a = queue.enter('member-a')
    expect(queue.enter('member-a')).toBeUndefined()
    const b = queue.enter('member-b')
    expect(b).toBeDefined()
    expect(a).toBeDefined()
  })

  it('forgets a member once their last write has left', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 1, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 })
    const first = queue.enter('member-a')
    const second = queue.enter('member-a')
    expect(queue.members).toBe(1)
    ;(await first)?.()
    ;(await second)?.()
    expect(queue.members).toBe(0)
    expect(queue.enter('member-a')).toBeDefined()
  })
})

describe('MemberWriteQueue rest', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
  /** One running, one waiting, no rest or pause but those given. */
  const oneWaiting = (limits: Partial<WriteQueueLimits>): WriteQueueLimits => ({
    running: 1,
    waiting: 1,
    rest: 0,
    floodRest: 0,
    floodMs: 0,
    refusedPauseMs: 0,
    ...limits,
  })

  it('starts a member’s next write only after a rest in proportion to the last one’s time, others at once', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 4, rest: 3, floodRest: 3, floodMs: 0, refusedPauseMs: 0 })
    const leave = await queue.enter('member-a')
    await sleep(40)
    leave?.()
    const left = performance.now()
    const next = queue.enter('member-a')
    expect(next).toBeDefined()
    const other = queue.enter('member-b')
    expect(other).toBeDefined()
    const otherStarted = await other?.then(() => performance.now())
    expect((otherStarted ?? 0) - left).toBeLessThan(20)
    const nextStarted = await next?.then(() => performance.now())
    // 40 ms of work, rest 3: 120 ms (a little less where timers round down).
    expect((nextStarted ?? 0) - left).toBeGreaterThanOrEqual(110)
  })

  it('charges writes running at once their share of the time, so a member rests for what their write cost', async () => {
    const queue = new MemberWriteQueue(oneWaiting({ rest: 3 }))
    const leaveA = await queue.enter('member-a')
    const leaveB = await queue.enter('member-b')
    const together = performance.now()
    await sleep(60)
    leaveA?.()
    leaveB?.()
    const left = performance.now()
    const span = left - together
    const nextStarted = await queue.enter('member-a')?.then(() => performance.now())
    // Side by side, each is charged half the span: a rest of 1.5 × span, where its wall time would give 3 × span.
    expect((nextStarted ?? 0) - left).toBeGreaterThanOrEqual(1.5 * span - 10)
    expect((nextStarted ?? 0) - left).toBeLessThan(3 * span - 10)
  })

  it('charges each of two writes half the time they ran together and all the time one ran alone', () => {
    let now = 1_000
    const clock = new SharedClock(() => now)
    const a = clock.enter()
    now += 4 // a alone
    const b = clock.enter()
    now += 20 // both
    const chargedA = clock.leave() - a
    now += 20 // b alone
    const chargedB = clock.leave() - b
    now += 50 // nothing runs: nobody is charged
    const c = clock.enter()
    now += 6
    expect([chargedA, chargedB, clock.leave() - c]).toEqual([14, 30, 6])
  })

  it('refuses at once beyond the waiting room while the member rests, and forgets them once rested', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 1, rest: 2, floodRest: 2, floodMs: 0, refusedPauseMs: 0 })
    ;(await queue.enter('member-a'))?.()
    await sleep(5)
    const first = await queue.enter('member-a')
    await sleep(20)
    first?.()
    const waiting = queue.enter('member-a')
    expect(waiting).toBeDefined()
    expect(queue.enter('member-a')).toBeUndefined()
    const last = await waiting
    await sleep(10)
    last?.()
    expect(queue.members).toBe(1)
    await sleep(40)
    expect(queue.members).toBe(0)
  })

  it('gives a member who overfilled their waiting room the longer rest, for floodMs', async () => {
    const queue = new MemberWriteQueue(oneWaiting({ rest: 1, floodRest: 6, floodMs: 1_000 }))
    const write = async (ms: number) => {
      const leave = await queue.enter('member-a')
      await sleep(ms)
      leave?.()
      return performance.now()
    }
    // Before any refusal: 20 ms of work, rest 1.
    let ended = await write(20)
    let started = await queue.enter('member-a')?.then((leave) => [performance.now(), leave] as const)
    expect((started?.[0] ?? 0) - ended).toBeLessThan(20 + 15)
    // Running one, one waiting: the third is refused and marks the member as flooding.
    const waiting = queue.enter('member-a')
    expect(queue.enter('member-a')).toBeUndefined()
    started?.[1]()
    ;(await waiting)?.()
    ended = await write(20)
    started = await queue.enter('member-a')?.then((leave) => [performance.now(), leave] as const)
    // 20 ms of work, rest 6: 120 ms (a little less where timers round down).
    expect((started?.[0] ?? 0) - ended).toBeGreaterThanOrEqual(110)
    started?.[1]()
  })

  it('holds a flooding member’s next write back after every refusal, so a steady flood gets none through', async () => {
    const queue = new MemberWriteQueue(oneWaiting({ refusedPauseMs: 60 }))
    const running = await queue.enter('member-a')
    const waiting = queue.enter('member-a')?.then(() => performance.now())
    // Refused every 20 ms for 100 ms: each refusal moves the waiting write's start 60 ms on.
    let lastRefusal = 0
    for (let i = 0; i < 5; i++) {
      expect(queue.enter('member-a')).toBeUndefined()
      lastRefusal = performance.now()
      await sleep(20)
    }
    running?.()
    const started = await waiting
    expect((started ?? 0) - lastRefusal).toBeGreaterThanOrEqual(50)
    // Another member is not held back.
    expect(queue.enter('member-b')).toBeDefined()
  })
})
