import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { aSignUp, setAccessFlags, uniqueEmail } from '#tests/support/factories.ts'
import { createTestApp, TEST_BASE_URL, type TestApp } from '#tests/support/test-app.ts'
import { identityPath, isCanonicalIdentityUrl } from './auth.routes.ts'

// A listening server and node:http, because fetch and app.inject resolve dot segments before sending: an attacker's
// client sends the path exactly as written. Each test calls from its own address (X-Forwarded-For, trusted here).
const LIMIT = 3
const rule = { max: LIMIT, windowMs: 60_000 }

let t: TestApp
let port: number
beforeAll(async () => {
  t = await createTestApp({
    config: { trustProxy: true },
    rateLimits: { signIn: rule, signUp: rule, passwordReset: rule },
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  port = (t.app.server.address() as AddressInfo).port
})
afterAll(() => t?.close())

let addressSequence = 0
function newAddress(): string {
  addressSequence += 1
  return `198.51.100.${addressSequence}`
}

/** A verified account made through better-auth's server API, so that setting it up counts against no limit. */
async function verifiedUser() {
  const input = aSignUp()
  const { user } = await t.app.auth.api.signUpEmail({
    body: { ...input, name: `${input.firstName} ${input.lastName}` },
  })
  await setAccessFlags(t, user.id, { emailVerified: true })
  return input
}

type RawResponse = { status: number; body: string; setCookie: string[] }

/** POSTs JSON to `path` sent byte for byte as written. */
function rawPost(path: string, body: object, address: string): Promise<RawResponse> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          origin: new URL(TEST_BASE_URL).origin,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          'x-forwarded-for': address,
        },
      },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          text += chunk
        })
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: text, setCookie: res.headers['set-cookie'] ?? [] }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/** Ways of writing a path that a URL parser (and so better-auth's router) reads as the same path. */
function spellings(path: string): string[] {
  const [first, ...rest] = path.slice(1).split('/')
  const tail = rest.join('/')
  return [
    `/api/identity/.${path}`,
    `/api/identity/x/..${path}`,
    `/api/identity/${path}`,
    `/api/identity${path}/`,
    `/api/identity/%2e${path}`,
    `/api/identity/x/%2E%2e${path}`,
    `/api/identity/x\\..${path.replaceAll('/', '\\')}`,
    `/api/identity/../identity${path}`,
    ...(tail ? [`/api/identity/${first}/./${tail}`] : []),
  ]
}

describe('identity rate limits, whatever the spelling of the path', () => {
  it('sign-in: the raw client reaches better-auth through the plain path', async () => {
    const user = await verifiedUser()
    const res = await rawPost(
      '/api/identity/sign-in/email',
      { email: user.email, password: user.password },
      newAddress(),
    )
    expect(res.status).toBe(200)
    expect(res.setCookie.some((c) => c.includes('session_token='))).toBe(true)
  })

  it('sign-in: no other spelling signs in', async () => {
    const user = await verifiedUser()
    // Percent-encoded letters are not decoded by better-auth's router either.
    const encoded = ['/api/identity/%73ign-in/email', '/api/identity/sign-in/%65mail', '/api/identity/SIGN-IN/email']
    for (const path of [...spellings('/sign-in/email'), ...encoded]) {
      const res = await rawPost(path, { email: user.email, password: user.password }, newAddress())
      // Another spelling is no endpoint (404); a name no open endpoint has needs a session first (401).
      expect({ path, status: res.status }).toEqual({ path, status: path.includes('SIGN-IN') ? 401 : 404 })
      expect(res.setCookie).toEqual([])
    }
  })

  it('sign-in: every spelling counts against the one sign-in limit', async () => {
    const user = await verifiedUser()
    const address = newAddress()
    const paths = spellings('/sign-in/email')
    for (const path of paths) await rawPost(path, { email: user.email, password: 'a-wrong-guess-1' }, address)
    const right = await rawPost('/api/identity/sign-in/email', { email: user.email, password: user.password }, address)
    expect(right.status).toBe(429)
    expect(right.setCookie).toEqual([])
  })

  it('password reset: other spellings send no e-mail and use up the reset limit', async () => {
    const user = await verifiedUser()
    const address = newAddress()
    const before = (await t.mailsTo(user.email)).length
    for (const path of spellings('/request-password-reset')) {
      const res = await rawPost(path, { email: user.email, redirectTo: '/reset-password' }, address)
      expect([404, 429]).toContain(res.status)
    }
    const plain = await rawPost('/api/identity/request-password-reset', { email: user.email }, address)
    expect(plain.status).toBe(429)
    expect(await t.mailsTo(user.email)).toHaveLength(before)
  })

  it('sign-up: other spellings create no account and use up the sign-up limit', async () => {
    const address = newAddress()
    const emails: string[] = []
    for (const path of spellings('/sign-up/email')) {
      const email = uniqueEmail('spelled')
      emails.push(email)
      const body = { email, password: 'pw-spelled-Antler-1', name: 'A B', firstName: 'A', lastName: 'B' }
      expect([404, 429]).toContain((await rawPost(path, body, address)).status)
    }
    const body = {
      email: uniqueEmail('plain'),
      password: 'pw-plain-Antler-1',
      name: 'A B',
      firstName: 'A',
      lastName: 'B',
    }
    expect((await rawPost('/api/identity/sign-up/email', body, address)).status).toBe(429)
    for (const email of emails) expect(await t.mailsTo(email)).toEqual([])
  })
})

describe('identityPath', () => {
  it('reads every spelling as the path better-auth runs, and only the plain one as canonical', () => {
    expect(identityPath('/api/identity/sign-in/email?x=1')).toBe('/sign-in/email')
    expect(isCanonicalIdentityUrl('/api/identity/sign-in/email?x=/../y//')).toBe(true)
    for (const spelled of spellings('/sign-in/email')) {
      expect({ spelled, path: identityPath(spelled) }).toEqual({ spelled, path: '/sign-in/email' })
      expect({ spelled, canonical: isCanonicalIdentityUrl(spelled) }).toEqual({ spelled, canonical: false })
    }
  })
})
