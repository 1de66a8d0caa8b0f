import { randomUUID } from 'node:crypto'
import diagnostics from 'node:diagnostics_channel'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '#shared/errors.ts'
import { expectNoLeak } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createMeasurement,
  createUnverifiedUser,
  createUser,
  postComment,
  putSizeCheck,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { type FakeOpenAi, startFakeOpenAi } from '#tests/support/fake-openai.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import {
  CALLERS,
  type Caller,
  type Expected,
  type Owned,
  type RouteContext,
  type Row,
  type SignedInCaller,
} from '#tests/support/route-table.ts'
import { accessRoutes } from '#tests/support/routes/access.ts'
import { achievementRoutes } from '#tests/support/routes/achievements.ts'
import { assistantRoutes } from '#tests/support/routes/assistant.ts'
import { communityRoutes } from '#tests/support/routes/community.ts'
import { identityRoutes } from '#tests/support/routes/identity.ts'
import { interactionRoutes } from '#tests/support/routes/interactions.ts'
import { leaderboardRoutes } from '#tests/support/routes/leaderboards.ts'
import { measurementRoutes } from '#tests/support/routes/measurements.ts'
import { moderationRoutes } from '#tests/support/routes/moderation.ts'
import { notificationRoutes } from '#tests/support/routes/notifications.ts'
import { photoAnalysisRoutes } from '#tests/support/routes/photo-analysis.ts'
import { photoReferenceRoutes } from '#tests/support/routes/photo-reference.ts'
import { sizeCheckRoutes } from '#tests/support/routes/size-checks.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Every operation × every kind of caller: the status each gets, that no answer to someone else carries the owner's
// data, and that who may call is decided before the body is read.

let t: TestApp
let ai: FakeOpenAi
const callers = {} as Record<SignedInCaller, SignedInUser>
let unverifiedCookie: string | undefined
let owned: Owned

/** Text only the owner may read: the notes of each of their measurements, and their comment on the private one. */
const OWNER_NOTES = `owner-notes-${randomUUID()}`
const PRIVATE_COMMENT = `private-comment-${randomUUID()}`
/** The ids of the owner's private measurements and photos: no answer to another caller may name them. */
const privateIds = new Set<string>()

/** A new measurement of the owner, its notes the owner's only; its id and its photo's. */
async function ownerMeasurement(visibility: 'private' | 'public', photo = false) {
  const photoId = photo ? await uploadOwnerPhoto() : undefined
  const photoIds = photoId ? [photoId] : []
  const { id } = await createMeasurement(t, callers.owner.cookie, { visibility, notes: OWNER_NOTES, photoIds })
  if (visibility === 'private') for (const each of [id, ...photoIds]) privateIds.add(each)
  return { id, photoId: photoId as string }
}

const ctx: RouteContext = {
  t: () => t,
  callers: () => callers,
  owned: () => owned,
  newMeasurement: async (visibility, opts = {}) => (await ownerMeasurement(visibility, opts.photo)).id,
  newPhoto: async () => {
    const id = await uploadOwnerPhoto()
    privateIds.add(id)
    return id
  },
}

const ROUTES: Row[] = [
  ...accessRoutes(ctx),
  ...identityRoutes(ctx),
  ...measurementRoutes(ctx),
  ...communityRoutes(ctx),
  ...interactionRoutes(ctx),
  ...notificationRoutes(ctx),
  ...sizeCheckRoutes(ctx),
  ...moderationRoutes(ctx),
  ...achievementRoutes(ctx),
  ...leaderboardRoutes(ctx),
  ...photoAnalysisRoutes(ctx),
  ...photoReferenceRoutes(ctx),
  ...assistantRoutes(ctx),
]
const named = (row: Row) => (row.variant ? `${row.route} (${row.variant})` : row.route)
const WITH_BODY = ROUTES.filter((row) => (row.payload || row.body) && row.invalid !== false)

let photoFile: Promise<Buffer> | undefined
async function uploadOwnerPhoto(): Promise<string> {
  photoFile ??= jpeg(64, 48)
  const res = await uploadPhoto(t, callers.owner.cookie, await photoFile)
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
  return res.json().id as string
}

