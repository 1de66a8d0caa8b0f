import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { EventHub } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import { likes } from './community.tables.ts'

// Each viewer's liked measurements, kept so a page need not probe per post (ADR 053, ADR 023). Dropped by the
// database's 'likes' event (migration 0013) in every process, at once by the liker's. Past MAX_KEPT_LIKES, or without
// a listening hub, pages probe.

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

  drop(userId: string): void {
    this.#sets.drop(userId)
  }

  clear(): void {
    this.#sets.clear()
  }

  /** `liked`: the kept set; `load`: read it with the page and pass it with `generation` to remember(); `probe`. */
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
