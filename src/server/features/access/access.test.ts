import { eq, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adminSetupTokens, betaRequests, users } from '#server/db/schema.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aBetaRequest,
  browserHeaders,
  createBetaRequest,
  createUser,
  getAuthUser,
  uniqueEmail,
} from '#tests/support/factories.ts'
import { createTestApp, TEST_ALPHA_PASSWORD, type TestApp } from '#tests/support/test-app.ts'
import { adminSetupLinkAtStart, issueAdminSetupToken, RepeatMailThrottle } from './access.service.ts'

// This file never makes an admin except through the setup link, so the setup tests can rely on "no admin yet".

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

function postRequest(payload: object | string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/beta-access-request',
    headers: { ...browserHeaders(), ...headers },
    payload,
  })
}

async function requestRows(email: string) {
  return t.db.select().from(betaRequests).where(eq(betaRequests.email, email.toLowerCase()))
}

describe('POST /api/beta-access-request', () => {
  it('stores a pending request and answers 201', async () => {
    const body = aBetaRequest({ email: uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD') })
    const res = await postRequest(body)

    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      id: expect.any(String),
      status: 'pending',
      message: "We'll review your application and notify you soon!",
    })
    const [row] = await requestRows(body.email)
    expect(row).toMatchObject({
      id: res.json().id,
      email: body.email.toLowerCase(),
      firstName: body.firstName,
      lastName: body.lastName,
      huntingExperience: body.huntingExperience,
      location: body.location,
      reason: body.reason,
      status: 'pending',
    })
  })

  it('accepts a request without the optional reason', async () => {
    const { reason: _r, ...body } = aBetaRequest()
    const res = await postRequest(body)
    expect(res.statusCode).toBe(201)
    const [row] = await requestRows(body.email)
    expect(row?.reason).toBeNull()
  })

  it.each([
    ['email', { email: undefined }, 'Email is required'],
    ['email', { email: '   ' }, 'Email is required'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email'],
    ['email', { email: 'a@b' }, 'Please enter a valid email'],
    ['firstName', { firstName: undefined }, 'First name is required'],
    ['firstName', { firstName: ' ' }, 'First name is required'],
    ['lastName', { lastName: undefined }, 'Last name is required'],
    ['lastName', { lastName: '' }, 'Last name is required'],
    ['huntingExperience', { huntingExperience: undefined }, 'Please select your experience level'],
    ['huntingExperience', { huntingExperience: 'legendary' }, 'Please select your experience level'],
    ['location', { location: undefined }, 'Location is required'],
    ['location', { location: '  ' }, 'Location is required'],
  ])('answers 400 naming %s for %j', async (field, change, message) => {
    const body = { ...aBetaRequest(), ...change }
    const res = await postRequest(JSON.parse(JSON.stringify(body)))

    const error = expectApiError(res, 400, `${field}: ${message}`)
    expect(error.error.code).toBe('BAD_REQUEST')
    expect(error.error.issues).toContainEqual({ path: field, message })
    expect(await requestRows(typeof body.email === 'string' ? body.email.trim() : '')).toHaveLength(0)
  })

  it('names every invalid field at once', async () => {
    const res = await postRequest({ email: 'nope', firstName: '', lastName: '', location: '' })
    const paths = expectApiError(res, 400).error.issues?.map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(['email', 'firstName', 'lastName', 'huntingExperience', 'location']))
  })

  // A repeat answers exactly like a new request, so the answer tells nobody who applied or who is a member;
  // only the address's owner hears, by e-mail, where it stands.
  const NEW_REQUEST_ANSWER = {
    status: 'pending',
    message: "We'll review your application and notify you soon!",
  }
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

  function expectNewRequestAnswer(res: Awaited<ReturnType<typeof postRequest>>) {
    expect(res.statusCode).toBe(201)
    const { id, ...rest } = res.json()
    expect(id).toMatch(UUID)
    expect(rest).toEqual(NEW_REQUEST_ANSWER)
    return id as string
  }

  it('answers a new, a pending, an approved, a denied and a member address alike', async () => {
    const pending = await createBetaRequest(t)
    const approved = await createBetaRequest(t)
    await t.db.update(betaRequests).set({ status: 'approved' }).where(eq(betaRequests.id, approved.id))
    const denied = await createBetaRequest(t)
    await t.db.update(betaRequests).set({ status: 'denied' }).where(eq(betaRequests.id, denied.id))
    const member = await createUser(t, { state: 'member', verify: 'mark' })

    const answers = []
    for (const email of [uniqueEmail('new'), pending.email.toUpperCase(), approved.email, denied.email, member.email]) {
      const res = await postRequest(aBetaRequest({ email }))
      const headers = Object.keys(res.headers).sort()
      answers.push({ shape: [res.statusCode, res.headers['content-length'], headers], id: expectNewRequestAnswer(res) })
    }
    expect(new Set(answers.map((a) => JSON.stringify(a.shape))).size).toBe(1)
    expect(new Set(answers.map((a) => a.id)).size).toBe(answers.length)
    expect(answers.map((a) => a.id)).not.toContain(pending.id)
    expect(answers.map((a) => a.id)).not.toContain(approved.id)
  })

  it('stores nothing for a pending address and tells its owner by e-mail', async () => {
    const first = await createBetaRequest(t)
    const [before] = await requestRows(first.email)

    expectNewRequestAnswer(await postRequest(aBetaRequest({ email: first.email.toUpperCase(), firstName: 'Other' })))

    expect(await requestRows(first.email)).toEqual([before])
    const mails = await t.mailsTo(first.email)
    expect(mails.map((m) => m.subject)).toEqual(['Your Fieldmark beta access request is still pending'])
    expect(mails[0]?.text).toContain('Your earlier request is still pending review')
  })

  it('mails the owner of a pending address once a day, however often strangers repeat the request', async () => {
    const first = await createBetaRequest(t)
    for (let i = 0; i < 4; i++) expectNewRequestAnswer(await postRequest(aBetaRequest({ email: first.email })))
    expect(await t.mailsTo(first.email)).toHaveLength(1)
  })

  it('stores nothing for an approved address and tells its owner to sign in', async () => {
    const request = await createBetaRequest(t)
    await t.db.update(betaRequests).set({ status: 'approved' }).where(eq(betaRequests.id, request.id))

    expectNewRequestAnswer(await postRequest(aBetaRequest({ email: request.email })))

    expect(await requestRows(request.email)).toHaveLength(1)
    const [mail] = await t.mailsTo(request.email)
    expect(mail?.subject).toBe('You already have Fieldmark beta access')
    expect(mail?.link).toBe(`${t.config.baseUrl}/sign-in`)
    expect(mail?.text).toContain(`${t.config.baseUrl}/sign-in`)
  })

  it('stores nothing for a member without a request (approved directly or an admin) and tells them to sign in', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const before = (await t.mailsTo(member.email)).length

    expectNewRequestAnswer(await postRequest(aBetaRequest({ email: member.email })))

    expect(await requestRows(member.email)).toHaveLength(0)
    expect((await t.mailsTo(member.email)).slice(before).map((m) => m.subject)).toEqual([
      'You already have Fieldmark beta access',
    ])
  })

  it('keeps exactly one row when the same request arrives several times at once, and answers each alike', async () => {
    const body = aBetaRequest()
    const results = await Promise.all(Array.from({ length: 6 }, () => postRequest(body)))

    for (const r of results) expectNewRequestAnswer(r)
    expect(await requestRows(body.email)).toHaveLength(1)
    // The five repeats tell the owner once: one mail a day per address.
    expect(await t.mailsTo(body.email)).toHaveLength(1)
  })

  it('lets a denied applicant ask again', async () => {
    const request = await createBetaRequest(t)
    await t.db.update(betaRequests).set({ status: 'denied' }).where(eq(betaRequests.id, request.id))

    const res = await postRequest(aBetaRequest({ email: request.email }))
    const id = expectNewRequestAnswer(res)
    const rows = await requestRows(request.email)
    expect(rows.map((r) => r.status).sort()).toEqual(['denied', 'pending'])
    expect(rows.map((r) => r.id)).toContain(id)
    expect(await t.mailsTo(request.email)).toHaveLength(0)
  })

  it('answers 400 without a stack trace for a body that is not JSON', async () => {
    const res = await postRequest('{"email": "a@b.c", ', { 'content-type': 'application/json' })
    expectApiError(res, 400, 'The request body is not valid JSON')
  })

  it('answers 400 for an empty JSON body', async () => {
    const res = await postRequest('', { 'content-type': 'application/json' })
    expectApiError(res, 400, 'The request body is empty but JSON was declared')
  })

  it('answers 415 for a form-encoded body', async () => {
    const res = await postRequest('email=a%40b.c&firstName=A', {
      'content-type': 'application/x-www-form-urlencoded',
    })
    expectApiError(res, 415, 'Unsupported content type; send JSON')
  })

  it('answers 400 for a plain-text body', async () => {
    const body = aBetaRequest()
    const res = await postRequest(JSON.stringify(body), { 'content-type': 'text/plain' })
    expectApiError(res, 400, /expected object/)
    expect(await requestRows(body.email)).toHaveLength(0)
  })

  it('answers 413 for a body over the limit and stores nothing', async () => {
    const body = aBetaRequest({ reason: 'x'.repeat(200 * 1024) })
    const res = await postRequest(body)
    expectApiError(res, 413, 'The request body is too large')
    expect(await requestRows(body.email)).toHaveLength(0)
  })

  it('answers 400 for an over-long field', async () => {
    const res = await postRequest(aBetaRequest({ reason: 'x'.repeat(2001) }))
    expectApiError(res, 400, 'reason: Reason must be at most 2000 characters')
  })
})

