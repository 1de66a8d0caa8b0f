import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Measurement } from '#shared/schemas/measurements.ts'
import { ILL_FORMED_TEXT_MESSAGE } from '#shared/schemas/text.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aMeasurement,
  aSignUp,
  aSizeCheck,
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createMeasurement,
  createUser,
  putSizeCheck,
  type SignedInUser,
  WHITETAIL_SHEET,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { MAX_DEPTH } from './text-guard.ts'

// Text PostgreSQL cannot store (NUL, unpaired surrogates) and cursors it cannot read (impossible dates) are refused as
// a 400 naming the field, on every route, before the database sees them; who may call is still decided first.

let t: TestApp
let member: SignedInUser
let other: SignedInUser
let admin: SignedInUser
let pending: SignedInUser
let mine: Measurement
let theirs: Measurement

beforeAll(async () => {
  t = await createTestApp()
  member = await createUser(t, { verify: 'mark' })
  other = await createUser(t, { verify: 'mark' })
  admin = await createAdmin(t)
  pending = await createUser(t, { verify: 'mark', state: 'pending' })
  mine = await createMeasurement(t, member.cookie, { visibility: 'public' })
  const photo = (await uploadPhoto(t, other.cookie, await jpeg())).json().id as string
  theirs = await createMeasurement(t, other.cookie, { visibility: 'public', photoIds: [photo] })
}, 60_000)
afterAll(() => t?.close())

type Send = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; url: string; body?: unknown; raw?: string; cookie?: string }

function send({ method, url, body, raw, cookie }: Send): Promise<LightMyRequestResponse> {
  const json = raw !== undefined || body !== undefined
  return t.app.inject({
    method,
    url,
    headers: { ...browserHeaders(cookie, t.config.baseUrl), ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { payload: raw ?? JSON.stringify(body) } : {}),
  })
}

function expectRefused(res: LightMyRequestResponse, field: string) {
  const body = expectApiError(res, 400, `${field}: ${ILL_FORMED_TEXT_MESSAGE}`)
  expect(body.error.code).toBe('BAD_REQUEST')
  expect(body.error.issues).toEqual([{ path: field, message: ILL_FORMED_TEXT_MESSAGE }])
}

const NUL = 'a\u0000b'

