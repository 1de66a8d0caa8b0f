import fc from 'fast-check'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import {
  aBetaRequest,
  aMeasurement,
  aSizeCheck,
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createMeasurement,
  createUser,
  postComment,
  postReport,
  putSizeCheck,
  type SignedInUser,
} from '#tests/support/factories.ts'
import {
  type FuzzRequest,
  type JsonSchema,
  type Known,
  keyOf,
  type Operation,
  operationsOf,
  requestsFor,
} from '#tests/support/fuzz/operations.ts'
import type { Fuzzed } from '#tests/support/fuzz/values.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Every operation of the OpenAPI document, and better-auth's JSON routes, get hostile requests from the right caller
// (a member past the gate; admin routes as an admin): never a 5xx, and every 4xx in the one error shape. FUZZ_RUNS
// sets the requests per operation (small in the suite; `npm run fuzz` runs many), FUZZ_SEED replays a run.

const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)

const text = (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra })
const identity = (path: string, properties: Record<string, JsonSchema>): Operation => ({
  method: 'POST',
  path: `/api/identity/${path}`,
  params: [],
  query: [],
  body: { type: 'object', properties, required: Object.keys(properties) },
  multipart: false,
})
/** better-auth's catch-all takes these JSON bodies; it is not in the OpenAPI document. */
const IDENTITY: Operation[] = [
  identity('sign-up/email', {
    email: text(),
    password: text(),
    name: text(),
    firstName: text(),
    lastName: text(),
  }),
  identity('sign-in/email', { email: text(), password: text() }),
  identity('request-password-reset', { email: text(), redirectTo: text() }),
  identity('reset-password', { newPassword: text(), token: text() }),
]

/** Operations without input have nothing to fuzz; the notification stream never ends, /api/logout ends the session. */
const hasInput = (op: Operation) => op.params.length + op.query.length > 0 || op.body !== undefined || op.multipart

/** better-auth answers its own 4xx as `{ message, code? }`. */
const IdentityErrorSchema = z.object({ message: z.string(), code: z.string().optional() })

let t: TestApp
let member: SignedInUser
let admin: SignedInUser
let operations: Operation[]
let known: Known

beforeAll(async () => {
  t = await createTestApp()
  member = await createUser(t, { verify: 'mark' })
  const other = await createUser(t, { verify: 'mark' })
  admin = await createAdmin(t)
  const photoOf = async (who: SignedInUser) => (await uploadPhoto(t, who.cookie, await jpeg())).json().id as string
  const photo = await photoOf(member)
  const mine = await createMeasurement(t, member.cookie, { visibility: 'public', photoIds: [photo] })
  const theirs = await createMeasurement(t, other.cookie, { visibility: 'public', photoIds: [await photoOf(other)] })
  const comment = (await postComment(t, other.cookie, mine.id, 'Nice buck')).json().id as string
  const checks = (await putSizeCheck(t, other.cookie, mine.id)).json() as { checks: { id: string }[] }
  const report = (
    await postReport(t, member.cookie, { targetType: 'measurement', targetId: theirs.id, reason: 'spam' })
  ).json().id as string
  const request = (await createBetaRequest(t)).id
  const catalogue = await t.app.inject({ method: 'GET', url: '/api/achievements', headers: { cookie: member.cookie } })
  const achievement = (catalogue.json() as { id: string }[])[0]?.id
  const byName: Record<string, string[]> = {
    id: [mine.id, theirs.id],
    commentId: [comment],
    checkId: checks.checks.map((c) => c.id),
    userId: [member.id, other.id],
    requestId: [request],
    reportId: [report],
    achievementId: achievement ? [achievement] : [],
    species: ['whitetail-deer'],
  }
  const constant = (body: Fuzzed) => fc.constant(body)
  const bodies: Record<string, fc.Arbitrary<Fuzzed>> = {
    // A new id each time: a repeated id answers the stored measurement without writing.
    'POST /api/measurements': fc.uuid({ version: 4 }).map(
      (id) =>
        aMeasurement({
          id,
          visibility: 'public',
          notes: 'stand 4',
          caption: 'buck',
          location: { region: 'Sheridan County, Montana', lat: 44.82, lon: -106.95, precision: 'exact' },
        }) as Fuzzed,
    ),
    'PATCH /api/measurements/{id}': constant({ notes: 'stand 4', caption: 'buck' }),
    'PUT /api/measurements/{id}/size-check': constant(aSizeCheck() as Fuzzed),
    'POST /api/measurements/{id}/size-checks/{checkId}/reply': constant({ reply: 'Measured twice' }),
    'POST /api/measurements/{id}/comments': constant({ body: 'Nice buck' }),
    'POST /api/reports': constant({ targetType: 'measurement', targetId: theirs.id, reason: 'spam', details: 'x' }),
    'PATCH /api/profile': constant({ firstName: 'Ada', lastName: 'Lovelace', bio: 'Hunts', region: 'Montana' }),
    'POST /api/admin/beta-requests/{requestId}/review': constant({ status: 'denied', reviewNotes: 'Not yet' }),
    'POST /api/admin/reports/{reportId}/resolve': constant({ action: 'dismiss' }),
    'POST /api/notifications/read': constant({ key: 'like:x' }),
    'POST /api/beta-access-request': fc
      .uuid()
      .map((id) => aBetaRequest({ email: `fuzz-${id}@example.test` }) as Fuzzed),
    'POST /api/photos/{id}/reference': constant({ kind: 'credit-card' }),
    // A card and a line on the member's 320 × 240 photo.
    'POST /api/photos/{id}/measure': constant({
      reference: {
        kind: 'credit-card',
        corners: [
          [100, 100],
          [200, 100],
          [200, 163],
          [100, 163],
        ],
        cornerErrorPx: 1.5,
      },
      points: [
        [40, 200],
        [120, 210],
        [280, 190],
      ],
      mode: 'curve',
    }),
    'POST /api/chat': constant({ message: 'How do I score a whitetail?', history: [{ role: 'user', text: 'Hi' }] }),
    'POST /api/identity/sign-up/email': fc.uuid().map((id) => ({
      email: `fuzz-${id}@example.test`,
      password: 'pw-Fuzz-Antler-1',
      name: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
    })),
    'POST /api/identity/sign-in/email': constant({ email: member.email, password: 'wrong-Password-1' }),
    'POST /api/identity/request-password-reset': constant({ email: member.email, redirectTo: '/reset-password' }),
    'POST /api/identity/reset-password': constant({ newPassword: 'pw-Fuzz-Antler-2', token: 'no-such-token' }),
  }
  known = {
    ids: (op, name) => (op.path.startsWith('/api/photos/') && name === 'id' ? [photo] : (byName[name] ?? [])),
    body: (op) => bodies[keyOf(op)],
  }
  const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
  // Deletes last, so the real resources other operations use exist while they run.
  operations = [...operationsOf(doc.json()), ...IDENTITY]
    .filter(hasInput)
    .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'))
}, 60_000)
afterAll(() => t?.close())

