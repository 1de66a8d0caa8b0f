import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accounts, users } from '#server/db/schema.ts'
import {
  aSignUp,
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createUser,
  getAuthUser,
  pathOf,
  postIdentity,
  reviewBetaRequest,
  sessionCookieFrom,
  signUp,
  uniqueEmail,
  verificationLink,
} from '#tests/support/factories.ts'
import { type FakeOidc, type IdTokenMode, type OidcProfile, startFakeOidc } from '#tests/support/fake-oidc.ts'
import { createTestApp, TEST_BASE_URL, type TestApp } from '#tests/support/test-app.ts'
import { DISCOVERY_TIMEOUT_MS } from './oidc.discovery.ts'

// Sign-in through an OpenID Connect provider (OIDC_* set): a fake provider on 127.0.0.1 plays the part of
// Keycloak, Authentik or Google; the app talks to it over real HTTP, as in production.

const ADMIN_EMAIL = uniqueEmail('boss')
const UNVERIFIED_ADMIN_EMAIL = uniqueEmail('boss-unverified')
const CALLBACK_URL = `${TEST_BASE_URL}/api/identity/callback/oidc`

let idp: FakeOidc
let t: TestApp
beforeAll(async () => {
  idp = await startFakeOidc()
  t = await createTestApp({
    config: {
      oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      adminEmails: [ADMIN_EMAIL, UNVERIFIED_ADMIN_EMAIL],
    },
  })
})
afterAll(async () => {
  await t?.close()
  await idp?.close()
})

let sequence = 0
function aProfile(overrides: Partial<OidcProfile> = {}): OidcProfile {
  sequence += 1
  return {
    sub: `provider-user-${sequence}-${Date.now()}`,
    email: uniqueEmail('oidc'),
    email_verified: true,
    given_name: 'Grace',
    family_name: 'Hopper',
    ...overrides,
  }
}

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []
}

/** The Cookie header a browser sends back after this response: every cookie it set and did not clear. */
function cookieHeader(res: LightMyRequestResponse): string {
  return setCookies(res)
    .map((c) => c.split(';')[0] as string)
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}

/** GET /api/login as a signed-out browser: the provider URL it is sent to, and the cookies it now holds. */
async function startLogin() {
  const res = await t.app.inject({ method: 'GET', url: '/api/login' })
  expect(res.statusCode, res.body).toBe(302)
  return { res, authorizeUrl: new URL(res.headers.location as string), cookie: cookieHeader(res) }
}

/** The provider's authorization endpoint signs the user in and sends the browser back with a code. */
async function authorizeAtProvider(authorizeUrl: URL, profile: OidcProfile, idToken: IdTokenMode = 'none') {
  idp.signInAs(profile, { idToken })
  const res = await fetch(authorizeUrl, { redirect: 'manual' })
  expect(res.status, await res.clone().text()).toBe(302)
  return new URL(res.headers.get('location') as string)
}

/** The whole round trip: /api/login, the provider, then the app's callback with the browser's cookies. */
async function signInWithOidc(profile: OidcProfile, idToken: IdTokenMode = 'none') {
  const login = await startLogin()
  const callbackUrl = await authorizeAtProvider(login.authorizeUrl, profile, idToken)
  return t.app.inject({ method: 'GET', url: pathOf(callbackUrl.toString()), headers: { cookie: login.cookie } })
}

function hasSessionCookie(res: LightMyRequestResponse): boolean {
  return setCookies(res).some((c) => /^fieldmark\.session_token=[^;]+/.test(c))
}

/** Where a refused callback sends the browser: our sign-in page, with better-auth's code. */
function signInError(res: LightMyRequestResponse): string | null {
  expect(res.statusCode, res.body).toBe(302)
  const location = new URL(res.headers.location as string, TEST_BASE_URL)
  expect(location.pathname).toBe('/sign-in')
  return location.searchParams.get('error')
}

