import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { blocks, follows, measurements, photoAnalyses, photos } from '#server/db/schema.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { PhotoAnalysisSchema } from '#shared/schemas/photo-analysis.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { type FakeOpenAi, type FakeReply, startFakeOpenAi } from '#tests/support/fake-openai.ts'
import { getPhoto, jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { FAILED_MESSAGE, NOT_CONFIGURED_MESSAGE } from './photo-analysis.service.ts'

// POST /api/photos/:id/analysis against the local OpenAI-compatible server: what is sent to the vision
// model, what comes back, which photos may be analysed, and every way the service can fail.

let fake: FakeOpenAi
let t: TestApp
let owner: SignedInUser
let other: SignedInUser

beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await createTestApp({ config: { ai: fake.config() } })
  owner = await createUser(t, { state: 'member', verify: 'mark' })
  other = await createUser(t, { state: 'member', verify: 'mark' })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

const BASS_REPLY = {
  species: { id: 'largemouth-bass', name: 'Largemouth Bass', confidence: 0.82 },
  category: 'Freshwater Fish',
  referenceObject: { visible: true, kind: 'credit-card' },
  estimates: { lengthIn: 24, girthIn: 18, widthIn: null, weightLbs: 9.5, spreadIn: null, points: null },
  trophyClass: 'record',
  score: 11,
  notes: 'The fish is held toward the camera.',
}

const message = (content: unknown): FakeReply => ({
  kind: 'message',
  content: typeof content === 'string' ? content : JSON.stringify(content),
})

async function upload(app: TestApp = t, user: SignedInUser = owner): Promise<string> {
  const res = await uploadPhoto(app, user.cookie, await jpeg(320, 240))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

/** A measurement of `userId` showing this photo, written directly (the measurements API is not tested here). */
async function attach(photoId: string, visibility: Visibility, userId: string, hidden = false): Promise<string> {
  const id = randomUUID()
  await t.db.insert(measurements).values({
    id,
    userId,
    speciesId: 'largemouth-bass',
    method: 'tape',
    takenAt: new Date('2025-06-01T08:00:00Z'),
    visibility,
    coverPhotoId: photoId,
    hiddenAt: hidden ? new Date() : null,
  })
  await t.db.update(photos).set({ measurementId: id }).where(eq(photos.id, photoId))
  return id
}

function analyze(photoId: string, user: SignedInUser = owner, app: TestApp = t) {
  return app.app.inject({
    method: 'POST',
    url: `/api/photos/${photoId}/analysis`,
    headers: browserHeaders(user.cookie, app.config.baseUrl),
  })
}

async function storedAnalyses(): Promise<number> {
  const [row] = await t.db.select({ n: count() }).from(photoAnalyses)
  return row?.n ?? 0
}

describe('POST /api/photos/:id/analysis: the happy path', () => {
  it('sends the display photo to the vision model with the catalogue, and answers and stores its suggestion', async () => {
    const photoId = await upload()
    fake.queue(message(BASS_REPLY))
    const res = await analyze(photoId)
    expect(res.statusCode, res.body).toBe(201)

    // What the model was sent.
    expect(fake.requests).toHaveLength(1)
    const request = fake.requests[0]
    expect(request?.path).toBe('/v1/chat/completions')
    expect(request?.headers.authorization).toBe('Bearer test-key-not-secret')
    const body = request?.body
    expect(body.model).toBe('test-vision-model')
    expect(body.response_format).toEqual({ type: 'json_object' })
    const system = body.messages.find((m: { role: string }) => m.role === 'system')
    expect(system.content).toContain('- largemouth-bass: Largemouth Bass (Freshwater Fish)')
    expect(system.content).toContain('- whitetail-deer: Whitetail Deer (Big Game)')
    const user = body.messages.find((m: { role: string }) => m.role === 'user')
    const image = user.content.find((part: { type: string }) => part.type === 'image_url')
    const url = image.image_url.url as string
    expect(url.startsWith('data:image/webp;base64,')).toBe(true)
    // The very file GET /api/photos/:id/display serves: auto-oriented, without metadata.
    const display = await getPhoto(t, owner.cookie, photoId, 'display')
    expect(Buffer.from(url.slice('data:image/webp;base64,'.length), 'base64').equals(display.rawPayload)).toBe(true)

    // What the member receives: 24 × 18² ÷ 800 = 9.72 lb from the engine (trophy: at least 80 % of 10 lb).
    const analysis = PhotoAnalysisSchema.parse(res.json())
    expect(analysis).toEqual({
      id: expect.any(String),
      photoId,
      species: { id: 'largemouth-bass', name: 'Largemouth Bass', modelLabel: 'Largemouth Bass', confidence: 0.82 },
      category: 'Freshwater Fish',
      referenceObject: { visible: true, kind: 'credit-card' },
      estimates: { lengthIn: 24, girthIn: 18, weightLbs: 9.5 },
      score: 9.72,
      scoreSource: 'engine',
      trophyClass: 'trophy',
      notes: 'The fish is held toward the camera.',
      model: 'test-vision-model',
      createdAt: expect.any(String),
    })

    // Stored for the measurement that accepts it.
    const [row] = await t.db.select().from(photoAnalyses).where(eq(photoAnalyses.id, analysis.id))
    expect(row).toMatchObject({ photoId, userId: owner.id, result: analysis })
  })

  it("answers a species outside the catalogue as 'Unknown' with the model's label and its score", async () => {
    const photoId = await upload()
    fake.queue(
      message({
        ...BASS_REPLY,
        species: { id: null, name: 'Brown Trout', confidence: 0.64 },
        estimates: { lengthIn: 20 },
        score: 3.4,
        trophyClass: null,
      }),
    )
    const res = await analyze(photoId)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      species: { id: null, name: 'Unknown', modelLabel: 'Brown Trout', confidence: 0.64 },
      category: 'Freshwater Fish',
      score: 3.4,
      scoreSource: 'model',
      trophyClass: null,
    })
  })

  it('reads a reply whose JSON comes in a ```json fence with prose around it', async () => {
    const photoId = await upload()
    fake.queue(message(`Here is my analysis:\n\`\`\`json\n${JSON.stringify(BASS_REPLY, null, 2)}\n\`\`\`\n`))
    const res = await analyze(photoId)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().species.id).toBe('largemouth-bass')
  })
})

