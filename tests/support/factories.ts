import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { achievements, users } from '#server/db/schema.ts'
import type { BetaAccessRequest } from '#shared/schemas/access.ts'
import type { CreateReport, SaveSizeCheck } from '#shared/schemas/community.ts'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import { TEST_BASE_URL, type TestApp } from './test-app.ts'
import { WHITETAIL_RACK } from './worked-examples.ts'

// Test data made through the real endpoints: sign-up, the e-mailed verification link, sign-in, the request
// form. Everything is unique by default, so tests in one file never see each other's rows.

let sequence = 0
function unique(): string {
  sequence += 1
  return `${sequence}${randomBytes(3).toString('hex')}`
}

export function uniqueEmail(prefix = 'hunter'): string {
  return `${prefix}-${unique()}@example.test`
}

/** A browser sends its own origin on every POST; the app refuses foreign ones. */
export function browserHeaders(cookie?: string, baseUrl = TEST_BASE_URL): Record<string, string> {
  return { origin: new URL(baseUrl).origin, ...(cookie ? { cookie } : {}) }
}

/** A JSON POST to one of better-auth's endpoints under /api/identity, as a browser on our origin sends it. */
export function postIdentity(t: TestApp, path: string, payload: object, cookie?: string) {
  return t.app.inject({ method: 'POST', url: `/api/identity${path}`, headers: browserHeaders(cookie), payload })
}

/** The Cookie header a browser would send back after this response (session cookie only). */
export function sessionCookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [raw] : []
  const session = list.find((c) => /^(__Secure-)?fieldmark\.session_token=[^;]+/.test(c))
  if (!session) throw new Error(`No session cookie in response ${res.statusCode}: ${res.body.slice(0, 200)}`)
  return session.split(';')[0] as string
}

/** A URL from an e-mail as the path + query an inject call takes. */
export function pathOf(link: string): string {
  const url = new URL(link)
  return `${url.pathname}${url.search}`
}

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string }

export function aSignUp(overrides: Partial<SignUpInput> = {}): SignUpInput {
  return {
    email: uniqueEmail(),
    password: `pw-${unique()}-Antler`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...overrides,
  }
}

export type TestUser = SignUpInput & { id: string }
export type SignedInUser = TestUser & { cookie: string }

/** POST /api/identity/sign-up/email: an unverified account (better-auth sends the verification e-mail). */
export async function signUp(t: TestApp, overrides: Partial<SignUpInput> = {}): Promise<TestUser> {
  const input = aSignUp(overrides)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers: browserHeaders(undefined, t.config.baseUrl),
    payload: { ...input, name: `${input.firstName} ${input.lastName}` },
  })
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`)
  return { ...input, id: res.json().user.id as string }
}

/** The newest verification link e-mailed to this address. */
export async function verificationLink(t: TestApp, email: string): Promise<string> {
  const mail = (await t.mailsTo(email)).findLast((m) => m.subject.startsWith('Verify'))
  if (!mail?.link) throw new Error(`No verification e-mail to ${email}`)
  return mail.link
}

/** Follows the e-mailed link like a browser; better-auth verifies, signs in and redirects. Returns the cookie. */
export async function followVerificationLink(t: TestApp, email: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: pathOf(await verificationLink(t, email)) })
  if (res.statusCode !== 302) throw new Error(`verification failed: ${res.statusCode} ${res.body}`)
  return sessionCookieFrom(res)
}

/** POST /api/identity/sign-in/email; returns the Cookie header. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    headers: browserHeaders(undefined, t.config.baseUrl),
    payload: { email, password },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`)
  return sessionCookieFrom(res)
}

/** Sets access flags directly, for tests that are not about how they are gained; drops cached sessions. */
export async function setAccessFlags(
  t: TestApp,
  userId: string,
  flags: Partial<{ emailVerified: boolean; betaApproved: boolean; gatePassed: boolean; isAdmin: boolean }>,
) {
  await t.db.update(users).set(flags).where(eq(users.id, userId))
  t.app.sessionCache.invalidateUser(userId)
}

