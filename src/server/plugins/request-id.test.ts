import { Writable } from 'node:stream'
import Fastify from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectApiError } from '#tests/support/assertions.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { errorHandler } from './error-handler.ts'
import { requestIdOf, requestIds } from './request-id.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('request ids in the app', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it('a new one per request, in the X-Request-Id header', async () => {
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'GET', url: '/healthz' }),
    ])
    expect(a.headers['x-request-id']).toMatch(UUID)
    expect(b.headers['x-request-id']).toMatch(UUID)
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id'])
  })

  it("keeps a proxy's id that looks like one", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-7f3a:91.2_x' } })
    expect(res.headers['x-request-id']).toBe('lb-7f3a:91.2_x')
  })

  it.each([
    ['too long', 'a'.repeat(65)],
    ['with spaces and markup', 'a b<script>'],
    ['empty', ''],
  ])('replaces one %s with its own', async (_name, incoming) => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': incoming } })
    expect(res.headers['x-request-id']).toMatch(UUID)
  })

  it('is in every error body, the same as in the header', async () => {
    const unauthenticated = await t.app.inject({ method: 'GET', url: '/api/auth/user' })
    const body = expectApiError(unauthenticated, 401, 'Sign in to continue')
    expect(body.error.requestId).toBe(unauthenticated.headers['x-request-id'])

    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/beta-access-request',
      headers: { 'x-request-id': 'trace-1' },
      payload: {},
    })
    expect(expectApiError(invalid, 400).error.requestId).toBe('trace-1')

    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-route' })
    expect(expectApiError(unknown, 404).error.requestId).toBe(unknown.headers['x-request-id'])

    // Refused by the router, before any hook runs.
    const malformed = await t.app.inject({ method: 'GET', url: '/api/photos/%E0%A4%A/display' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().error.requestId).toBe(malformed.headers['x-request-id'])
    expect(malformed.headers['x-request-id']).toMatch(UUID)
  })
})

describe('request ids in the log', () => {
  it("are on the request's log lines", async () => {
    const lines: Record<string, unknown>[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
        done()
      },
    })
    const app = Fastify({ loggerInstance: pino(stream), genReqId: requestIdOf, requestIdHeader: false })
    await app.register(errorHandler)
    await app.register(requestIds)
    app.get('/work', async (req) => {
      req.log.info('working')
      throw new Error('boom')
    })
    try {
      const res = await app.inject({ method: 'GET', url: '/work', headers: { 'x-request-id': 'trace-42' } })
      expect(res.json().error).toEqual({ code: 'INTERNAL', message: 'Something went wrong', requestId: 'trace-42' })
      const ours = lines.filter((l) => l.msg === 'working' || l.msg === 'request failed')
      expect(ours).toHaveLength(2)
      for (const line of ours) expect(line.reqId).toBe('trace-42')
    } finally {
      await app.close()
    }
  })
})
