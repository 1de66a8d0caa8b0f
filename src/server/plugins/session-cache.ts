import { LRUCache } from 'lru-cache'
import type { AuthUser } from '#shared/schemas/access.ts'

/** A member's access as one database check found it, trusted until `validUntil` unless it changed since. */
export type SessionCheck = { user: AuthUser; checkedAt: number; validUntil: number }

/** The longest a check is trusted (a signed access cookie's lifetime): afterwards the database is asked again. */
export const CHECK_LIFETIME_MS = 5 * 60_000
/** How far the processes' clocks may disagree: a check this close to a change still counts as before it. */
export const CLOCK_MARGIN_MS = 1_000

/** What this process trusts about checked sessions (ADR 019); checks are also kept per session cookie for `ttlMs`. */
export class SessionCache {
  private readonly entries: LRUCache<string, SessionCheck>
  /** Per member: checks that started before this moment predate an access change. */
  private readonly changes = new Map<string, number>()
  private readonly ttlMs: number
  /** Checks before this moment may have missed a change (this process was not listening yet, or lost events). */
  private epoch = Number.NEGATIVE_INFINITY
  private hearing = false
  private sweepAt = 1_024

  constructor(opts: { ttlMs?: number; maxEntries?: number } = {}) {
    this.ttlMs = opts.ttlMs ?? 30_000
    this.entries = new LRUCache({ max: opts.maxEntries ?? 50_000 })
  }

  /** This process hears every access change of every process (the database's events): access cookies count. */
  get hearsEveryChange(): boolean {
    return this.hearing
  }

  /** From now on every change reaches this process; earlier checks may have missed one, so each is asked again once. */
  hearingFrom(now = Date.now()) {
    this.hearing = true
    this.epoch = Math.max(this.epoch, now + CLOCK_MARGIN_MS)
  }

  isCurrent(userId: string, checkedAt: number): boolean {
    return checkedAt > this.epoch && checkedAt > (this.changes.get(userId) ?? Number.NEGATIVE_INFINITY)
  }

  get(key: string, now = Date.now()): AuthUser | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (now >= entry.validUntil || !this.isCurrent(entry.user.id, entry.checkedAt)) {
      this.entries.delete(key)
      return undefined
    }
    return entry.user
  }

  /** Keeps a check of this session for up to `ttlMs`; one that is not current (it raced a change) is not kept. */
  set(key: string, check: SessionCheck, now = Date.now()): boolean {
    if (!this.isCurrent(check.user.id, check.checkedAt)) return false
    this.entries.set(key, { ...check, validUntil: Math.min(check.validUntil, now + this.ttlMs) })
    return true
  }

  delete(key: string) {
    this.entries.delete(key)
  }

  /** The member's access changed: every check of theirs so far, in memory or in any cookie, is refused. */
  invalidateUser(userId: string, now = Date.now()) {
    const mark = now + CLOCK_MARGIN_MS
    this.changes.set(userId, Math.max(mark, this.changes.get(userId) ?? mark))
    if (this.changes.size >= this.sweepAt) this.forgetOldChanges(now)
  }

  /** A change older than the longest trust can no longer be predated by a check that is still trusted. */
  private forgetOldChanges(now: number) {
    for (const [userId, mark] of this.changes) {
      if (mark <= now - CHECK_LIFETIME_MS) this.changes.delete(userId)
    }
    this.sweepAt = Math.max(1_024, this.changes.size * 2)
  }

  get size() {
    return this.entries.size
  }

  get changedMembers() {
    return this.changes.size
  }
}
