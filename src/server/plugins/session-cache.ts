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

  constructor(opts: { ttlMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000
    this.maxEntries = opts.maxEntries ?? 50_000
  }

  get(key: string, now = Date.now()): AuthUser | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (now - entry.cachedAt > this.ttlMs || now >= entry.sessionExpiresAt) {
      this.delete(key)
      return undefined
    }
    return entry.user
  }

  set(key: string, user: AuthUser, sessionExpiresAt: number, now = Date.now()) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.delete(oldest)
    }
    this.entries.set(key, { user, sessionExpiresAt, cachedAt: now })
    let keys = this.byUser.get(user.id)
    if (!keys) {
      keys = new Set()
      this.byUser.set(user.id, keys)
    }
    keys.add(key)
  }

  delete(key: string) {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    const keys = this.byUser.get(entry.user.id)
    keys?.delete(key)
    if (keys && keys.size === 0) this.byUser.delete(entry.user.id)
  }

  invalidateUser(userId: string) {
    const keys = this.byUser.get(userId)
    if (!keys) return
    for (const key of keys) this.entries.delete(key)
    this.byUser.delete(userId)
  }

  get size() {
    return this.entries.size
  }
}
