import { randomUUID } from 'node:crypto'
import diagnostics from 'node:diagnostics_channel'
import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measurements, photos } from '#server/db/schema.ts'
import { DEFAULT_SETTINGS } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aBetaRequest,
  aMeasurement,
  browserHeaders,
  createBetaRequest,
  createMeasurement,
  createUser,
  setAccessFlags,
  signUp,
  uniqueEmail,
} from '#tests/support/factories.ts'
import { jpeg, multipart, uploadPhoto } from '#tests/support/images.ts'
import {
  adminOnly,
  appRoute,
  CALLERS,
  type Caller,
  type Expected,
  open,
  type RouteContext,
  type Row,
  signedIn,
} from '#tests/support/route-table.ts'
import { achievementRoutes } from '#tests/support/routes/achievements.ts'
import { assistantRoutes } from '#tests/support/routes/assistant.ts'
import { communityRoutes } from '#tests/support/routes/community.ts'
import { interactionRoutes } from '#tests/support/routes/interactions.ts'
import { leaderboardRoutes } from '#tests/support/routes/leaderboards.ts'
import { moderationRoutes } from '#tests/support/routes/moderation.ts'
import { notificationRoutes } from '#tests/support/routes/notifications.ts'
import { photoAnalysisRoutes } from '#tests/support/routes/photo-analysis.ts'
import { sizeCheckRoutes } from '#tests/support/routes/size-checks.ts'
import { createTestApp, TEST_ALPHA_PASSWORD, type TestApp } from '#tests/support/test-app.ts'

// Issue 2, "Every API route refuses what it must": one table, every route × every kind of caller.

let t: TestApp

