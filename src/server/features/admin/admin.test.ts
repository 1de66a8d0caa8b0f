import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { betaRequests, users } from '#server/db/schema.ts'
import { syncAdminEmails } from '#server/features/access/access.service.ts'
import { BetaRequestSchema, PendingUserSchema } from '#shared/schemas/admin.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createUser,
  followVerificationLink,
  getAuthUser,
  reviewBetaRequest,
  type SignedInUser,
  signUp,
  uniqueEmail,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

const CHIEF = 'chief-ranger@example.test'
const DEPUTY = 'deputy-ranger@example.test'

let t: TestApp
let admin: SignedInUser
beforeAll(async () => {
  t = await createTestApp({ config: { adminEmails: [CHIEF, DEPUTY] } })
  admin = await createAdmin(t)
})
afterAll(() => t?.close())

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id))
  return row
}

async function mailsWithSubject(email: string, subject: string) {
  return (await t.mailsTo(email)).filter((m) => m.subject === subject)
}

const APPROVED_SUBJECT = 'Your Fieldmark beta access is approved'
const DENIED_SUBJECT = 'Your Fieldmark beta access request'

describe('GET /api/admin/beta-requests', () => {
  it('lists every request with the fields of docs/product.md §3, newest first', async () => {
    const older = await createBetaRequest(t, { reason: undefined })
    const newer = await createBetaRequest(t, { huntingExperience: 'expert' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta-requests',
      headers: { cookie: admin.cookie },
    })

    expect(res.statusCode).toBe(200)
    const list = res.json() as unknown[]
    const parsed = list.map((r) => BetaRequestSchema.strict().parse(r))
    const ids = parsed.map((r) => r.id)
    expect(ids.indexOf(newer.id)).toBeGreaterThanOrEqual(0)
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id))
    expect(parsed.find((r) => r.id === older.id)).toMatchObject({
      email: older.email,
      status: 'pending',
      reason: null,
      reviewedAt: null,
      reviewNotes: null,
    })
    const created = parsed.map((r) => Date.parse(r.createdAt))
    expect(created).toEqual([...created].sort((a, b) => b - a))
  })

  it('refuses a signed-in member who is not an admin', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta-requests',
      headers: { cookie: member.cookie },
    })
    expectApiError(res, 403, 'Admin access required')
  })
})