/** Settings' "Connect": better-auth's link flow, which needs the member's session, through the provider and back. */
async function connectFromSettings(cookie: string, profile: OidcProfile) {
  const start = await postIdentity(
    t,
    '/link-social',
    { provider: 'oidc', callbackURL: '/settings?connected=oidc', errorCallbackURL: '/settings' },
    cookie,
  )
  expect(start.statusCode, start.body).toBe(200)
  const callbackUrl = await authorizeAtProvider(new URL(start.json().url), profile)
  return t.app.inject({
    method: 'GET',
    url: pathOf(callbackUrl.toString()),
    headers: { cookie: `${cookie}; ${cookieHeader(start)}` },
  })
}

async function providerAccountsOf(userId: string) {
  return (await t.db.select().from(accounts).where(eq(accounts.userId, userId))).filter((a) => a.providerId === 'oidc')
}

describe('GET /api/login with OpenID Connect configured', () => {
  it("redirects to the provider's authorization endpoint with client_id, state and a PKCE challenge", async () => {
    const { res, authorizeUrl } = await startLogin()

    expect(`${authorizeUrl.origin}${authorizeUrl.pathname}`).toBe(`${idp.issuer}/authorize`)
    const q = authorizeUrl.searchParams
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe(idp.clientId)
    expect(q.get('redirect_uri')).toBe(CALLBACK_URL)
    expect(q.get('state')).toMatch(/^[\w-]{16,}$/)
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[\w-]{43}$/)
    expect(q.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(q.get('nonce')).toBeTruthy()
    expect(q.has('client_secret')).toBe(false)

    const state = setCookies(res).find((c) => c.startsWith('fieldmark.state='))
    expect(state).toBeDefined()
    expect(state).toMatch(/;\s*HttpOnly/i)
    expect(state).toMatch(/;\s*SameSite=Lax/i)
    expect(hasSessionCookie(res)).toBe(false)
  })

  it('gives every sign-in its own state and challenge', async () => {
    const first = (await startLogin()).authorizeUrl.searchParams
    const second = (await startLogin()).authorizeUrl.searchParams
    expect(second.get('state')).not.toBe(first.get('state'))
    expect(second.get('code_challenge')).not.toBe(first.get('code_challenge'))
  })

  it('sends a signed-in user home instead', async () => {
    const user = await createUser(t, { state: 'pending', verify: 'mark' })
    const res = await t.app.inject({ method: 'GET', url: '/api/login', headers: { cookie: user.cookie } })
    expect(res.statusCode).toBe(302)
    expect(res.headers.location).toBe('/')
  })
})

