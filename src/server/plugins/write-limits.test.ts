import { randomUUID } from 'node:crypto'
import diagnostics from 'node:diagnostics_channel'
import { once } from 'node:events'
import { type AddressInfo, connect } from 'node:net'
import { sql } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { AuthUser } from '#shared/schemas/access.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { aMeasurement, browserHeaders, createMeasurement, createUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { errorHandler } from './error-handler.ts'
import { pgRateLimitStore } from './rate-limit-store.ts'
import { DEFAULT_RATE_LIMITS, type RateLimits, type RateRule, security } from './security.ts'
import type { WriteQueueLimits } from './write-queue.ts'

const LIMIT = 3
const rule = { max: LIMIT, windowMs: 60_000 }
const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/

let addressSequence = 0
function newAddress(): string {
  addressSequence += 1
  return `198.51.100.${addressSequence}`
}

/** A PATCH /api/measurements/:id body: the whole editable record (here a whitetail from its score sheet). */
function anEdit() {
  const { id: _id, ...body } = aMeasurement()
  return body
}

describe('every write route has a limit', () => {
  // Every limit lowered to LIMIT but sign-in and sign-up, which the members made here use from one address (and
  // POST /api/setup/admin counts sign-ups too); the routes are read from the app as it registers them.
  const SIGN_UP = { max: 200, windowMs: 60_000 }
  const writes = new Set<string>()
  function collectWrites({ fastify }: { fastify: FastifyInstance }) {
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) writes.add(`${method} ${route.url}`)
      }
    })
  }
  let t: TestApp
  beforeAll(async () => {
    const lowered = Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS).map((name) => [name, rule])) as RateLimits
    const everyLimit = { ...lowered, signIn: SIGN_UP, signUp: SIGN_UP }
    diagnostics.subscribe('fastify.initialization', collectWrites as (message: unknown) => void)
    try {
      t = await createTestApp({ rateLimits: everyLimit })
    } finally {
      diagnostics.unsubscribe('fastify.initialization', collectWrites as (message: unknown) => void)
    }
  })
  afterAll(() => t?.close())

  it('answers 429 on each registered write route once a member is past its limit, whatever the body', async () => {
    // better-auth's catch-all has its own limits per address and kind of call (rate-limits.test.ts).
    const routes = [...writes].filter((route) => route !== 'POST /api/identity/*').sort()
    expect(routes).toContain('PATCH /api/measurements/:id')
    expect(routes.length).toBeGreaterThan(20)
    // Per route a new admin (past every guard; a route may sign them out) from a new address; the body is empty.
    const admins = await Promise.all(routes.map(() => createUser(t, { state: 'admin', verify: 'mark' })))
    const unlimited: string[] = []
    for (const [index, route] of routes.entries()) {
      const admin = admins[index] as (typeof admins)[number]
      const [method, pattern] = route.split(' ') as [string, string]
      const url = pattern.replace(/:[A-Za-z]+/g, () => randomUUID())
      const remoteAddress = newAddress()
      const send = () =>
        t.app.inject({
          method: method as 'POST',
          url,
          remoteAddress,
          headers: browserHeaders(admin.cookie),
          payload: {},
        })
      const statuses: number[] = []
      while (statuses.length <= SIGN_UP.max && statuses.at(-1) !== 429) statuses.push((await send()).statusCode)
      if (statuses.at(-1) !== 429) unlimited.push(`${route}: ${[...new Set(statuses)].join(', ')}`)
    }
    expect(unlimited).toEqual([])
  }, 120_000)

  it('documents the 429 on every write operation of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>
    }
    const writeOperations = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, operation]) => ({
          operation: `${method.toUpperCase()} ${path}`,
          responses: operation.responses,
        })),
    )
    expect(writeOperations.length).toBeGreaterThan(20)
    const undocumented = writeOperations.filter(({ responses }) => responses?.['429'] === undefined)
    expect(undocumented.map(({ operation }) => operation)).toEqual([])
  })
})

