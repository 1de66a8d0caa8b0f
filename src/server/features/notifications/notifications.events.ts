import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { Db, Listen } from '#server/db/client.ts'
import { EVENTS_CHANNEL, publishEvent, type ServerEvent } from '#server/domain/notify.ts'
import type { SessionCache } from '#server/plugins/session-cache.ts'

// Each process's hub for the events sent with pg_notify on EVENTS_CHANNEL (ADR 064): it hands them
// to the streams and caches that asked. Without `listen` it hears nothing from the database.

declare module 'fastify' {
  interface FastifyInstance {
    events: EventHub
  }
}

/** Measurements written: all of them, or these ids, `moved` those whose place in the public feed may have changed. */
export type PostsChange = { ids: readonly string[]; moved: readonly string[] } | 'all'

/** Members whose profile, as others see it, changed: these, or any. */
export type ProfilesChange = readonly string[] | 'all'

/** Members whose progress towards achievements changed beyond what a 'profiles' event names: these, or any. */
export type ProgressChange = readonly string[] | 'all'

/** Inbox rows written: of these posts, or of any. */
export type InboxChange = readonly string[] | 'all'

type Options = { listen?: Listen | undefined; log: FastifyBaseLogger }

export class EventHub {
  readonly #log: FastifyBaseLogger
  readonly #members = new Map<string, Set<() => void>>()
  readonly #anyMember = new Set<(userId: string) => void>()
  readonly #userChanged = new Set<(userId: string) => void>()
  readonly #memberCard = new Set<(userId: string) => void>()
  readonly #likes = new Set<(userIds: readonly string[] | 'all') => void>()
  readonly #boards = new Set<(keys: readonly string[] | 'all') => void>()
  readonly #posts = new Set<(change: PostsChange) => void>()
  readonly #inbox = new Set<(change: InboxChange) => void>()
  readonly #blocks = new Set<() => void>()
  readonly #profiles = new Set<(change: ProfilesChange) => void>()
  readonly #progress = new Set<(change: ProgressChange) => void>()
  readonly #catalogue = new Set<() => void>()
  readonly #reconnected = new Set<() => void>()
  readonly #markers = new Map<string, () => void>()
  #unlisten: (() => Promise<void>) | undefined
  #closed = false

  private constructor(options: Options) {
    this.#log = options.log
  }