describe('POST /api/photos/:id/analysis: failures of the service are a 502, never a guess', () => {
  const invalid = 'a reply that must never reach the member'
  it.each<[string, FakeReply]>([
    ['prose instead of JSON', message(`I think it is a ${invalid}.`)],
    ['JSON cut short', message('{"species": {"id": "largemouth-bass", "confidence": 0.8}, "estimates": {')],
    ['confidence as a word', message({ ...BASS_REPLY, species: { id: 'walleye', confidence: 'high', name: invalid } })],
    ['a length with its unit', message({ ...BASS_REPLY, estimates: { lengthIn: '24 inches' } })],
    ['no estimates', message({ ...BASS_REPLY, estimates: undefined, notes: invalid })],
    ['no referenceObject', message({ ...BASS_REPLY, referenceObject: undefined })],
    ['an empty message', { kind: 'message', content: null }],
    ['a completion without choices', { kind: 'json', body: { id: 'x', object: 'chat.completion', choices: [] } }],
    ['a body that is not JSON', { kind: 'raw', text: `<html>${invalid}</html>` }],
    ['the provider failing (500)', { kind: 'json', status: 500, body: { error: { message: invalid } } }],
    ['the provider refusing the key (401)', { kind: 'json', status: 401, body: { error: { message: invalid } } }],
    ['a reply slower than AI_TIMEOUT_MS', { ...message(BASS_REPLY), delayMs: 1_500 } as FakeReply],
  ])('%s', async (_name, reply) => {
    const photoId = await upload()
    const before = await storedAnalyses()
    fake.queue(reply)
    const res = await analyze(photoId)
    expectApiError(res, 502, FAILED_MESSAGE)
    expect(res.json().error.code).toBe('UPSTREAM_FAILED')
    expect(res.body).not.toContain(invalid)
    expect(fake.requests).toHaveLength(1)
    expect(await storedAnalyses()).toBe(before)
  })
})

