import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { DroppedCache } from '../../lib/dropped-cache.ts'
import { users } from '../auth/auth.tables.ts'
import type { EventHub } from '../notifications/events.ts'

declare module 'fastify' {
  interface FastifyInstance {
    memberCards: MemberCards
  }
}

// A post's author as a post shows it (Measurement.owner: id, name, picture), serialized once per member and kept
// apart from the measurement's body, so that one post (GET /api/measurements/:id/post) needs no join on users nor a
// body version that moves with the author's row; a page reads its authors with its posts (post-bodies.ts, ADR 023).
// A card changes only when the member's name, picture or hidden state does; the
// database says so itself: the trigger of migration 0012 sends a 'member-card' event on EVENTS_CHANNEL in the
// transaction of any such update (whoever writes it: the profile, a moderator, the identity provider), and every
// server process drops that card when the event arrives (EventHub.onMemberCard). The process that made the change
// also drops it at once (drop()), so its own next request never waits for the event.
//
// Without a listening event hub (an app built on a bare Db) nothing would tell this process about another's change,
// so nothing is kept: every post reads its author's card.
//
// A read that overlaps an invalidation is used for its request but not kept, and a reconnect of the listening
// connection, which may have missed events, drops every card (lib/dropped-cache.ts).

export type CardAudience = 'owner' | 'member'

type CardRow = { id: string; firstName: string | null; lastName: string | null; image: string | null; hidden: boolean }

type Card = Record<CardAudience, Buffer>

const MAX_CARDS = 50_000

export class MemberCards {
  readonly #cards: DroppedCache<Card>

  /** `live`: this process hears every process's 'member-card' events (EventHub.live). */
  constructor(options: { live: boolean }) {
    this.#cards = new DroppedCache({ live: options.live, maxEntries: MAX_CARDS })
  }

  /** Cards kept while the hub tells this process of every change (and dropped when it may have missed some). */
  static listening(events: EventHub): MemberCards {
    const cards = new MemberCards({ live: events.live })
    events.onMemberCard((userId) => cards.drop(userId))
    events.onReconnect(() => cards.clear())
    return cards
  }

  get size(): number {
    return this.#cards.size
  }

  /** The member's card changed (or may have): read it again next time. */
  drop(userId: string): void {
    this.#cards.drop(userId)
  }

  /** Events may have been missed (the listening connection was away): read every card again. */
  clear(): void {
    this.#cards.clear()
  }

  /**
   * The cards of these members as UTF-8 JSON (`{"id","firstName","lastName","profileImageUrl"}`), per audience: a
   * profile a moderator hid keeps its posts but not its picture, for everyone but the member. Members that do not
   * exist are left out.
   */
  async cards(db: Db, userIds: Iterable<string>): Promise<Map<string, Card>> {
    const found = new Map<string, Card>()
    const missing: string[] = []
    for (const id of new Set(userIds)) {
      const card = this.#cards.get(id)
      if (card === undefined) missing.push(id)
      else found.set(id, card)
    }
    if (missing.length === 0) return found
    const generation = this.#cards.generation
    const rows: CardRow[] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        image: users.image,
        hidden: sql<boolean>`${users.hiddenAt} is not null`,
      })
      .from(users)
      .where(inArray(users.id, missing))
    for (const row of rows) {
      const card = cardOf(row)
      found.set(row.id, card)
      this.#cards.set(row.id, card, generation)
    }
    return found
  }
}

function cardOf(row: CardRow): Card {
  const owner = cardJson(row, 'owner')
  return { owner, member: row.hidden ? cardJson(row, 'member') : owner }
}

/**
 * A member's card as UTF-8 JSON (`{"id","firstName","lastName","profileImageUrl"}`) for one audience: a profile a
 * moderator hid keeps its posts but not its picture, for everyone but the member.
 */
export function cardJson(row: CardRow, audience: CardAudience): Buffer {
  const image = audience === 'owner' || !row.hidden ? row.image : null
  return Buffer.from(
    JSON.stringify({ id: row.id, firstName: row.firstName, lastName: row.lastName, profileImageUrl: image }),
  )
}
