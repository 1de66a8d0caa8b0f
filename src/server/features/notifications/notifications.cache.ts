import type { AuthUser } from '#shared/schemas/access.ts'
import type { NotificationList } from '#shared/schemas/community.ts'
import type { Db } from '../../db/client.ts'
import { VersionedCache } from '../../lib/versioned-cache.ts'
import type { EventHub } from './events.ts'
import { type Dependencies, listNotifications, notificationsVersion } from './notifications.service.ts'

/**
 * The members' lists as served JSON, reused while their version is unchanged: the bell is read on every page and by
 * every stream event, and a member may have thousands of notifications.
 *
 * The version has two parts. Every change to a member's own notifications (new, read, taken back, deleted with
 * their comment) sends a 'notifications' event (notify.ts) that reaches every process once committed, and the
 * process that made it announces it at once (EventHub.announce). While the hub listens to the database, a counter
 * per member bumped by those events, with the newest notification's time (one index probe), stands for them, so a
 * request does not count thousands of rows; after a reconnection every counter is bumped (events may have been
 * lost). Changes to others' measurements and comments the list shows (hidden, restored, made private, edited,
 * deleted) send their recipients the same event (notify.ts tellRecipients). Without a listening hub the database
 * counts the notifications and reads those measurements and comments (notificationsVersion 'full', with the
 * dependencies kept per member beside the bodies). Blocks and follows are always read from the database.
 */
export class NotificationLists {
  readonly #db: Db
  readonly #hub: EventHub
  readonly #bodies: VersionedCache
  readonly #dependencies = new Map<string, Dependencies>()
  readonly #changes = new Map<string, number>()
  readonly #maxEntries: number
  #epoch = 0

  constructor(db: Db, hub: EventHub, maxEntries = 10_000) {
    this.#db = db
    this.#hub = hub
    this.#maxEntries = maxEntries
    this.#bodies = new VersionedCache({ maxEntries })
    hub.onNotifications((userId) => {
      if (this.#changes.size >= this.#maxEntries) {
        // Counters start again from 0: a new epoch keeps old versions from matching.
        this.#epoch += 1
        this.#changes.clear()
      }
      this.#changes.set(userId, (this.#changes.get(userId) ?? 0) + 1)
    })
    hub.onReconnect(() => {
      this.#epoch += 1
    })
  }

  /** The member's list as JSON, and how to get it gzipped. */
  async read(viewer: AuthUser): Promise<{ body: string; gzipped: () => Buffer | undefined }> {
    // An admin may see hidden posts others may not: a list per role.
    const key = `${viewer.id}|${viewer.isAdmin ? 'admin' : 'member'}`
    const { body, version } = this.#hub.live ? await this.#readLive(key, viewer) : await this.#readAlone(key, viewer)
    return { body, gzipped: () => this.#bodies.gzipped(key, version) }
  }

  /**
   * While the hub listens, changes to the measurements and comments a list shows arrive as events too (notify.ts
   * tellRecipients), so the version need not read them; and the list's statement returns its version with it, so
   * a member's first request costs one statement. The counter is read before either statement.
   */
  #readLive(key: string, viewer: AuthUser) {
    const changes = `${this.#epoch}.${this.#changes.get(viewer.id) ?? 0}`
    return this.#bodies.read(
      key,
      async () => `${changes}|${await notificationsVersion(this.#db, viewer.id, undefined, 'latest')}`,
      async () => {
        const { list, version } = await listNotifications(this.#db, viewer)
        return { version: `${changes}|${version}`, value: list }
      },
    )
  }

  /** Without the hub: the version counts the notifications and reads what the list shows, before the list. */
  async #readAlone(key: string, viewer: AuthUser) {
    const version = `db|${await notificationsVersion(this.#db, viewer.id, this.#dependencies.get(key), 'full')}`
    const body = await this.#bodies.through(key, version, async () => {
      const { list, dependencies } = await listNotifications(this.#db, viewer, { dependencies: true })
      if (this.#dependencies.size >= this.#maxEntries) this.#dependencies.clear()
      this.#dependencies.set(key, dependencies)
      return list
    })
    return { body, version }
  }

  /** What the badge shows: the unread groups. */
  async unreadCount(viewer: AuthUser): Promise<number> {
    const { body } = await this.read(viewer)
    return (JSON.parse(body) as NotificationList).unreadCount
  }
}
