import Fastify from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DbHandle, openPglite, openPostgres } from '#server/db/client.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { createPostgresDatabase, createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { errorHandler } from './error-handler.ts'
import { health } from './health.ts'

describe('GET /healthz and GET /readyz in the app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it('answer 200 while the database answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ ok: true })
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ ok: true })
  })

  it('/readyz turns 503 once the app is shutting down; /healthz stays 200', async () => {
    t.app.readiness.stop()
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expectApiError(res, 503, 'Shutting down')
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
  })

  it('/readyz is not in the API document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(Object.keys(doc.paths)).not.toContain('/readyz')
    expect(Object.keys(doc.paths)).not.toContain('/metrics')
  })
})

/** A database of one connection (PGlite always has one), so a transaction left open makes every query wait. */
async function oneConnection(): Promise<{ handle: DbHandle; close: () => Promise<void> }> {
  if (process.env.TEST_DB === 'postgres') {
    const database = await createPostgresDatabase()
    const handle = await openPostgres(database.url, 1, () => {})
    return {
      handle,
      close: async () => {
        await handle.close()
        await database.drop()
      },
    }
  }
  const handle = await openPglite()
  return { handle, close: () => handle.close() }
}

describe('GET /readyz when the database does not answer', () => {
  let db: Awaited<ReturnType<typeof oneConnection>>
  let closed = false
  let app: ReturnType<typeof Fastify>
  beforeAll(async () => {
    db = await oneConnection()
    app = Fastify()
    await app.register(errorHandler)
    await app.register(health, { db: db.handle.db, timeoutMs: 300 })
  })
  afterAll(async () => {
    await app?.close()
    if (!closed) await db?.close()
  })

  it('answers 503 within its timeout while the database is stuck, and 200 once it answers again', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const stuck = db.handle.db.transaction(async () => held)
    try {
      // Probes arriving together share one check.
      const started = performance.now()
      const [one, two] = await Promise.all([
        app.inject({ method: 'GET', url: '/readyz' }),
        app.inject({ method: 'GET', url: '/readyz' }),
      ])
      expect(performance.now() - started).toBeLessThan(2_000)
      expectApiError(one, 503, 'The database does not answer')
      expectApiError(two, 503, 'The database does not answer')
    } finally {
      release()
      await stuck
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })

  it('answers 503 when the database is gone', async () => {
    await db.close()
    closed = true
    expectApiError(await app.inject({ method: 'GET', url: '/readyz' }), 503, 'The database does not answer')
  })
})