/** Every route the app registers, seen through an onRoute hook added as soon as the instance exists. */
const registered = new Set<string>()
function collectRoutes({ fastify }: { fastify: FastifyInstance }) {
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') registered.add(`${method} ${route.url}`)
    }
  })
}

/** The session token inside a Cookie header (`name=token.signature`). */
function tokenOf(cookie: string | undefined): string | undefined {
  const value = cookie?.split('=')[1]
  return value ? decodeURIComponent(value).split('.')[0] : undefined
}

async function cookieOf(caller: Caller, fresh: boolean): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined
  if (caller === 'unverified') return fresh ? (await createUnverifiedUser(t)).cookie : unverifiedCookie
  if (!fresh) return callers[caller].cookie
  const state = caller === 'owner' || caller === 'other' ? 'member' : caller
  return (await createUser(t, { state, verify: 'mark' })).cookie
}

type Call = { res: LightMyRequestResponse; cookie: string | undefined }

/** One call of the row as the caller: with its valid body, or with the body its schema refuses. */
async function call(row: Row, caller: Caller, body: 'valid' | 'invalid' = 'valid'): Promise<Call> {
  const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string]
  // A refused body changes nobody, so the invalid round needs no new callers.
  const fresh = body === 'valid' && (row.fresh === true || (row.fresh?.includes(caller) ?? false))
  const cookie = await cookieOf(caller, fresh)
  const url = row.url ? await row.url() : path
  const headers = browserHeaders(cookie)
  if (row.stream) {
    const res = await t.app.inject({ method, url, headers, payloadAsStream: true })
    if (res.statusCode === 200) {
      res.raw.res.destroy()
      return { res, cookie }
    }
  }
  if (body === 'invalid') {
    const payload = typeof row.invalid === 'function' ? row.invalid() : {}
    return { res: await t.app.inject({ method, url, headers, payload: payload as object }), cookie }
  }
  const multipart = row.body ? await row.body() : undefined
  const res = await t.app.inject({
    method,
    url,
    headers: { ...headers, ...(multipart ? { 'content-type': multipart.contentType } : {}) },
    ...(multipart ? { payload: multipart.payload } : row.payload ? { payload: row.payload() } : {}),
  })
  return { res, cookie }
}

/** No answer holds a session token (the caller's own included), nor, but to the owner and admins, the owner's data. */
function expectNothingOfOthers(caller: Caller, { res, cookie }: Call, row: Row) {
  if (res.statusCode >= 300 || row.stream) return
  const body = res.rawPayload.toString('latin1')
  for (const token of [cookie, ...Object.values(callers).map((user) => user.cookie)].map(tokenOf)) {
    if (token) expect(body, `${caller} got a session token`).not.toContain(token)
  }
  if (caller === 'owner' || caller === 'admin') return
  const secrets = [callers.owner.email, OWNER_NOTES, PRIVATE_COMMENT, ...privateIds]
  for (const secret of secrets) expect(body, `${caller} got the owner's ${secret}`).not.toContain(secret)
}

/** Every refusal is our error shape (a page or better-auth's body where the row says so), with no trace. */
function expectErrorShape(row: Row, caller: Caller, res: LightMyRequestResponse) {
  if (res.statusCode < 400) return
  expectNoLeak(res)
  const what = `${named(row)} as ${caller}: ${res.body}`
  if (row.errorBody === 'html') {
    expect(res.headers['content-type'], what).toMatch(/^text\/html/)
    return
  }
  if (row.errorBody === 'better-auth') {
    const json = /json/.test(String(res.headers['content-type'])) && res.body
    const body = json ? JSON.parse(res.body) : null
    // Our own refusals (spelling, session) come first; better-auth's own answers follow its shape.
    if (body?.error) ApiErrorSchema.parse(body)
    else if (body !== null) expect(body, what).toEqual(expect.objectContaining({ message: expect.any(String) }))
    return
  }
  const { error } = ApiErrorSchema.parse(res.json())
  if (res.statusCode === 401) expect(error.message, what).toBe('Sign in to continue')
  if (res.statusCode === 403 && row.route !== 'POST /api/setup/admin') {
    expect(error.message, what).toMatch(/pending review|alpha password|Admin access required/)
  }
}

