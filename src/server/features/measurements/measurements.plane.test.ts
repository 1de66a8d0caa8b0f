import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measurements } from '#server/db/schema.ts'
import { measureOnPlane } from '#shared/measuring/plane.ts'
import type { CreateMeasurement, PhotoMeasurement, PixelPoint } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { aMeasurement, browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { cardCorners, FISH, onPhoto } from '#tests/support/steep-view.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// A value measured on the card's plane is measured again by the server from its corners and path (the shared code):
// it is stored with the server's uncertainty when it agrees, refused on `photoMeasurements.N` when it does not. Values
// stored before the plane method read as two-point.

let t: TestApp
let owner: SignedInUser
let viewer: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { state: 'member', verify: 'mark' })
  viewer = await createUser(t, { state: 'member', verify: 'mark' })
})
afterAll(() => t?.close())

async function upload(): Promise<string> {
  const res = await uploadPhoto(t, owner.cookie, await jpeg(160, 120))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

function call(method: 'POST' | 'GET', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: browserHeaders(cookie, t.config.baseUrl),
    ...(payload ? { payload } : {}),
  })
}

const CORNERS = cardCorners()
const POINTS: PixelPoint[] = [onPhoto(FISH.a), onPhoto(FISH.b)]
/** 14.56 in, as the tool shows it: to the nearest 1/8 in. */
const SHOWN_IN = Math.round(FISH.lengthIn * 8) / 8

function planeValue(photoId: string | undefined, overrides: Partial<PhotoMeasurement> = {}) {
  return {
    field: 'quick.lengthIn',
    valueIn: SHOWN_IN,
    uncertaintyIn: 0.01,
    ...(photoId ? { photoId } : {}),
    mode: 'straight',
    method: 'plane',
    reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 180, corners: CORNERS, cornerErrorPx: 1.5 },
    points: POINTS,
    ...overrides,
  } as PhotoMeasurement
}

/** A bass whose length is the photo measurement's value. */
function aBass(photoId: string, pm: PhotoMeasurement): CreateMeasurement {
  return aMeasurement({
    speciesId: 'largemouth-bass',
    sheet: undefined,
    quick: { lengthIn: pm.valueIn },
    method: 'photo',
    photoIds: [photoId],
    photoMeasurements: [pm],
  })
}

