import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { DroppedCache } from '../../lib/dropped-cache.ts'
import type { EventHub } from '../notifications/events.ts'
import { likes } from './community.tables.ts'

// The measurements each viewer liked, kept per viewer so that a page of posts says which the viewer liked without
// asking the database once per post (about a fifth of the feed's query on region). The database names the members
// whose likes changed on EVENTS_CHANNEL, whoever changed them (the triggers of migration 0013), and every server
// process drops their sets when the event arrives; the process that took a like or gave one drops the set at once
// too (drop()). Read whole by an index-only scan of likes_user_measurement_idx, once per viewer and change.
//
// A viewer with more likes than MAX_KEPT_LIKES is asked per page instead (undefined), as is everyone in a process
// that hears no events (an app built on a bare Db).

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

  /** The measurements the viewer liked; undefined when each page is to ask the database (see above). */
  async of(db: Db, userId: string): Promise<ReadonlySet<string> | undefined> {
    if (!this.#live) return undefined
    const kept = this.#sets.get(userId)
    if (kept !== undefined) return kept === 'many' ? undefined : kept
    const generation = this.#sets.generation
    const rows = await db
      .select({ id: likes.measurementId })
      .from(likes)
      .where(eq(likes.userId, userId))
      .limit(MAX_KEPT_LIKES + 1)
    const liked: Liked = rows.length > MAX_KEPT_LIKES ? 'many' : new Set(rows.map((row) => row.id))
    this.#sets.set(userId, liked, generation)
    return liked === 'many' ? undefined : liked
  }
}