describe('the general write limit (WRITE_RATE_LIMIT)', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ rateLimits: { write: rule } })
  })
  afterAll(() => t?.close())

  const patch = (cookie: string, url: string) =>
    t.app.inject({ method: 'PATCH', url, headers: browserHeaders(cookie), payload: anEdit() })

  it('counts PATCH /api/measurements/:id once per member, whichever measurement and however the URL is written', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const first = await createMeasurement(t, member.cookie)
    const second = await createMeasurement(t, member.cookie)
    const third = await createMeasurement(t, member.cookie)
    // Spellings the router does not match reach no route: nothing runs and nothing is counted.
    expect((await patch(member.cookie, `/api/measurements/${first.id}/`)).statusCode).toBe(404)
    expect((await patch(member.cookie, `/api/measurements//${first.id}`)).statusCode).toBe(404)

    const statuses = [
      (await patch(member.cookie, `/api/measurements/${first.id}`)).statusCode,
      (await patch(member.cookie, `/api/measurements/${second.id}?again=1`)).statusCode,
      (await patch(member.cookie, `/api/measurements/${first.id.toUpperCase()}`)).statusCode,
    ]
    expect(statuses[0]).toBe(200)
    expect(statuses[1]).toBe(200)
    expect(statuses[2]).not.toBe(429)
    expectApiError(await patch(member.cookie, `/api/measurements/${third.id}`), 429, TOO_MANY)

    // One counter, named by the route's pattern and the member: no URL of a request is in it.
    const { rows } = (await t.db.execute(
      sql`select key, hits from rate_limit_hits where key like ${`PATCH %|user:${member.id}`}`,
    )) as unknown as { rows: { key: string; hits: number }[] }
    expect(rows.map((r) => [r.key, Number(r.hits)])).toEqual([[`PATCH /api/measurements/:id|user:${member.id}`, 4]])
  })

  it('counts each member apart, and each write route apart', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const other = await createUser(t, { state: 'member', verify: 'mark' })
    const mine = await createMeasurement(t, member.cookie)
    const theirs = await createMeasurement(t, other.cookie)
    for (let i = 0; i < LIMIT; i++)
      expect((await patch(member.cookie, `/api/measurements/${mine.id}`)).statusCode).toBe(200)
    expectApiError(await patch(member.cookie, `/api/measurements/${mine.id}`), 429, TOO_MANY)

    expect((await patch(other.cookie, `/api/measurements/${theirs.id}`)).statusCode).toBe(200)
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings', headers: browserHeaders(member.cookie) })
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: browserHeaders(member.cookie),
      payload: settings.json(),
    })
    expect(put.statusCode).toBe(200)
  })
})

describe('WRITE_RATE_LIMIT set: every per-member write limit becomes it', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ config: { writeRateLimit: LIMIT } })
  })
  afterAll(() => t?.close())

  it('limits new measurements (otherwise 120 an hour) to that many a minute', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/measurements',
        headers: browserHeaders(member.cookie),
        payload: aMeasurement(),
      })
    for (let i = 0; i < LIMIT; i++) expect((await post()).statusCode).toBe(201)
    expectApiError(await post(), 429, TOO_MANY)
  })
})

/** The security plugin alone, with routes of the test's own; `x-member` stands in for a signed-in member. */
async function pluginApp(options: { writeLimit?: RateRule; writeQueue?: WriteQueueLimits }) {
  const app = Fastify({ logger: false })
  await app.register(errorHandler)
  await app.register(security, { baseUrl: 'http://localhost:5000', ...options })
  app.decorateRequest('sessionUser', undefined)
  app.addHook('preValidation', async (req) => {
    const id = req.headers['x-member']
    req.sessionUser = typeof id === 'string' ? ({ id } as AuthUser) : null
  })
  return app
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 20))

/** A promise and the function that resolves it. */
function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