describe('GET /api/community-stats', () => {
  async function stats() {
    const res = await t.app.inject({ method: 'GET', url: '/api/community-stats' })
    expect(res.statusCode).toBe(200)
    return res.json() as { members: number; requests: number; regions: number }
  }

  it('counts approved members, requests and distinct regions', async () => {
    const before = await stats()
    const approved = await createUser(t, { state: 'approved', verify: 'mark' })
    await createUser(t, { state: 'pending', verify: 'mark' })
    const region = `Zzyzx Flats ${approved.id}`
    await createBetaRequest(t, { location: region })
    await createBetaRequest(t, { location: ` ${region.toUpperCase()} ` })
    await createBetaRequest(t, { location: `Other ${region}` })

    const after = await stats()
    expect(after).toEqual({
      members: before.members + 1,
      requests: before.requests + 3,
      regions: before.regions + 2,
    })
  })

  it('is public and cacheable for a minute', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/community-stats' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=60')
  })
})

describe('POST /api/alpha-access (the alpha gate)', () => {
  function passGate(cookie: string | undefined, password: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/alpha-access',
      headers: browserHeaders(cookie),
      payload: { password },
    })
  }

  it('refuses a wrong password with its docs/product.md §8 message and keeps the gate closed', async () => {
    const user = await createUser(t, { state: 'approved' })
    const res = await passGate(user.cookie, 'not-it')
    expectApiError(res, 403, 'Incorrect password. Please try again.')
    expect((await getAuthUser(t, user.cookie)).json().gatePassed).toBe(false)
  })

  it('opens with the right password and is remembered on the account', async () => {
    const user = await createUser(t, { state: 'approved' })
    expect((await getAuthUser(t, user.cookie)).json()).toMatchObject({ betaApproved: true, gatePassed: false })

    const res = await passGate(user.cookie, TEST_ALPHA_PASSWORD)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ granted: true })

    expect((await getAuthUser(t, user.cookie)).json().gatePassed).toBe(true)
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.gatePassed).toBe(true)
    const oneRow = await t.app.inject({ method: 'GET', url: '/api/bench/one-row', headers: { cookie: user.cookie } })
    expect(oneRow.statusCode).toBe(200)
  })

  it('does not let a pending (unapproved) user through, even with the right password', async () => {
    const user = await createUser(t, { state: 'pending' })
    const res = await passGate(user.cookie, TEST_ALPHA_PASSWORD)
    expectApiError(res, 403, 'Your beta access is pending review')
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id))
    expect(row?.gatePassed).toBe(false)
  })

  it('answers 401 when signed out', async () => {
    expectApiError(await passGate(undefined, TEST_ALPHA_PASSWORD), 401)
  })

  it('answers 400 without a password', async () => {
    const user = await createUser(t, { state: 'approved', verify: 'mark' })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/alpha-access',
      headers: browserHeaders(user.cookie),
      payload: {},
    })
    expectApiError(res, 400, 'password: Password is required')
  })
})

