import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measurements, photos } from '#server/features/measurements/measurements.tables.ts'
import type { Point } from '#shared/measuring/geometry.ts'
import { PLANE_MESSAGES } from '#shared/measuring/plane.ts'
import type { PixelPoint } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import {
  encodePhoto,
  type NamedScene,
  NO_CARD_SCENES,
  QUARTER_SCENES,
  type RenderedPhoto,
  renderScene,
  type Scene,
  TEST_SCENES,
} from '#tests/support/rendered-photos.ts'
import { arcOnSurface, cardCorners, FISH, onPhoto, STEEP_VIEW } from '#tests/support/steep-view.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { photoQueue } from './photos.service.ts'

// POST /api/photos/:id/reference (the detector, off the main thread, in the photo queue, each answer kept) and
// POST /api/photos/:id/measure (the length on the card's plane): who may call, what they answer, and every refusal.

let t: TestApp
let owner: SignedInUser
let other: SignedInUser
/** A 1600 × 1200 photo of the owner's standing for STEEP_VIEW (its pixels do not matter to /measure). */
let steepPhoto: string

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { state: 'member', verify: 'mark' })
  other = await createUser(t, { state: 'member', verify: 'mark' })
  steepPhoto = await upload(await jpeg(STEEP_VIEW.width, STEEP_VIEW.height))
}, 60_000)
afterAll(() => t?.close())

