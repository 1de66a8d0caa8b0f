import { describe, expect, it } from 'vitest'
import { deferred } from './deferred.ts'

describe('deferred', () => {
  it('imports once, and holds the module from then on', async () => {
    let calls = 0
    const d = deferred(async () => {
      calls++
      return { name: 'menu' }
    })
    expect(d.current).toBeNull()
    const [a, b] = await Promise.all([d.load(), d.load()])
    expect(a).toBe(b)
    expect(d.current).toBe(a)
    await d.load()
    expect(calls).toBe(1)
  })

  it('tries again after a failed import (offline without the code)', async () => {
    let calls = 0
    const d = deferred(async () => {
      calls++
      if (calls === 1) throw new Error('Failed to fetch dynamically imported module')
      return { name: 'menu' }
    })
    await expect(d.load()).rejects.toThrow('Failed to fetch')
    expect(d.current).toBeNull()
    await expect(d.load()).resolves.toEqual({ name: 'menu' })
    expect(d.current).toEqual({ name: 'menu' })
    expect(calls).toBe(2)
  })
})
