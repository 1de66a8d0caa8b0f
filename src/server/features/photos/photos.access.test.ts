import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measurements, photos } from '#server/features/measurements/measurements.tables.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { createUser, type SignedInUser } from '#tests/support/factories.ts'
import { getPhoto, jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Who receives a photo (visibility.ts canView), with which cache headers; who may upload; the API docs.

let t: TestApp
let owner: SignedInUser
let other: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { state: 'member', verify: 'mark' })
  other = await createUser(t, { state: 'member', verify: 'mark' })
})
afterAll(() => t?.close())

async function upload(cookie = owner.cookie): Promise<string> {
  const res = await uploadPhoto(t, cookie, await jpeg())
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

/** A measurement row written directly (the measurements API is not what is tested here), with this photo. */
async function attach(photoId: string, visibility: Visibility, userId = owner.id): Promise<string> {
  const id = randomUUID()
  await t.db.insert(measurements).values({
    id,
    userId,
    speciesId: 'whitetail-deer',
    method: 'tape',
    takenAt: new Date('2024-11-02T08:00:00Z'),
    visibility,
    coverPhotoId: photoId,
  })
  await t.db.update(photos).set({ measurementId: id }).where(eq(photos.id, photoId))
  return id
}

/** A shared cache keeps a public photo five minutes, then asks again; anyone else's is asked for each time. */
const PUBLIC_CACHE = 'public, max-age=300, must-revalidate'
const PRIVATE_CACHE = 'private, no-cache'

describe('POST /api/photos: who may upload', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expectApiError(await uploadPhoto(t, undefined, await jpeg()), 401, 'Sign in to continue')
  })

  it('refuses a member whose access is pending, or who has not passed the alpha gate', async () => {
    const pending = await createUser(t, { state: 'pending', verify: 'mark' })
    expectApiError(await uploadPhoto(t, pending.cookie, await jpeg()), 403, 'Your beta access is pending review')
    const approved = await createUser(t, { state: 'approved', verify: 'mark' })
    expectApiError(await uploadPhoto(t, approved.cookie, await jpeg()), 403, 'Enter the alpha password to continue')
  })

  it('refuses an upload from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      headers: {
        origin: 'https://evil.example',
        cookie: owner.cookie,
        'content-type': 'multipart/form-data; boundary=x',
      },
      payload: '--x--\r\n',
    })
    expectApiError(res, 403, 'Cross-origin request refused')
  })
})

describe('GET /api/photos/:id/:size: who receives a photo', () => {
  it('serves an unattached photo to its uploader only', async () => {
    const id = await upload()
    const mine = await getPhoto(t, owner.cookie, id)
    expect(mine.statusCode).toBe(200)
    expect(mine.headers['cache-control']).toBe(PRIVATE_CACHE)
    expectApiError(await getPhoto(t, other.cookie, id), 404, 'Photo not found')
    expectApiError(await getPhoto(t, undefined, id), 404, 'Photo not found')
  })

  it.each(['private', 'followers'] as const)(
    'keeps the photo of a %s measurement from other members and visitors (404)',
    async (visibility) => {
      const id = await upload()
      await attach(id, visibility)
      for (const size of ['display', 'thumb'] as const) {
        const res = await getPhoto(t, owner.cookie, id, size)
        expect(res.statusCode).toBe(200)
        expect(res.headers['cache-control']).toBe(PRIVATE_CACHE)
        expectApiError(await getPhoto(t, other.cookie, id, size), 404, 'Photo not found')
        expectApiError(await getPhoto(t, undefined, id, size), 404, 'Photo not found')
      }
    },
  )

  it('serves the photo of a public measurement to another member and to a signed-out visitor', async () => {
    const id = await upload()
    await attach(id, 'public')
    for (const cookie of [owner.cookie, other.cookie, undefined]) {
      for (const size of ['display', 'thumb'] as const) {
        const res = await getPhoto(t, cookie, id, size)
        expect(res.statusCode, res.body).toBe(200)
        expect(res.headers['content-type']).toBe('image/webp')
        expect(res.headers['cache-control']).toBe(PUBLIC_CACHE)
        expect(res.headers['x-content-type-options']).toBe('nosniff')
        expect((await sharp(res.rawPayload).metadata()).format).toBe('webp')
      }
    }
  })

  it('stops serving a photo to others once its measurement is made private', async () => {
    const id = await upload()
    const measurementId = await attach(id, 'public')
    expect((await getPhoto(t, undefined, id)).statusCode).toBe(200)
    await t.db.update(measurements).set({ visibility: 'private' }).where(eq(measurements.id, measurementId))
    expectApiError(await getPhoto(t, undefined, id), 404, 'Photo not found')
    expectApiError(await getPhoto(t, other.cookie, id), 404, 'Photo not found')
  })

  it('answers 404 for a photo that does not exist, and 400 naming a bad id or size', async () => {
    expectApiError(await getPhoto(t, owner.cookie, randomUUID()), 404, 'Photo not found')
    const badId = await t.app.inject({
      method: 'GET',
      url: '/api/photos/12345/display',
      headers: { cookie: owner.cookie },
    })
    expectApiError(badId, 400, 'id: id must be a UUID')
    const id = await upload()
    const badSize = await t.app.inject({
      method: 'GET',
      url: `/api/photos/${id}/original`,
      headers: { cookie: owner.cookie },
    })
    expectApiError(badSize, 400, 'size: size must be one of display, thumb')
  })
})

