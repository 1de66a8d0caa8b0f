/**
 * Values kept in memory per key until an event says the key changed (`drop`), for data whose changes every server
 * process hears of through the database's events (notifications/events.ts) rather than by a version read on every
 * request: the request then needs no query at all for what it finds here. `live` false (a process that hears no
 * events) keeps nothing. Reading follows one rule: take `generation` BEFORE reading the database and pass it to
 * `set`; a value read while a drop or clear arrived is then not kept (it may predate the change), though the request
 * that read it may use it. `clear` is for when events may have been missed (the listening connection reconnected).
 * Oldest first out once `maxEntries` is reached.
 */
export class DroppedCache<V> {
  readonly #entries = new Map<string, V>()
  readonly #keep: boolean
  readonly #maxEntries: number
  #generation = 0

  constructor(options: { live: boolean; maxEntries: number }) {
    this.#keep = options.live
    this.#maxEntries = options.maxEntries
  }

  get size(): number {
    return this.#entries.size
  }

  /** Moves with every drop and clear. */
  get generation(): number {
    return this.#generation
  }

  get(key: string): V | undefined {
    return this.#entries.get(key)
  }

  /** Keeps `value`, read from the database after `generation` was taken, unless something was dropped since. */
  set(key: string, value: V, generation: number): void {
    if (!this.#keep || generation !== this.#generation) return
    this.#entries.delete(key)
    this.#entries.set(key, value)
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value
      if (oldest !== undefined) this.#entries.delete(oldest)
    }
  }

  drop(key: string): void {
    this.#generation++
    this.#entries.delete(key)
  }

  clear(): void {
    this.#generation++
    this.#entries.clear()
  }
}