/** POST /api/setup/admin with a token and the first admin's details. */
function setupOn(on: TestApp, token: string, email = uniqueEmail('first-admin')) {
  return on.app.inject({
    method: 'POST',
    url: '/api/setup/admin',
    headers: browserHeaders(),
    payload: { token, email, firstName: 'Olive', lastName: 'Admin', password: 'setup-Password-42' },
  })
}

describe('the one-time admin setup link', () => {
  it('creates the first admin once; the link then fails and no new link is issued', async () => {
    const token = await issueAdminSetupToken(t.db)
    expect(token).toEqual(expect.any(String))
    const email = uniqueEmail('first-admin')

    const res = await setupOn(t, token as string, email)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ ok: true })
    const [admin] = await t.db.select().from(users).where(eq(users.email, email))
    expect(admin).toMatchObject({ isAdmin: true, betaApproved: true, emailVerified: true })

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/identity/sign-in/email',
      headers: browserHeaders(),
      payload: { email, password: 'setup-Password-42' },
    })
    expect(signIn.statusCode).toBe(200)

    expectApiError(await setupOn(t, token as string), 403, 'This setup link is invalid, expired or already used')
    expect(await issueAdminSetupToken(t.db)).toBeUndefined()
  })

  it('refuses an unknown token and creates no account', async () => {
    const email = uniqueEmail('would-be-admin')
    expectApiError(await setupOn(t, 'not-a-real-token', email), 403)
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })
})