describe('POST /api/admin/beta-requests/:id/review', () => {
  it('approving approves the verified account with that e-mail at once and e-mails the applicant', async () => {
    const user = await createUser(t, { state: 'pending' })
    const request = await createBetaRequest(t, { email: user.email.toUpperCase(), firstName: 'Jim' })
    // The user's session is checked (and cached) while still pending.
    expect((await getAuthUser(t, user.cookie)).json().betaApproved).toBe(false)

    const res = await reviewBetaRequest(t, admin.cookie, request.id, 'approved', '  Welcome aboard  ')

    expect(res.statusCode).toBe(200)
    expect(BetaRequestSchema.parse(res.json())).toMatchObject({
      id: request.id,
      status: 'approved',
      reviewNotes: 'Welcome aboard',
      reviewedAt: expect.any(String),
    })
    expect((await getAuthUser(t, user.cookie)).json()).toMatchObject({ betaApproved: true, gatePassed: false })
    const [row] = await t.db.select().from(betaRequests).where(eq(betaRequests.id, request.id))
    expect(row?.reviewedBy).toBe(admin.id)
    const mails = await mailsWithSubject(user.email, APPROVED_SUBJECT)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Hello Jim,')
    expect(mails[0]?.link).toBe('http://localhost:5000/sign-in')
  })

  it('approves an account created after the approval when its e-mail is verified', async () => {
    const request = await createBetaRequest(t)
    expect((await reviewBetaRequest(t, admin.cookie, request.id, 'approved')).statusCode).toBe(200)

    const user = await signUp(t, { email: request.email })
    expect((await userRow(user.id))?.betaApproved).toBe(false)
    const cookie = await followVerificationLink(t, user.email)

    expect((await getAuthUser(t, cookie)).json().betaApproved).toBe(true)
  })

  it('does not approve an unverified account with the approved e-mail', async () => {
    const squatter = await signUp(t)
    const request = await createBetaRequest(t, { email: squatter.email })

    expect((await reviewBetaRequest(t, admin.cookie, request.id, 'approved')).statusCode).toBe(200)

    expect(await userRow(squatter.id)).toMatchObject({ emailVerified: false, betaApproved: false })
    // Only whoever can read that mailbox can verify it, and then the approval applies.
    const cookie = await followVerificationLink(t, squatter.email)
    expect((await getAuthUser(t, cookie)).json().betaApproved).toBe(true)
  })

  it('denying keeps the account pending, stores the notes and e-mails the applicant', async () => {
    const user = await createUser(t, { state: 'pending', verify: 'mark' })
    const request = await createBetaRequest(t, { email: user.email })

    const res = await reviewBetaRequest(t, admin.cookie, request.id, 'denied', 'Full for now')

    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ status: 'denied', reviewNotes: 'Full for now' })
    expect((await getAuthUser(t, user.cookie)).json().betaApproved).toBe(false)
    const mails = await mailsWithSubject(user.email, DENIED_SUBJECT)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.text).toContain('Note from the team: Full for now')
    expect(await mailsWithSubject(user.email, APPROVED_SUBJECT)).toHaveLength(0)
  })

  it('refuses to review a request twice (409) and sends no second e-mail', async () => {
    const request = await createBetaRequest(t)
    await reviewBetaRequest(t, admin.cookie, request.id, 'denied')

    const again = await reviewBetaRequest(t, admin.cookie, request.id, 'approved')

    expectApiError(again, 409, 'This request has already been denied')
    expect(await t.mailsTo(request.email)).toHaveLength(1)
    const [row] = await t.db.select().from(betaRequests).where(eq(betaRequests.id, request.id))
    expect(row?.status).toBe('denied')
  })

  it('answers 404 for an unknown request', async () => {
    expectApiError(await reviewBetaRequest(t, admin.cookie, randomUUID(), 'approved'), 404, 'Beta request not found')
  })

  it('answers 400 for an id that is not a UUID', async () => {
    const res = await reviewBetaRequest(t, admin.cookie, 'not-a-uuid', 'approved')
    const body = expectApiError(res, 400)
    expect(body.error.issues).toContainEqual({ path: 'requestId', message: 'requestId must be a UUID' })
  })

  it('answers 400 for a status other than approved or denied', async () => {
    const request = await createBetaRequest(t)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/beta-requests/${request.id}/review`,
      headers: browserHeaders(admin.cookie),
      payload: { status: 'pending' },
    })
    expectApiError(res, 400, 'status: status must be approved or denied')
  })
})

describe('direct approval of an account', () => {
  function approve(userId: string, cookie = admin.cookie) {
    return t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${encodeURIComponent(userId)}/approve`,
      headers: browserHeaders(cookie),
    })
  }

  async function pendingUsers() {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users/pending',
      headers: { cookie: admin.cookie },
    })
    expect(res.statusCode).toBe(200)
    return (res.json() as unknown[]).map((u) => PendingUserSchema.strict().parse(u))
  }

  it('lists accounts that are not approved, verified or not', async () => {
    const verified = await createUser(t, { state: 'pending', verify: 'mark' })
    const unverified = await signUp(t)
    const approved = await createUser(t, { state: 'approved', verify: 'mark' })

    const list = await pendingUsers()
    expect(list.find((u) => u.id === verified.id)).toMatchObject({ email: verified.email, emailVerified: true })
    expect(list.find((u) => u.id === unverified.id)).toMatchObject({ emailVerified: false })
    expect(list.some((u) => u.id === approved.id || u.id === admin.id)).toBe(false)
  })

  it('approves a verified account at once and e-mails it', async () => {
    const user = await createUser(t, { state: 'pending' })
    expect((await getAuthUser(t, user.cookie)).json().betaApproved).toBe(false)

    const res = await approve(user.id)

    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true })
    expect((await getAuthUser(t, user.cookie)).json().betaApproved).toBe(true)
    expect(await mailsWithSubject(user.email, APPROVED_SUBJECT)).toHaveLength(1)
    expect((await pendingUsers()).some((u) => u.id === user.id)).toBe(false)
  })

  it('approving twice is harmless and sends one e-mail', async () => {
    const user = await createUser(t, { state: 'pending', verify: 'mark' })
    expect((await approve(user.id)).statusCode).toBe(200)
    expect((await approve(user.id)).statusCode).toBe(200)
    expect(await mailsWithSubject(user.email, APPROVED_SUBJECT)).toHaveLength(1)
  })

  it('refuses an account whose e-mail is not verified (409)', async () => {
    const user = await signUp(t)
    expectApiError(await approve(user.id), 409, 'This account has not verified its email yet')
    expect((await userRow(user.id))?.betaApproved).toBe(false)
  })

  it('answers 404 for an unknown account', async () => {
    expectApiError(await approve('no-such-user'), 404, 'User not found')
  })

  it('is for admins only', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const target = await createUser(t, { state: 'pending', verify: 'mark' })
    expectApiError(await approve(target.id, member.cookie), 403, 'Admin access required')
    expect((await userRow(target.id))?.betaApproved).toBe(false)
  })
})

describe('ADMIN_EMAILS', () => {
  it('makes the account admin (and approved, past the gate) when its e-mail is verified', async () => {
    const user = await signUp(t, { email: CHIEF.toUpperCase() })
    expect((await userRow(user.id))?.isAdmin).toBe(false)

    const cookie = await followVerificationLink(t, CHIEF)

    expect((await getAuthUser(t, cookie)).json()).toMatchObject({ isAdmin: true, betaApproved: true, gatePassed: true })
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/beta-requests', headers: { cookie } })
    expect(res.statusCode).toBe(200)
  })

  it('does not make an unverified account admin', async () => {
    const user = await signUp(t, { email: DEPUTY })
    expect(await userRow(user.id)).toMatchObject({ isAdmin: false, betaApproved: false })
  })

  it('at start, promotes existing verified accounts listed in ADMIN_EMAILS, and only those', async () => {
    const listed = await createUser(t, { state: 'pending', verify: 'mark' })
    const unverified = await signUp(t)
    const other = await createUser(t, { state: 'pending', verify: 'mark' })

    const promoted = await syncAdminEmails(t.db, [listed.email, unverified.email, uniqueEmail('absent')])

    expect(promoted).toEqual([listed.id])
    expect(await userRow(listed.id)).toMatchObject({ isAdmin: true, betaApproved: true })
    expect((await userRow(unverified.id))?.isAdmin).toBe(false)
    expect((await userRow(other.id))?.isAdmin).toBe(false)
  })
})
