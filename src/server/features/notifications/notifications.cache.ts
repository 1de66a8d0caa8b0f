import { LRUCache } from 'lru-cache'
import type { Db } from '#server/db/client.ts'
import type { MemberCards } from '#server/features/community/index.ts'
import { VersionedCache } from '#server/lib/versioned-cache.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { NotificationList } from '#shared/schemas/community.ts'
import type { EventHub } from './notifications.events.ts'
import { type Dependencies, listNotifications, notificationsVersion } from './notifications.service.ts'

/**
 * The members' lists as served JSON, reused while their version holds. With a listening hub the version is a
 * per-member counter bumped by 'notifications' events (their notifications, the posts and comments they point at,
 * their follows), an epoch that blocks, catalogue changes and reconnections move, and their newest notification,
 * one index probe (ADR 125). Without one, the database counts the notifications and reads what the list depends on
 * ('full', ADR 063).
 */
export class NotificationLists {
  readonly #db: Db
  readonly #hub: EventHub
  readonly #cards: MemberCards
  readonly #bodies: VersionedCache
  readonly #dependencies: LRUCache<string, Dependencies>
  readonly #changes = new Map<string, number>()
  readonly #maxEntries: number
  #epoch = 0

  /** `cards`: the actors' cards (MemberCards.listening on the same hub). */
  constructor(db: Db, hub: EventHub, cards: MemberCards, maxEntries = 10_000) {
    this.#db = db
    this.#hub = hub
    this.#cards = cards
    this.#maxEntries = maxEntries
    this.#dependencies = new LRUCache({ max: maxEntries })
    this.#bodies = new VersionedCache({ maxEntries })
    hub.onNotifications((userId) => {
      if (this.#changes.size >= this.#maxEntries) {
        // Counters start again from 0: a new epoch keeps old versions from matching.
        this.#epoch += 1
        this.#changes.clear()
      }
      this.#changes.set(userId, (this.#changes.get(userId) ?? 0) + 1)
    })
    const everyList = () => {
      this.#epoch += 1
    }
    // A block hides actors and posts both ways; achievement names come from the catalogue.
    hub.onBlocks(everyList)
    hub.onCatalogue(everyList)
    hub.onReconnect(everyList)
  }

  async read(viewer: AuthUser): Promise<string> {
    // An admin may see hidden posts others may not: a list per role.
    const key = `${viewer.id}|${viewer.isAdmin ? 'admin' : 'member'}`
    const { body } = this.#hub.live ? await this.#readLive(key, viewer) : await this.#readAlone(key, viewer)
    return body
  }

  // The counter is read before either statement; the list's statement returns its version with it (ADR 022).
  #readLive(key: string, viewer: AuthUser) {
    const changes = `${this.#epoch}.${this.#changes.get(viewer.id) ?? 0}`
    return this.#bodies.read(
      key,
      async () => `${changes}|${await notificationsVersion(this.#db, viewer.id, undefined, 'latest')}`,
      async () => {
        const { list, version } = await listNotifications(this.#db, viewer, this.#cards)
        return { version: `${changes}|${version}`, value: list }
      },
    )
  }

  async #readAlone(key: string, viewer: AuthUser) {
    const version = `db|${await notificationsVersion(this.#db, viewer.id, this.#dependencies.get(key), 'full')}`
    const body = await this.#bodies.through(key, version, async () => {
      const { list, dependencies } = await listNotifications(this.#db, viewer, this.#cards, { dependencies: true })
      this.#dependencies.set(key, dependencies)
      return list
    })
    return { body, version }
  }

  async unreadCount(viewer: AuthUser): Promise<number> {
    return (JSON.parse(await this.read(viewer)) as NotificationList).unreadCount
  }
}
