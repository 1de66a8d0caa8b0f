/** How many writes of one member run at once, and how many more may wait for their turn. */
export type WriteQueueLimits = { running: number; waiting: number }

type Line = { running: number; waiting: (() => void)[] }

/**
 * Each member's writes in turn: `running` at once, `waiting` more in arrival order, none beyond. A member's
 * flood then holds one of the database's turns, never all of them (PGlite runs one query at a time).
 */
export class MemberWriteQueue {
  readonly #lines = new Map<string, Line>()
  readonly limits: WriteQueueLimits

  constructor(limits: WriteQueueLimits) {
    this.limits = limits
  }

  /** Resolves with `leave` once it is this write's turn; undefined when the member already has enough waiting. */
  enter(memberId: string): Promise<() => void> | undefined {
    let line = this.#lines.get(memberId)
    if (!line) {
      line = { running: 0, waiting: [] }
      this.#lines.set(memberId, line)
    }
    const current = line
    if (current.running < this.limits.running) {
      current.running += 1
      return Promise.resolve(this.#leave(memberId, current))
    }
    if (current.waiting.length >= this.limits.waiting) return undefined
    return new Promise((resolve) => current.waiting.push(() => resolve(this.#leave(memberId, current))))
  }

  /** Members with a write running or waiting; an idle member leaves nothing behind. */
  get members(): number {
    return this.#lines.size
  }

  #leave(memberId: string, line: Line): () => void {
    let left = false
    return () => {
      if (left) return
      left = true
      const next = line.waiting.shift()
      // The turn passes straight to the next waiting write, so `running` stays as it is.
      if (next) return next()
      line.running -= 1
      if (line.running === 0) this.#lines.delete(memberId)
    }
  }
}