export type UserState = 'pending' | 'approved' | 'member' | 'admin'

/**
 * A verified, signed-in user in a given access state:
 * - `pending`: verified, not approved;
 * - `approved`: approved, alpha gate not passed;
 * - `member`: approved and past the gate (reaches every app route);
 * - `admin`.
 * `verify: 'link'` (default) follows the e-mailed link; `'mark'` flags the address verified and signs in.
 */
export async function createUser(
  t: TestApp,
  opts: { state?: UserState; verify?: 'link' | 'mark' } & Partial<SignUpInput> = {},
): Promise<SignedInUser> {
  const { state = 'member', verify = 'link', ...input } = opts
  const user = await signUp(t, input)
  let cookie: string
  if (verify === 'link') {
    cookie = await followVerificationLink(t, user.email)
  } else {
    await setAccessFlags(t, user.id, { emailVerified: true })
    cookie = await signIn(t, user.email, user.password)
  }
  if (state !== 'pending') {
    await setAccessFlags(t, user.id, {
      betaApproved: true,
      gatePassed: state === 'member' || state === 'admin',
      isAdmin: state === 'admin',
    })
  }
  return { ...user, cookie }
}

/** The session cookie of a response, if it set one. */
export function maybeSessionCookieFrom(res: LightMyRequestResponse): string | undefined {
  try {
    return sessionCookieFrom(res)
  } catch {
    return undefined
  }
}

/**
 * Signed up, the e-mailed link never followed, then a sign-in attempt: with e-mail verification required,
 * better-auth gives such a user no session. `cookie` is whatever the two answers set (none); `signInStatus` says why.
 */
export async function createUnverifiedUser(
  t: TestApp,
): Promise<TestUser & { cookie: string | undefined; signInStatus: number }> {
  const input = aSignUp()
  const headers = browserHeaders(undefined, t.config.baseUrl)
  const signUpRes = await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-up/email',
    headers,
    payload: { ...input, name: `${input.firstName} ${input.lastName}` },
  })
  if (signUpRes.statusCode !== 200) throw new Error(`sign-up failed: ${signUpRes.statusCode} ${signUpRes.body}`)
  const signInRes = await t.app.inject({
    method: 'POST',
    url: '/api/identity/sign-in/email',
    headers,
    payload: { email: input.email, password: input.password },
  })
  return {
    ...input,
    id: signUpRes.json().user.id as string,
    cookie: maybeSessionCookieFrom(signInRes) ?? maybeSessionCookieFrom(signUpRes),
    signInStatus: signInRes.statusCode,
  }
}

export function createAdmin(t: TestApp, overrides: Partial<SignUpInput> = {}): Promise<SignedInUser> {
  return createUser(t, { ...overrides, state: 'admin', verify: 'mark' })
}

/** GET /api/auth/user with a cookie. */
export function getAuthUser(t: TestApp, cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie ? { cookie } : {} })
}

export function aBetaRequest(overrides: Partial<BetaAccessRequest> = {}): BetaAccessRequest {
  return {
    email: uniqueEmail('applicant'),
    firstName: 'Annie',
    lastName: 'Oakley',
    huntingExperience: 'intermediate',
    location: 'Montana',
    reason: 'I measure every whitetail I take.',
    ...overrides,
  }
}

/** POST /api/beta-access-request; returns the new request's id and e-mail. */
export async function createBetaRequest(
  t: TestApp,
  overrides: Partial<BetaAccessRequest> = {},
): Promise<{ id: string; email: string }> {
  const body = aBetaRequest(overrides)
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/beta-access-request',
    headers: browserHeaders(undefined, t.config.baseUrl),
    payload: body,
  })
  if (res.statusCode !== 201) throw new Error(`beta request failed: ${res.statusCode} ${res.body}`)
  return { id: res.json().id as string, email: body.email.toLowerCase() }
}

