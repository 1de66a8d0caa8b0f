import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// The guards' answers; which route uses which guard is the authorization matrix (src/server/authorization.test.ts).

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('the guards of app routes', () => {
  const oneRow = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/bench/one-row', headers: browserHeaders(cookie) })

  it('refuses signed-out, pending and ungated callers with the reason', async () => {
    expectApiError(await oneRow(), 401, 'Sign in to continue')
    const pending = await createUser(t, { state: 'pending', verify: 'mark' })
    expectApiError(await oneRow(pending.cookie), 403, 'Your beta access is pending review')
    const approved = await createUser(t, { state: 'approved', verify: 'mark' })
    expectApiError(await oneRow(approved.cookie), 403, 'Enter the alpha password to continue')
  })

  it('refuses a member who is not an admin on admin routes', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta-requests',
      headers: browserHeaders(member.cookie),
    })
    expectApiError(res, 403, 'Admin access required')
  })
})

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document of the Fieldmark API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, object> }
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.info.title).toBe('Fieldmark API')
    expect(Object.keys(doc.paths)).toContain('/api/beta-access-request')
  })

  it('carries the request schema of the beta request form', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const body = doc.paths['/api/beta-access-request'].post.requestBody.content['application/json'].schema
    expect(body.required).toEqual(
      expect.arrayContaining(['email', 'firstName', 'lastName', 'huntingExperience', 'location']),
    )
    expect(body.properties.huntingExperience.enum).toEqual(['beginner', 'intermediate', 'advanced', 'expert'])
  })
})
