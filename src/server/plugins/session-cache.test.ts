import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { anAuthUser } from '#tests/support/auth-users.ts'
import { CHECK_LIFETIME_MS, CLOCK_MARGIN_MS, SessionCache, type SessionCheck } from './session-cache.ts'

const T0 = 1_000_000
const HOUR = 3_600_000

function aCheck(userId: string, checkedAt = T0, validUntil = checkedAt + HOUR): SessionCheck {
  return { user: anAuthUser(userId), checkedAt, validUntil }
}

describe('SessionCache memory', () => {
  it('answers a kept check within the TTL, and not after it', () => {
    const cache = new SessionCache({ ttlMs: 30_000 })
    cache.set('k', aCheck('u1'), T0)

    expect(cache.get('k', T0)?.id).toBe('u1')
    expect(cache.get('k', T0 + 29_999)?.id).toBe('u1')
    expect(cache.get('k', T0 + 30_000)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('never answers a check past its own end (session expiry, cookie lifetime), even within the TTL', () => {
    const cache = new SessionCache({ ttlMs: 30_000 })
    cache.set('k', aCheck('u1', T0, T0 + 10_000), T0)

    expect(cache.get('k', T0 + 9_999)?.id).toBe('u1')
    expect(cache.get('k', T0 + 10_000)).toBeUndefined()
  })

  it('delete drops one session only', () => {
    const cache = new SessionCache()
    cache.set('laptop', aCheck('u1'), T0)
    cache.set('phone', aCheck('u1'), T0)

    cache.delete('laptop')

    expect(cache.get('laptop', T0)).toBeUndefined()
    expect(cache.get('phone', T0)?.id).toBe('u1')
  })

  it('a new check of a session replaces the kept flags', () => {
    const cache = new SessionCache()
    cache.set('k', { ...aCheck('u1'), user: anAuthUser('u1', { betaApproved: false }) }, T0)
    cache.set('k', { ...aCheck('u1', T0 + 1), user: anAuthUser('u1', { betaApproved: true }) }, T0 + 1)

    expect(cache.get('k', T0 + 2)?.betaApproved).toBe(true)
    expect(cache.size).toBe(1)
  })

  it('stays within maxEntries, dropping the oldest entries first', () => {
    const cache = new SessionCache({ maxEntries: 3 })
    for (let i = 1; i <= 5; i++) cache.set(`k${i}`, aCheck(`u${i}`, T0 + i), T0 + i)

    expect(cache.size).toBe(3)
    expect(cache.get('k1', T0 + 10)).toBeUndefined()
    expect(cache.get('k2', T0 + 10)).toBeUndefined()
    expect(['k3', 'k4', 'k5'].map((k) => cache.get(k, T0 + 10)?.id)).toEqual(['u3', 'u4', 'u5'])
  })
})

describe('SessionCache changes', () => {
  // A check is current when it started after its member's last change (plus the clock margin) and after the moment
  // this process began hearing every change.
  const cases: {
    name: string
    change?: number
    hearing?: number
    checkedAt: number
    current: boolean
  }[] = [
    { name: 'no change, not listening', checkedAt: T0, current: true },
    { name: 'a check before the change', change: T0, checkedAt: T0 - 1, current: false },
    { name: 'a check just after the change, within the margin', change: T0, checkedAt: T0 + 10, current: false },
    { name: 'a check once the margin passed', change: T0, checkedAt: T0 + CLOCK_MARGIN_MS + 1, current: true },
    { name: 'a check before this process listened', hearing: T0, checkedAt: T0 - 60_000, current: false },
    { name: 'a check within the margin of listening', hearing: T0, checkedAt: T0 + 10, current: false },
    { name: 'a check after listening began', hearing: T0, checkedAt: T0 + CLOCK_MARGIN_MS + 1, current: true },
  ]
  it.each(cases)('$name: current = $current', ({ change, hearing, checkedAt, current }) => {
    const cache = new SessionCache()
    if (hearing !== undefined) cache.hearingFrom(hearing)
    if (change !== undefined) cache.invalidateUser('u1', change)

    expect(cache.isCurrent('u1', checkedAt)).toBe(current)
    expect(cache.isCurrent('u2', checkedAt)).toBe(hearing === undefined || checkedAt > hearing + CLOCK_MARGIN_MS)
    expect(cache.set('k', aCheck('u1', checkedAt), checkedAt)).toBe(current)
    expect(cache.get('k', checkedAt)?.id).toBe(current ? 'u1' : undefined)
  })

  it('a change refuses every kept check of that member and no other', () => {
    const cache = new SessionCache()
    cache.set('laptop', aCheck('u1'), T0)
    cache.set('phone', aCheck('u1'), T0)
    cache.set('other', aCheck('u2'), T0)

    cache.invalidateUser('u1', T0 + 5)

    expect(cache.get('laptop', T0 + 6)).toBeUndefined()
    expect(cache.get('phone', T0 + 6)).toBeUndefined()
    expect(cache.get('other', T0 + 6)?.id).toBe('u2')
  })

  it('does not keep a check that started before a change of its member (an approval while it was asked)', () => {
    const cache = new SessionCache()
    cache.invalidateUser('u1', T0 + 1)
    expect(cache.set('k', aCheck('u1', T0), T0 + 2)).toBe(false)
    expect(cache.get('k', T0 + 3)).toBeUndefined()
  })

  it('hears nothing until listening begins: access cookies do not count before', () => {
    const cache = new SessionCache()
    expect(cache.hearsEveryChange).toBe(false)
    cache.hearingFrom(T0)
    expect(cache.hearsEveryChange).toBe(true)
  })

  it('a later hearingFrom (a reconnection) never moves the epoch back', () => {
    const cache = new SessionCache()
    cache.hearingFrom(T0 + 10_000)
    cache.hearingFrom(T0)
    expect(cache.isCurrent('u1', T0 + 10_000 + CLOCK_MARGIN_MS)).toBe(false)
  })

  it('forgets changes once no trusted check can predate them, so memory stays small', () => {
    const cache = new SessionCache()
    for (let i = 0; i < 5_000; i++) cache.invalidateUser(`u${i}`, T0)
    const later = T0 + CLOCK_MARGIN_MS + CHECK_LIFETIME_MS
    for (let i = 0; i < 5_000; i++) cache.invalidateUser(`v${i}`, later)

    expect(cache.changedMembers).toBeLessThan(10_000)
    expect(cache.isCurrent('v1', later)).toBe(false)
  })
})

type Op =
  | { kind: 'set'; key: string; userId: string; startedAgo: number; lifetimeMs: number }
  | { kind: 'get'; key: string }
  | { kind: 'delete'; key: string }
  | { kind: 'invalidate'; userId: string }
  | { kind: 'listen' }
  | { kind: 'tick'; ms: number }

const keys = fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6')
const userIds = fc.constantFrom('u1', 'u2', 'u3')
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    key: keys,
    userId: userIds,
    // A check that started a while ago (it was in flight, or a cookie made elsewhere).
    startedAgo: fc.integer({ min: 0, max: 3 * CLOCK_MARGIN_MS }),
    lifetimeMs: fc.integer({ min: 1, max: 5_000 }),
  }),
  fc.record({ kind: fc.constant('get' as const), key: keys }),
  fc.record({ kind: fc.constant('delete' as const), key: keys }),
  fc.record({ kind: fc.constant('invalidate' as const), userId: userIds }),
  fc.record({ kind: fc.constant('listen' as const) }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 1_500 }) }),
)