/** POST /api/admin/beta-requests/:id/review as the given admin. */
export function reviewBetaRequest(
  t: TestApp,
  adminCookie: string,
  requestId: string,
  status: 'approved' | 'denied',
  reviewNotes?: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/beta-requests/${requestId}/review`,
    headers: browserHeaders(adminCookie, t.config.baseUrl),
    payload: { status, ...(reviewNotes !== undefined ? { reviewNotes } : {}) },
  })
}

// Measurements.

/** A whitetail typical sheet (B&C): the engine scores it 152 4/8 (meets P&Y: trophy class `trophy`). */
export const WHITETAIL_SHEET = {
  system: 'bc',
  category: 'whitetail-typical',
  measurements: WHITETAIL_RACK,
} as const satisfies CreateMeasurement['sheet']

/** A valid POST /api/measurements body: a whitetail from its score sheet, taken an hour ago, with a new id. */
export function aMeasurement(overrides: Partial<CreateMeasurement> = {}): CreateMeasurement {
  return {
    id: randomUUID(),
    speciesId: 'whitetail-deer',
    sheet: structuredClone(WHITETAIL_SHEET) as CreateMeasurement['sheet'],
    method: 'tape',
    takenAt: new Date(Date.now() - 60 * 60_000).toISOString(),
    ...overrides,
  }
}

/** POST /api/measurements as the member of `cookie`; the stored measurement (throws unless 201 or 200). */
export async function createMeasurement(
  t: TestApp,
  cookie: string,
  overrides: Partial<CreateMeasurement> = {},
): Promise<Measurement> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/measurements',
    headers: browserHeaders(cookie, t.config.baseUrl),
    payload: aMeasurement(overrides),
  })
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`create measurement failed: ${res.statusCode} ${res.body}`)
  }
  return res.json() as Measurement
}

// Size checks and reports.

/** A valid PUT /api/measurements/:id/size-check body: a confirmed score, measured with the photo tool. */
export function aSizeCheck(overrides: Partial<SaveSizeCheck> = {}): SaveSizeCheck {
  return {
    verdict: 'confirmed',
    estimate: { field: 'score', label: 'Score', value: 152.5, unit: 'in', uncertainty: 1.5, source: 'photo-tool' },
    note: 'Measured against the 12 in ruler in frame.',
    ...overrides,
  }
}

/** PUT /api/measurements/:id/size-check as the member of `cookie`. */
export function putSizeCheck(
  t: TestApp,
  cookie: string,
  measurementId: string,
  overrides: Partial<SaveSizeCheck> = {},
) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/measurements/${measurementId}/size-check`,
    headers: browserHeaders(cookie, t.config.baseUrl),
    payload: aSizeCheck(overrides),
  })
}

/** POST /api/reports as the member of `cookie`. */
export function postReport(t: TestApp, cookie: string, body: CreateReport) {
  return t.app.inject({
    method: 'POST',
    url: '/api/reports',
    headers: browserHeaders(cookie, t.config.baseUrl),
    payload: body,
  })
}

// Likes, comments and notifications.

/** PUT /api/measurements/:id/like (or DELETE, to take it back) as the member of `cookie`. */
export function sendLike(t: TestApp, cookie: string, measurementId: string, method: 'PUT' | 'DELETE' = 'PUT') {
  return t.app.inject({
    method,
    url: `/api/measurements/${measurementId}/like`,
    headers: browserHeaders(cookie, t.config.baseUrl),
  })
}

/** POST /api/measurements/:id/comments as the member of `cookie`. */
export function postComment(t: TestApp, cookie: string, measurementId: string, body: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/measurements/${measurementId}/comments`,
    headers: browserHeaders(cookie, t.config.baseUrl),
    payload: { body },
  })
}

/** GET /api/notifications as the member of `cookie`. */
export function getNotifications(t: TestApp, cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie } })
}

/**
 * Switches the achievement catalogue off for a test app: posting a measurement earns real awards, each
 * with a notification and points, so tests that count notifications or points exactly, and are not about
 * achievements, run without them. Achievements are tested in src/server/features/achievements.
 */
export async function withoutAchievements(t: Pick<TestApp, 'db'>): Promise<void> {
  await t.db.update(achievements).set({ isActive: false })
}