describe('the OpenID Connect callback', () => {
  it('signs the user in with the names from the profile', async () => {
    const profile = aProfile({ given_name: 'Fred', family_name: 'Bear' })
    const res = await signInWithOidc(profile)

    expect(res.statusCode, res.body).toBe(302)
    expect(res.headers.location).toBe('/')
    // The app sent the client secret and the PKCE verifier: the provider checks both before issuing tokens.
    expect(idp.tokenRequests.at(-1)).toEqual({ ok: true })
    const me = await getAuthUser(t, sessionCookieFrom(res))
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ email: profile.email, firstName: 'Fred', lastName: 'Bear' })
    const [account] = await t.db.select().from(accounts).where(eq(accounts.accountId, profile.sub))
    expect(account).toMatchObject({ providerId: 'oidc', userId: me.json().id })
  })

  it('builds a display name from the given and family names when the provider sends no name claim', async () => {
    const profile = aProfile({ given_name: 'Fred', family_name: 'Bear' })
    const me = await getAuthUser(t, sessionCookieFrom(await signInWithOidc(profile)))
    const [row] = await t.db.select().from(users).where(eq(users.id, me.json().id))
    expect(row?.name).toBe('Fred Bear')
  })

  it("keeps the provider's picture only when it is an https URL", async () => {
    const pictures: [string, string | null][] = [
      ['javascript:alert(1)', null],
      ['data:text/html,<script>alert(1)</script>', null],
      ['http://images.example/me.png', null],
      ['https://images.example/me.png', 'https://images.example/me.png'],
    ]
    for (const [picture, stored] of pictures) {
      const me = await getAuthUser(t, sessionCookieFrom(await signInWithOidc(aProfile({ picture }))))
      const [row] = await t.db.select().from(users).where(eq(users.id, me.json().id))
      expect({ picture, image: row?.image ?? null }).toEqual({ picture, image: stored })
    }
  })

  it('cuts names to the lengths a profile allows', async () => {
    const profile = aProfile({ given_name: 'G'.repeat(5_000), family_name: 'H'.repeat(90), name: 'N'.repeat(500) })
    const me = await getAuthUser(t, sessionCookieFrom(await signInWithOidc(profile)))
    const [row] = await t.db.select().from(users).where(eq(users.id, me.json().id))
    expect(row?.firstName).toBe('G'.repeat(60))
    expect(row?.lastName).toBe('H'.repeat(60))
    expect(row?.name).toBe('N'.repeat(121))
  })

  it('approves at once a verified e-mail that matches an approved request', async () => {
    const admin = await createAdmin(t)
    const request = await createBetaRequest(t)
    expect((await reviewBetaRequest(t, admin.cookie, request.id, 'approved')).statusCode).toBe(200)

    const res = await signInWithOidc(aProfile({ email: request.email }))

    expect(res.statusCode).toBe(302)
    const me = (await getAuthUser(t, sessionCookieFrom(res))).json()
    expect(me).toMatchObject({ email: request.email, betaApproved: true, isAdmin: false })
  })

  it('signs in but leaves pending a verified e-mail that matches no request', async () => {
    const res = await signInWithOidc(aProfile())

    expect(res.statusCode).toBe(302)
    const me = await getAuthUser(t, sessionCookieFrom(res))
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ betaApproved: false, isAdmin: false })
  })

  it('leaves pending a verified e-mail whose request is not approved yet', async () => {
    const request = await createBetaRequest(t)
    const res = await signInWithOidc(aProfile({ email: request.email }))
    expect((await getAuthUser(t, sessionCookieFrom(res))).json()).toMatchObject({ betaApproved: false })
  })

  it('makes an e-mail listed in ADMIN_EMAILS an admin', async () => {
    const res = await signInWithOidc(aProfile({ email: ADMIN_EMAIL }))

    expect(res.statusCode).toBe(302)
    const me = (await getAuthUser(t, sessionCookieFrom(res))).json()
    expect(me).toMatchObject({ email: ADMIN_EMAIL, isAdmin: true, betaApproved: true, gatePassed: true })
  })

  it('does not approve an e-mail the provider has not verified, even when an approved request matches', async () => {
    const admin = await createAdmin(t)
    const request = await createBetaRequest(t)
    await reviewBetaRequest(t, admin.cookie, request.id, 'approved')

    const res = await signInWithOidc(aProfile({ email: request.email, email_verified: false }))

    // Signed in, but the account's address is unverified, so no approved request can match it.
    expect(res.statusCode).toBe(302)
    const me = await getAuthUser(t, sessionCookieFrom(res))
    expect(me.json()).toMatchObject({ email: request.email, betaApproved: false, isAdmin: false })
    const [row] = await t.db.select().from(users).where(eq(users.email, request.email))
    expect(row?.emailVerified).toBe(false)
    // Our own verification e-mail is the way in: following it proves the address and approves the account.
    const verified = await t.app.inject({ method: 'GET', url: pathOf(await verificationLink(t, request.email)) })
    expect(verified.statusCode).toBe(302)
    expect((await getAuthUser(t, sessionCookieFrom(verified))).json()).toMatchObject({ betaApproved: true })
  })

  it('approves the account once the provider reports the e-mail verified on a later sign-in', async () => {
    const admin = await createAdmin(t)
    const request = await createBetaRequest(t)
    await reviewBetaRequest(t, admin.cookie, request.id, 'approved')
    const profile = aProfile({ email: request.email, email_verified: false })
    const first = await signInWithOidc(profile)
    expect((await getAuthUser(t, sessionCookieFrom(first))).json()).toMatchObject({ betaApproved: false })

    const second = await signInWithOidc({ ...profile, email_verified: true })

    expect((await getAuthUser(t, sessionCookieFrom(second))).json()).toMatchObject({ betaApproved: true })
    // The first browser's session sees the change too.
    expect((await getAuthUser(t, sessionCookieFrom(first))).json()).toMatchObject({ betaApproved: true })
  })

  it('does not make an unverified e-mail listed in ADMIN_EMAILS an admin', async () => {
    const res = await signInWithOidc(aProfile({ email: UNVERIFIED_ADMIN_EMAIL, email_verified: false }))
    expect(res.statusCode).toBe(302)
    expect((await getAuthUser(t, sessionCookieFrom(res))).json()).toMatchObject({ isAdmin: false, betaApproved: false })
  })

  it('signs the same provider user in again to the same account', async () => {
    const profile = aProfile()
    const first = await signInWithOidc(profile)
    const firstId = (await getAuthUser(t, sessionCookieFrom(first))).json().id
    const second = await signInWithOidc(profile)

    expect((await getAuthUser(t, sessionCookieFrom(second))).json().id).toBe(firstId)
    expect(await t.db.select().from(users).where(eq(users.email, profile.email))).toHaveLength(1)
  })

  it('does not take over an unverified password account with the same e-mail', async () => {
    const local = await signUp(t)
    const res = await signInWithOidc(aProfile({ email: local.email }))

    expect(signInError(res)).toBe('account_not_linked')
    expect(hasSessionCookie(res)).toBe(false)
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, local.id))).toHaveLength(1)
  })

  it('accepts an ID token signed with the key the provider publishes', async () => {
    const profile = aProfile({ given_name: 'Annie', family_name: 'Oakley' })
    const res = await signInWithOidc(profile, 'signed')
    expect(res.statusCode).toBe(302)
    expect((await getAuthUser(t, sessionCookieFrom(res))).json()).toMatchObject({
      email: profile.email,
      firstName: 'Annie',
      lastName: 'Oakley',
    })
  })

  it('refuses an ID token signed with any other key', async () => {
    const profile = aProfile()
    const res = await signInWithOidc(profile, 'foreign-key')

    expect(signInError(res)).toBe('unable_to_get_user_info')
    expect(hasSessionCookie(res)).toBe(false)
    expect(await t.db.select().from(users).where(eq(users.email, profile.email))).toHaveLength(0)
  })

  it('refuses a callback without the state cookie of the browser that started the sign-in', async () => {
    const profile = aProfile()
    const login = await startLogin()
    const callbackUrl = await authorizeAtProvider(login.authorizeUrl, profile)
    const res = await t.app.inject({ method: 'GET', url: pathOf(callbackUrl.toString()) })

    expect(signInError(res)).toBeTruthy()
    expect(hasSessionCookie(res)).toBe(false)
    expect(await t.db.select().from(users).where(eq(users.email, profile.email))).toHaveLength(0)
  })

  it('refuses the same callback twice', async () => {
    const login = await startLogin()
    const callbackUrl = pathOf((await authorizeAtProvider(login.authorizeUrl, aProfile())).toString())
    const first = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: login.cookie } })
    expect(hasSessionCookie(first)).toBe(true)

    const replay = await t.app.inject({ method: 'GET', url: callbackUrl, headers: { cookie: login.cookie } })
    expect(signInError(replay)).toBeTruthy()
    expect(hasSessionCookie(replay)).toBe(false)
  })
})