describe('POST /api/photos/:id/analysis: which photos', () => {
  it("analyses another member's photo on a public measurement (the member size check)", async () => {
    const photoId = await upload(t, other)
    await attach(photoId, 'public', other.id)
    fake.queue(message(BASS_REPLY))
    const res = await analyze(photoId, owner)
    expect(res.statusCode, res.body).toBe(201)
    const [row] = await t.db.select().from(photoAnalyses).where(eq(photoAnalyses.id, res.json().id))
    expect(row?.userId).toBe(owner.id)
  })

  it("analyses the caller's own photo on their private measurement", async () => {
    const photoId = await upload()
    await attach(photoId, 'private', owner.id)
    fake.queue(message(BASS_REPLY))
    expect((await analyze(photoId)).statusCode).toBe(201)
  })

  it('analyses a followers-only photo for a follower, and no one else', async () => {
    const photoId = await upload(t, other)
    await attach(photoId, 'followers', other.id)
    const stranger = await createUser(t, { state: 'member', verify: 'mark' })
    expectApiError(await analyze(photoId, stranger), 404, 'Photo not found')
    await t.db.insert(follows).values({ followerId: stranger.id, followeeId: other.id })
    fake.queue(message(BASS_REPLY))
    expect((await analyze(photoId, stranger)).statusCode).toBe(201)
  })

  it.each<[string, () => Promise<string>]>([
    ["another member's unattached upload", () => upload(t, other)],
    [
      "another member's private measurement",
      async () => {
        const id = await upload(t, other)
        await attach(id, 'private', other.id)
        return id
      },
    ],
    [
      'a public measurement a moderator hid',
      async () => {
        const id = await upload(t, other)
        await attach(id, 'public', other.id, true)
        return id
      },
    ],
    [
      'a public measurement of a member who blocked the caller',
      async () => {
        const blocker = await createUser(t, { state: 'member', verify: 'mark' })
        const id = await upload(t, blocker)
        await attach(id, 'public', blocker.id)
        await t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: owner.id })
        return id
      },
    ],
    ['a photo that does not exist', async () => randomUUID()],
  ])('answers 404 for %s, without calling the model', async (_name, photo) => {
    const photoId = await photo()
    fake.queue(message(BASS_REPLY))
    expectApiError(await analyze(photoId), 404, 'Photo not found')
    expect(fake.requests).toHaveLength(0)
  })

  it('refuses an id that is not a UUID, naming it', async () => {
    const res = await analyze('not-a-uuid')
    const body = expectApiError(res, 400)
    expect(body.error.message).toContain('id must be a UUID')
    expect(body.error.issues?.[0]?.path).toBe('id')
  })

  it('asks a signed-out visitor to sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${randomUUID()}/analysis`,
      headers: browserHeaders(undefined, t.config.baseUrl),
    })
    expectApiError(res, 401, 'Sign in to continue')
  })
})

describe('POST /api/photos/:id/analysis without an AI service', () => {
  /** No AI service, and two analyses an hour: the 503 and the rate limit. */
  let bare: TestApp
  beforeAll(async () => {
    bare = await createTestApp({ rateLimits: { photoAnalysis: { max: 2, windowMs: 60 * 60_000 } } })
  })
  afterAll(() => bare?.close())

  it('says photo analysis is not set up and points to the measuring tool, for any photo', async () => {
    const member = await createUser(bare, { state: 'member', verify: 'mark' })
    const photoId = await upload(bare, member)
    for (const id of [photoId, randomUUID()]) {
      const body = expectApiError(await analyze(id, member, bare), 503, NOT_CONFIGURED_MESSAGE)
      expect(body.error.code).toBe('NOT_CONFIGURED')
    }
  })

  it('counts analyses per member: past the limit, 429', async () => {
    const member = await createUser(bare, { state: 'member', verify: 'mark' })
    const second = await createUser(bare, { state: 'member', verify: 'mark' })
    // Two an hour each (503s count too: the limit is checked first): the third is refused, another member's are not.
    expect((await analyze(randomUUID(), member, bare)).statusCode).toBe(503)
    expect((await analyze(randomUUID(), member, bare)).statusCode).toBe(503)
    expectApiError(await analyze(randomUUID(), member, bare), 429)
    expect((await analyze(randomUUID(), second, bare)).statusCode).toBe(503)
  })
})

describe('GET /api/docs/json', () => {
  it('documents the route with its answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const op = doc.paths['/api/photos/{id}/analysis'].post
    expect(op.summary).toMatch(/vision model/)
    expect(Object.keys(op.responses).sort()).toEqual(['201', '400', '401', '403', '404', '429', '502', '503'])
    expect(op.responses['201'].content['application/json'].schema.properties.species).toBeDefined()
  })
})
