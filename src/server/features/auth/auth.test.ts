import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betaRequests, sessions, users } from '#server/db/schema.ts'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aSignUp,
  browserHeaders,
  createBetaRequest,
  createUser,
  getAuthUser,
  pathOf,
  postIdentity,
  sessionCookieFrom,
  signIn,
  signUp,
  uniqueEmail,
  verificationLink,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []
}

describe('sign-up and e-mail verification', () => {
  it('creates an unverified account, sends a verification e-mail and does not sign the user in', async () => {
    const input = aSignUp()
    const res = await postIdentity(t, '/sign-up/email', { ...input, name: 'Ada Lovelace' })

    expect(res.statusCode).toBe(200)
    expect(res.json()).not.toHaveProperty('token')
    expect(setCookies(res).some((c) => c.includes('session_token='))).toBe(false)
    const [row] = await t.db.select().from(users).where(eq(users.email, input.email))
    expect(row?.emailVerified).toBe(false)
    const mails = await t.mailsTo(input.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('Verify your Fieldmark e-mail')
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost:5000\/api\/identity\/verify-email\?token=/)
    expect(mails[0]?.text).toContain(mails[0]?.link)
  })

  it('answers a sign-up for an existing e-mail like a new one, and leaves that account alone', async () => {
    const owner = await createUser(t, { state: 'pending' })
    const fresh = await postIdentity(t, '/sign-up/email', { ...aSignUp(), name: 'New Person' })
    const duplicate = await postIdentity(t, '/sign-up/email', {
      ...aSignUp({ email: owner.email, password: 'attacker-Password-1' }),
      name: 'Someone Else',
    })

    expect(duplicate.statusCode).toBe(fresh.statusCode)
    expect(Object.keys(duplicate.json()).sort()).toEqual(Object.keys(fresh.json()).sort())
    expect(duplicate.json()).not.toHaveProperty('token')
    expect(await t.db.select().from(users).where(eq(users.email, owner.email))).toHaveLength(1)
    const attacker = await postIdentity(t, '/sign-in/email', { email: owner.email, password: 'attacker-Password-1' })
    expect(attacker.statusCode).toBe(401)
    expect((await getAuthUser(t, await signIn(t, owner.email, owner.password))).json().id).toBe(owner.id)
    const notice = (await t.mailsTo(owner.email)).filter((m) => m.subject === 'You already have a Fieldmark account')
    expect(notice).toHaveLength(1)
    expect(notice[0]?.link).toBe('http://localhost:5000/sign-in')
  })

  it('requires first and last name at sign-up', async () => {
    const { firstName: _f, ...withoutFirst } = aSignUp()
    const res = await postIdentity(t, '/sign-up/email', { ...withoutFirst, name: 'x' })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe('firstName is required')

    const blankLast = await postIdentity(t, '/sign-up/email', { ...aSignUp({ lastName: '  ' }), name: 'x' })
    expect(blankLast.statusCode).toBe(400)
    expect(blankLast.json().message).toBe('lastName is required')
  })

  it('refuses a password shorter than 8 characters', async () => {
    const input = aSignUp({ password: 'short7!' })
    const res = await postIdentity(t, '/sign-up/email', { ...input, name: 'x' })
    expect(res.statusCode).toBe(400)
    const [row] = await t.db.select().from(users).where(eq(users.email, input.email))
    expect(row).toBeUndefined()
  })

  it('refuses to sign in before the e-mail is verified', async () => {
    const user = await signUp(t)
    const res = await postIdentity(t, '/sign-in/email', { email: user.email, password: user.password })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('EMAIL_NOT_VERIFIED')
    expect(setCookies(res).some((c) => c.includes('session_token='))).toBe(false)
  })

  it('following the e-mailed link verifies the address and signs the user in', async () => {
    const user = await signUp(t)
    const res = await t.app.inject({ method: 'GET', url: pathOf(await verificationLink(t, user.email)) })

    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    const me = await getAuthUser(t, sessionCookieFrom(res))
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ id: user.id, email: user.email, betaApproved: false, isAdmin: false })
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.emailVerified).toBe(true)
  })

  it('does not verify with a tampered link', async () => {
    const user = await signUp(t)
    const link = (await verificationLink(t, user.email)).replace(/token=([^&]+)/, (_m, tok: string) => `token=${tok}x`)
    const res = await t.app.inject({ method: 'GET', url: pathOf(link) })
    expect(setCookies(res).some((c) => /session_token=[^;]/.test(c))).toBe(false)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.emailVerified).toBe(false)
  })
})

