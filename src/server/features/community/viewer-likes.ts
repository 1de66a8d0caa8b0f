import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { DroppedCache } from '../../lib/dropped-cache.ts'
import type { EventHub } from '../notifications/events.ts'
import { likes } from './community.tables.ts'

// The measurements each viewer liked, kept per viewer so that a page of posts says which the viewer liked without
// asking the database once per post (about a fifth of the feed's query on region). The database names the members
// whose likes changed on EVENTS_CHANNEL, whoever changed them (the triggers of migration 0013), and every server
// process drops their sets when the event arrives; the process that took a like or gave one drops the set at once
// too (drop()). A page whose viewer's set is not kept reads it in its own statement (plan(), then remember()), so a
// viewer's first page costs no query of its own; of() reads it alone.
//
// A viewer with more likes than MAX_KEPT_LIKES is asked per page instead, as is everyone in a process that hears no
// events (an app built on a bare Db).

declare module 'fastify' {
  interface FastifyInstance {
    viewerLikes: ViewerLikes
  }
}

const MAX_VIEWERS = 5_000
export const MAX_KEPT_LIKES = 5_000

/** A viewer's liked measurements, or 'many' when there are too many to keep. */
type Liked = ReadonlySet<string> | 'many'

export class ViewerLikes {
  readonly #sets: DroppedCache<Liked>
  readonly #live: boolean

  /** `live`: this process hears every process's 'likes' events (EventHub.live). */
  constructor(options: { live: boolean }) {
    this.#live = options.live
    this.#sets = new DroppedCache({ live: options.live, maxEntries: MAX_VIEWERS })
  }

  /** Sets kept while the hub tells this process of every change (and dropped when it may have missed some). */
  static listening(events: EventHub): ViewerLikes {
    const liked = new ViewerLikes({ live: events.live })
    events.onLikes((userIds) => {
      if (userIds === 'all') liked.clear()
      else for (const id of userIds) liked.drop(id)
    })
    events.onReconnect(() => liked.clear())
    return liked
  }

  get size(): number {
    return this.#sets.size
  }

  /** The member's likes changed: read them again next time. */
  drop(userId: string): void {
    this.#sets.drop(userId)
  }

  clear(): void {
    this.#sets.clear()
  }

  /**
   * How a page learns which of its posts the viewer liked: from the kept set (`liked`), by reading the set with the
   * page (`load`: pass the ids read, at most MAX_KEPT_LIKES + 1, and `generation` to remember()), or by asking per
   * post (`probe`).
   */
  plan(userId: string): LikesPlan {
    if (!this.#live) return PROBE
    const kept = this.#sets.get(userId)
    if (kept === 'many') return PROBE
    if (kept !== undefined) return { kind: 'liked', liked: kept }
    return { kind: 'load', generation: this.#sets.generation }
  }

  /** The set a page read (`ids`, at most MAX_KEPT_LIKES + 1 of them), kept; undefined when there are too many. */
  remember(userId: string, ids: readonly string[], generation: number): ReadonlySet<string> | undefined {
    const liked: Liked = ids.length > MAX_KEPT_LIKES ? 'many' : new Set(ids)
    this.#sets.set(userId, liked, generation)
    return liked === 'many' ? undefined : liked
  }

  /** The measurements the viewer liked; undefined when each page is to ask the database (see above). */
  async of(db: Db, userId: string): Promise<ReadonlySet<string> | undefined> {
    const plan = this.plan(userId)
    if (plan.kind === 'liked') return plan.liked
    if (plan.kind === 'probe') return undefined
    const rows = await db
      .select({ id: likes.measurementId })
      .from(likes)
      .where(eq(likes.userId, userId))
      .limit(MAX_KEPT_LIKES + 1)
    return this.remember(
      userId,
      rows.map((row) => row.id),
      plan.generation,
    )
  }
}

export type LikesPlan =
  | { kind: 'liked'; liked: ReadonlySet<string> }
  | { kind: 'load'; generation: number }
  | { kind: 'probe' }

const PROBE: LikesPlan = { kind: 'probe' }
