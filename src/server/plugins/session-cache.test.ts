import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AuthUser } from '#shared/schemas/access.ts'
import { SessionCache } from './session-cache.ts'

function aUser(id: string, overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id,
    email: `${id}@example.test`,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    betaApproved: true,
    isAdmin: false,
    gatePassed: true,
    ...overrides,
  }
}

const T0 = 1_000_000
const HOUR = 3_600_000

describe('SessionCache', () => {
  it('answers a cached session within the TTL, and not after it', () => {
    const cache = new SessionCache({ ttlMs: 30_000 })
    cache.set('k', aUser('u1'), T0 + HOUR, T0)

    expect(cache.get('k', T0)?.id).toBe('u1')
    expect(cache.get('k', T0 + 30_000)?.id).toBe('u1')
    expect(cache.get('k', T0 + 30_001)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('never answers for a session past its expiry, even within the TTL', () => {
    const cache = new SessionCache({ ttlMs: 30_000 })
    cache.set('k', aUser('u1'), T0 + 10_000, T0)

    expect(cache.get('k', T0 + 9_999)?.id).toBe('u1')
    expect(cache.get('k', T0 + 10_000)).toBeUndefined()
  })

  it('invalidateUser drops every session of that user and no other', () => {
    const cache = new SessionCache()
    cache.set('laptop', aUser('u1'), T0 + HOUR, T0)
    cache.set('phone', aUser('u1'), T0 + HOUR, T0)
    cache.set('other', aUser('u2'), T0 + HOUR, T0)

    cache.invalidateUser('u1')

    expect(cache.get('laptop', T0)).toBeUndefined()
    expect(cache.get('phone', T0)).toBeUndefined()
    expect(cache.get('other', T0)?.id).toBe('u2')
    expect(cache.size).toBe(1)
  })

  it('delete drops one session only', () => {
    const cache = new SessionCache()
    cache.set('laptop', aUser('u1'), T0 + HOUR, T0)
    cache.set('phone', aUser('u1'), T0 + HOUR, T0)

    cache.delete('laptop')

    expect(cache.get('laptop', T0)).toBeUndefined()
    expect(cache.get('phone', T0)?.id).toBe('u1')
  })

  it('a new check of a session replaces the cached flags', () => {
    const cache = new SessionCache()
    cache.set('k', aUser('u1', { betaApproved: false }), T0 + HOUR, T0)
    cache.set('k', aUser('u1', { betaApproved: true }), T0 + HOUR, T0 + 1)

    expect(cache.get('k', T0 + 2)?.betaApproved).toBe(true)
    expect(cache.size).toBe(1)
  })

  it('stays within maxEntries, dropping the oldest entries first', () => {
    const cache = new SessionCache({ maxEntries: 3 })
    for (let i = 1; i <= 5; i++) cache.set(`k${i}`, aUser(`u${i}`), T0 + HOUR, T0 + i)

    expect(cache.size).toBe(3)
    expect(cache.get('k1', T0 + 10)).toBeUndefined()
    expect(cache.get('k2', T0 + 10)).toBeUndefined()
    expect(['k3', 'k4', 'k5'].map((k) => cache.get(k, T0 + 10)?.id)).toEqual(['u3', 'u4', 'u5'])
  })

  it('an evicted entry no longer counts for its user', () => {
    const cache = new SessionCache({ maxEntries: 1 })
    cache.set('a', aUser('u1'), T0 + HOUR, T0)
    cache.set('b', aUser('u2'), T0 + HOUR, T0)
    cache.invalidateUser('u1')

    expect(cache.get('b', T0)?.id).toBe('u2')
    expect(cache.size).toBe(1)
  })
})

type Op =
  | { kind: 'set'; key: string; userId: string; lifetimeMs: number }
  | { kind: 'get'; key: string }
  | { kind: 'delete'; key: string }
  | { kind: 'invalidate'; userId: string }
  | { kind: 'tick'; ms: number }

const keys = fc.constantFrom('k1', 'k2', 'k3', 'k4', 'k5', 'k6')
const userIds = fc.constantFrom('u1', 'u2', 'u3')
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('set' as const),
    key: keys,
    userId: userIds,
    lifetimeMs: fc.integer({ min: 1, max: 200 }),
  }),
  fc.record({ kind: fc.constant('get' as const), key: keys }),
  fc.record({ kind: fc.constant('delete' as const), key: keys }),
  fc.record({ kind: fc.constant('invalidate' as const), userId: userIds }),
  fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 0, max: 80 }) }),
)