async function upload(file: Buffer, cookie = owner.cookie): Promise<string> {
  const res = await uploadPhoto(t, cookie, file)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

function post(url: string, cookie: string | undefined, payload?: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: browserHeaders(cookie, t.config.baseUrl),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}

const findReference = (photoId: string, cookie: string | undefined, body?: object) =>
  post(`/api/photos/${photoId}/reference`, cookie, body)

const measure = (photoId: string, cookie: string | undefined, body: unknown) =>
  post(`/api/photos/${photoId}/measure`, cookie, body)

const pair = (p: Point): PixelPoint => [p.x, p.y]
/** The card's corners with two swapped: a bow tie, whose sides cross. */
const crossed = () => {
  const [a, b, c, d] = cardCorners()
  return [a, c, b, d]
}
const aBody = (points: PixelPoint[] = [onPhoto(FISH.a), onPhoto(FISH.b)]) => ({
  reference: { kind: 'credit-card', corners: cardCorners() },
  points,
})

/** Attaches the photo to a new measurement of its uploader with this visibility (a row: the API is not tested here). */
async function attach(photoId: string, visibility: 'private' | 'public', userId = owner.id) {
  const id = randomUUID()
  await t.db.insert(measurements).values({
    id,
    userId,
    speciesId: 'largemouth-bass',
    method: 'photo',
    takenAt: new Date('2024-06-02T08:00:00Z'),
    visibility,
    coverPhotoId: photoId,
  })
  await t.db.update(photos).set({ measurementId: id }).where(eq(photos.id, photoId))
}

/** The largest distance between found and true corners, in the order given or with the card's start on the far side. */
function cornerError(found: PixelPoint[], truth: readonly Point[]): number {
  const worst = (shift: number) =>
    Math.max(
      ...truth.map((p, i) => {
        const [x, y] = found[(i + shift) % 4] as PixelPoint
        return Math.hypot(x - p.x, y - p.y)
      }),
    )
  // A card's corners start at either end of a long side: both orders are right.
  return Math.min(worst(0), worst(2))
}

/** An answer without its request id: the found reference, or the status and message. */
const answerOf = (res: Awaited<ReturnType<typeof post>>) =>
  res.statusCode === 200 ? res.json() : [res.statusCode, res.json().error.message]

const renders = new Map<Scene, RenderedPhoto>()
function rendered(scene: Scene): RenderedPhoto {
  let photo = renders.get(scene)
  if (!photo) {
    photo = renderScene(scene)
    renders.set(scene, photo)
  }
  return photo
}

function firstOf(scenes: readonly NamedScene[]): Scene {
  const first = scenes[0]
  if (!first) throw new Error('no scenes')
  return first.scene
}

/** A rendered photo uploaded as a JPEG, with the factor from its pixels to the display image's (≤ 2048 px). */
async function uploadRendered(photo: RenderedPhoto) {
  const id = await upload(await encodePhoto(photo, 'jpeg'))
  const [row] = await t.db.select().from(photos).where(eq(photos.id, id))
  return { id, scale: (row?.width ?? 0) / photo.raster.width }
}

describe('POST /api/photos/:id/measure', () => {
  it('gives the true length of a straight line on the plane, whatever the angle, with its uncertainty', async () => {
    const res = await measure(steepPhoto, owner.cookie, aBody())
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body.method).toBe('plane')
    expect(body.lengthIn).toBeCloseTo(FISH.lengthIn, 6)
    expect(body.uncertaintyIn).toBeGreaterThan(0)
    expect(body.uncertaintyIn).toBeLessThan(0.1 * FISH.lengthIn)
  })

  it('measures a curve through many points, and takes a looser corner placement as a larger uncertainty', async () => {
    const arc = arcOnSurface(40)
    const res = await measure(steepPhoto, owner.cookie, aBody(arc.points))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().lengthIn).toBeCloseTo(arc.lengthIn, 6)
    const loose = await measure(steepPhoto, owner.cookie, {
      ...aBody(arc.points),
      reference: { kind: 'credit-card', corners: cardCorners(), cornerErrorPx: 4 },
    })
    expect(loose.json().uncertaintyIn).toBeGreaterThan(2 * res.json().uncertaintyIn)
    // One corner moved by hand: only its error is a click's, so the bound lies between all found and all clicked.
    const perCorner = await measure(steepPhoto, owner.cookie, {
      ...aBody(arc.points),
      reference: { kind: 'credit-card', corners: cardCorners(), cornerErrorPx: [4, 0.2, 0.2, 0.2] },
    })
    expect(perCorner.statusCode, perCorner.body).toBe(200)
    expect(perCorner.json().uncertaintyIn).toBeLessThan(loose.json().uncertaintyIn)
    expect(perCorner.json().uncertaintyIn).toBeGreaterThan(res.json().uncertaintyIn)
  })

  it('measures the fish of rendered scenes within 1 % from the exact corners', async () => {
    for (const { scene } of TEST_SCENES.slice(0, 3)) {
      const photo = rendered(scene)
      const { cardCorners: corners, fish } = photo.truth
      if (!corners || !fish || !photo.truth.cardOnSubjectPlane) continue
      const { id, scale } = await uploadRendered(photo)
      const at = (p: Point): PixelPoint => [p.x * scale, p.y * scale]
      const res = await measure(id, owner.cookie, {
        reference: { kind: 'credit-card', corners: corners.map(at) },
        points: [at(fish.a), at(fish.b)],
      })
      expect(res.statusCode, res.body).toBe(200)
      expect(Math.abs(res.json().lengthIn - fish.lengthIn) / fish.lengthIn).toBeLessThan(0.01)
    }
  })

  it.each<[string, unknown, string]>([
    [
      'corners that cross (not in order around the card)',
      { ...aBody(), reference: { kind: 'credit-card', corners: crossed() } },
      `reference.corners: ${PLANE_MESSAGES.convex}`,
    ],
    [
      'corners of a non-convex quadrilateral',
      {
        ...aBody(),
        reference: { kind: 'credit-card', corners: [pair({ x: 700, y: 900 }), [900, 900], [800, 860], [800, 800]] },
      },
      `reference.corners: ${PLANE_MESSAGES.convex}`,
    ],
    [
      'a card a few pixels across',
      {
        ...aBody(),
        reference: {
          kind: 'credit-card',
          corners: [
            [800, 900],
            [805, 900],
            [805, 903],
            [800, 903],
          ],
        },
      },
      `reference.corners: ${PLANE_MESSAGES.small}`,
    ],
    ['three corners', { ...aBody(), reference: { kind: 'credit-card', corners: cardCorners().slice(0, 3) } }, ''],
    ['one point', aBody([onPhoto(FISH.a)]), 'points: Mark at least two points'],
    ['no points', aBody([]), 'points: Mark at least two points'],
    ['201 points', aBody(Array.from({ length: 201 }, (_, i) => [i, 900] as PixelPoint)), 'points: At most 200 points'],
    ['a point left of the photo', aBody([onPhoto(FISH.a), [-1, 900]]), 'points.1: The point is outside the photo'],
    ['a point below the photo', aBody([[800, 1201], onPhoto(FISH.b)]), 'points.0: The point is outside the photo'],
    ['a point beyond the horizon', aBody([onPhoto(FISH.a), [800, 300]]), `points: ${PLANE_MESSAGES.horizon}`],
    [
      'a point on the horizon',
      aBody([onPhoto(FISH.a), [800, STEEP_VIEW.horizonY]]),
      `points: ${PLANE_MESSAGES.horizon}`,
    ],
    ['three points for a straight line', { ...aBody(arcOnSurface(3).points), mode: 'straight' }, 'mode: '],
    ['a coordinate that is not a number', aBody([onPhoto(FISH.a), ['800', 900] as never]), 'points.1.0'],
    ['a null coordinate', aBody([onPhoto(FISH.a), [null, 900] as never]), 'points.1.0'],
    ['a coordinate past the bounds', aBody([onPhoto(FISH.a), [1e6, 900]]), 'points.1.0'],
    ['a point of three numbers', aBody([onPhoto(FISH.a), [800, 900, 1] as never]), 'points.1'],
    ['a quarter as the reference', { ...aBody(), reference: { kind: 'quarter', corners: cardCorners() } }, ''],
    [
      'a corner error of 0',
      { ...aBody(), reference: { ...aBody().reference, cornerErrorPx: 0 } },
      'reference.cornerErrorPx: reference.cornerErrorPx must be greater than 0',
    ],
    [
      'three corner errors for four corners',
      { ...aBody(), reference: { ...aBody().reference, cornerErrorPx: [1, 1, 1] } },
      'reference.cornerErrorPx: reference.cornerErrorPx must be a number of pixels, or four of them (one per corner)',
    ],
    ['an unknown mode', { ...aBody(), mode: 'spline' }, 'mode: mode must be straight or curve'],
    ['no body', undefined, ''],
  ])('refuses %s with a 400 naming the field', async (_name, body, message) => {
    const { error } = expectApiError(await measure(steepPhoto, owner.cookie, body), 400)
    expect(error.message.startsWith(message), error.message).toBe(true)
  })

  it('refuses numbers JSON cannot hold (1e999 parses as Infinity) with a 400', async () => {
    const corners = JSON.stringify(cardCorners())
    const raw = `{"reference":{"kind":"credit-card","corners":${corners}},"points":[[1e999,900],[800,-1e999]]}`
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/photos/${steepPhoto}/measure`,
      headers: { ...browserHeaders(owner.cookie, t.config.baseUrl), 'content-type': 'application/json' },
      payload: raw,
    })
    expect(expectApiError(res, 400).error.message).toMatch(/^points\.0\.0: /)
  })

  it('asks a signed-out visitor to sign in, and refuses a member whose access is pending', async () => {
    expectApiError(await measure(steepPhoto, undefined, aBody()), 401, 'Sign in to continue')
    const pending = await createUser(t, { state: 'pending', verify: 'mark' })
    expectApiError(await measure(steepPhoto, pending.cookie, aBody()), 403, 'Your beta access is pending review')
  })

  it("answers 404 for a photo of another member's private measurement, and measures on a public one", async () => {
    const id = await upload(await jpeg(STEEP_VIEW.width, STEEP_VIEW.height))
    await attach(id, 'private')
    expectApiError(await measure(id, other.cookie, aBody()), 404, 'Photo not found')
    expect((await measure(id, owner.cookie, aBody())).statusCode).toBe(200)
    await t.db.update(measurements).set({ visibility: 'public' }).where(eq(measurements.coverPhotoId, id))
    expect((await measure(id, other.cookie, aBody())).statusCode).toBe(200)
  })

  it('answers 404 for an unattached photo of another member, and for a photo that does not exist', async () => {
    expectApiError(await measure(steepPhoto, other.cookie, aBody()), 404, 'Photo not found')
    expectApiError(await measure(randomUUID(), owner.cookie, aBody()), 404, 'Photo not found')
  })
})

describe('POST /api/photos/:id/reference', () => {
  it('finds the card of rendered photos, its corners within 1 % of its width of the truth', async () => {
    // A card flat on a deck, one tilted 30° on grass, a 2048 px photo tilted 30° (docs/measuring.md: what it finds).
    const shots = ['flat-top-left-white-deck', 'tilt30-bottom-left-silver-grass', 'large-2048-tilt30-white-deck']
    for (const { name, scene } of TEST_SCENES.filter((s) => shots.includes(s.name))) {
      const photo = rendered(scene)
      const truth = photo.truth.cardCorners
      if (!truth) continue
      const { id, scale } = await uploadRendered(photo)
      const res = await findReference(id, owner.cookie)
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200)
      const found = res.json()
      expect(found).toMatchObject({ kind: 'credit-card', confidence: expect.any(Number) })
      const width = Math.hypot(truth[1].x - truth[0].x, truth[1].y - truth[0].y) * scale
      const scaled = truth.map((p) => ({ x: p.x * scale, y: p.y * scale }))
      expect(cornerError(found.corners, scaled), name).toBeLessThan(0.01 * width)
      expect(found.cornerErrorPx).toBeGreaterThan(0)
    }
  })

  it('finds a quarter when asked for one: its ellipse’s centre and axes within 5 % of its diameter', async () => {
    const photo = rendered(firstOf(QUARTER_SCENES))
    const truth = photo.truth.quarter
    if (!truth) throw new Error('a quarter scene without a quarter')
    const { id, scale } = await uploadRendered(photo)
    const res = await findReference(id, owner.cookie, { kind: 'quarter' })
    expect(res.statusCode, res.body).toBe(200)
    const found = res.json()
    expect(found.kind).toBe('quarter')
    // A coin seen square on is a circle, whose axes may point any way: the centre and the axes' lengths are the truth.
    const shape = (c: readonly PixelPoint[]) => {
      const [a, b, m, n] = c as [PixelPoint, PixelPoint, PixelPoint, PixelPoint]
      const centre: PixelPoint = [(a[0] + b[0] + m[0] + n[0]) / 4, (a[1] + b[1] + m[1] + n[1]) / 4]
      return { centre, major: Math.hypot(b[0] - a[0], b[1] - a[1]), minor: Math.hypot(n[0] - m[0], n[1] - m[1]) }
    }
    const want = shape(truth.corners.map((p) => [p.x * scale, p.y * scale] as PixelPoint))
    const got = shape(found.corners)
    const tolerance = 0.05 * want.major
    expect(Math.hypot(got.centre[0] - want.centre[0], got.centre[1] - want.centre[1])).toBeLessThan(tolerance)
    expect(Math.abs(got.major - want.major)).toBeLessThan(tolerance)
    expect(Math.abs(got.minor - want.minor)).toBeLessThan(tolerance)
  })

  it('answers 404 when the photo holds no card, or no quarter', async () => {
    const id = await uploadRendered(rendered(firstOf(NO_CARD_SCENES))).then((u) => u.id)
    expectApiError(await findReference(id, owner.cookie), 404, 'No credit card found in this photo')
    expectApiError(await findReference(id, owner.cookie, { kind: 'credit-card' }), 404)
    const plain = await upload(await jpeg())
    expectApiError(await findReference(plain, owner.cookie, { kind: 'quarter' }), 404, 'No quarter found in this photo')
  })

  it('keeps each answer: a photo asked again is answered while the queue is full, another one gets 503', async () => {
    const seen = await upload(await jpeg())
    const first = await findReference(seen, owner.cookie)
    const unseen = await upload(await jpeg())
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const held = Array.from({ length: photoQueue.slots + photoQueue.maxWaiting }, () => photoQueue.run(() => gate))
    try {
      const again = await findReference(seen, owner.cookie)
      expect(answerOf(again)).toEqual(answerOf(first))
      const busy = await findReference(unseen, owner.cookie)
      expectApiError(busy, 503, 'The server is busy with other photos; try again in a few seconds')
      expect(busy.headers['retry-after']).toBe('5')
    } finally {
      release()
      await Promise.all(held)
    }
    // A refusal is not kept: the photo is looked at once the queue has room.
    expect((await findReference(unseen, owner.cookie)).statusCode).not.toBe(503)
  })

  it('refuses an unknown kind, and an id that is not a UUID', async () => {
    const { error } = expectApiError(await findReference(steepPhoto, owner.cookie, { kind: 'dime' }), 400)
    expect(error.message).toBe('kind: kind must be one of credit-card, quarter')
    expectApiError(await findReference('not-a-uuid', owner.cookie), 400)
  })

  it('asks a signed-out visitor to sign in; a photo one may not see is not found', async () => {
    expectApiError(await findReference(steepPhoto, undefined), 401, 'Sign in to continue')
    const id = await upload(await jpeg())
    await attach(id, 'private')
    expectApiError(await findReference(id, other.cookie), 404, 'Photo not found')
    expectApiError(await findReference(randomUUID(), owner.cookie), 404, 'Photo not found')
  })
})

describe('OpenAPI', () => {
  it('documents both routes under photos, with their bodies and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()
    const reference = doc.paths['/api/photos/{id}/reference'].post
    const measured = doc.paths['/api/photos/{id}/measure'].post
    for (const op of [reference, measured]) {
      expect(op.tags).toEqual(['photos'])
      expect(op.summary).toEqual(expect.any(String))
      expect(op.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })])
    }
    expect(reference.requestBody.content['application/json'].schema.properties.kind.enum).toEqual([
      'credit-card',
      'quarter',
    ])
    expect(Object.keys(reference.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '503'])
    expect(reference.responses['200'].content['application/json'].schema.required).toEqual([
      'kind',
      'corners',
      'confidence',
    ])
    const body = measured.requestBody.content['application/json'].schema
    expect(body.required).toEqual(['reference', 'points'])
    expect(body.properties.points).toMatchObject({ minItems: 2, maxItems: 200 })
    expect(Object.keys(measured.responses).sort()).toEqual(['200', '400', '401', '403', '404', '429'])
  })
})

describe('rate limits', () => {
  it('counts each route per member on its own limit', async () => {
    const limited = await createTestApp({
      rateLimits: { photoReference: { max: 1, windowMs: 60_000 }, photoMeasure: { max: 2, windowMs: 60_000 } },
    })
    try {
      const member = await createUser(limited, { state: 'member', verify: 'mark' })
      const res = await uploadPhoto(limited, member.cookie, await jpeg(STEEP_VIEW.width, STEEP_VIEW.height))
      const id = res.json().id as string
      const call = (path: string, payload?: object) =>
        limited.app.inject({
          method: 'POST',
          url: `/api/photos/${id}/${path}`,
          headers: browserHeaders(member.cookie, limited.config.baseUrl),
          ...(payload ? { payload } : {}),
        })
      expect((await call('measure', aBody())).statusCode).toBe(200)
      expect((await call('measure', aBody())).statusCode).toBe(200)
      expectApiError(await call('measure', aBody()), 429, /^Too many attempts/)
      expect((await call('reference')).statusCode).not.toBe(429)
      expectApiError(await call('reference'), 429, /^Too many attempts/)
    } finally {
      await limited.close()
    }
  })
})
