import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { memoryMailer } from '#server/lib/mailer.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { aBetaRequest, aSignUp, browserHeaders, createUser, uniqueEmail } from '#tests/support/factories.ts'
import { createTestApp, TEST_ALPHA_PASSWORD, type TestApp } from '#tests/support/test-app.ts'

// Small limits so each test reaches one; every test calls from its own client address (limits are per address),
// while the factories' set-up calls come from 127.0.0.1.
const LIMIT = 3
const WINDOW_MS = 60_000
const rule = { max: LIMIT, windowMs: WINDOW_MS }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({
    rateLimits: { signIn: rule, signUp: rule, passwordReset: rule, accessRequest: rule, alphaGate: rule },
  })
})
afterAll(() => t?.close())

let addressSequence = 0
function newAddress(): string {
  addressSequence += 1
  return `203.0.113.${addressSequence}`
}

function from(address: string, options: InjectOptions) {
  return t.app.inject({ ...options, remoteAddress: address, headers: { ...browserHeaders(), ...options.headers } })
}

/** Sends `LIMIT` allowed calls and then one more; returns the statuses before and the last response. */
async function exhaust(address: string, next: () => InjectOptions) {
  const before: number[] = []
  for (let i = 0; i < LIMIT; i++) before.push((await from(address, next())).statusCode)
  return { before, over: await from(address, next()) }
}

const TOO_MANY = /^Too many attempts\. Please wait \d+ seconds and try again\.$/

function expectLimited(res: Awaited<ReturnType<typeof from>>) {
  const body = expectApiError(res, 429, TOO_MANY)
  expect(body.error.code).toBe('RATE_LIMITED')
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
}

describe('rate limits (per client address)', () => {
  it('sign-in answers 429 after its limit, even with the right password', async () => {
    const user = await createUser(t, { state: 'member', verify: 'mark' })
    const ip = newAddress()
    const { before } = await exhaust(ip, () => ({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload: { email: user.email, password: 'guess-123456' },
    }))
    expect(before).toEqual([401, 401, 401])

    const right = await from(ip, {
      method: 'POST',
      url: '/api/identity/sign-in/email',
      payload: { email: user.email, password: user.password },
    })
    expectLimited(right)
    expect(right.headers['set-cookie']).toBeUndefined()
  })

  it('sign-up answers 429 after its limit', async () => {
    const { before, over } = await exhaust(newAddress(), () => {
      const input = aSignUp()
      return { method: 'POST', url: '/api/identity/sign-up/email', payload: { ...input, name: 'x' } }
    })
    expect(before).toEqual([200, 200, 200])
    expectLimited(over)
  })

  it('password reset answers 429 after its limit', async () => {
    const { before, over } = await exhaust(newAddress(), () => ({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      payload: { email: uniqueEmail('forgetful'), redirectTo: '/reset-password' },
    }))
    expect(before).toEqual([200, 200, 200])
    expectLimited(over)
  })

  it('access requests answer 429 after their limit', async () => {
    const { before, over } = await exhaust(newAddress(), () => ({
      method: 'POST',
      url: '/api/beta-access-request',
      payload: aBetaRequest(),
    }))
    expect(before).toEqual([201, 201, 201])
    expectLimited(over)
  })

  it('the alpha gate answers 429 after its limit per member, even to the right password', async () => {
    const user = await createUser(t, { state: 'approved', verify: 'mark' })
    const ip = newAddress()
    const gate = (password: string): InjectOptions => ({
      method: 'POST',
      url: '/api/alpha-access',
      headers: { cookie: user.cookie },
      payload: { password },
    })
    const { before } = await exhaust(ip, () => gate('guess'))
    expect(before).toEqual([403, 403, 403])

    expectLimited(await from(ip, gate(TEST_ALPHA_PASSWORD)))
    // Counted per member: another address does not help the guesser, and another member there still passes.
    expectLimited(await from(newAddress(), gate(TEST_ALPHA_PASSWORD)))
    const other = await createUser(t, { state: 'approved', verify: 'mark' })
    const otherGate = { ...gate(TEST_ALPHA_PASSWORD), headers: { cookie: other.cookie } }
    expect((await from(ip, otherGate)).statusCode).toBe(200)
  })

  it('counts each address separately, and each kind of identity call separately', async () => {
    const ip = newAddress()
    const { over } = await exhaust(ip, () => ({
      method: 'POST',
      url: '/api/identity/request-password-reset',
      payload: { email: uniqueEmail('forgetful'), redirectTo: '/reset-password' },
    }))
    expectLimited(over)

    const otherAddress = await from(newAddress(), {
      method: 'POST',
      url: '/api/identity/request-password-reset',
      payload: { email: uniqueEmail('forgetful'), redirectTo: '/reset-password' },
    })
    expect(otherAddress.statusCode).toBe(200)
    const signUpSameAddress = await from(ip, {
      method: 'POST',
      url: '/api/identity/sign-up/email',
      payload: { ...aSignUp(), name: 'x' },
    })
    expect(signUpSameAddress.statusCode).toBe(200)
  })
})

describe('rate limits across server processes', () => {
  it('two app instances on one database share the counters', async () => {
    const second = await buildApp({
      db: t.db,
      config: t.config,
      mailer: memoryMailer(),
      rateLimits: { accessRequest: rule },
    })
    try {
      const ip = newAddress()
      const request = () => ({
        method: 'POST' as const,
        url: '/api/beta-access-request',
        remoteAddress: ip,
        headers: browserHeaders(),
        payload: aBetaRequest(),
      })
      const statuses = [
        (await t.app.inject(request())).statusCode,
        (await second.inject(request())).statusCode,
        (await t.app.inject(request())).statusCode,
      ]
      expect(statuses).toEqual([201, 201, 201])
      expectLimited(await second.inject(request()))
    } finally {
      await second.close()
    }
  })
})
