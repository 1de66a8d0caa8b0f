import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { EventHub } from './notifications.events.ts'

// GET /api/notifications/stream (SSE). The heartbeat keeps proxies from closing an idle connection; a member's
// stream past MAX_STREAMS_PER_MEMBER per process closes their oldest.

export const RETRY_MS = 5000
export const HEARTBEAT_MS = 25_000
export const MAX_STREAMS_PER_MEMBER = 5

type Member = {
  user: AuthUser
  streams: ServerResponse[]
  opening: number
  unsubscribe: () => void
  /** events seen, so a stream opening while one arrives is brought up to date */
  events: number
  running: boolean
  again: boolean
}

export function eventText(unreadCount: number): string {
  return `event: notification\ndata: ${JSON.stringify({ unreadCount })}\n\n`
}

/** A stream may be ending (closed by the client, or as the member's oldest): nothing is written after its end. */
function send(res: ServerResponse, text: string) {
  if (!res.writableEnded && !res.destroyed) res.write(text)
}

export class NotificationStreams {
  readonly #hub: EventHub
  readonly #unreadCount: (user: AuthUser) => Promise<number>
  readonly #log: FastifyBaseLogger
  readonly #members = new Map<string, Member>()
  readonly #offReconnect: () => void

  constructor(options: {
    hub: EventHub
    unreadCount: (user: AuthUser) => Promise<number>
    log: FastifyBaseLogger
  }) {
    this.#hub = options.hub
    this.#unreadCount = options.unreadCount
    this.#log = options.log
    // Events sent while the listening connection was away are lost: every stream gets a fresh count.
    this.#offReconnect = this.#hub.onReconnect(() => {
      for (const member of this.#members.values()) void this.#refresh(member)
    })
  }

  get size(): number {
    let n = 0
    for (const member of this.#members.values()) n += member.streams.length
    return n
  }

  /** Answers the request with a stream; the count is read before anything is sent, so a failure is a plain error. */
  async open(user: AuthUser, reply: FastifyReply): Promise<void> {
    const member = this.#member(user)
    const seen = member.events
    member.opening += 1
    let count: number
    try {
      count = await this.#unreadCount(user)
    } catch (err) {
      member.opening -= 1
      this.#release(member)
      throw err
    }
    member.opening -= 1
    reply.hijack()
    const res = reply.raw
    if (res.destroyed) {
      this.#release(member)
      return
    }
    // The headers set so far (security headers, a refreshed session cookie) are kept.
    const kept = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined)
    res.writeHead(200, {
      ...(Object.fromEntries(kept) as OutgoingHttpHeaders),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    })
    // A connection the client dropped reports through 'close'; its write errors are not the server's.
    res.on('error', () => {})
    send(res, `retry: ${RETRY_MS}\n\n${eventText(count)}`)
    member.streams.push(res)
    const heartbeat = setInterval(() => send(res, ': keep-alive\n\n'), HEARTBEAT_MS)
    heartbeat.unref()
    res.once('close', () => {
      clearInterval(heartbeat)
      const at = member.streams.indexOf(res)
      if (at >= 0) member.streams.splice(at, 1)
      this.#release(member)
    })
    if (member.streams.length > MAX_STREAMS_PER_MEMBER) member.streams.shift()?.end()
    if (member.events !== seen) void this.#refresh(member)
  }

  /** Ends every stream (the server is closing); clients reconnect to another process after `retry`. */
  closeAll(): void {
    this.#offReconnect()
    for (const member of [...this.#members.values()]) {
      for (const res of [...member.streams]) res.end()
    }
  }

  #member(user: AuthUser): Member {
    const existing = this.#members.get(user.id)
    if (existing) {
      existing.user = user
      return existing
    }
    const member: Member = {
      user,
      streams: [],
      opening: 0,
      unsubscribe: () => {},
      events: 0,
      running: false,
      again: false,
    }
    member.unsubscribe = this.#hub.subscribe(user.id, () => {
      member.events += 1
      void this.#refresh(member)
    })
    this.#members.set(user.id, member)
    return member
  }

  #release(member: Member) {
    if (member.streams.length > 0 || member.opening > 0 || this.#members.get(member.user.id) !== member) return
    member.unsubscribe()
    this.#members.delete(member.user.id)
  }

  /** One count for all of the member's streams; events arriving meanwhile lead to one more. */
  async #refresh(member: Member): Promise<void> {
    if (member.running) {
      member.again = true
      return
    }
    member.running = true
    try {
      do {
        member.again = false
        if (member.streams.length === 0) break
        const text = eventText(await this.#unreadCount(member.user))
        for (const res of member.streams) send(res, text)
      } while (member.again)
    } catch (err) {
      this.#log.error({ err, userId: member.user.id }, 'notification count for the stream failed')
    } finally {
      member.running = false
    }
  }
}
