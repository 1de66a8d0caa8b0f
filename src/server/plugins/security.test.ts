import { eq } from 'drizzle-orm'
import Fastify, { type LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betaRequests, users } from '#server/db/schema.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aBetaRequest,
  aSignUp,
  browserHeaders,
  createUser,
  getAuthUser,
  pathOf,
  signUp,
  verificationLink,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { errorHandler } from './error-handler.ts'
import { security } from './security.ts'

// The app as deployed behind HTTPS: origin checks, security headers, Secure cookies.
const BASE_URL = 'https://fieldmark.example'
const OWN = browserHeaders(undefined, BASE_URL)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ config: { baseUrl: BASE_URL } })
})
afterAll(() => t?.close())

function post(url: string, headers: Record<string, string>, payload: object = {}) {
  return t.app.inject({ method: 'POST', url, headers, payload })
}

async function requestCount(email: string) {
  return (await t.db.select().from(betaRequests).where(eq(betaRequests.email, email))).length
}

describe('origin check on state-changing requests', () => {
  it('accepts a POST from our own origin', async () => {
    const body = aBetaRequest()
    expect((await post('/api/beta-access-request', OWN, body)).statusCode).toBe(201)
  })

  it.each([
    ['another site', 'https://evil.example'],
    ['our host over plain http', 'http://fieldmark.example'],
    ['another port', 'https://fieldmark.example:8443'],
    ['an opaque origin', 'null'],
  ])('refuses a POST from %s on our routes and stores nothing', async (_name, origin) => {
    const body = aBetaRequest()
    const res = await post('/api/beta-access-request', { origin }, body)
    expectApiError(res, 403, 'Cross-origin request refused')
    expect(await requestCount(body.email)).toBe(0)
  })

  it('refuses a foreign origin on the identity routes too (sign-up, sign-in)', async () => {
    const input = aSignUp()
    const signUpRes = await post(
      '/api/identity/sign-up/email',
      { origin: 'https://evil.example' },
      { ...input, name: 'Eve Evil' },
    )
    expectApiError(signUpRes, 403, 'Cross-origin request refused')
    expect(await t.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(0)

    const user = await createUser(t, { state: 'member', verify: 'mark' })
    const signInRes = await post(
      '/api/identity/sign-in/email',
      { origin: 'https://evil.example' },
      { email: user.email, password: user.password },
    )
    expectApiError(signInRes, 403, 'Cross-origin request refused')
    expect(signInRes.headers['set-cookie']).toBeUndefined()
  })

  it('refuses a foreign origin on a signed-in request (alpha gate, admin)', async () => {
    const user = await createUser(t, { state: 'approved', verify: 'mark' })
    const evil = { origin: 'https://evil.example', cookie: user.cookie }
    expectApiError(
      await post('/api/alpha-access', evil, { password: 'test-alpha' }),
      403,
      'Cross-origin request refused',
    )
    expect((await getAuthUser(t, user.cookie)).json().gatePassed).toBe(false)
    expectApiError(await post(`/api/admin/users/${user.id}/approve`, evil), 403, 'Cross-origin request refused')
  })

  it('refuses a POST marked Sec-Fetch-Site: cross-site even without an Origin', async () => {
    const body = aBetaRequest()
    const res = await post('/api/beta-access-request', { 'sec-fetch-site': 'cross-site' }, body)
    expectApiError(res, 403, 'Cross-origin request refused')
    expect(await requestCount(body.email)).toBe(0)
    const identity = await post(
      '/api/identity/sign-up/email',
      { 'sec-fetch-site': 'cross-site' },
      { ...aSignUp(), name: 'x' },
    )
    expectApiError(identity, 403, 'Cross-origin request refused')
  })

  it('accepts Sec-Fetch-Site same-origin', async () => {
    const res = await post('/api/beta-access-request', { 'sec-fetch-site': 'same-origin' }, aBetaRequest())
    expect(res.statusCode).toBe(201)
  })

  it('refuses a cookie-carrying identity POST with no Origin at all (better-auth CSRF check)', async () => {
    const user = await createUser(t, { state: 'member', verify: 'mark' })
    const res = await post('/api/identity/sign-out', { cookie: user.cookie })
    expect(res.statusCode).toBe(403)
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
  })

  it('lets other sites read nothing: no CORS headers, even on GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/community-stats',
      headers: { origin: 'https://evil.example' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
  })
})

/** The Content-Security-Policy header as directive → sources. */
function csp(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '')
  return new Map(
    header
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...sources] = d.split(/\s+/)
        return [name, sources] as const
      }),
  )
}

describe('security headers', () => {
  it('the CSP allows only our own origin', async () => {
    const policy = csp(await t.app.inject({ method: 'GET', url: '/api/auth/config' }))

    expect(policy.get('default-src')).toEqual(["'self'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'self'"])
    expect(policy.get('form-action')).toEqual(["'self'"])
    // No other host, scheme-wide or wildcard source anywhere; inline allowed for styles only.
    const allowed = new Set(["'self'", "'none'", 'data:', 'blob:'])
    for (const [directive, sources] of policy) {
      for (const source of sources) {
        if (directive === 'style-src' && source === "'unsafe-inline'") continue
        expect(allowed, `${directive} ${source}`).toContain(source)
      }
    }
    expect(policy.has('upgrade-insecure-requests')).toBe(true)
  })

  it.each([
    ['a JSON route', 'GET', '/api/auth/config'],
    ['an error', 'GET', '/api/auth/user'],
    ['an unknown route', 'GET', '/api/nothing-here'],
    ['better-auth', 'GET', '/api/identity/get-session'],
  ] as const)('sends nosniff, the CSP and HSTS on %s', async (_name, method, url) => {
    const res = await t.app.inject({ method, url })
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['content-security-policy']).toContain("default-src 'self'")
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/)
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('behind plain http sends neither HSTS nor upgrade-insecure-requests', async () => {
    const app = Fastify()
    await app.register(errorHandler)
    await app.register(security, { baseUrl: 'http://192.168.1.20:5000' })
    app.get('/ping', async () => ({ ok: true }))
    const res = await app.inject({ method: 'GET', url: '/ping' })
    await app.close()

    expect(res.statusCode).toBe(200)
    expect(res.headers['strict-transport-security']).toBeUndefined()
    expect(csp(res).has('upgrade-insecure-requests')).toBe(false)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
  })
})

describe('session cookie behind HTTPS', () => {
  it('is Secure, HttpOnly, SameSite=Lax and __Secure- prefixed, and works', async () => {
    const user = await signUp(t)
    const res = await t.app.inject({ method: 'GET', url: pathOf(await verificationLink(t, user.email)) })
    expect(res.statusCode).toBe(302)
    const raw = res.headers['set-cookie']
    const cookie = (Array.isArray(raw) ? raw : [String(raw)]).find((c) => c.includes('session_token='))

    expect(cookie).toMatch(/^__Secure-fieldmark\.session_token=[^;]+/)
    expect(cookie).toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/;\s*HttpOnly/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    const me = await getAuthUser(t, cookie?.split(';')[0])
    expect(me.statusCode).toBe(200)
    expect(me.json().id).toBe(user.id)
  })
})
