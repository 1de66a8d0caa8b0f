import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/env.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

const TOKEN = 'metrics-token-for-tests-0123456789'
const backend = process.env.TEST_DB ?? 'pglite'

let t: TestApp
let member: SignedInUser

function scrape(authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
}

/** The value of one sample line (`name{labels} value`). */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `))
  return found === undefined ? undefined : Number(found.slice(line.length + 1))
}

beforeAll(async () => {
  t = await createTestApp({ config: { metricsToken: TOKEN } })
  member = await createUser(t)
})
afterAll(() => t?.close())

describe('who reads GET /metrics', () => {
  it.each([
    ['no credentials', undefined],
    ['a wrong token', 'Bearer metrics-token-for-tests-0123456780'],
    ['the token in another scheme', `Basic ${TOKEN}`],
  ])('%s: 404, as if there were no such route', async (_name, authorization) => {
    expectApiError(await scrape(authorization), 404, 'Not found')
  })

  it('a member session does not open it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: { cookie: member.cookie } })
    expectApiError(res, 404, 'Not found')
  })

  it('a METRICS_TOKEN shorter than 16 characters stops the server at start', () => {
    const env = { SESSION_SECRET: 'x'.repeat(32), DATA_DIR: '/nonexistent-fieldmark-test' }
    expect(() => loadConfig({ ...env, METRICS_TOKEN: 'short-token' })).toThrow(/METRICS_TOKEN needs 16 characters/)
    expect(loadConfig({ ...env, METRICS_TOKEN: ` ${TOKEN} ` }).metricsToken).toBe(TOKEN)
    expect(loadConfig(env).metricsToken).toBeUndefined()
  })

  it('nobody, when no METRICS_TOKEN is set', async () => {
    const plain = await createTestApp()
    try {
      const res = await plain.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer ' } })
      expectApiError(res, 404, 'Not found')
    } finally {
      await plain.close()
    }
  })
})

describe('what GET /metrics tells', () => {
  let text: string
  const measurementId = randomUUID()

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        method: 'GET',
        url: `/api/measurements/${measurementId}`,
        headers: { cookie: member.cookie },
      })
    }
    await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: member.cookie } })
    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    text = res.body
  })

  it('requests by method, route pattern and status, with a latency histogram', () => {
    const labels = 'method="GET",route="/api/measurements/:id",status="404"'
    expect(sample(text, `fieldmark_http_request_duration_seconds_count{${labels}}`)).toBe(3)
    expect(sample(text, `fieldmark_http_request_duration_seconds_bucket{le="+Inf",${labels}}`)).toBe(3)
    expect(text).toContain(
      'fieldmark_http_request_duration_seconds_count{method="GET",route="/api/auth/user",status="200"} 1',
    )
  })

  it('never the raw URL, nor anything of a member', () => {
    expect(text).not.toContain(measurementId)
    expect(text).not.toContain(member.email)
    expect(text).not.toContain(member.id)
    expect(text).not.toContain(member.cookie.split('=')[1]?.slice(0, 20))
  })

  it('the database: the time of a query now, and the pool on PostgreSQL', () => {
    expect(sample(text, 'fieldmark_db_ping_seconds')).toBeGreaterThan(0)
    if (backend === 'postgres') {
      expect(sample(text, 'fieldmark_db_pool_connections')).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'fieldmark_db_pool_idle_connections')).toBeGreaterThanOrEqual(0)
      expect(sample(text, 'fieldmark_db_pool_waiting_requests')).toBe(0)
    } else {
      expect(text).not.toContain('fieldmark_db_pool_connections')
    }
  })

  it('the process defaults of prom-client', () => {
    // A counter of the CPU used since the previous scrape of this process, which another test's app may just have done.
    expect(sample(text, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(0)
    expect(sample(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0)
    expect(text).toContain('nodejs_eventloop_lag_seconds')
  })
})

describe('open notification streams', () => {
  it('counts the streams open in this process', async () => {
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, 'fieldmark_notification_streams')
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    if (!address || typeof address === 'string') throw new Error('no port')
    const abort = new AbortController()
    const res = await fetch(`http://127.0.0.1:${address.port}/api/notifications/stream`, {
      headers: { cookie: member.cookie },
      signal: abort.signal,
    })
    expect(res.status).toBe(200)
    try {
      const during = sample((await scrape(`Bearer ${TOKEN}`)).body, 'fieldmark_notification_streams')
      expect(before).toBe(0)
      expect(during).toBe(1)
    } finally {
      abort.abort()
    }
  })
})
