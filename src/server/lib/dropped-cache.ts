import { LRUCache } from 'lru-cache'

// Values kept per key until an event drops them (notifications/events.ts), so a hit costs no query. Take `generation`
// BEFORE reading the database and pass it to `set`: a value read across a drop or `clear` is then not kept.
export class DroppedCache<V extends {}> {
  readonly #entries: LRUCache<string, V>
  readonly #keep: boolean
  #generation = 0

  constructor(options: { live: boolean; maxEntries: number }) {
    this.#keep = options.live
    this.#entries = new LRUCache({ max: options.maxEntries })
  }

  get size(): number {
    return this.#entries.size
  }

  get generation(): number {
    return this.#generation
  }

  get(key: string): V | undefined {
    return this.#entries.get(key)
  }

  /** Keeps `value`, read from the database after `generation` was taken, unless something was dropped since. */
  set(key: string, value: V, generation: number): void {
    if (!this.#keep || generation !== this.#generation) return
    this.#entries.set(key, value)
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
