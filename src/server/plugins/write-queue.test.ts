import { describe, expect, it } from 'vitest'
import { MemberWriteQueue } from './write-queue.ts'

/** Lets every promise callback that is ready run. */
const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('MemberWriteQueue', () => {
  it('lets one write of a member run, queues the next ones in arrival order, and refuses beyond the waiting room', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 2 })
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
    const queue = new MemberWriteQueue({ running: 1, waiting: 0 })
    const a = queue.enter('member-a')
    expect(queue.enter('member-a')).toBeUndefined()
    const b = queue.enter('member-b')
    expect(b).toBeDefined()
    expect(a).toBeDefined()
  })

  it('forgets a member once their last write has left', async () => {
    const queue = new MemberWriteQueue({ running: 1, waiting: 1 })
    const first = queue.enter('member-a')
    const second = queue.enter('member-a')
    expect(queue.members).toBe(1)
    ;(await first)?.()
    ;(await second)?.()
    expect(queue.members).toBe(0)
    expect(queue.enter('member-a')).toBeDefined()
  })
})
