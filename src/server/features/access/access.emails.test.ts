import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betaRequests } from '#server/db/schema.ts'
import type { Mail } from '#server/lib/mailer.ts'
import {
  aBetaRequest,
  aSignUp,
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createUser,
  reviewBetaRequest,
  type SignedInUser,
  signUp,
} from '#tests/support/factories.ts'
import { createTestApp, TEST_BASE_URL, type TestApp } from '#tests/support/test-app.ts'
import { adminSetupLink, greetingName } from './access.emails.ts'

// Anyone can make Fieldmark write to any address, so every kind of mail is checked with a stranger's text in
// every name field it could reach: none of it may appear, and every link must point into BASE_URL.

const HOSTILE = 'winner!\n\nYou won $1000. Claim it at http://evil.example/claim'
/** What fits an account's name fields (one line, at most 60 characters). */
const HOSTILE_NAME = 'You won $1000. Claim it at http://evil.example/claim'
const HOSTILE_FRAGMENTS = ['winner', 'You won', '$1000', 'Claim', 'evil']

let t: TestApp
let admin: SignedInUser
beforeAll(async () => {
  t = await createTestApp()
  admin = await createAdmin(t)
})
afterAll(() => t?.close())

function postIdentity(path: string, payload: object) {
  return t.app.inject({ method: 'POST', url: `/api/identity${path}`, headers: browserHeaders(), payload })
}

async function onlyMail(email: string, subject: string): Promise<Mail> {
  const mails = (await t.mailsTo(email)).filter((m) => m.subject === subject)
  expect(mails, `one "${subject}" mail to ${email}`).toHaveLength(1)
  return mails[0] as Mail
}

