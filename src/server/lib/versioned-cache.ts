/**
 * Serialized responses kept in memory and served again only while the database says nothing changed: every
 * request reads a cheap version (a count and the latest `updated_at`, say) and a cached body is used only when
 * its version is the same. Stale bodies can therefore never be served, by this process or because another
 * process wrote, which is what makes it safe with several server processes. Least recently used entries go
 * first once `maxEntries` is reached; `maxAgeMs` bounds bodies that also depend on the clock.
 *
 * Read the version BEFORE computing the body you store with it: the body is then at least as new as its version.
 */
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
    // Marked, not moved: a page reads 20 entries, and moving each to the end of the Map cost more than the rest of
    // the lookup. Eviction gives marked entries a second chance instead (set).
    entry.used = true
    return entry.body
  }

  set(key: string, version: string, body: B): void {
    this.#entries.delete(key)
    this.#entries.set(key, { version, body, at: this.#now(), used: false })
    // Oldest first (Map keeps insertion order); one used since it was stored or last passed over goes to the end,
    // unmarked, instead: least recently used first, near enough.
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

  /**
   * The body stored for this version, gzipped once and kept beside it (phones on a weak signal download a fifth
   * of the bytes); undefined when nothing is stored for this version.
   */
  gzipped(key: string, version: string): Buffer | undefined {
    const entry = this.#entries.get(key)
    if (!entry || entry.version !== version) return undefined
    entry.gzip ??= gzipSync(entry.body)
    return entry.gzip
  }

  /**
   * The body for `key` as it is now, and its version. With a body stored, `version()` is read and the body served
   * while it matches; otherwise `load()` reads the value with the version it was read at (in one statement, so
   * they agree) and both are kept. A key met for the first time then costs one statement instead of two.
   */
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
