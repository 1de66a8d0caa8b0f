import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { packedRows } from '#server/db/packed-rows.ts'
import type { EventHub, PostsChange } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import type { PostFigures } from './post-bodies.cache.ts'

// What the Everyone tab needs, kept in every process so most pages read nothing (ADR 119, ADR 120): the order of
// every public and every followers-only post, the figures and likers of those shown, who holds each followers-only
// post shown in their inbox, and every block. Kept current by the database's events (migrations 0023, 0024) and at
// once by the process that made a change (EventHub.postsChanged, inboxChanged, blocksChanged).

declare module 'fastify' {
  interface FastifyInstance {
    publicFeed: PublicFeed
  }
}

/** A listed post's place: `key` is created_at as cursorTimeOf writes it, which sorts as text. */
export type Listed = { key: string; id: string; userId: string }

/** A cursor's place, or a post's: older means a smaller (key, id). */
type Place = { key: string; id: string }

const older = (a: Place, b: Place): boolean => a.key < b.key || (a.key === b.key && a.id < b.id)

const KEY_SQL = sql`to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** Which posts a timeline lists: those of this visibility, not hidden. */
export type Listing = 'public' | 'followers'

/** Every unhidden post of one visibility, newest first (at most `max`: past them `complete` is false). */
export class Timeline {
  #entries: Listed[] = []
  readonly #byId = new Map<string, Listed>()
  #complete = true
  #state: 'empty' | 'loading' | 'ready' = 'empty'
  #resetWhileLoading = false
  /** posts whose place may have moved since they were read */
  readonly #pending = new Set<string>()
  #refreshing: Promise<void> | undefined
  readonly #max: number
  readonly #listed: ReturnType<typeof sql>
  readonly #onError: (err: unknown) => void

  constructor(options: { listing: Listing; max: number; onError: (err: unknown) => void }) {
    this.#max = options.max
    this.#listed = sql`visibility = ${sql.raw(`'${options.listing}'`)} and hidden_at is null`
    this.#onError = options.onError
  }

  get size(): number {
    return this.#entries.length
  }

  /** It lists every post of its listing (none was left out past `max`). */
  get complete(): boolean {
    return this.#complete
  }

  /** The newest post's key, or '-infinity' for none (a timestamptz PostgreSQL takes). */
  get head(): string {
    return this.#entries[0]?.key ?? '-infinity'
  }

  /** The post's place and author, if it is listed. */
  entry(id: string): Listed | undefined {
    return this.#byId.get(id)
  }

  /** The newest `count` posts. */
  newest(count: number): Listed[] {
    return this.#entries.slice(0, count)
  }

  moved(ids: readonly string[]): void {
    for (const id of ids) this.#pending.add(id)
  }

  /** Forgets everything: the next call of current() starts reading it again. */
  reset(): void {
    if (this.#state === 'loading') this.#resetWhileLoading = true
    this.#state = 'empty'
    this.#entries = []
    this.#byId.clear()
    this.#pending.clear()
    this.#complete = true
  }

  /** Up to date with the changes heard; undefined while it is first read (in the background: pages ask the database). */
  async current(db: Db): Promise<Timeline | undefined> {
    if (this.#state === 'empty') {
      this.#state = 'loading'
      this.#load(db).catch((err: unknown) => {
        this.#state = 'empty'
        this.#onError(err)
      })
    }
    if (this.#state !== 'ready') return undefined
    while (this.#pending.size > 0) {
      this.#refreshing ??= this.#refresh(db).finally(() => {
        this.#refreshing = undefined
      })
      await this.#refreshing
    }
    return this
  }

  /**
   * Up to `count` posts older than `after`, newest first, leaving out those `skip` names the author of; `end`: no
   * public post is older; `from`, how many newer posts the timeline holds. Undefined when the walk goes past the posts kept of a timeline that is not complete.
   */
  walk(after: Place | undefined, skip: (userId: string) => boolean, count: number) {
    const posts: Listed[] = []
    const from = after ? this.#firstOlder(after) : 0
    let i = from
    for (; i < this.#entries.length && posts.length < count; i++) {
      const entry = this.#entries[i] as Listed
      if (!skip(entry.userId)) posts.push(entry)
    }
    const end = i >= this.#entries.length
    if (end && posts.length < count && !this.#complete) return undefined
    return { posts, end: end && posts.length < count, from }
  }

  /**
   * The posts older than `after` and not older than `floor` (a key; undefined: no bound), newest first, leaving out
   * those `skip` names the author of; undefined when they may go past the posts kept of a timeline not complete.
   */
  window(after: Place | undefined, floor: string | undefined, skip: (userId: string) => boolean): Listed[] | undefined {
    const posts: Listed[] = []
    let i = after ? this.#firstOlder(after) : 0
    for (; i < this.#entries.length; i++) {
      const entry = this.#entries[i] as Listed
      if (floor !== undefined && entry.key < floor) return posts
      if (!skip(entry.userId)) posts.push(entry)
    }
    return this.#complete ? posts : undefined
  }

  #remove(id: string): void {
    const entry = this.#byId.get(id)
    if (entry === undefined) return
    const i = this.#firstOlder(entry) - 1
    if (this.#entries[i]?.id === id) this.#entries.splice(i, 1)
    this.#byId.delete(id)
  }

  #insert(entry: Listed): void {
    const i = this.#firstOlder(entry)
    if (i >= this.#entries.length && !this.#complete) return
    this.#entries.splice(i, 0, entry)
    this.#byId.set(entry.id, entry)
    if (this.#entries.length > this.#max) {
      const dropped = this.#entries.pop() as Listed
      this.#byId.delete(dropped.id)
      this.#complete = false
    }
  }

  /** The index of the first entry older than `place` (binary search: entries are newest first). */
  #firstOlder(place: Place): number {
    let lo = 0
    let hi = this.#entries.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (older(this.#entries[mid] as Listed, place)) hi = mid
      else lo = mid + 1
    }
    return lo
  }

  async #load(db: Db): Promise<void> {
    this.#resetWhileLoading = false
    this.#pending.clear()
    // One packed text, not rows: it reads in about a third of the time (ADR 054).
    const result = await db.execute(sql`select coalesce(string_agg(concat_ws(chr(31), id, user_id, ${KEY_SQL}), chr(30)
        order by created_at desc, id desc), '') as listed
      from (select id, user_id, created_at from measurements where ${this.#listed}
        order by created_at desc, id desc limit ${this.#max + 1}) kept`)
    const [row] = (result as unknown as { rows: { listed: string }[] }).rows
    const rows = packedRows(row?.listed ?? '', 3, 'the public timeline').map(
      ([id, userId, key]): Listed => ({ id: id as string, userId: userId as string, key: key as string }),
    )
    if (this.#resetWhileLoading) {
      this.reset()
      return
    }
    this.#complete = rows.length <= this.#max
    this.#entries = rows.slice(0, this.#max)
    for (const entry of this.#entries) this.#byId.set(entry.id, entry)
    // Changes heard while it was read stay pending: the first page reads them again.
    this.#state = 'ready'
  }

  async #refresh(db: Db): Promise<void> {
    const ids = [...this.#pending]
    this.#pending.clear()
    const result = await db.execute(sql`select id::text, user_id as "userId", ${KEY_SQL} as key,
        ${this.#listed} as listed
      from measurements where id = any(string_to_array(${ids.join(' ')}, ' ')::uuid[])`)
    if (this.#state !== 'ready') return
    const rows = (result as unknown as { rows: (Listed & { listed: boolean })[] }).rows
    for (const id of ids) this.#remove(id)
    for (const { listed, ...entry } of rows) if (listed) this.#insert(entry)
  }
}

/**
 * A listed post's figures without the viewer's like, and who liked it (undefined: more than MAX_LIKERS, so the
 * viewer's likes decide): kept until a 'posts' event names it.
 */
export type HeldFigures = Omit<PostFigures, 'likedByMe'> & { likers: ReadonlySet<string> | undefined }

/** Who holds a followers-only post in their inbox; 'many' past MAX_HOLDERS (the page's statement asks). */
export type Holders = ReadonlySet<string> | 'many'

export const MAX_LIKERS = 1_000
export const MAX_HOLDERS = 5_000
const MAX_FIGURES = 50_000
const MAX_HOLDER_SETS = 20_000
const MAX_TIMELINE = 200_000
const MAX_BLOCKS = 100_000

/** Every block, both ways: the members across a block from each member. Read whole, again after any change. */
export class BlockGraph {
  #across: Map<string, Set<string>> | 'too-many' | undefined
  #loading: Promise<void> | undefined
  #generation = 0
  readonly #onError: (err: unknown) => void

  constructor(options: { onError: (err: unknown) => void }) {
    this.#onError = options.onError
  }

  /** The members across a block from `userId`; call it on what current() returned. */
  across(userId: string): ReadonlySet<string> {
    return (this.#across instanceof Map && this.#across.get(userId)) || NO_ONE
  }

  reset(): void {
    this.#generation++
    this.#across = undefined
  }

  /** Read and current; undefined when there are too many blocks to keep, or the read failed or was overtaken. */
  async current(db: Db): Promise<BlockGraph | undefined> {
    if (this.#across === undefined) {
      this.#loading ??= this.#load(db)
        .catch(this.#onError)
        .finally(() => {
          this.#loading = undefined
        })
      await this.#loading
    }
    return this.#across instanceof Map ? this : undefined
  }

  async #load(db: Db): Promise<void> {
    const generation = this.#generation
    const result = await db.execute(
      sql`select blocker_id as "a", blocked_id as "b" from blocks limit ${MAX_BLOCKS + 1}`,
    )
    const rows = (result as unknown as { rows: { a: string; b: string }[] }).rows
    if (generation !== this.#generation) return
    if (rows.length > MAX_BLOCKS) {
      this.#across = 'too-many'
      return
    }
    const across = new Map<string, Set<string>>()
    const add = (from: string, to: string) => {
      const set = across.get(from)
      if (set) set.add(to)
      else across.set(from, new Set([to]))
    }
    for (const { a, b } of rows) {
      add(a, b)
      add(b, a)
    }
    this.#across = across
  }
}

const NO_ONE: ReadonlySet<string> = new Set()

export class PublicFeed {
  readonly timeline: Timeline
  /** the followers-only posts, for those of the viewer's inbox (`holders`) */
  readonly followersOnly: Timeline
  readonly figures: DroppedCache<HeldFigures>
  readonly holders: DroppedCache<Holders>
  readonly blocks: BlockGraph
  readonly live: boolean
  /** The oldest post warmKept read: pages past it are deep (ADR 121); undefined before warming. */
  warmedTo: string | undefined

  constructor(options: { live: boolean; onError: (err: unknown) => void; maxTimeline?: number }) {
    this.live = options.live
    const max = options.maxTimeline ?? MAX_TIMELINE
    this.timeline = new Timeline({ listing: 'public', max, onError: options.onError })
    this.followersOnly = new Timeline({ listing: 'followers', max, onError: options.onError })
    this.figures = new DroppedCache({ live: options.live, maxEntries: MAX_FIGURES })
    this.holders = new DroppedCache({ live: options.live, maxEntries: MAX_HOLDER_SETS })
    this.blocks = new BlockGraph({ onError: options.onError })
  }

  /** Kept while the hub tells this process of every change; without it, pages ask the database. */
  static listening(events: EventHub, onError: (err: unknown) => void): PublicFeed {
    const feed = new PublicFeed({ live: events.live, onError })
    events.onPosts((change) => feed.changed(change))
    events.onInbox((change) => {
      if (change === 'all') feed.holders.clear()
      else for (const id of change) feed.holders.drop(id)
    })
    events.onBlocks(() => feed.blocks.reset())
    events.onReconnect(() => {
      feed.changed('all')
      feed.holders.clear()
      feed.blocks.reset()
    })
    return feed
  }

  changed(change: PostsChange): void {
    if (change === 'all') {
      this.figures.clear()
      this.timeline.reset()
      this.followersOnly.reset()
      return
    }
    for (const id of change.ids) this.figures.drop(id)
    this.timeline.moved(change.moved)
    this.followersOnly.moved(change.moved)
  }

  /** What a page walks, or undefined when pages must ask the database (no hub, or not read yet). */
  async current(db: Db): Promise<{ timeline: Timeline; followersOnly: Timeline; blocks: BlockGraph } | undefined> {
    if (!this.live) return undefined
    const [timeline, followersOnly, blocks] = await Promise.all([
      this.timeline.current(db),
      this.followersOnly.current(db),
      this.blocks.current(db),
    ])
    return timeline && followersOnly && blocks && { timeline, followersOnly, blocks }
  }
}