  static async start(options: Options): Promise<EventHub> {
    const hub = new EventHub(options)
    if (options.listen) {
      hub.#unlisten = await options.listen(
        EVENTS_CHANNEL,
        (payload) => hub.#receive(payload),
        () => hub.#afterReconnect(),
      )
    }
    return hub
  }

  /** Listening to the database: every process's events arrive. */
  get live(): boolean {
    return this.#unlisten !== undefined
  }

  /** Calls `onChange` whenever the member's notifications change (in any process). Returns the unsubscribe. */
  subscribe(userId: string, onChange: () => void): () => void {
    let set = this.#members.get(userId)
    if (!set) {
      set = new Set()
      this.#members.set(userId, set)
    }
    set.add(onChange)
    return () => {
      set.delete(onChange)
      if (set.size === 0 && this.#members.get(userId) === set) this.#members.delete(userId)
    }
  }

  onNotifications(onChange: (userId: string) => void): () => void {
    this.#anyMember.add(onChange)
    return () => this.#anyMember.delete(onChange)
  }

  /** After this process commits a change to the member's notifications: its caches learn now, not at the event. */
  announce(userId: string): void {
    if (this.#closed) return
    if (this.live) for (const fn of this.#anyMember) this.#call(() => fn(userId))
    else this.#changed(userId)
  }

  onMemberCard(onChange: (userId: string) => void): () => void {
    this.#memberCard.add(onChange)
    return () => this.#memberCard.delete(onChange)
  }

  /** Calls `onChange` with the members whose likes changed ('all': too many to name), in any process. */
  onLikes(onChange: (userIds: readonly string[] | 'all') => void): () => void {
    this.#likes.add(onChange)
    return () => this.#likes.delete(onChange)
  }

  onBoards(onChange: (keys: readonly string[] | 'all') => void): () => void {
    this.#boards.add(onChange)
    return () => this.#boards.delete(onChange)
  }

  /** Calls `onChange` with the measurements written (in any process): the posts' figures and public order. */
  onPosts(onChange: (change: PostsChange) => void): () => void {
    this.#posts.add(onChange)
    return () => this.#posts.delete(onChange)
  }

  /** After this process commits a change to measurements: its caches learn now, not when the event arrives. */
  postsChanged(change: PostsChange): void {
    if (this.#closed) return
    for (const fn of this.#posts) this.#call(() => fn(change))
  }

  /** Calls `onChange` with the posts whose followers' inbox rows changed (in any process). */
  onInbox(onChange: (change: InboxChange) => void): () => void {
    this.#inbox.add(onChange)
    return () => this.#inbox.delete(onChange)
  }

  /** After this process commits inbox rows (a follow, an unfollow, a block, a delivery): its caches learn now. */
  inboxChanged(change: InboxChange): void {
    if (this.#closed) return
    for (const fn of this.#inbox) this.#call(() => fn(change))
  }

  /** Calls `onChange` whenever a block is made or lifted (in any process). */
  onBlocks(onChange: () => void): () => void {
    this.#blocks.add(onChange)
    return () => this.#blocks.delete(onChange)
  }

  /** After this process commits a block or an unblock: its caches learn now. */
  blocksChanged(): void {
    if (this.#closed) return
    for (const fn of this.#blocks) this.#call(fn)
  }

  /** Calls `onChange` with the members whose profile, as others see it, changed (in any process). */
  onProfiles(onChange: (change: ProfilesChange) => void): () => void {
    this.#profiles.add(onChange)
    return () => this.#profiles.delete(onChange)
  }

  /** After this process commits what a profile shows (a post, a follow, a block, a bio): its caches learn now. */
  profilesChanged(change: ProfilesChange): void {
    if (this.#closed) return
    for (const fn of this.#profiles) this.#call(() => fn(change))
  }

  /** Calls `onChange` with the members whose progress changed in what a 'profiles' event leaves out (any process). */
  onProgress(onChange: (change: ProgressChange) => void): () => void {
    this.#progress.add(onChange)
    return () => this.#progress.delete(onChange)
  }

  /** After this process commits what progress counts (a size check): its caches learn now. */
  progressChanged(change: ProgressChange): void {
    if (this.#closed) return
    for (const fn of this.#progress) this.#call(() => fn(change))
  }

  /** Calls `onChange` whenever what the achievement catalogue serves changes (in any process). */
  onCatalogue(onChange: () => void): () => void {
    this.#catalogue.add(onChange)
    return () => this.#catalogue.delete(onChange)
  }

  /**
   * Resolves once this process has heard every event committed before the call: the database delivers events in
   * commit order, so a marker sent now arrives after them. Tests wait on it after writing around the routes.
   */
  async heard(db: Db, timeoutMs = 5000): Promise<void> {
    if (!this.live) return
    const id = randomUUID()
    const arrived = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#markers.delete(id)
        reject(new Error(`the event marker did not arrive within ${timeoutMs} ms`))
      }, timeoutMs)
      this.#markers.set(id, () => {
        clearTimeout(timer)
        resolve()
      })
    })
    await publishEvent(db, { type: 'marker', id })
    await arrived
  }

  /** Events may have been missed while the connection was away: listeners refresh what they show. */
  onReconnect(fn: () => void): () => void {
    this.#reconnected.add(fn)
    return () => this.#reconnected.delete(fn)
  }

  /** The session cache refuses a member's earlier checks on their access change (migration 0016, ADR 019). */
  shareSessionInvalidations(cache: SessionCache): void {
    if (!this.live) return
    cache.hearingFrom(Date.now())
    this.#userChanged.add((userId) => cache.invalidateUser(userId))
    this.#reconnected.add(() => cache.hearingFrom(Date.now()))
  }

  async close(): Promise<void> {
    this.#closed = true
    const unlisten = this.#unlisten
    this.#unlisten = undefined
    try {
      await unlisten?.()
    } catch (err) {
      this.#log.warn({ err }, 'event listener did not close cleanly')
    }
    this.#members.clear()
    this.#anyMember.clear()
    this.#userChanged.clear()
    this.#memberCard.clear()
    this.#likes.clear()
    this.#boards.clear()
    this.#posts.clear()
    this.#inbox.clear()
    this.#blocks.clear()
    this.#profiles.clear()
    this.#progress.clear()
    this.#catalogue.clear()
    this.#reconnected.clear()
  }

  #receive(payload: string) {
    const event = parseEvent(payload)
    if (!event || this.#closed) return
    if (event.type === 'notifications') this.#changed(event.userId)
    else if (event.type === 'member-card') {
      for (const fn of this.#memberCard) this.#call(() => fn(event.userId))
    } else if (event.type === 'likes') {
      const members = 'all' in event ? 'all' : event.userIds
      for (const fn of this.#likes) this.#call(() => fn(members))
    } else if (event.type === 'marker') {
      const arrived = this.#markers.get(event.id)
      this.#markers.delete(event.id)
      arrived?.()
    } else if (event.type === 'posts') {
      this.postsChanged('all' in event ? 'all' : { ids: event.ids, moved: event.moved })
    } else if (event.type === 'inbox') {
      this.inboxChanged('all' in event ? 'all' : event.ids)
    } else if (event.type === 'blocks') {
      this.blocksChanged()
    } else if (event.type === 'profiles') {
      this.profilesChanged('all' in event ? 'all' : event.userIds)
    } else if (event.type === 'progress') {
      this.progressChanged('all' in event ? 'all' : event.userIds)
    } else if (event.type === 'catalogue') {
      for (const fn of this.#catalogue) this.#call(fn)
    } else if (event.type === 'boards') {
      const keys = 'all' in event ? 'all' : event.keys
      for (const fn of this.#boards) this.#call(() => fn(keys))
    } else {
      for (const fn of this.#userChanged) this.#call(() => fn(event.userId))
    }
  }

  // Caches at once, streams on the next turn: PGlite calls back while it finishes the committing query.
  #changed(userId: string) {
    for (const fn of this.#anyMember) this.#call(() => fn(userId))
    if (!this.#members.has(userId)) return
    setImmediate(() => {
      for (const fn of this.#members.get(userId) ?? []) this.#call(fn)
    })
  }

  #afterReconnect() {
    for (const fn of this.#reconnected) this.#call(fn)
  }

  #call(fn: () => void) {
    try {
      fn()
    } catch (err) {
      this.#log.error({ err }, 'event listener failed')
    }
  }
}

function parseEvent(payload: string): ServerEvent | undefined {
  try {
    const event = JSON.parse(payload) as {
      type?: unknown
      userId?: unknown
      userIds?: unknown
      keys?: unknown
      id?: unknown
      ids?: unknown
      moved?: unknown
      all?: unknown
    }
    if (event.type === 'likes') {
      if (event.all === true) return { type: 'likes', all: true }
      if (Array.isArray(event.userIds)) return { type: 'likes', userIds: event.userIds.map(String) }
      return undefined
    }
    if (event.type === 'posts') {
      if (event.all === true) return { type: 'posts', all: true }
      if (Array.isArray(event.ids) && Array.isArray(event.moved)) {
        return { type: 'posts', ids: event.ids.map(String), moved: event.moved.map(String) }
      }
      return undefined
    }
    if (event.type === 'inbox') {
      if (event.all === true) return { type: 'inbox', all: true }
      if (Array.isArray(event.ids)) return { type: 'inbox', ids: event.ids.map(String) }
      return undefined
    }
    if (event.type === 'blocks') return { type: 'blocks' }
    if (event.type === 'catalogue') return { type: 'catalogue' }
    if (event.type === 'profiles') {
      if (event.all === true) return { type: 'profiles', all: true }
      if (Array.isArray(event.userIds)) return { type: 'profiles', userIds: event.userIds.map(String) }
      return undefined
    }
    if (event.type === 'progress') {
      if (event.all === true) return { type: 'progress', all: true }
      if (Array.isArray(event.userIds)) return { type: 'progress', userIds: event.userIds.map(String) }
      return undefined
    }
    if (event.type === 'boards') {
      if (event.all === true) return { type: 'boards', all: true }
      if (Array.isArray(event.keys)) return { type: 'boards', keys: event.keys.map(String) }
      return undefined
    }
    if (event.type === 'marker') return typeof event.id === 'string' ? { type: 'marker', id: event.id } : undefined
    if (typeof event.userId !== 'string') return undefined
    if (event.type === 'notifications') return { type: 'notifications', userId: event.userId }
    if (event.type === 'member-card') return { type: 'member-card', userId: event.userId }
    if (event.type === 'user-changed') return { type: 'user-changed', userId: event.userId }
  } catch {
    // not ours
  }
  return undefined
}
