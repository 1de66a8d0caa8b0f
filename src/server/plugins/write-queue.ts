import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify'
import { writeWork } from '#server/db/client.ts'
import { AppError } from '#shared/errors.ts'
import { loadUser } from './auth-session.ts'

export type WriteQueueLimits = {
  running: number
  waiting: number
  /** After a write that took t ms, the member's next one starts `rest × t` ms later at the soonest. */
  rest: number
  /** The rest for `floodMs` after a refusal for a full waiting room: nobody fills it by hand, so they are flooding. */
  floodRest: number
  floodMs: number
  /** After each such refusal, the member's next write starts this much later at the soonest: a flood gets none. */
  refusedPauseMs: number
}

type Line = {
  running: number
  waiting: (() => void)[]
  readyAt: number
  scheduled: boolean
  floodingUntil: number
}

/** Charges each of n concurrent writes 1/n of the time, so a rest follows a write's own cost (ADR 008). */
export class SharedClock {
  readonly #now: () => number
  #running = 0
  #reading = 0
  #at: number

  constructor(now: () => number = () => performance.now()) {
    this.#now = now
    this.#at = now()
  }

  #advance(): number {
    const now = this.#now()
    if (this.#running > 0) this.#reading += (now - this.#at) / this.#running
    this.#at = now
    return this.#reading
  }

  enter(): number {
    const reading = this.#advance()
    this.#running += 1
    return reading
  }

  leave(): number {
    const reading = this.#advance()
    this.#running -= 1
    return reading
  }
}

/** Each member's writes in turn, with a rest after each in proportion to its time (ADR 008). */
export class MemberWriteQueue {
  readonly #lines = new Map<string, Line>()
  readonly limits: WriteQueueLimits
  readonly #shared = new SharedClock()

  constructor(limits: WriteQueueLimits) {
    this.limits = limits
  }

  /** Resolves with `leave` once it is this write's turn; undefined when the member already has enough waiting. */
  enter(memberId: string): Promise<() => void> | undefined {
    const line = this.#lines.get(memberId) ?? this.#newLine(memberId)
    if (line.waiting.length === 0 && this.#free(line)) return Promise.resolve(this.#start(memberId, line))
    if (line.waiting.length >= this.limits.waiting) {
      const now = Date.now()
      line.floodingUntil = now + this.limits.floodMs
      line.readyAt = Math.max(line.readyAt, now + this.limits.refusedPauseMs)
      return undefined
    }
    const turn = new Promise<() => void>((resolve) => line.waiting.push(() => resolve(this.#start(memberId, line))))
    this.#next(memberId, line)
    return turn
  }

  /** Members with a write running, waiting or resting; a rested member leaves nothing behind. */
  get members(): number {
    return this.#lines.size
  }

  #newLine(memberId: string): Line {
    const line: Line = { running: 0, waiting: [], readyAt: 0, scheduled: false, floodingUntil: 0 }
    this.#lines.set(memberId, line)
    return line
  }

  #free(line: Line): boolean {
    return line.running < this.limits.running && Date.now() >= line.readyAt
  }

  #idle(line: Line): boolean {
    return line.running === 0 && line.waiting.length === 0 && !line.scheduled
  }

  #start(memberId: string, line: Line): () => void {
    line.running += 1
    const started = this.#shared.enter()
    let left = false
    return () => {
      if (left) return
      left = true
      line.running -= 1
      const own = this.#shared.leave() - started
      const now = Date.now()
      const rest = now < line.floodingUntil ? this.limits.floodRest : this.limits.rest
      line.readyAt = Math.max(line.readyAt, now + own * rest)
      this.#next(memberId, line)
    }
  }

  // Never hands over within one event-loop turn: PGlite answers within microtasks, so a member's writes would run
  // back to back, ahead of everyone else's requests.
  #next(memberId: string, line: Line): void {
    if (line.scheduled) return
    if (this.#idle(line)) {
      const wait = Math.max(line.readyAt, line.floodingUntil) - Date.now()
      if (wait <= 0) this.#lines.delete(memberId)
      else setTimeout(() => this.#next(memberId, line), wait).unref()
      return
    }
    if (line.waiting.length === 0 || line.running >= this.limits.running) return
    line.scheduled = true
    const go = () => {
      line.scheduled = false
      if (this.#free(line)) line.waiting.shift()?.()
      this.#next(memberId, line)
    }
    const wait = line.readyAt - Date.now()
    if (wait > 0) setTimeout(go, wait)
    else setImmediate(go)
  }
}

export const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** preValidation hook (after the body is read, whose events would lose the context): marks a write's work. */
export function markWriteWork(req: { method: string }, _reply: unknown, done: () => void): void {
  if (WRITE_METHODS.has(req.method)) writeWork.run(true, done)
  else done()
}

type Turn = { leave: () => void; inHandler: boolean }

function tooManyAtOnce(reply: FastifyReply): AppError {
  reply.header('retry-after', '1')
  return new AppError('RATE_LIMITED', 'Too many changes at once. Please wait a moment and try again.')
}

/** A write route's hooks: `take` waits for the member's turn or answers 429; the turn ends in `wrap` or `giveBack`. */
export function memberTurns(queue: MemberWriteQueue) {
  const turns = new WeakMap<FastifyRequest, Turn>()
  return {
    async take(req: FastifyRequest, reply: FastifyReply) {
      // A route may answer reads too (better-auth's catch-all): only its writes wait.
      if (!WRITE_METHODS.has(req.method)) return
      const user = await loadUser(req, reply)
      if (!user) return
      const entered = queue.enter(user.id)
      if (!entered) throw tooManyAtOnce(reply)
      const leave = await entered
      // A write whose client left while it waited never starts: nobody would read its answer.
      if (req.raw.socket?.destroyed) {
        leave()
        throw tooManyAtOnce(reply)
      }
      turns.set(req, { leave, inHandler: false })
    },
    wrap(handler: RouteHandlerMethod): RouteHandlerMethod {
      return async function (this: FastifyInstance, req, reply) {
        const turn = turns.get(req)
        if (!turn) return handler.call(this, req, reply)
        turn.inHandler = true
        try {
          // A handler that returns the reply resolves once the response is written: the turn lasts that long.
          return await handler.call(this, req, reply)
        } finally {
          turn.inHandler = false
          turn.leave()
        }
      }
    },
    async giveBack(req: FastifyRequest, _reply: FastifyReply, payload: unknown) {
      const turn = turns.get(req)
      if (turn && !turn.inHandler) turn.leave()
      return payload
    },
  }
}