const ROUTES: Row[] = [
  { route: 'GET /api/auth/user', expect: signedIn },
  { route: 'GET /api/auth/config', expect: open() },
  { route: 'GET /api/login', expect: open(302) },
  { route: 'GET /api/logout', fresh: true, expect: open(302) },
  { route: 'POST /api/beta-access-request', payload: () => aBetaRequest(), expect: open(201) },
  { route: 'GET /api/community-stats', expect: open() },
  {
    route: 'POST /api/alpha-access',
    fresh: true,
    payload: () => ({ password: TEST_ALPHA_PASSWORD }),
    expect: { anonymous: 401, pending: 403, approved: 200, member: 200, admin: 200 },
  },
  {
    route: 'POST /api/setup/admin',
    payload: () => ({
      token: 'no-valid-setup-token',
      email: uniqueEmail('setup'),
      firstName: 'Set',
      lastName: 'Up',
      password: 'setup-Password-1',
    }),
    expect: open(403),
  },
  { route: 'GET /api/admin/beta-requests', expect: adminOnly() },
  {
    route: 'POST /api/admin/beta-requests/:requestId/review',
    url: async () => `/api/admin/beta-requests/${(await createBetaRequest(t)).id}/review`,
    payload: () => ({ status: 'denied' }),
    expect: adminOnly(),
  },
  { route: 'GET /api/admin/users/pending', expect: adminOnly() },
  {
    route: 'POST /api/admin/users/:userId/approve',
    url: async () => {
      const user = await signUp(t)
      await setAccessFlags(t, user.id, { emailVerified: true })
      return `/api/admin/users/${user.id}/approve`
    },
    expect: adminOnly(),
  },
  {
    route: 'POST /api/photos',
    body: async () => multipart([{ data: await jpeg(64, 48) }]),
    expect: { ...appRoute, member: 201, admin: 201 },
  },
  // A public measurement's photo: anyone; photos.access.test.ts covers private ones.
  { route: 'GET /api/photos/:id/:size', url: publicPhotoUrl, expect: open() },
  // Measurements (issue 4): approved members; change and delete only by the owner (the member), others 404.
  {
    route: 'POST /api/measurements',
    payload: () => aMeasurement(),
    expect: { ...appRoute, member: 201, admin: 201 },
  },
  { route: 'GET /api/measurements', expect: appRoute },
  { route: 'GET /api/measurements/stats', expect: appRoute },
  {
    route: 'GET /api/measurements/:id',
    url: async () => `/api/measurements/${await publicMeasurementId()}`,
    expect: appRoute,
  },
  {
    route: 'PATCH /api/measurements/:id',
    url: async () => `/api/measurements/${await publicMeasurementId()}`,
    payload: () => {
      const { id: _id, ...body } = aMeasurement()
      return body
    },
    expect: { ...appRoute, admin: 404 },
  },
  {
    route: 'DELETE /api/measurements/:id',
    url: async () => `/api/measurements/${await publicMeasurementId()}`,
    expect: { ...appRoute, member: 204, admin: 404 },
  },
  { route: 'GET /api/settings', expect: appRoute },
  { route: 'PUT /api/settings', payload: () => ({ ...DEFAULT_SETTINGS }), expect: appRoute },
  // A public measurement's share API and page: anyone, signed out too.
  { route: 'GET /api/share/:id', url: async () => `/api/share/${await publicMeasurementId()}`, expect: open() },
  { route: 'GET /share/:id', url: async () => `/share/${await publicMeasurementId()}`, expect: open() },
  { route: 'GET /api/bench/bare', expect: open() },
  { route: 'GET /api/bench/one-row', expect: appRoute },
  { route: 'GET /healthz', expect: open() },
  { route: 'GET /readyz', expect: open() },
  // better-auth (sign-up, sign-in, verification, reset) behind one catch-all; it does its own checks.
  { route: 'GET /api/identity/*', url: () => '/api/identity/get-session', expect: open() },
  {
    route: 'POST /api/identity/*',
    url: () => '/api/identity/sign-out',
    payload: () => ({}),
    fresh: true,
    expect: open(),
  },
  // The OpenAPI document and its viewer (@fastify/swagger-ui) are public.
  { route: 'GET /api/docs/json', expect: open() },
  { route: 'GET /api/docs/yaml', expect: open() },
  { route: 'GET /api/docs', expect: open() },
  { route: 'GET /api/docs/static/index.html', expect: open(302) },
  { route: 'GET /api/docs/static/swagger-initializer.js', expect: open() },
  { route: 'GET /api/docs/static/*', url: () => '/api/docs/static/swagger-ui.css', expect: open() },
  // The community (issue 5): one file per part, each listing its routes.
  ...communityRoutes(context()),
  ...interactionRoutes(context()),
  ...notificationRoutes(context()),
  ...sizeCheckRoutes(context()),
  ...moderationRoutes(context()),
  ...achievementRoutes(context()),
  ...leaderboardRoutes(context()),
  ...photoAnalysisRoutes(context()),
  ...assistantRoutes(context()),
]