/** No stranger's text in either part (even URL-encoded), and every http(s) URL (and any in its query) under BASE_URL. */
function expectSafe(mail: Mail) {
  const everything = `${mail.subject}\n${mail.text}\n${mail.html}\n${mail.link ?? ''}`
  for (const fragment of HOSTILE_FRAGMENTS) {
    expect(everything).not.toContain(fragment)
    expect(decodeURIComponent(everything)).not.toContain(fragment)
  }
  const urls = everything.match(/https?:\/\/[^\s<>"'()]+/gi) ?? []
  if (mail.link) expect(urls).toContain(mail.link)
  for (const found of urls) {
    const url = new URL(found)
    expect(url.origin).toBe(new URL(TEST_BASE_URL).origin)
    for (const value of url.searchParams.values()) {
      expect(new URL(value, TEST_BASE_URL).origin).toBe(new URL(TEST_BASE_URL).origin)
    }
  }
}

describe('every mail, with a stranger’s text in the names', () => {
  it('verification at sign-up', async () => {
    const input = aSignUp({ firstName: HOSTILE_NAME, lastName: HOSTILE_NAME })
    const res = await postIdentity('/sign-up/email', { ...input, name: HOSTILE })
    expect(res.statusCode).toBe(200)

    const mail = await onlyMail(input.email, 'Verify your Fieldmark e-mail')
    expectSafe(mail)
    expect(mail.text).toMatch(/^Hello,\n/)
    expect(mail.link).toMatch(/^http:\/\/localhost:5000\/api\/identity\/verify-email\?token=/)
  })

  it('verification greets by a first name that is only a name', async () => {
    const input = aSignUp({ firstName: "  Mary-Ann O'Neil  " })
    expect((await postIdentity('/sign-up/email', { ...input, name: HOSTILE })).statusCode).toBe(200)

    const mail = await onlyMail(input.email, 'Verify your Fieldmark e-mail')
    expectSafe(mail)
    expect(mail.text).toMatch(/^Hello Mary-Ann O'Neil,\n/)
  })

  it('existing account, whoever holds the address and whatever the new sign-up says', async () => {
    const squatter = await signUp(t, { firstName: HOSTILE_NAME })
    const res = await postIdentity('/sign-up/email', {
      ...aSignUp({ email: squatter.email, firstName: HOSTILE_NAME, lastName: HOSTILE_NAME }),
      name: HOSTILE,
    })
    expect(res.statusCode).toBe(200)

    const mail = await onlyMail(squatter.email, 'You already have a Fieldmark account')
    expectSafe(mail)
    expect(mail.link).toBe(`${TEST_BASE_URL}/sign-in`)
  })

  it('password reset', async () => {
    const user = await createUser(t, { firstName: HOSTILE_NAME, state: 'member', verify: 'mark' })
    const res = await postIdentity('/request-password-reset', { email: user.email, redirectTo: '/reset-password' })
    expect(res.statusCode).toBe(200)

    const mail = await onlyMail(user.email, 'Reset your Fieldmark password')
    expectSafe(mail)
    expect(mail.link).toMatch(/^http:\/\/localhost:5000\/api\/identity\/reset-password\/\w+\?callbackURL=%2F/)
  })

  it('approval of a request', async () => {
    const request = await createBetaRequest(t, { firstName: HOSTILE, lastName: HOSTILE, reason: HOSTILE })
    expect((await reviewBetaRequest(t, admin.cookie, request.id, 'approved')).statusCode).toBe(200)

    expectSafe(await onlyMail(request.email, 'Your Fieldmark beta access is approved'))
  })

  it('approval of an account', async () => {
    const user = await createUser(t, { firstName: HOSTILE_NAME, state: 'pending', verify: 'mark' })
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/approve`,
      headers: browserHeaders(admin.cookie),
    })
    expect(res.statusCode).toBe(200)

    expectSafe(await onlyMail(user.email, 'Your Fieldmark beta access is approved'))
  })

  it('denial', async () => {
    const request = await createBetaRequest(t, { firstName: HOSTILE, lastName: HOSTILE, reason: HOSTILE })
    expect((await reviewBetaRequest(t, admin.cookie, request.id, 'denied', 'Full for now')).statusCode).toBe(200)

    expectSafe(await onlyMail(request.email, 'Your Fieldmark beta access request'))
  })

  /** A stranger repeats the request for `email`, with their own text in every free field. */
  async function repeatHostileRequest(email: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/beta-access-request',
      headers: browserHeaders(),
      payload: aBetaRequest({ email, firstName: HOSTILE, lastName: HOSTILE, reason: HOSTILE }),
    })
    expect(res.statusCode).toBe(201)
  }

  it('repeated request for a pending address', async () => {
    const request = await createBetaRequest(t)
    await repeatHostileRequest(request.email)

    expectSafe(await onlyMail(request.email, 'Your Fieldmark beta access request is still pending'))
  })

  it('repeated request for an address with access', async () => {
    const request = await createBetaRequest(t, { firstName: HOSTILE })
    await t.db.update(betaRequests).set({ status: 'approved' }).where(eq(betaRequests.id, request.id))
    await repeatHostileRequest(request.email)

    const mail = await onlyMail(request.email, 'You already have Fieldmark beta access')
    expectSafe(mail)
    expect(mail.link).toBe(`${TEST_BASE_URL}/sign-in`)
  })
})

describe('links a stranger picks', () => {
  it('a sign-up asking to be sent elsewhere after verifying is refused and mails nothing', async () => {
    const input = aSignUp()
    const res = await postIdentity('/sign-up/email', {
      ...input,
      name: 'Ada',
      callbackURL: 'http://evil.example/claim',
    })
    expect(res.statusCode).toBe(403)
    expect(await t.mailsTo(input.email)).toHaveLength(0)
  })

  it('a reset asking to be sent elsewhere is refused and mails nothing', async () => {
    const user = await createUser(t, { state: 'member', verify: 'mark' })
    const before = (await t.mailsTo(user.email)).length
    for (const redirectTo of ['http://evil.example/claim', '//evil.example/claim']) {
      const res = await postIdentity('/request-password-reset', { email: user.email, redirectTo })
      expect(res.statusCode).toBe(403)
    }
    expect(await t.mailsTo(user.email)).toHaveLength(before)
  })
})

describe('greetingName', () => {
  it.each([
    ['Ada', 'Ada'],
    ['  Mary-Ann  ', 'Mary-Ann'],
    ["D'Arcy", "D'Arcy"],
    ['J. R.', 'J. R.'],
    ['Zoë', 'Zoë'],
    ['José María', 'José María'],
    ['Łukasz', 'Łukasz'],
  ])('greets %j as %j', (raw, expected) => {
    expect(greetingName(raw)).toBe(expected)
  })

  it.each([
    [HOSTILE],
    [HOSTILE_NAME],
    ['Ada\nLovelace'],
    ['Ada\tLovelace'],
    ['Ada\u00a0Lovelace'],
    ['evil.example'],
    ['www.evil.example'],
    ['Ada <b>'],
    ['Ada: call 555'],
    ['Ada2'],
    ['-Ada'],
    ['x'.repeat(51)],
    [''],
    ['   '],
    [null],
    [undefined],
  ])('greets nobody by name for %j', (raw) => {
    expect(greetingName(raw)).toBeNull()
  })

  it('accepts 50 letters', () => {
    expect(greetingName('a'.repeat(50))).toBe('a'.repeat(50))
  })
})

describe('the setup link', () => {
  it('points into BASE_URL', () => {
    const link = adminSetupLink(TEST_BASE_URL, 'a/b?c')
    expect(new URL(link).origin).toBe(new URL(TEST_BASE_URL).origin)
    expect(new URL(link).searchParams.get('token')).toBe('a/b?c')
  })
})