function send(op: Operation, req: FuzzRequest): Promise<LightMyRequestResponse> {
  const cookie = op.path.startsWith('/api/identity/') ? undefined : op.path.startsWith('/api/admin/') ? admin : member
  return t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers: {
      ...browserHeaders(cookie?.cookie, t.config.baseUrl),
      ...(req.contentType ? { 'content-type': req.contentType } : {}),
    },
    ...(req.payload !== undefined ? { payload: req.payload } : {}),
  })
}

/** What is wrong with an answer, or undefined. */
function problemOf(op: Operation, res: LightMyRequestResponse): string | undefined {
  let body: unknown
  try {
    body = res.json()
  } catch {
    body = undefined
  }
  if (res.statusCode >= 500) {
    // The test app has no AI service: photo analysis answers its documented 503.
    const code = ApiErrorSchema.safeParse(body).data?.error.code
    return res.statusCode === 503 && code === 'NOT_CONFIGURED'
      ? undefined
      : `${res.statusCode} ${res.body.slice(0, 200)}`
  }
  if (res.statusCode >= 400) {
    const ours = ApiErrorSchema.safeParse(body).success
    const theirs = op.path.startsWith('/api/identity/') && IdentityErrorSchema.safeParse(body).success
    if (!ours && !theirs) return `${res.statusCode} without the error shape: ${res.body.slice(0, 200)}`
  }
  return undefined
}

describe('fuzz: every operation from the OpenAPI document', () => {
  it(
    'answers hostile requests without a 5xx, and every 4xx in the error shape',
    async () => {
      const problems = new Map<string, { count: number; first: string }>()
      let sent = 0
      let serverErrors = 0
      const started = Date.now()
      for (const [index, op] of operations.entries()) {
        await fc.assert(
          fc.asyncProperty(requestsFor(op, known), async (req) => {
            const res = await send(op, req)
            sent += 1
            const problem = problemOf(op, res)
            if (!problem) return
            if (res.statusCode >= 500) serverErrors += 1
            // One line per operation and status: the count and the first request that showed it.
            const key = `${keyOf(op)} → ${res.statusCode}`
            const seen = problems.get(key)
            if (seen) seen.count += 1
            else problems.set(key, { count: 1, first: `${req.summary}\n      ${problem}` })
          }),
          { numRuns: RUNS, seed: SEED + index },
        )
      }
      if (process.env.FUZZ_RUNS) {
        const seconds = ((Date.now() - started) / 1000).toFixed(1)
        const line = `${operations.length} operations, ${sent} requests, ${serverErrors} 5xx, ${seconds} s, seed ${SEED}`
        console.info(`fuzz: ${line}`)
      }
      const report = [...problems].map(([key, { count, first }]) => `${key} ×${count}: ${first}`).join('\n')
      expect(problems.size, `seed ${SEED} (FUZZ_SEED replays it); ${serverErrors} 5xx:\n${report}`).toBe(0)
    },
    60_000 + RUNS * 6_000,
  )
})
