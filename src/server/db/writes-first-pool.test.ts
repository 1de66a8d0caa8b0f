import { EventEmitter } from 'node:events'
import Fastify from 'fastify'
import type pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { markWriteWork } from '#server/plugins/write-queue.ts'
import { WritesFirstPool, writeWork } from './client.ts'

// The pool's lanes (ADR 115), on clients that connect at once and answer every query with no rows, so the test
// needs no server: what is checked is who gets a connection when.

class InstantClient extends EventEmitter {
  connect(callback: (error?: Error) => void) {
    setImmediate(() => callback())
  }
  query(_text: unknown, _values: unknown, callback?: (error: Error | null, result: { rows: [] }) => void) {
    const result = { rows: [] as [] }
    if (typeof _values === 'function') setImmediate(() => (_values as typeof callback)?.(null, result))
    else if (callback) setImmediate(() => callback(null, result))
    else return Promise.resolve(result)
  }
  end(callback?: () => void) {
    setImmediate(() => callback?.())
  }
}

const pools: WritesFirstPool[] = []
function lanedPool(max: number, reserved: number): WritesFirstPool {
  const pool = new WritesFirstPool({ max, Client: InstantClient as unknown as typeof pg.Client }, reserved)
  pools.push(pool)
  return pool
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()))
})

const settled = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('a pool that keeps connections for writes', () => {
  it('lets reads hold all but the reserved connections, and a write pass the reads waiting', async () => {
    const pool = lanedPool(4, 2)
    const reads = [await pool.connect(), await pool.connect()]
    let third: pg.PoolClient | undefined
    const waiting = pool.connect().then((client) => {
      third = client
    })
    await settled()
    expect(third).toBeUndefined()
    expect(pool.readsWaiting).toBe(1)
    const write = await writeWork.run(true, () => pool.connect())
    expect(pool.totalCount).toBe(3)
    reads[0]?.release()
    await waiting
    expect(third).toBeDefined()
    expect(pool.readsWaiting).toBe(0)
    for (const client of [reads[1], third, write]) client?.release()
  })

  it('counts a read released twice once, and a query (the callback form) as a read', async () => {
    const pool = lanedPool(3, 2)
    const read = await pool.connect()
    read.release()
    expect(() => read.release()).toThrow()
    await pool.query('select 1')
    const again = await pool.connect()
    let next: pg.PoolClient | undefined
    void pool.connect().then((client) => {
      next = client
    })
    await settled()
    expect(next).toBeUndefined()
    again.release()
    await settled()
    expect(next).toBeDefined()
    next?.release()
  })
})

describe('markWriteWork', () => {
  it('marks the work of a write with a body and not that of a read', async () => {
    const app = Fastify()
    app.addHook('preValidation', markWriteWork)
    const seen = async () => {
      await settled()
      return { write: writeWork.getStore() === true }
    }
    app.post('/thing', seen)
    app.get('/thing', seen)
    const posted = await app.inject({ method: 'POST', url: '/thing', payload: { big: 'x'.repeat(100_000) } })
    const read = await app.inject({ method: 'GET', url: '/thing' })
    expect(posted.json()).toEqual({ write: true })
    expect(read.json()).toEqual({ write: false })
    await app.close()
  })
})