describe('the setup link and existing accounts', () => {
  let fresh: TestApp
  beforeAll(async () => {
    fresh = await createTestApp()
  })
  afterAll(() => fresh?.close())

  it("keeps the profile's name rule: a name past its length is a 400 naming the field, and the link stays valid", async () => {
    const token = (await issueAdminSetupToken(fresh.db)) ?? ''
    const email = uniqueEmail('long-name')
    const res = await fresh.app.inject({
      method: 'POST',
      url: '/api/setup/admin',
      headers: browserHeaders(),
      payload: { token, email, firstName: 'O'.repeat(61), lastName: 'Admin', password: 'setup-Password-42' },
    })
    expectApiError(res, 400, 'firstName: First name must be at most 60 characters')
    expect(await fresh.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    const [link] = await fresh.db.select().from(adminSetupTokens).where(isNull(adminSetupTokens.usedAt))
    expect(link).toBeDefined()
  })

  it('answers 409 for an address that already has an account without spending the link', async () => {
    const existing = await createUser(fresh, { state: 'pending', verify: 'mark' })
    const token = await issueAdminSetupToken(fresh.db)
    expectApiError(await setupOn(fresh, token as string, existing.email), 409)
    const [row] = await fresh.db.select().from(users).where(eq(users.email, existing.email))
    expect(row?.isAdmin).toBe(false)
    expect((await setupOn(fresh, token as string)).statusCode).toBe(201)
  })

  it('tells nobody without a valid link whether an address exists', async () => {
    const existing = await createUser(fresh, { state: 'pending', verify: 'mark' })
    expectApiError(await setupOn(fresh, 'not-a-real-token', existing.email), 403)
  })
})

describe('the setup link once an admin exists', () => {
  const chief = uniqueEmail('chief')
  let app: TestApp
  beforeAll(async () => {
    app = await createTestApp({ config: { adminEmails: [chief] } })
  })
  afterAll(() => app?.close())
  // Each test starts from an install without an admin or a setup link.
  beforeEach(async () => {
    await app.db.update(users).set({ isAdmin: false })
    await app.db.delete(adminSetupTokens)
  })

  it('answers 403 before reading the body once an admin exists', async () => {
    await createUser(app, { state: 'admin', verify: 'mark' })
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/setup/admin',
      headers: browserHeaders(),
      payload: {},
    })
    expectApiError(res, 403, 'This setup link is invalid, expired or already used')
  })

  it('is dead once ADMIN_EMAILS made an admin: 403 like an invalid link, and no account is made', async () => {
    const token = await issueAdminSetupToken(app.db)
    const admin = await createUser(app, { email: chief, state: 'pending' })
    expect((await getAuthUser(app, admin.cookie)).json().isAdmin).toBe(true)
    const email = uniqueEmail('second-admin')

    expectApiError(
      await setupOn(app, token as string, email),
      403,
      'This setup link is invalid, expired or already used',
    )
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
  })

  it('is printed at start while no admin exists, and works', async () => {
    const link = await adminSetupLinkAtStart(app.db, { ...app.config, adminEmails: [] })
    expect(link).toMatch(/^http:\/\/localhost:5000\/setup\?token=[\w-]{40,}$/)
    expect((await setupOn(app, new URL(link as string).searchParams.get('token') as string)).statusCode).toBe(201)
  })

  it('is not printed at start once ADMIN_EMAILS names a verified account, and an earlier link is dead', async () => {
    const earlier = await adminSetupLinkAtStart(app.db, { ...app.config, adminEmails: [] })
    const user = await createUser(app, { state: 'pending', verify: 'mark' })

    expect(await adminSetupLinkAtStart(app.db, { ...app.config, adminEmails: [user.email] })).toBeUndefined()
    expect((await getAuthUser(app, user.cookie)).json().isAdmin).toBe(true)
    expectApiError(await setupOn(app, new URL(earlier as string).searchParams.get('token') as string), 403)
  })

  it('is not printed at start once any admin exists', async () => {
    const token = await issueAdminSetupToken(app.db)
    expect((await setupOn(app, token as string)).statusCode).toBe(201)
    expect(await adminSetupLinkAtStart(app.db, app.config)).toBeUndefined()
  })

  it('makes one admin when two links from two starts are used at once', async () => {
    const [a, b] = [await issueAdminSetupToken(app.db), await issueAdminSetupToken(app.db)]
    const results = await Promise.all([setupOn(app, a as string), setupOn(app, b as string)])
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 403])
    expect(await app.db.select().from(users).where(eq(users.isAdmin, true))).toHaveLength(1)
  })
})

