import type { AuthUser } from '#shared/schemas/access.ts'

type Entry = { user: AuthUser; sessionExpiresAt: number; cachedAt: number }

/**
 * Checked sessions kept in memory for a short time, so an API request does not cost a database round trip
 * to authenticate (BENCHMARKING.md: GET /api/auth/user at least as fast as `one-row`).
 * The database stays the authority: entries expire after `ttlMs`, and every change to a user's access
 * (approval, gate, admin, sign-out, password reset) drops that user's entries at once in this process.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>()
  private readonly byUser = new Map<string, Set<string>>()
  private readonly ttlMs: number
  private readonly maxEntries: number
  /** Bumped by every invalidation; a check that started before one must not be cached (see `set`). */
  private generation = 0

  constructor(opts: { ttlMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000
    this.maxEntries = opts.maxEntries ?? 50_000
  }

  get(key: string, now = Date.now()): AuthUser | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (now - entry.cachedAt > this.ttlMs || now >= entry.sessionExpiresAt) {
      this.remove(key)
      return undefined
    }
    return entry.user
  }

  /** Take before asking the database; pass to `set` so a result that raced an invalidation is not kept. */
  currentGeneration(): number {
    return this.generation
  }

  /**
   * Caches a checked session. When `startedAt` (a `currentGeneration()` taken before the check) is older than
   * the latest invalidation, the result may predate that change, so it is not kept.
   */
  set(key: string, user: AuthUser, sessionExpiresAt: number, now = Date.now(), startedAt = this.generation) {
    if (startedAt !== this.generation) return
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.remove(oldest)
    }
    this.entries.set(key, { user, sessionExpiresAt, cachedAt: now })
    let keys = this.byUser.get(user.id)
    if (!keys) {
      keys = new Set()
      this.byUser.set(user.id, keys)
    }
    keys.add(key)
  }

  /** Drops one session (sign-out). */
  delete(key: string) {
    this.generation += 1
    this.remove(key)
  }

  private remove(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    const keys = this.byUser.get(entry.user.id)
    keys?.delete(key)
    if (keys && keys.size === 0) this.byUser.delete(entry.user.id)
  }

  invalidateUser(userId: string) {
    this.generation += 1
    const keys = this.byUser.get(userId)
    if (!keys) return
    for (const key of keys) this.entries.delete(key)
    this.byUser.delete(userId)
  }

  get size() {
    return this.entries.size
  }
}