describe('an OpenID sign-in whose e-mail belongs to an existing account', () => {
  it.each(['admin', 'member'] as const)(
    "does not get the %s's session, though the provider says the e-mail is verified",
    async (state) => {
      const local = await createUser(t, { state, verify: 'mark' })
      const res = await signInWithOidc(aProfile({ email: local.email, email_verified: true }), 'signed')

      expect(signInError(res)).toBe('account_not_linked')
      expect(hasSessionCookie(res)).toBe(false)
      expect(await providerAccountsOf(local.id)).toHaveLength(0)
      // The account and its own session are as they were.
      expect((await getAuthUser(t, local.cookie)).json()).toMatchObject({ id: local.id, isAdmin: state === 'admin' })
    },
  )

  it.each(['admin', 'member'] as const)(
    'reaches the %s once they signed in with their password and connected the provider',
    async (state) => {
      const local = await createUser(t, { state, verify: 'mark' })
      const profile = aProfile({ email: local.email })

      const connected = await connectFromSettings(local.cookie, profile)

      expect(connected.statusCode, connected.body).toBe(302)
      expect(connected.headers.location).toBe('/settings?connected=oidc')
      expect(await providerAccountsOf(local.id)).toEqual([expect.objectContaining({ accountId: profile.sub })])
      const res = await signInWithOidc(profile)
      expect(res.headers.location).toBe('/')
      expect((await getAuthUser(t, sessionCookieFrom(res))).json()).toMatchObject({
        id: local.id,
        isAdmin: state === 'admin',
      })
    },
  )

  it('cannot be connected without a session', async () => {
    const res = await postIdentity(t, '/link-social', { provider: 'oidc', callbackURL: '/settings' })
    expect(res.statusCode).toBe(401)
  })

  it('connects only a provider identity with the same e-mail, verified by the provider, not used elsewhere', async () => {
    const local = await createUser(t, { state: 'member', verify: 'mark' })
    const elsewhere = aProfile()
    expect(hasSessionCookie(await signInWithOidc(elsewhere))).toBe(true)
    const refusals: [OidcProfile, string][] = [
      [aProfile(), 'email_does_not_match'],
      [aProfile({ email: local.email, email_verified: false }), 'unable_to_link_account'],
      [{ ...elsewhere, email: local.email }, 'account_already_linked_to_different_user'],
    ]
    for (const [profile, code] of refusals) {
      const res = await connectFromSettings(local.cookie, profile)
      const location = new URL(res.headers.location as string, TEST_BASE_URL)
      expect({ path: location.pathname, error: location.searchParams.get('error') }).toEqual({
        path: '/settings',
        error: code,
      })
    }
    expect(await providerAccountsOf(local.id)).toHaveLength(0)
  })

  it("loses the provider identity of whoever made the account when the address's owner resets the password", async () => {
    // Someone made an account with this address through a provider that did not verify it.
    const profile = aProfile({ email_verified: false })
    expect(hasSessionCookie(await signInWithOidc(profile))).toBe(true)

    await postIdentity(t, '/request-password-reset', { email: profile.email, redirectTo: '/reset-password' })
    const mail = (await t.mailsTo(profile.email)).findLast((m) => m.subject === 'Reset your Fieldmark password')
    const landing = await t.app.inject({ method: 'GET', url: pathOf(mail?.link ?? '') })
    const token = new URL(landing.headers.location as string, TEST_BASE_URL).searchParams.get('token')
    expect((await postIdentity(t, '/reset-password', { token, newPassword: 'owner-takes-it-Back-7' })).statusCode).toBe(
      200,
    )

    const [row] = await t.db.select().from(users).where(eq(users.email, profile.email))
    expect(await providerAccountsOf(row?.id ?? '')).toHaveLength(0)
    const again = await signInWithOidc({ ...profile, email_verified: true })
    expect(signInError(again)).toBe('account_not_linked')
    expect(hasSessionCookie(again)).toBe(false)
  })
})