describe('GET /api/photos/:id/:size: caching', () => {
  it("says a public photo's answer depends on the cookie, and that a shared cache must ask again after 5 minutes", async () => {
    const id = await upload()
    await attach(id, 'public')
    const res = await getPhoto(t, undefined, id)
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({ 'cache-control': PUBLIC_CACHE, vary: 'Cookie' })
    expect(res.headers['cache-control']).not.toContain('immutable')
  })

  it("keeps another member's photo out of shared caches, and has the browser ask each time", async () => {
    const id = await upload()
    await attach(id, 'followers')
    const res = await getPhoto(t, owner.cookie, id)
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({ 'cache-control': PRIVATE_CACHE, vary: 'Cookie' })
    expect(res.headers.etag).toMatch(/^"[\w-]{20,}"$/)
  })

  it('answers If-None-Match with the ETag by 304 without a body, and another ETag by the photo', async () => {
    const id = await upload()
    await attach(id, 'public')
    const first = await getPhoto(t, undefined, id)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    const thumbEtag = (await getPhoto(t, undefined, id, 'thumb')).headers.etag
    expect(thumbEtag).not.toBe(etag)

    const again = await getPhoto(t, undefined, id, 'display', { 'if-none-match': etag })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers).toMatchObject({ etag, 'cache-control': PUBLIC_CACHE, vary: 'Cookie' })

    const list = await getPhoto(t, undefined, id, 'display', { 'if-none-match': `"other", W/${etag}` })
    expect(list.statusCode).toBe(304)
    const stale = await getPhoto(t, undefined, id, 'display', { 'if-none-match': '"something-else"' })
    expect(stale.statusCode).toBe(200)
    expect(stale.rawPayload.equals(first.rawPayload)).toBe(true)
  })

  it('answers a cache that asks again after the catch is made private with 404, not 304, and keeps no 404', async () => {
    const id = await upload()
    const measurementId = await attach(id, 'public')
    const etag = (await getPhoto(t, undefined, id)).headers.etag as string
    await t.db.update(measurements).set({ visibility: 'private' }).where(eq(measurements.id, measurementId))
    const revalidated = await getPhoto(t, undefined, id, 'display', { 'if-none-match': etag })
    expectApiError(revalidated, 404, 'Photo not found')
    expect(revalidated.headers).toMatchObject({ 'cache-control': 'no-store', vary: 'Cookie' })
    const own = await getPhoto(t, owner.cookie, id, 'display', { 'if-none-match': etag })
    expect(own.statusCode).toBe(304)
    expect(own.headers['cache-control']).toBe(PRIVATE_CACHE)
  })

  it('does not reveal a hidden photo through a conditional request', async () => {
    const id = await upload()
    const etag = (await getPhoto(t, owner.cookie, id)).headers.etag as string
    expectApiError(await getPhoto(t, other.cookie, id, 'display', { 'if-none-match': etag }), 404, 'Photo not found')
  })
})

describe('POST /api/photos: rate limit per member', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { photoUpload: { max: 2, windowMs: 60_000 } } })
  })
  afterAll(() => limited?.close())

  it('refuses a member’s third upload in the window with 429, and counts each member apart', async () => {
    const a = await createUser(limited, { state: 'member', verify: 'mark' })
    const b = await createUser(limited, { state: 'member', verify: 'mark' })
    const file = await jpeg(64, 48)
    expect((await uploadPhoto(limited, a.cookie, file)).statusCode).toBe(201)
    expect((await uploadPhoto(limited, a.cookie, file)).statusCode).toBe(201)
    expectApiError(await uploadPhoto(limited, a.cookie, file), 429, /^Too many attempts/)
    // Same address, another member: their own count.
    expect((await uploadPhoto(limited, b.cookie, file)).statusCode).toBe(201)
  })
})

describe('OpenAPI', () => {
  it('documents the upload as multipart with a binary `file`, and the WebP answer', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const post = doc.paths['/api/photos'].post
    const body = post.requestBody.content['multipart/form-data'].schema
    expect(body.properties.file).toMatchObject({ type: 'string', format: 'binary' })
    expect(body.required).toEqual(['file'])
    expect(post.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'query', required: false })]),
    )
    expect(Object.keys(post.responses)).toEqual(
      expect.arrayContaining(['200', '201', '400', '401', '403', '413', '503']),
    )

    const get = doc.paths['/api/photos/{id}/{size}'].get
    expect(get.parameters.map((p: { name: string }) => p.name).sort()).toEqual(['id', 'size'])
    expect(get.responses['200'].content['image/webp'].schema).toMatchObject({ type: 'string', format: 'binary' })
  })
})