function context(): RouteContext {
  return { t: () => t, callers: () => callers, publicMeasurementId, publicPhotoMeasurementId }
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

const callers = {} as ReturnType<RouteContext['callers']>

async function publicPhotoUrl(): Promise<string> {
  const res = await uploadPhoto(t, callers.member.cookie, await jpeg(64, 48))
  const photoId = res.json().id as string
  const measurementId = randomUUID()
  await t.db.insert(measurements).values({
    id: measurementId,
    userId: callers.member.id,
    speciesId: 'whitetail-deer',
    method: 'tape',
    takenAt: new Date(),
    visibility: 'public',
  })
  await t.db.update(photos).set({ measurementId }).where(eq(photos.id, photoId))
  return `/api/photos/${photoId}/thumb`
}

/** A new public measurement of the member with one photo (size checks need a photo). */
async function publicPhotoMeasurementId(): Promise<string> {
  const res = await uploadPhoto(t, callers.member.cookie, await jpeg(64, 48))
  const photoId = res.json().id as string
  return (await createMeasurement(t, callers.member.cookie, { visibility: 'public', photoIds: [photoId] })).id
}

/** A new public measurement of the member. */
async function publicMeasurementId(): Promise<string> {
  return (await createMeasurement(t, callers.member.cookie, { visibility: 'public' })).id
}

async function callerCookie(caller: Caller, fresh: boolean): Promise<string | undefined> {
  if (caller === 'anonymous') return undefined
  if (!fresh) return callers[caller].cookie
  return (await createUser(t, { state: caller, verify: 'mark' })).cookie
}

async function call(row: Row, caller: Caller): Promise<LightMyRequestResponse> {
  const [method, path] = row.route.split(' ') as ['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string]
  const cookie = await callerCookie(caller, row.fresh === true)
  const url = row.url ? await row.url() : path
  const body = row.body ? await row.body() : undefined
  if (row.stream) {
    const streamed = await t.app.inject({ method, url, headers: browserHeaders(cookie), payloadAsStream: true })
    if (streamed.statusCode === 200) {
      streamed.raw.res.destroy()
      return streamed
    }
  }
  return t.app.inject({
    method,
    url,
    headers: { ...browserHeaders(cookie), ...(body ? { 'content-type': body.contentType } : {}) },
    ...(method === 'POST' || method === 'PUT' || method === 'PATCH'
      ? { payload: body?.payload ?? row.payload?.() ?? {} }
      : {}),
  })
}

beforeAll(async () => {
  diagnostics.subscribe('fastify.initialization', collectRoutes as (message: unknown) => void)
  try {
    t = await createTestApp()
  } finally {
    diagnostics.unsubscribe('fastify.initialization', collectRoutes as (message: unknown) => void)
  }
  callers.pending = await createUser(t, { state: 'pending', verify: 'mark' })
  callers.approved = await createUser(t, { state: 'approved', verify: 'mark' })
  callers.member = await createUser(t, { state: 'member', verify: 'mark' })
  callers.admin = await createUser(t, { state: 'admin', verify: 'mark' })
})
afterAll(() => t?.close())

describe('route access table', () => {
  it('lists every registered route, and only those', () => {
    expect(registered.size).toBeGreaterThan(0)
    expect([...registered].sort()).toEqual(ROUTES.map((r) => r.route).sort())
  })

  it.each(ROUTES)('$route', async (row) => {
    const actual = {} as Expected
    for (const caller of CALLERS) {
      const res = await call(row, caller)
      actual[caller] = res.statusCode
      if (res.statusCode === 401) expectApiError(res, 401, 'Sign in to continue')
      if (res.statusCode === 403 && row.route !== 'POST /api/setup/admin') {
        expectApiError(res, 403, /pending review|alpha password|Admin access required/)
      }
    }
    expect(actual).toEqual(row.expect)
  })

  it('refuses pending and ungated callers on an app route with the reason', async () => {
    const row = ROUTES.find((r) => r.route === 'GET /api/bench/one-row') as Row
    expectApiError(await call(row, 'pending'), 403, 'Your beta access is pending review')
    expectApiError(await call(row, 'approved'), 403, 'Enter the alpha password to continue')
  })
})

describe('GET /api/docs/json', () => {
  it('is an OpenAPI 3 document describing the public API routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { openapi: string; info: { title: string }; paths: Record<string, object> }

    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.info.title).toBe('Fieldmark API')
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    )
    // Every API route is documented, except better-auth's catch-all, the benchmark routes and the docs themselves.
    const undocumented = /^(GET|POST) \/api\/(identity|bench|docs)\b/
    const documented = ROUTES.map((r) => r.route)
      .filter((route) => / \/api\//.test(route) && !undocumented.test(route))
      .map((route) => route.replace(/:(\w+)/g, '{$1}'))
    expect(documented).toContain('POST /api/beta-access-request')
    expect(operations.sort()).toEqual(documented.sort())
  })

  it('carries the request schema of the beta request form', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const body = doc.paths['/api/beta-access-request'].post.requestBody.content['application/json'].schema
    expect(body.required).toEqual(
      expect.arrayContaining(['email', 'firstName', 'lastName', 'huntingExperience', 'location']),
    )
    expect(body.properties.huntingExperience.enum).toEqual(['beginner', 'intermediate', 'advanced', 'expert'])
  })
})