describe('without ALPHA_PASSWORD', () => {
  let open: TestApp
  beforeAll(async () => {
    open = await createTestApp({ config: { alphaPassword: undefined } })
  })
  afterAll(() => open?.close())

  it('approved users are past the gate without entering anything', async () => {
    const user = await createUser(open, { state: 'approved', verify: 'mark' })
    const me = await getAuthUser(open, user.cookie)
    expect(me.json()).toMatchObject({ betaApproved: true, gatePassed: true })
    const oneRow = await open.app.inject({ method: 'GET', url: '/api/bench/one-row', headers: { cookie: user.cookie } })
    expect(oneRow.statusCode).toBe(200)
    const config = await open.app.inject({ method: 'GET', url: '/api/auth/config' })
    expect(config.json()).toEqual({ oidc: false, alphaGate: false })
  })

  it('pending users are still pending', async () => {
    const user = await createUser(open, { state: 'pending', verify: 'mark' })
    expect((await getAuthUser(open, user.cookie)).json()).toMatchObject({ betaApproved: false, gatePassed: true })
    const oneRow = await open.app.inject({ method: 'GET', url: '/api/bench/one-row', headers: { cookie: user.cookie } })
    expectApiError(oneRow, 403, 'Your beta access is pending review')
  })
})

describe('RepeatMailThrottle', () => {
  it('allows one mail per address a day, each address apart', () => {
    const throttle = new RepeatMailThrottle()
    const day = 24 * 60 * 60_000
    expect(throttle.allow('a@example.com', 0)).toBe(true)
    expect(throttle.allow('a@example.com', day - 1)).toBe(false)
    expect(throttle.allow('b@example.com', day - 1)).toBe(true)
    expect(throttle.allow('a@example.com', day)).toBe(true)
  })
})