describe('GET /api/login while the provider is down', () => {
  let down: FakeOidc
  let app: TestApp
  beforeAll(async () => {
    down = await startFakeOidc()
    app = await createTestApp({
      config: { oidc: { issuer: down.issuer, clientId: down.clientId, clientSecret: down.clientSecret } },
    })
  })
  afterAll(async () => {
    await app?.close()
    await down?.close()
  })

  async function timedLogin() {
    const started = performance.now()
    const res = await app.app.inject({ method: 'GET', url: '/api/login' })
    return { res, ms: performance.now() - started }
  }

  it.each(['hang', 'error'] as const)(
    'sends the browser to the sign-in page with provider_unavailable, without hanging (%s)',
    async (outage) => {
      down.setOutage(outage)
      try {
        const { res, ms } = await timedLogin()
        expect(res.statusCode).toBe(302)
        expect(res.headers.location).toBe('/sign-in?error=provider_unavailable')
        expect(ms).toBeLessThan(DISCOVERY_TIMEOUT_MS + 1_000)
      } finally {
        down.setOutage(null)
      }
    },
  )

  it('refuses to start connecting from Settings, with a message, without hanging', async () => {
    const member = await createUser(app, { state: 'member', verify: 'mark' })
    down.setOutage('hang')
    try {
      const started = performance.now()
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/identity/link-social',
        headers: browserHeaders(member.cookie),
        payload: { provider: 'oidc', callbackURL: '/settings', errorCallbackURL: '/settings' },
      })
      expect(performance.now() - started).toBeLessThan(DISCOVERY_TIMEOUT_MS + 1_000)
      expect(res.statusCode).toBe(502)
      expect(res.json().error).toMatchObject({
        code: 'UPSTREAM_FAILED',
        message: 'Single sign-on is not answering right now. Try again in a few minutes.',
      })
    } finally {
      down.setOutage(null)
    }
  })

  it('sends the browser to the provider again once it answers, asking for its discovery once a minute', async () => {
    const first = await timedLogin()
    expect(new URL(first.res.headers.location as string).origin).toBe(down.issuer)
    const asked = down.discoveryRequests()

    const second = await timedLogin()

    expect(new URL(second.res.headers.location as string).origin).toBe(down.issuer)
    expect(down.discoveryRequests()).toBe(asked)
  })
})