describe('SessionCache properties', () => {
  it('never answers a session of a user invalidated since it was cached, nor a stale or expired one', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 80 }), fc.integer({ min: 1, max: 8 }), (ops, maxEntries) => {
        const ttlMs = 100
        const cache = new SessionCache({ ttlMs, maxEntries })
        // What the cache may still answer for each key: the last set, unless removed since. Dropping more is allowed.
        const model = new Map<string, { userId: string; cachedAt: number; expiresAt: number }>()
        let now = T0
        for (const o of ops) {
          switch (o.kind) {
            case 'set':
              cache.set(o.key, aUser(o.userId), now + o.lifetimeMs, now)
              model.set(o.key, { userId: o.userId, cachedAt: now, expiresAt: now + o.lifetimeMs })
              break
            case 'delete':
              cache.delete(o.key)
              model.delete(o.key)
              break
            case 'invalidate':
              cache.invalidateUser(o.userId)
              for (const [k, v] of model) if (v.userId === o.userId) model.delete(k)
              break
            case 'tick':
              now += o.ms
              break
            case 'get': {
              const got = cache.get(o.key, now)
              if (got === undefined) break
              const allowed = model.get(o.key)
              expect(allowed, `answered ${o.key} for ${got.id} after it was removed`).toBeDefined()
              expect(got.id).toBe(allowed?.userId)
              expect(now - (allowed?.cachedAt ?? 0)).toBeLessThanOrEqual(ttlMs)
              expect(now).toBeLessThan(allowed?.expiresAt ?? 0)
              break
            }
          }
          expect(cache.size).toBeLessThanOrEqual(maxEntries)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('after invalidateUser(u), no key answers a user u entry until u signs in again', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: keys, userId: userIds }), { maxLength: 30 }),
        userIds,
        (sessions, victim) => {
          const cache = new SessionCache({ maxEntries: 4 })
          for (const s of sessions) cache.set(s.key, aUser(s.userId), T0 + HOUR, T0)
          cache.invalidateUser(victim)
          for (const k of ['k1', 'k2', 'k3', 'k4', 'k5', 'k6']) expect(cache.get(k, T0)?.id).not.toBe(victim)
        },
      ),
    )
  })

  it('answers every recent session while under capacity (the cache is useful)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(keys, { minLength: 1, maxLength: 6 }), (distinctKeys) => {
        const cache = new SessionCache({ maxEntries: 6 })
        distinctKeys.forEach((k, i) => {
          cache.set(k, aUser(`u${i}`), T0 + HOUR, T0)
        })
        distinctKeys.forEach((k, i) => {
          expect(cache.get(k, T0 + 1)?.id).toBe(`u${i}`)
        })
      }),
    )
  })
})

describe('SessionCache generations', () => {
  it('does not keep a check that started before an invalidation of any user', () => {
    const cache = new SessionCache()
    const startedAt = cache.currentGeneration()
    cache.invalidateUser('u1') // e.g. an admin approves u1 while u1's session is being checked
    cache.set('k', aUser('u1', { betaApproved: false }), T0 + HOUR, T0, startedAt)
    expect(cache.get('k', T0)).toBeUndefined()
  })

  it('does not keep a check that started before a sign-out', () => {
    const cache = new SessionCache()
    const startedAt = cache.currentGeneration()
    cache.delete('k')
    cache.set('k', aUser('u1'), T0 + HOUR, T0, startedAt)
    expect(cache.get('k', T0)).toBeUndefined()
  })

  it('keeps a check when nothing was invalidated meanwhile, and eviction does not count as one', () => {
    const cache = new SessionCache({ maxEntries: 1 })
    cache.set('a', aUser('u1'), T0 + HOUR, T0)
    const startedAt = cache.currentGeneration()
    cache.set('b', aUser('u2'), T0 + HOUR, T0) // evicts 'a'
    cache.set('c', aUser('u3'), T0 + HOUR, T0, startedAt)
    expect(cache.get('c', T0)?.id).toBe('u3')
  })
})
