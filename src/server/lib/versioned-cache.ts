// Serialized bodies served again only while a cheap version read from the database is unchanged, so no process
// serves a stale one. Read the version BEFORE computing the body stored with it.
import { gzipSync } from 'node:zlib'

type Entry<B> = { version: string; body: B; at: number; gzip?: Buffer; used: boolean }

/** Bodies are JSON strings, or Buffers of UTF-8 JSON where a response is assembled from cached parts. */
export class VersionedCache<B extends string | Buffer = string> {
  readonly #entries = new Map<string, Entry<B>>()
  readonly #maxEntries: number
  readonly #maxAgeMs: number
  readonly #now: () => number

  constructor(options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {}) {
    this.#maxEntries = options.maxEntries ?? 10_000
    this.#maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY
    this.#now = options.now ?? Date.now
  }

  get size(): number {
    return this.#entries.size
  }

  #expired(entry: Entry<B>): boolean {
    return this.#maxAgeMs !== Number.POSITIVE_INFINITY && this.#now() - entry.at > this.#maxAgeMs
  }

  /** A body is stored for `key` (of any version, not yet too old): worth reading its version before anything else. */
  has(key: string): boolean {
    const entry = this.#entries.get(key)
    return entry !== undefined && !this.#expired(entry)
  }

  get(key: string, version: string): B | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (entry.version !== version || this.#expired(entry)) {
      this.#entries.delete(key)
      return undefined
    }
    // Marked, not moved (moving each cost more than the lookup); eviction gives marked entries a second chance.
    entry.used = true
    return entry.body
  }

  set(key: string, version: string, body: B): void {
    this.#entries.delete(key)
    this.#entries.set(key, { version, body, at: this.#now(), used: false })
    // Oldest first (Map order), but one used since it was stored goes to the end, unmarked: near enough LRU.
    while (this.#entries.size > this.#maxEntries) {
      const [oldest, entry] = this.#entries.entries().next().value ?? []
      if (oldest === undefined || entry === undefined) break
      this.#entries.delete(oldest)
      if (entry.used && oldest !== key) {
        entry.used = false
        this.#entries.set(oldest, entry)
      }
    }
  }

  /** The body stored for this version, gzipped once and kept beside it; undefined when this version is not stored. */
  gzipped(key: string, version: string): Buffer | undefined {
    const entry = this.#entries.get(key)
    if (!entry || entry.version !== version) return undefined
    entry.gzip ??= gzipSync(entry.body)
    return entry.gzip
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