describe('a provider that does not answer while the app starts', () => {
  let late: FakeOidc
  let app: TestApp
  beforeAll(async () => {
    late = await startFakeOidc()
    late.setOutage('hang')
    app = await createTestApp({
      config: { oidc: { issuer: late.issuer, clientId: late.clientId, clientSecret: late.clientSecret } },
    })
  })
  afterAll(async () => {
    await app?.close()
    await late?.close()
  })

  it('holds up password sign-ups no longer than the discovery time limit', async () => {
    const started = performance.now()
    const res = await postIdentity(app, '/sign-up/email', { ...aSignUp(), name: 'Ada Lovelace' })
    expect(res.statusCode, res.body).toBe(200)
    // The limit, plus the sign-up's own work (hashing the password) on a busy test machine.
    expect(performance.now() - started).toBeLessThan(DISCOVERY_TIMEOUT_MS + 1_500)
  })

  it('signs in through the provider once it answers', async () => {
    late.setOutage(null)
    const login = await app.app.inject({ method: 'GET', url: '/api/login' })
    const authorizeUrl = new URL(login.headers.location as string)
    expect(authorizeUrl.origin).toBe(late.issuer)
    const profile = aProfile()
    late.signInAs(profile)
    const back = await fetch(authorizeUrl, { redirect: 'manual' })
    const callback = await app.app.inject({
      method: 'GET',
      url: pathOf(back.headers.get('location') as string),
      headers: { cookie: cookieHeader(login) },
    })
    expect(callback.headers.location).toBe('/')
    expect((await getAuthUser(app, sessionCookieFrom(callback))).json()).toMatchObject({ email: profile.email })
  })
})

describe('GET /api/auth/config', () => {
  it('tells the client that OpenID Connect sign-in is on', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/config' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ oidc: true, alphaGate: true })
  })
})