beforeAll(async () => {
  ai = await startFakeOpenAi()
  diagnostics.subscribe('fastify.initialization', collectRoutes as (message: unknown) => void)
  try {
    t = await createTestApp({ config: { ai: ai.config() } })
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collectRoutes as (message: unknown) => void)
  }
  const unverified = await createUnverifiedUser(t)
  unverifiedCookie = unverified.cookie
  for (const [caller, state] of [
    ['pending', 'pending'],
    ['approved', 'approved'],
    ['owner', 'member'],
    ['other', 'member'],
    ['admin', 'admin'],
  ] as const) {
    callers[caller] = await createUser(t, { state, verify: 'mark', firstName: caller === 'owner' ? 'Quill' : 'Ada' })
  }
  const checker = await createUser(t, { verify: 'mark' })

  const privateOne = await ownerMeasurement('private', true)
  const publicOne = await ownerMeasurement('public', true)
  const comment = await postComment(t, callers.owner.cookie, privateOne.id, PRIVATE_COMMENT)
  const check = await putSizeCheck(t, checker.cookie, publicOne.id)
  if (comment.statusCode !== 201 || check.statusCode !== 200) throw new Error(`${comment.body} ${check.body}`)
  owned = {
    privateMeasurementId: privateOne.id,
    privatePhotoId: privateOne.photoId,
    privateCommentId: comment.json().id,
    publicMeasurementId: publicOne.id,
    publicPhotoId: publicOne.photoId,
    publicCheckId: check.json().checks[0].id,
  }
  privateIds.add(owned.privateCommentId)
}, 60_000)
afterAll(async () => {
  await t?.close()
  await ai?.close()
})

describe('authorization matrix', () => {
  it('has a row for every registered route, and only those', () => {
    expect(registered.size).toBeGreaterThan(0)
    expect([...registered].sort()).toEqual([...new Set(ROUTES.map((r) => r.route))].sort())
    expect(new Set(ROUTES.map(named)).size).toBe(ROUTES.length)
  })

  it('has a row for every operation of the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, object>
    }
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    // Undocumented: better-auth's catch-all, the benchmark routes, the docs themselves and the routes outside /api.
    const undocumented = /^(GET|POST) \/api\/(identity|bench|docs)\b/
    const documented = [...new Set(ROUTES.map((r) => r.route))]
      .filter((route) => / \/api\//.test(route) && !undocumented.test(route))
      .map((route) => route.replace(/:(\w+)/g, '{$1}'))
    expect(operations.sort()).toEqual(documented.sort())
  })

  it('gives an unverified user no session to call with', async () => {
    const user = await createUnverifiedUser(t)
    expect(user.signInStatus).toBe(403)
    expect(user.cookie).toBeUndefined()
  })

  it('shows the owner what it keeps from the others', async () => {
    const read = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: callers.owner.cookie } })
    const measurement = await read(`/api/measurements/${owned.privateMeasurementId}`)
    expect(measurement.json()).toMatchObject({ id: owned.privateMeasurementId, notes: OWNER_NOTES })
    const comments = await read(`/api/measurements/${owned.privateMeasurementId}/comments`)
    expect(comments.body).toContain(PRIVATE_COMMENT)
  })

  it.each(ROUTES.map((row) => [named(row), row] as const))('%s', async (_name, row) => {
    const actual = {} as Expected
    for (const caller of CALLERS) {
      const done = await call(row, caller)
      actual[caller] = done.res.statusCode
      expectErrorShape(row, caller, done.res)
      expectNothingOfOthers(caller, done, row)
    }
    expect(actual).toEqual(row.expect)
  })
})

describe('who may call is decided before the body is read', () => {
  it.each(WITH_BODY.map((row) => [named(row), row] as const))('%s', async (_name, row) => {
    const actual = {} as Expected
    const expected = { ...row.invalidExpect } as Expected
    for (const caller of CALLERS) {
      const { res } = await call(row, caller, 'invalid')
      actual[caller] = res.statusCode
      const refused = row.expect[caller] === 401 || row.expect[caller] === 403
      expected[caller] ??= refused ? row.expect[caller] : 400
      expectErrorShape(row, caller, res)
    }
    expect(actual).toEqual(expected)
  })
})
