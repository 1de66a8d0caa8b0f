import { describe, expect, it } from 'vitest'
import { VersionedCache } from './versioned-cache.ts'

describe('VersionedCache', () => {
  it('serves a body only for the version it was stored with', () => {
    const cache = new VersionedCache()
    cache.set('a', 'v1', '{"n":1}')
    expect(cache.get('a', 'v1')).toBe('{"n":1}')
    expect(cache.get('a', 'v2')).toBeUndefined()
    // A newer version dropped the old body: asking for the old version again finds nothing either.
    expect(cache.get('a', 'v1')).toBeUndefined()
  })

  it('forgets a body once its expiresAt has come', () => {
    let now = 1_000
    const cache = new VersionedCache({ expiresAt: (storedAt) => storedAt + 60_000, now: () => now })
    cache.set('a', 'v', 'x')
    now += 59_999
    expect(cache.get('a', 'v')).toBe('x')
    now += 1
    expect(cache.get('a', 'v')).toBeUndefined()
  })

  it('evicts the least recently used entry beyond maxEntries', () => {
    const cache = new VersionedCache({ maxEntries: 2 })
    cache.set('a', 'v', 'A')
    cache.set('b', 'v', 'B')
    expect(cache.get('a', 'v')).toBe('A') // a is now the most recently used
    cache.set('c', 'v', 'C')
    expect(cache.size).toBe(2)
    expect(cache.get('b', 'v')).toBeUndefined()
    expect(cache.get('a', 'v')).toBe('A')
    expect(cache.get('c', 'v')).toBe('C')
  })

  it('computes once per version through()', async () => {
    const cache = new VersionedCache()
    let calls = 0
    const compute = async () => ({ calls: ++calls })
    expect(await cache.through('k', '1', compute)).toBe('{"calls":1}')
    expect(await cache.through('k', '1', compute)).toBe('{"calls":1}')
    expect(await cache.through('k', '2', compute)).toBe('{"calls":2}')
    expect(calls).toBe(2)
  })

  it('read() loads a key met first without reading its version, then reads the version before serving', async () => {
    const cache = new VersionedCache()
    let stored = 'v1'
    const calls = { version: 0, load: 0 }
    const version = async () => {
      calls.version += 1
      return stored
    }
    const load = async () => {
      calls.load += 1
      return { version: stored, value: { load: calls.load } }
    }
    expect(await cache.read('k', version, load)).toEqual({ body: '{"load":1}', version: 'v1' })
    expect(calls).toEqual({ version: 0, load: 1 })
    expect(await cache.read('k', version, load)).toEqual({ body: '{"load":1}', version: 'v1' })
    expect(calls).toEqual({ version: 1, load: 1 })
    stored = 'v2'
    expect(await cache.read('k', version, load)).toEqual({ body: '{"load":2}', version: 'v2' })
    expect(calls).toEqual({ version: 2, load: 2 })
  })

  it('has() tells a stored body until it is too old', () => {
    let now = 0
    const cache = new VersionedCache({ expiresAt: (storedAt) => storedAt + 10, now: () => now })
    expect(cache.has('a')).toBe(false)
    cache.set('a', 'v', 'x')
    expect(cache.has('a')).toBe(true)
    now = 10
    expect(cache.has('a')).toBe(false)
  })
})