describe('saving a value measured on the card’s plane', () => {
  it('keeps method, corners and path, and the server’s uncertainty, in the answer and in GET', async () => {
    const photoId = await upload()
    const res = await call('POST', '/api/measurements', owner.cookie, aBass(photoId, planeValue(photoId)))
    expect(res.statusCode, res.body).toBe(201)
    const points = POINTS.map(([x, y]) => ({ x, y }))
    const corners = CORNERS.map(([x, y]) => ({ x, y }))
    const expected = measureOnPlane('straight', points, corners, { cornerPx: 1.5 })
    const stored = {
      ...planeValue(photoId),
      uncertaintyIn: expect.closeTo(expected.uncertaintyIn, 9),
    }
    expect(res.json()).toMatchObject({ evidence: 'photo-measured', photoMeasurements: [stored] })
    const read = await call('GET', `/api/measurements/${res.json().id}`, owner.cookie)
    expect(read.json().photoMeasurements).toEqual([stored])
  })

  it('keeps one corner error per corner, and measures its uncertainty with them', async () => {
    const photoId = await upload()
    const cornerErrorPx: [number, number, number, number] = [1, 0.25, 0.25, 0.25]
    const pm = planeValue(photoId, {
      reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 180, corners: CORNERS, cornerErrorPx },
    })
    const res = await call('POST', '/api/measurements', owner.cookie, aBass(photoId, pm))
    expect(res.statusCode, res.body).toBe(201)
    const points = POINTS.map(([x, y]) => ({ x, y }))
    const corners = CORNERS.map(([x, y]) => ({ x, y }))
    const expected = measureOnPlane('straight', points, corners, { cornerPx: cornerErrorPx })
    const read = await call('GET', `/api/measurements/${res.json().id}`, owner.cookie)
    expect(read.json().photoMeasurements).toEqual([{ ...pm, uncertaintyIn: expect.closeTo(expected.uncertaintyIn, 9) }])
  })

  it('accepts a curve through many points, and a value within the client’s rounding of the server’s', async () => {
    const arc: PixelPoint[] = Array.from({ length: 9 }, (_, i) => onPhoto({ x: 4 + i * 1.5, y: 8 + (i % 2) }))
    const measured = measureOnPlane(
      'curve',
      arc.map(([x, y]) => ({ x, y })),
      CORNERS.map(([x, y]) => ({ x, y })),
    ).valueIn
    for (const off of [-1 / 16, 1 / 16]) {
      const photoId = await upload()
      const valueIn = measured + off
      const pm = planeValue(photoId, { mode: 'curve', points: arc, valueIn })
      const res = await call('POST', '/api/measurements', owner.cookie, aBass(photoId, pm))
      expect(res.statusCode, res.body).toBe(201)
    }
    // 1/16 in and 0.2 % is the most it may differ by.
    const beyond = measured + 1 / 16 + 0.002 * measured + 0.005
    const pm = planeValue(await upload(), { mode: 'curve', points: arc, valueIn: beyond })
    const res = await call('POST', '/api/measurements', owner.cookie, aBass(pm.photoId as string, pm))
    expectApiError(res, 400, /^photoMeasurements\.0: measured /)
  })

  it.each<[string, (photoId: string) => PhotoMeasurement, string | RegExp]>([
    [
      'a value its corners and points disagree with',
      (photoId) => planeValue(photoId, { valueIn: SHOWN_IN + 0.5 }),
      /^photoMeasurements\.0: measured 15(\.\d+)? in, but its corners and points give 14\.56 in on the card's plane$/,
    ],
    [
      'corners whose sides cross',
      (photoId) => {
        const [a, b, c, d] = CORNERS
        return planeValue(photoId, { reference: { ...planeValue(photoId).reference, corners: [a, c, b, d] } })
      },
      'photoMeasurements.0: The four corners must form a convex quadrilateral, in order around the card',
    ],
    [
      'a point beyond the horizon',
      (photoId) => planeValue(photoId, { points: [POINTS[0] as PixelPoint, [800, 300]] }),
      "photoMeasurements.0: The points must lie on the card's plane, in front of its horizon",
    ],
    [
      'three points for a straight line',
      (photoId) => planeValue(photoId, { points: [...POINTS, onPhoto({ x: 12, y: 12 })] }),
      'photoMeasurements.0: A straight measurement has two points',
    ],
    ['no photoId', () => planeValue(undefined), 'photoMeasurements.0: a value measured on the plane needs its photoId'],
    [
      'no corners',
      (photoId) => planeValue(photoId, { reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 180 } }),
      'photoMeasurements.0.reference.corners: The plane method needs the corners',
    ],
    [
      'a quarter',
      (photoId) => planeValue(photoId, { reference: { ...planeValue(photoId).reference, kind: 'quarter' } }),
      'photoMeasurements.0.reference.kind: The plane method needs a credit card',
    ],
  ])('refuses %s with a 400 on photoMeasurements.0', async (_name, make, message) => {
    const photoId = await upload()
    const pm = make(photoId)
    const res = await call('POST', '/api/measurements', owner.cookie, aBass(photoId, pm))
    const { error } = expectApiError(res, 400, message)
    expect(error.issues?.[0]?.path).toMatch(/^photoMeasurements\.0/)
  })

  it('reads a value sent without a method as two-point', async () => {
    const photoId = await upload()
    const {
      method: _,
      points: __,
      ...twoPoint
    } = planeValue(photoId, {
      reference: { kind: 'quarter', lengthIn: 0.955, pixels: 40 },
    })
    const res = await call('POST', '/api/measurements', owner.cookie, aBass(photoId, twoPoint as PhotoMeasurement))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().photoMeasurements).toEqual([{ ...twoPoint, method: 'two-point' }])
  })
})

describe('values stored before the plane method', () => {
  it('read as two-point in GET and on pages', async () => {
    const id = randomUUID()
    const legacy = {
      field: 'quick.lengthIn',
      valueIn: 20,
      uncertaintyIn: 0.2,
      mode: 'straight',
      reference: { kind: 'quarter', lengthIn: 0.955, pixels: 40 },
    }
    await t.db.insert(measurements).values({
      id,
      userId: owner.id,
      speciesId: 'largemouth-bass',
      method: 'photo',
      quick: { lengthIn: 20 },
      lengthIn: 20,
      takenAt: new Date('2024-06-02T08:00:00Z'),
      visibility: 'public',
      photoMeasurements: [legacy] as never,
    })
    const read = await call('GET', `/api/measurements/${id}`, owner.cookie)
    expect(read.statusCode, read.body).toBe(200)
    expect(read.json().photoMeasurements).toEqual([{ ...legacy, method: 'two-point' }])
    const page = await call('GET', `/api/profiles/${owner.id}/measurements`, viewer.cookie)
    expect(page.statusCode, page.body).toBe(200)
    const post = page.json().items.find((p: { measurement: { id: string } }) => p.measurement.id === id)
    expect(post?.measurement.photoMeasurements).toEqual([{ ...legacy, method: 'two-point' }])
  })
})
