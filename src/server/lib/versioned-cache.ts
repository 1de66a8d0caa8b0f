// Serialized bodies served again only while a cheap version read from the database is unchanged, so no process
// serves a stale one. Read the version BEFORE computing the body stored with it.
import { LRUCache } from 'lru-cache'

type Entry<B> = { version: string; body: B; at: number }

/** Bodies are JSON strings, or Buffers of UTF-8 JSON where a response is assembled from cached parts. */
export class VersionedCache<B extends string | Buffer = string> {
  readonly #entries: LRUCache<string, Entry<B>>
  readonly #expiresAt: ((storedAt: number) => number) | undefined
  readonly #now: () => number

  /** `expiresAt`: when a body stored at `storedAt` stops being served, for bodies that also depend on the clock. */
  constructor(options: { maxEntries?: number; expiresAt?: (storedAt: number) => number; now?: () => number } = {}) {
    this.#entries = new LRUCache({ max: options.maxEntries ?? 10_000 })
    this.#expiresAt = options.expiresAt
    this.#now = options.now ?? Date.now
  }

  get size(): number {
    return this.#entries.size
  }

  #expired(entry: Entry<B>): boolean {
    return this.#expiresAt !== undefined && this.#now() >= this.#expiresAt(entry.at)
  }

  /** A body is stored for `key` (of any version, not yet too old): worth reading its version before anything else. */
  has(key: string): boolean {
    const entry = this.#entries.peek(key)
    return entry !== undefined && !this.#expired(entry)
  }

  get(key: string, version: string): B | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.version !== version || this.#expired(entry)) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.body
  }

  set(key: string, version: string, body: B): void {
    this.#entries.set(key, { version, body, at: this.#now() })
  }

  /** The body for `key` and its version; a miss reads both with `load()` in one statement, so they agree (ADR 022). */
  async read(
    this: VersionedCache<string>,
    key: string,
    version: () => Promise<string>,
    load: () => Promise<{ version: string; value: unknown }>,
  ): Promise<{ body: string; version: string }> {
    if (this.has(key)) {
      const current = await version()
      const cached = this.get(key, current)
      if (cached !== undefined) return { body: cached, version: current }
    }
    const loaded = await load()
    const body = JSON.stringify(loaded.value)
    this.set(key, loaded.version, body)
    return { body, version: loaded.version }
  }

  /** The cached body for this version, or the one `compute` makes (then kept). */
  async through(
    this: VersionedCache<string>,
    key: string,
    version: string,
    compute: () => Promise<unknown>,
  ): Promise<string> {
    const cached = this.get(key, version)
    if (cached !== undefined) return cached
    const body = JSON.stringify(await compute())
    this.set(key, version, body)
    return body
  }
}