describe('SessionCache properties', () => {
  it('never answers a check older than its member’s last change or the last listening start, nor a stale one', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.integer({ min: 1, max: 8 }), (ops, maxEntries) => {
        const ttlMs = 2_000
        const cache = new SessionCache({ ttlMs, maxEntries })
        const lastChange = new Map<string, number>()
        let listenedAt = Number.NEGATIVE_INFINITY
        const model = new Map<string, { userId: string; checkedAt: number; keptAt: number; validUntil: number }>()
        let now = T0
        for (const o of ops) {
          switch (o.kind) {
            case 'set': {
              const checkedAt = now - o.startedAgo
              const kept = cache.set(o.key, aCheck(o.userId, checkedAt, checkedAt + o.lifetimeMs), now)
              if (kept)
                model.set(o.key, { userId: o.userId, checkedAt, keptAt: now, validUntil: checkedAt + o.lifetimeMs })
              break
            }
            case 'delete':
              cache.delete(o.key)
              model.delete(o.key)
              break
            case 'invalidate':
              cache.invalidateUser(o.userId, now)
              lastChange.set(o.userId, now)
              break
            case 'listen':
              cache.hearingFrom(now)
              listenedAt = Math.max(listenedAt, now)
              break
            case 'tick':
              now += o.ms
              break
            case 'get': {
              const got = cache.get(o.key, now)
              if (got === undefined) break
              const kept = model.get(o.key)
              expect(kept, `answered ${o.key} after it was removed`).toBeDefined()
              if (!kept) break
              expect(got.id).toBe(kept.userId)
              expect(kept.checkedAt).toBeGreaterThan(lastChange.get(kept.userId) ?? Number.NEGATIVE_INFINITY)
              expect(kept.checkedAt).toBeGreaterThan(listenedAt)
              expect(now - kept.keptAt).toBeLessThan(ttlMs)
              expect(now).toBeLessThan(kept.validUntil)
              break
            }
          }
          expect(cache.size).toBeLessThanOrEqual(maxEntries)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('answers every recent check while under capacity and unchanged (the cache is useful)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(keys, { minLength: 1, maxLength: 6 }), (distinctKeys) => {
        const cache = new SessionCache({ maxEntries: 6 })
        distinctKeys.forEach((k, i) => {
          cache.set(k, aCheck(`u${i}`), T0)
        })
        distinctKeys.forEach((k, i) => {
          expect(cache.get(k, T0 + 1)?.id).toBe(`u${i}`)
        })
      }),
    )
  })
})