describe('NUL in any text field, query or path is a 400 naming it', () => {
  const cases: [string, string, () => Send][] = [
    [
      'measurement notes',
      'notes',
      () => ({ method: 'POST', url: '/api/measurements', body: aMeasurement({ notes: NUL }) }),
    ],
    [
      'measurement caption',
      'caption',
      () => ({ method: 'POST', url: '/api/measurements', body: aMeasurement({ caption: NUL }) }),
    ],
    [
      'measurement region',
      'location.region',
      () => ({
        method: 'POST',
        url: '/api/measurements',
        body: aMeasurement({ location: { region: NUL, lat: 44.8, lon: -106.9, precision: 'exact' } }),
      }),
    ],
    [
      'a measurement edit',
      'notes',
      () => ({ method: 'PATCH', url: `/api/measurements/${mine.id}`, body: { notes: NUL } }),
    ],
    ['profile first name', 'firstName', () => ({ method: 'PATCH', url: '/api/profile', body: { firstName: NUL } })],
    ['profile bio', 'bio', () => ({ method: 'PATCH', url: '/api/profile', body: { bio: NUL } })],
    ['profile region', 'region', () => ({ method: 'PATCH', url: '/api/profile', body: { region: NUL } })],
    [
      'a comment',
      'body',
      () => ({ method: 'POST', url: `/api/measurements/${mine.id}/comments`, body: { body: NUL } }),
    ],
    [
      'a size check note',
      'note',
      () => ({ method: 'PUT', url: `/api/measurements/${theirs.id}/size-check`, body: aSizeCheck({ note: NUL }) }),
    ],
    [
      'a size check estimate label',
      'estimate.label',
      () => ({
        method: 'PUT',
        url: `/api/measurements/${theirs.id}/size-check`,
        body: aSizeCheck({ estimate: { ...aSizeCheck().estimate, label: NUL } }),
      }),
    ],
    [
      'report details',
      'details',
      () => ({
        method: 'POST',
        url: '/api/reports',
        body: { targetType: 'measurement', targetId: theirs.id, reason: 'spam', details: NUL },
      }),
    ],
    ['a notification key', 'key', () => ({ method: 'POST', url: '/api/notifications/read', body: { key: NUL } })],
    ['the member search', 'q', () => ({ method: 'GET', url: '/api/members?q=a%00b' })],
    ['a profile id in the path', 'userId', () => ({ method: 'GET', url: '/api/profiles/a%00b' })],
    ['a measurement id in the path', 'id', () => ({ method: 'GET', url: '/api/measurements/a%00b' })],
  ]
  it.each(cases)('%s', async (_name, field, request) => {
    expectRefused(await send({ cookie: member.cookie, ...request() }), field)
  })

  it('a size check reply', async () => {
    const checks = (await putSizeCheck(t, member.cookie, theirs.id)).json() as { checks: { id: string }[] }
    const checkId = checks.checks[0]?.id
    const res = await send({
      method: 'POST',
      url: `/api/measurements/${theirs.id}/size-checks/${checkId}/reply`,
      body: { reply: NUL },
      cookie: other.cookie,
    })
    expectRefused(res, 'reply')
  })

  it('review notes and an admin user id', async () => {
    const request = await createBetaRequest(t)
    const review = { status: 'denied', reviewNotes: NUL }
    const url = `/api/admin/beta-requests/${request.id}/review`
    expectRefused(await send({ method: 'POST', url, body: review, cookie: admin.cookie }), 'reviewNotes')
    const approve = { method: 'POST', url: '/api/admin/users/a%00b/approve', cookie: admin.cookie } as const
    expectRefused(await send(approve), 'userId')
  })

  it('a key of a record (score sheet lines) is named by the object holding it', async () => {
    const body = aMeasurement()
    const sheet = { ...WHITETAIL_SHEET, measurements: { ...WHITETAIL_SHEET.measurements, [NUL]: 8 } }
    const res = await send({
      method: 'POST',
      url: '/api/measurements',
      body: { ...body, sheet },
      cookie: member.cookie,
    })
    expectRefused(res, 'sheet.measurements')
  })
})

describe('a lone surrogate sent as a JSON escape', () => {
  it.each(['\\ud800', '\\udfff', 'x\\ud83e'])('%s in a caption is a 400', async (jsonEscape) => {
    const raw = JSON.stringify(aMeasurement({ caption: 'PLACE' })).replace('PLACE', jsonEscape)
    expectRefused(await send({ method: 'POST', url: '/api/measurements', raw, cookie: member.cookie }), 'caption')
  })

  it('keeps a surrogate pair (an emoji) as it is', async () => {
    const raw = JSON.stringify(aMeasurement({ caption: 'PLACE' })).replace('PLACE', 'buck \\ud83e\\udd8c')
    const res = await send({ method: 'POST', url: '/api/measurements', raw, cookie: member.cookie })
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().caption).toBe('buck 🦌')
  })
})

describe('better-auth routes, which have no schema of ours', () => {
  it.each([
    ['sign-up/email', 'email', () => ({ ...aSignUp(), email: `a\u0000${aSignUp().email}`, name: 'Ada L' })],
    ['sign-up/email', 'name', () => ({ ...aSignUp(), name: NUL })],
    ['sign-up/email', 'firstName', () => ({ ...aSignUp(), name: 'Ada L', firstName: NUL })],
    ['sign-in/email', 'email', () => ({ email: NUL, password: 'pw-Antler-1' })],
    ['request-password-reset', 'email', () => ({ email: NUL, redirectTo: '/reset-password' })],
    ['reset-password', 'token', () => ({ newPassword: 'pw-Antler-2', token: NUL })],
  ])('%s with NUL in %s is our 400', async (path, field, body) => {
    expectRefused(await send({ method: 'POST', url: `/api/identity/${path}`, body: body() }), field)
  })
})