describe('write routes added later (the security plugin)', () => {
  it('gives a new write route the general limit, per member and per address for anonymous callers', async () => {
    const app = await pluginApp({ writeLimit: rule })
    app.post('/api/things/:id', async () => ({ ok: true }))
    app.get('/api/things/:id', async () => ({ ok: true }))
    try {
      const post = (id: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
        app.inject({ method: 'POST', url: `/api/things/${id}`, headers, remoteAddress })
      // One bucket for the route, whichever id (the in-memory store, as without a database).
      const member = { 'x-member': 'member-a' }
      const statuses = [(await post('1', member)).statusCode, (await post('2', member)).statusCode]
      statuses.push((await post('3', member, newAddress())).statusCode)
      expect(statuses).toEqual([200, 200, 200])
      expectApiError(await post('4', member, newAddress()), 429, TOO_MANY)
      expect((await post('1', { 'x-member': 'member-b' })).statusCode).toBe(200)

      const address = newAddress()
      for (let i = 0; i < LIMIT; i++) expect((await post(String(i), {}, address)).statusCode).toBe(200)
      expectApiError(await post('x', {}, address), 429, TOO_MANY)
      expect((await post('x', {}, newAddress())).statusCode).toBe(200)
      // Reads are not limited.
      for (let i = 0; i < LIMIT + 2; i++) {
        expect((await app.inject({ url: '/api/things/1', headers: member })).statusCode).toBe(200)
      }
    } finally {
      await app.close()
    }
  })
})

describe("one member's writes in turn", () => {
  it('runs a member’s writes one at a time, refuses beyond the waiting room at once, and lets others through', async () => {
    const app = await pluginApp({
      writeQueue: { running: 1, waiting: 2, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 },
    })
    const gates = new Map<string, ReturnType<typeof gate>>()
    const ran: string[] = []
    app.post('/api/slow/:name', async (req) => {
      const { name } = req.params as { name: string }
      ran.push(name)
      const g = gate()
      gates.set(name, g)
      await g.opened
      if (name === 'fails') throw new Error('a failing write')
      return { name }
    })
    try {
      const send = (name: string, member = 'member-a') =>
        app.inject({ method: 'POST', url: `/api/slow/${name}`, headers: { 'x-member': member } })
      const first = send('fails')
      await vi.waitUntil(() => ran.length === 1)
      const second = send('second')
      await pause()
      const third = send('third')
      await pause()
      const refused = await send('fourth')
      expectApiError(refused, 429, 'Too many changes at once. Please wait a moment and try again.')
      expect(refused.headers['retry-after']).toBe('1')

      const other = send('other', 'member-b')
      await vi.waitUntil(() => ran.includes('other'))
      gates.get('other')?.open()
      expect((await other).statusCode).toBe(200)
      expect(ran).toEqual(['fails', 'other'])

      // A write that fails passes its turn on too.
      gates.get('fails')?.open()
      expect((await first).statusCode).toBe(500)
      await vi.waitUntil(() => ran.includes('second'))
      expect(ran).toEqual(['fails', 'other', 'second'])
      gates.get('second')?.open()
      await vi.waitUntil(() => ran.includes('third'))
      gates.get('third')?.open()
      expect([(await second).statusCode, (await third).statusCode]).toEqual([200, 200])
    } finally {
      await app.close()
    }
  })

  it('counts a write toward the rate limit only in its turn: refusals at the door cost nothing', async () => {
    const app = await pluginApp({
      writeLimit: rule,
      writeQueue: { running: 1, waiting: 0, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 },
    })
    const held = gate()
    app.post('/api/held', async (req) => {
      if ((req.query as { hold?: string }).hold) await held.opened
      return {}
    })
    try {
      const member = { 'x-member': 'member-a' }
      const send = (url = '/api/held') => app.inject({ method: 'POST', url, headers: member })
      const holding = send('/api/held?hold=1')
      await pause()
      for (let i = 0; i < 10; i++) expect((await send()).json().error.message).toMatch(/^Too many changes at once/)
      held.open()
      expect((await holding).statusCode).toBe(200)
      // One of LIMIT used: the ten refused at the door were never counted.
      for (let i = 1; i < LIMIT; i++) expect((await send()).statusCode).toBe(200)
      expectApiError(await send(), 429, TOO_MANY)
    } finally {
      await app.close()
    }
  })

  it('never starts a waiting write whose client has gone', async () => {
    const app = await pluginApp({
      writeQueue: { running: 1, waiting: 2, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 },
    })
    const held = gate()
    const ran: string[] = []
    app.post('/api/w/:name', async (req) => {
      const { name } = req.params as { name: string }
      ran.push(name)
      if (name === 'first') await held.opened
      return {}
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const { port } = app.server.address() as AddressInfo
      const first = fetch(`http://127.0.0.1:${port}/api/w/first`, { method: 'POST', headers: { 'x-member': 'a' } })
      await vi.waitUntil(() => ran.length === 1)
      const socket = connect(port, '127.0.0.1')
      await once(socket, 'connect')
      socket.write('POST /api/w/gone HTTP/1.1\r\nHost: localhost\r\nx-member: a\r\nContent-Length: 0\r\n\r\n')
      await pause()
      socket.destroy()
      await pause()
      held.open()
      expect((await first).status).toBe(200)
      await pause()
      expect(ran).toEqual(['first'])
    } finally {
      await app.close()
    }
  })

  it('holds only the writes of a route that answers reads too', async () => {
    const app = await pluginApp({
      writeQueue: { running: 1, waiting: 0, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 },
    })
    const held = gate()
    app.route({
      method: ['GET', 'POST'],
      url: '/api/both',
      handler: async (req) => {
        if (req.method === 'POST') await held.opened
        return {}
      },
    })
    try {
      const member = { 'x-member': 'member-a' }
      const holding = app.inject({ method: 'POST', url: '/api/both', headers: member })
      await pause()
      expect((await app.inject({ method: 'POST', url: '/api/both', headers: member })).statusCode).toBe(429)
      expect((await app.inject({ method: 'GET', url: '/api/both', headers: member })).statusCode).toBe(200)
      held.open()
      expect((await holding).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })

  it('runs a write marked writeQueue: false at once (an upload or an AI call is not held behind the others)', async () => {
    const app = await pluginApp({
      writeQueue: { running: 1, waiting: 0, rest: 0, floodRest: 0, floodMs: 0, refusedPauseMs: 0 },
    })
    const held = gate()
    app.post('/api/held', async () => {
      await held.opened
      return {}
    })
    app.post('/api/upload', { config: { writeQueue: false } }, async () => ({}))
    try {
      const member = { 'x-member': 'member-a' }
      const holding = app.inject({ method: 'POST', url: '/api/held', headers: member })
      await pause()
      expect((await app.inject({ method: 'POST', url: '/api/held', headers: member })).statusCode).toBe(429)
      expect((await app.inject({ method: 'POST', url: '/api/upload', headers: member })).statusCode).toBe(200)
      held.open()
      expect((await holding).statusCode).toBe(200)
    } finally {
      await app.close()
    }
  })
})

describe('the rate-limit store on the database', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  type Hit = { current: number; ttl: number }
  type Store = InstanceType<ReturnType<typeof pgRateLimitStore>>
  const incr = (store: Store, key: string, windowMs: number, max: number) =>
    new Promise<Hit>((resolve, reject) =>
      store.incr(key, (err, hit) => (err ? reject(err) : resolve(hit as Hit)), windowMs, max),
    )

  it('refuses a key past its limit without a query until its window ends, then counts from one again', async () => {
    let queries = 0
    const counting = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'execute') {
          return (...args: Parameters<typeof target.execute>) => {
            queries += 1
            return target.execute(...args)
          }
        }
        return Reflect.get(target, property, receiver)
      },
    })
    const route = { routeInfo: { method: 'PATCH', url: '/api/things/:id' } }
    const store = new (pgRateLimitStore(counting))(route)
    const key = `user:${randomUUID()}`
    const windowMs = 400
    const hits = [await incr(store, key, windowMs, 2), await incr(store, key, windowMs, 2)]
    const over = await incr(store, key, windowMs, 2)
    expect([...hits.map((h) => h.current), over.current]).toEqual([1, 2, 3])
    const asked = queries

    for (let i = 0; i < 20; i++) {
      const refused = await incr(store, key, windowMs, 2)
      expect(refused.current).toBeGreaterThan(2)
      expect(refused.ttl).toBeGreaterThan(0)
      expect(refused.ttl).toBeLessThanOrEqual(windowMs)
    }
    expect(queries).toBe(asked)
    // Another process has no memory of it, and the database still refuses.
    expect((await incr(new (pgRateLimitStore(t.db))(route), key, windowMs, 2)).current).toBe(4)

    await new Promise((resolve) => setTimeout(resolve, windowMs + 50))
    expect((await incr(store, key, windowMs, 2)).current).toBe(1)
    expect(queries).toBeGreaterThan(asked)
  })
  it('keeps its windows in a table without write-ahead log, so a counted write never waits for the disk', async () => {
    const result = await t.db.execute(sql`select relpersistence from pg_class where relname = 'rate_limit_hits'`)
    expect((result as unknown as { rows: { relpersistence: string }[] }).rows).toEqual([{ relpersistence: 'u' }])
  })
})
