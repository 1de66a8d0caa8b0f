import { inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/features/auth/index.ts'
import type { EventHub } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member } from '#shared/schemas/community.ts'
import { toMember } from './profiles.service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    memberCards: MemberCards
  }
}

// Authors' cards (Measurement.owner) for the one-post route, and the bell's actors, kept per member apart from bodies
// (pages read theirs in their statement, ADR 023). Dropped by the database's 'member-card' event (migration 0012) in
// every process, and at once by the process that made the change; without a listening hub nothing is kept (ADR 053).

export type CardAudience = 'owner' | 'member'

export type CardRow = {
  id: string
  firstName: string | null
  lastName: string | null
  image: string | null
  hidden: boolean
}

type Card = Record<CardAudience, Buffer>

/** A card and the row it was made of (members() shows that to the bell). */
type Kept = { row: CardRow; card: Card }

const MAX_CARDS = 50_000

export class MemberCards {
  readonly #cards: DroppedCache<Kept>

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

  drop(userId: string): void {
    this.#cards.drop(userId)
  }

  clear(): void {
    this.#cards.clear()
  }

  /** Take it BEFORE reading a card from the database, for keep(). */
  get generation(): number {
    return this.#cards.generation
  }

  /** The member's card as kept, without asking the database. */
  row(userId: string): CardRow | undefined {
    return this.#cards.get(userId)?.row
  }

  /** A card read with a page (pages of public posts read the cards the process does not keep). */
  keep(row: CardRow, generation: number): void {
    this.#cards.set(row.id, { row, card: cardOf(row) }, generation)
  }

  /** These members' cards per audience (cardJson); members that do not exist are left out. */
  async cards(db: Db, userIds: Iterable<string>): Promise<Map<string, Card>> {
    const kept = await this.#kept(db, userIds)
    return new Map([...kept].map(([id, { card }]) => [id, card]))
  }

  /** These members as `viewer` sees them (the bell's actors); members that do not exist are left out. */
  async members(db: Db, userIds: Iterable<string>, viewer: AuthUser): Promise<Map<string, Member>> {
    const kept = await this.#kept(db, userIds)
    return new Map([...kept].map(([id, { row }]) => [id, toMember(row, viewer)]))
  }

  async #kept(db: Db, userIds: Iterable<string>): Promise<Map<string, Kept>> {
    const found = new Map<string, Kept>()
    const missing: string[] = []
    for (const id of new Set(userIds)) {
      const kept = this.#cards.get(id)
      if (kept === undefined) missing.push(id)
      else found.set(id, kept)
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
      const kept = { row, card: cardOf(row) }
      found.set(row.id, kept)
      this.#cards.set(row.id, kept, generation)
    }
    return found
  }
}

function cardOf(row: CardRow): Card {
  const owner = cardJson(row, 'owner')
  return { owner, member: row.hidden ? cardJson(row, 'member') : owner }
}

/** A card as UTF-8 JSON for one audience: a profile a moderator hid keeps its picture from all but the member. */
export function cardJson(row: CardRow, audience: CardAudience): Buffer {
  const image = audience === 'owner' || !row.hidden ? row.image : null
  return Buffer.from(
    JSON.stringify({ id: row.id, firstName: row.firstName, lastName: row.lastName, profileImageUrl: image }),
  )
}