describe('bodies nested deeper than any form', () => {
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`

  it.each([
    ['/api/measurements', 'caption'],
    ['/api/identity/sign-in/email', 'email'],
    ['/api/identity/request-password-reset', 'email'],
  ])('10,000 levels of arrays in %s are a 400', async (url, field) => {
    const res = await send({ method: 'POST', url, raw: `{"${field}":${deep(10_000)}}`, cookie: member.cookie })
    const body = expectApiError(res, 400, `body: nested more than ${MAX_DEPTH} levels deep`)
    expect(body.error.issues).toEqual([{ path: 'body', message: `nested more than ${MAX_DEPTH} levels deep` }])
  })

  it(`${MAX_DEPTH} levels are let through to validation`, async () => {
    const res = await send({
      method: 'POST',
      url: '/api/notifications/read',
      raw: `{"key":${deep(MAX_DEPTH - 1)}}`,
      cookie: member.cookie,
    })
    expect(expectApiError(res, 400).error.issues?.[0]?.path).toBe('key')
  })
})

describe('who may call decides first', () => {
  const notes = () => ({ method: 'POST', url: '/api/measurements', body: aMeasurement({ notes: NUL }) }) as const

  it('signed out: 401', async () => {
    expectApiError(await send(notes()), 401)
  })

  it('pending review: 403', async () => {
    expectApiError(await send({ ...notes(), cookie: pending.cookie }), 403)
  })

  it('a member on an admin route: 403', async () => {
    expectApiError(await send({ method: 'POST', url: '/api/admin/users/a%00b/approve', cookie: member.cookie }), 403)
  })

  it("refused text counts toward the member's write limit", async () => {
    const limit = { max: 2, windowMs: 60_000 }
    const limited = await createTestApp({ rateLimits: { communityWrite: limit, write: limit } })
    try {
      const writer = await createUser(limited, { verify: 'mark' })
      const patch = () =>
        limited.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: browserHeaders(writer.cookie, limited.config.baseUrl),
          payload: { bio: NUL },
        })
      expectApiError(await patch(), 400)
      expectApiError(await patch(), 400)
      expectApiError(await patch(), 429)
    } finally {
      await limited.close()
    }
  })
})

describe('page cursors that decode to an impossible time', () => {
  const CURSOR_ERROR = 'Invalid cursor; load the list again from the start'
  const forged = (time: string, id: string) => Buffer.from(`${time}|${id}`, 'utf8').toString('base64url')

  it.each(['2026-02-30T00:00:00.000000Z', '0000-01-01T00:00:00.000000Z'])('%s is a 400 on every list', async (time) => {
    const cursor = forged(time, '5152b5b4-a455-4367-8c53-fd715c389714')
    const lists = [
      `/api/measurements?cursor=${cursor}`,
      `/api/feed?cursor=${cursor}`,
      `/api/feed?tab=following&cursor=${cursor}`,
      `/api/profiles/${member.id}/measurements?cursor=${cursor}`,
      `/api/measurements/${mine.id}/comments?cursor=${cursor}`,
      `/api/profiles/${member.id}/followers?cursor=${forged(time, other.id)}`,
      `/api/profiles/${member.id}/following?cursor=${forged(time, other.id)}`,
    ]
    for (const url of lists) {
      const body = expectApiError(
        await send({ method: 'GET', url, cookie: member.cookie }),
        400,
        `cursor: ${CURSOR_ERROR}`,
      )
      expect(body.error.issues, url).toEqual([{ path: 'cursor', message: CURSOR_ERROR }])
    }
  })
})

describe('URLs the router refuses', () => {
  it('a malformed percent-encoding in a path is a 400 in the error shape', async () => {
    const res = await send({ method: 'GET', url: '/api/measurements/%ED%A0%80', cookie: member.cookie })
    expectApiError(res, 400)
  })

  it('a path parameter over the router’s length limit is a 414 in the error shape', async () => {
    const res = await send({ method: 'GET', url: `/api/measurements/${'a'.repeat(1000)}`, cookie: member.cookie })
    expect(expectApiError(res, 414).error.message).not.toContain('aaaa')
  })
})