describe('session cookie', () => {
  it('is HttpOnly and SameSite=Lax, and not Secure over plain http', async () => {
    const user = await signUp(t)
    const res = await t.app.inject({ method: 'GET', url: pathOf(await verificationLink(t, user.email)) })
    const cookie = setCookies(res).find((c) => c.startsWith('fieldmark.session_token='))
    expect(cookie).toBeDefined()
    expect(cookie).toMatch(/;\s*HttpOnly/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    expect(cookie).not.toMatch(/;\s*Secure/i)
    expect(cookie).toMatch(/;\s*Path=\//)
  })
})

describe('the session token stays in the HttpOnly cookie', () => {
  /** The token inside a signed session cookie (`token.signature`, URL-encoded). */
  function tokenOf(cookie: string): string {
    const value = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1))
    const token = value.split('.')[0] ?? ''
    expect(token.length).toBeGreaterThan(16)
    return token
  }

  it('is in no identity answer: sign-in, get-session, list-sessions', async () => {
    const user = await createUser(t, { state: 'member' })
    const signInRes = await postIdentity(t, '/sign-in/email', { email: user.email, password: user.password })
    expect(signInRes.statusCode).toBe(200)
    const cookie = sessionCookieFrom(signInRes)
    const token = tokenOf(cookie)
    expect(signInRes.body).not.toContain(token)
    expect(signInRes.json()).not.toHaveProperty('token')
    expect(signInRes.json().user.email).toBe(user.email)

    for (const path of ['/get-session', '/list-sessions']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/identity${path}`, headers: { cookie } })
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain(token)
      expect(res.body).not.toContain(tokenOf(user.cookie))
      expect(res.body).not.toMatch(/"token"/)
    }
  })
})

describe('GET /api/auth/user', () => {
  it('answers 401 in the error shape when signed out', async () => {
    expectApiError(await getAuthUser(t), 401, 'Sign in to continue')
  })

  it('answers 401 for a cookie that is not a valid session', async () => {
    const res = await getAuthUser(t, 'fieldmark.session_token=forged.c2lnbmF0dXJl')
    expectApiError(res, 401)
  })

  it('answers exactly the user fields of docs/product.md §7 when signed in', async () => {
    const user = await createUser(t, { state: 'pending', firstName: 'Fred', lastName: 'Bear' })
    const res = await getAuthUser(t, user.cookie)

    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(Object.keys(body).sort()).toEqual(
      ['betaApproved', 'email', 'firstName', 'gatePassed', 'id', 'isAdmin', 'lastName', 'profileImageUrl'].sort(),
    )
    expect(AuthUserSchema.parse(body)).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Fred',
      lastName: 'Bear',
      profileImageUrl: null,
      betaApproved: false,
      isAdmin: false,
      gatePassed: false,
    })
  })
})

describe('sign-in', () => {
  it('signs a verified user in with the right password', async () => {
    const user = await createUser(t, { state: 'pending' })
    const cookie = await signIn(t, user.email, user.password)
    const res = await getAuthUser(t, cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json().id).toBe(user.id)
  })

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const user = await createUser(t, { state: 'pending' })
    const wrongPassword = await postIdentity(t, '/sign-in/email', { email: user.email, password: 'not-the-password' })
    const unknownEmail = await postIdentity(t, '/sign-in/email', {
      email: uniqueEmail('nobody'),
      password: user.password,
    })

    expect(wrongPassword.statusCode).toBe(401)
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode)
    expect(unknownEmail.json()).toEqual(wrongPassword.json())
    expect(wrongPassword.json().message).toBe('Invalid email or password')
  })

  it('matches the e-mail case-insensitively', async () => {
    const user = await createUser(t, { state: 'pending' })
    const cookie = await signIn(t, user.email.toUpperCase(), user.password)
    expect((await getAuthUser(t, cookie)).json().id).toBe(user.id)
  })
})

describe('password reset', () => {
  function requestReset(email: string) {
    return postIdentity(t, '/request-password-reset', { email, redirectTo: '/reset-password' })
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const user = await createUser(t, { state: 'pending' })
    const stranger = uniqueEmail('stranger')
    const known = await requestReset(user.email)
    const unknown = await requestReset(stranger)

    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
    expect((await t.mailsTo(user.email)).filter((m) => m.subject === 'Reset your Fieldmark password')).toHaveLength(1)
    expect(await t.mailsTo(stranger)).toHaveLength(0)
  })

  it('resets the password once through the e-mailed link and revokes existing sessions', async () => {
    const user = await createUser(t, { state: 'member' })
    // The old session has been checked (and cached) before the reset.
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)

    await requestReset(user.email)
    const mail = (await t.mailsTo(user.email)).findLast((m) => m.subject === 'Reset your Fieldmark password')
    expect(mail?.link).toBeDefined()
    const landing = await t.app.inject({ method: 'GET', url: pathOf(mail?.link ?? '') })
    expect(landing.statusCode).toBe(302)
    const location = new URL(landing.headers.location as string, 'http://localhost:5000')
    expect(location.pathname).toBe('/reset-password')
    const token = location.searchParams.get('token')
    expect(token).toBeTruthy()

    const newPassword = 'a-brand-new-Password-9'
    const reset = await postIdentity(t, '/reset-password', { token, newPassword })
    expect(reset.statusCode).toBe(200)

    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(401)
    const again = await postIdentity(t, '/reset-password', { token, newPassword: 'yet-another-Password-1' })
    expect(again.statusCode).toBe(400)
    const oldPassword = await postIdentity(t, '/sign-in/email', { email: user.email, password: user.password })
    expect(oldPassword.statusCode).toBe(401)
    const cookie = await signIn(t, user.email, newPassword)
    expect((await getAuthUser(t, cookie)).statusCode).toBe(200)
  })
})

describe('password reset of an unverified account', () => {
  it('proves the address like a verification link: the owner can then sign in, and an approved request applies', async () => {
    // Someone signed up with this address and never verified it; the mailbox's owner resets the password.
    const squatted = await signUp(t)
    const request = await createBetaRequest(t, { email: squatted.email })
    await t.db.update(betaRequests).set({ status: 'approved' }).where(eq(betaRequests.id, request.id))

    await postIdentity(t, '/request-password-reset', { email: squatted.email, redirectTo: '/reset-password' })
    const mail = (await t.mailsTo(squatted.email)).findLast((m) => m.subject === 'Reset your Fieldmark password')
    const landing = await t.app.inject({ method: 'GET', url: pathOf(mail?.link ?? '') })
    const token = new URL(landing.headers.location as string, 'http://localhost:5000').searchParams.get('token')
    const newPassword = 'owner-takes-it-Back-7'
    expect((await postIdentity(t, '/reset-password', { token, newPassword })).statusCode).toBe(200)

    const [row] = await t.db.select().from(users).where(eq(users.email, squatted.email))
    expect(row).toMatchObject({ emailVerified: true, betaApproved: true })
    const me = await getAuthUser(t, await signIn(t, squatted.email, newPassword))
    expect(me.json()).toMatchObject({ email: squatted.email, betaApproved: true })
  })
})

describe('sign-out', () => {
  it('GET /api/logout ends the session, clears the cookie and returns to /', async () => {
    const user = await createUser(t, { state: 'member' })
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200) // now in the session cache

    const res = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: user.cookie } })

    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
    expect(setCookies(res).some((c) => /^fieldmark\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true)
    expectApiError(await getAuthUser(t, user.cookie), 401)
  })

  it('GET /api/logout without a session just returns to /', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
  })

  it('GET /api/logout from a page of ours, or typed in the address bar, ends the session', async () => {
    for (const site of ['same-origin', 'none']) {
      const user = await createUser(t, { state: 'member' })
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: user.cookie, 'sec-fetch-site': site },
      })
      expect(res.statusCode).toBe(302)
      expect(setCookies(res).some((c) => /^fieldmark\.session_token=;/.test(c))).toBe(true)
      expectApiError(await getAuthUser(t, user.cookie), 401)
    }
  })

  it('GET /api/logout from another site returns to / and leaves the session alone', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const user = await createUser(t, { state: 'member' })
      expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie: user.cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      })
      expect(res.statusCode).toBe(302)
      expect(res.headers.location).toBe('/')
      expect(setCookies(res)).toEqual([])
      expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
      const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id))
      expect(session).toBeDefined()
    }
  })

  it('POST /api/logout ends the session and clears the cookie', async () => {
    const user = await createUser(t, { state: 'member' })
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'POST', url: '/api/logout', headers: browserHeaders(user.cookie) })
    expect(res.statusCode).toBe(204)
    expect(setCookies(res).some((c) => /^fieldmark\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true)
    expectApiError(await getAuthUser(t, user.cookie), 401)
  })

  it('POST /api/logout from another site is refused and leaves the session alone', async () => {
    const user = await createUser(t, { state: 'member' })
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'http://sub.localhost:5000' },
      { 'sec-fetch-site': 'cross-site' },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: { ...headers, cookie: user.cookie },
      })
      expectApiError(res, 403)
    }
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
  })

  it('POST /api/logout is in the API documentation', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    expect(doc.paths['/api/logout'].post).toMatchObject({ tags: ['auth'], summary: expect.any(String) })
  })

  it('POST /api/identity/sign-out ends the session too, despite the session cache', async () => {
    const user = await createUser(t, { state: 'member' })
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
    const res = await postIdentity(t, '/sign-out', {}, user.cookie)
    expect(res.statusCode).toBe(200)
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(401)
  })

  it('revoking the other sessions ends them at once, despite the session cache', async () => {
    const user = await createUser(t, { state: 'member' })
    const phone = await signIn(t, user.email, user.password)
    expect((await getAuthUser(t, phone)).statusCode).toBe(200)
    const res = await postIdentity(t, '/revoke-other-sessions', {}, user.cookie)
    expect(res.statusCode).toBe(200)
    expect((await getAuthUser(t, phone)).statusCode).toBe(401)
    expect((await getAuthUser(t, user.cookie)).statusCode).toBe(200)
  })

  it('ends only the session that signs out', async () => {
    const user = await createUser(t, { state: 'member' })
    const phone = await signIn(t, user.email, user.password)
    await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: user.cookie } })
    expect((await getAuthUser(t, phone)).statusCode).toBe(200)
  })
})

describe('GET /api/login', () => {
  it('sends a signed-out visitor to the sign-in screen', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/login' })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/sign-in')
  })

  it('sends a signed-in user home', async () => {
    const user = await createUser(t, { state: 'pending' })
    const res = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: user.cookie } })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
  })
})

describe('GET /api/auth/config', () => {
  it('tells the client which sign-in methods and gates are on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ oidc: false, alphaGate: true })
  })
})
