import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateMeasurement, Measurement, MeasurementPage } from '#shared/schemas/measurements.ts'
import { scoreSheet } from '#shared/scoring/index.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aMeasurement,
  browserHeaders,
  createMeasurement,
  createUser,
  type SignedInUser,
  WHITETAIL_SHEET,
} from '#tests/support/factories.ts'
import { getPhoto, jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { measurements, photos } from './measurements.tables.ts'

// POST/GET/PATCH/DELETE /api/measurements: the server's score, every refusal, idempotent sync, pages, photos.

let t: TestApp
let owner: SignedInUser
let other: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { verify: 'mark', firstName: 'Ada' })
  other = await createUser(t, { verify: 'mark', firstName: 'Bo' })
})
afterAll(() => t?.close())

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT'
function call(method: Method, url: string, cookie: string | undefined, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: browserHeaders(cookie, t.config.baseUrl),
    ...(payload === undefined ? {} : { payload: payload as object }),
  })
}
const post = (cookie: string, payload: unknown) => call('POST', '/api/measurements', cookie, payload)

async function photoOf(user: SignedInUser): Promise<string> {
  const res = await uploadPhoto(t, user.cookie, await jpeg(64, 48))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function rowCount(id: string): Promise<number> {
  const rows = await t.db.select({ id: measurements.id }).from(measurements).where(eq(measurements.id, id))
  return rows.length
}

describe('POST /api/measurements', () => {
  it('stores the sheet and the score the engine gives it, with the card values', async () => {
    const body = aMeasurement({ caption: 'Opening morning', notes: 'North ridge stand' })
    const res = await post(owner.cookie, body)
    expect(res.statusCode, res.body).toBe(201)
    const m = res.json() as Measurement
    expect(m).toMatchObject({
      id: body.id,
      speciesId: 'whitetail-deer',
      species: 'Whitetail Deer',
      isOwner: true,
      owner: { id: owner.id, firstName: 'Ada' },
      score: 152.5,
      scoreText: '152 4/8',
      trophyClass: 'trophy',
      evidence: 'self-reported',
      method: 'tape',
      caption: 'Opening morning',
      notes: 'North ridge stand',
      visibility: 'private',
      location: { precision: 'region', region: null, lat: null, lon: null },
      photos: [],
      coverPhotoId: null,
      sheet: WHITETAIL_SHEET,
      summary: {
        lengthIn: 24.5,
        widthIn: null,
        weightLbs: null,
        weightEstimated: false,
        spreadIn: 18.5,
        points: 13,
        massIn: 34.875,
      },
    })
    expect(m.result).toEqual(scoreSheet(WHITETAIL_SHEET))
    expect(m.takenAt).toBe(new Date(body.takenAt).toISOString())
  })

  it('ignores a score, class and evidence sent by the client', async () => {
    const body = {
      ...aMeasurement(),
      score: 999,
      scoreText: '999',
      trophyClass: 'record',
      evidence: 'official',
      result: { score: 999 },
      summary: { points: 40 },
    }
    const res = await post(owner.cookie, body)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json()).toMatchObject({
      score: 152.5,
      trophyClass: 'trophy',
      evidence: 'self-reported',
      summary: { points: 13 },
    })
    const [row] = await t.db.select().from(measurements).where(eq(measurements.id, body.id))
    expect(row).toMatchObject({ score: 152.5, scoreText: '152 4/8', trophyClass: 'trophy', points: 13 })
  })

  it('takes quick values only for a species without a chart', async () => {
    const m = await createMeasurement(t, owner.cookie, {
      speciesId: 'ring-necked-pheasant',
      sheet: undefined,
      quick: { lengthIn: 34, weightLbs: 2.75 },
    })
    expect(m).toMatchObject({
      species: 'Ring-necked Pheasant',
      sheet: null,
      result: null,
      score: null,
      scoreText: null,
      trophyClass: 'standard',
      quick: { lengthIn: 34, weightLbs: 2.75 },
      summary: { lengthIn: 34, weightLbs: 2.75, weightEstimated: false, points: null },
    })
  })

  describe('a fish (largemouth bass: length × girth² ÷ 880, trophy weight 10 lb)', () => {
    const bass = (quick?: CreateMeasurement['quick']): Partial<CreateMeasurement> => ({
      speciesId: 'largemouth-bass',
      sheet: { system: 'fish', category: 'length-girth-880', measurements: { lengthIn: 22, girthIn: 18 } },
      ...(quick ? { quick } : {}),
    })

    it('scores the estimate: 22 × 18² ÷ 880 = 8.1 lb, at least 80 % of 10 lb, so trophy', async () => {
      const m = await createMeasurement(t, owner.cookie, bass())
      expect(m).toMatchObject({
        score: 8.1,
        trophyClass: 'trophy',
        summary: { lengthIn: 22, weightLbs: 8.1, weightEstimated: true },
      })
    })

    it('with a scale weight keeps the formula score but takes its class from the scale', async () => {
      const heavy = await createMeasurement(t, owner.cookie, { ...bass({ weightLbs: 10.5 }), method: 'scale' })
      expect(heavy).toMatchObject({
        score: 8.1,
        trophyClass: 'record',
        summary: { weightLbs: 10.5, weightEstimated: false },
      })
      const light = await createMeasurement(t, owner.cookie, bass({ weightLbs: 7 }))
      expect(light).toMatchObject({ score: 8.1, trophyClass: 'standard', summary: { weightLbs: 7 } })
    })

    it('weighed only, without a sheet: no score, class from the scale weight', async () => {
      const m = await createMeasurement(t, owner.cookie, {
        speciesId: 'largemouth-bass',
        sheet: undefined,
        quick: { lengthIn: 24, weightLbs: 10 },
        method: 'scale',
      })
      expect(m).toMatchObject({ score: null, trophyClass: 'record', summary: { lengthIn: 24, weightLbs: 10 } })
    })
  })

  it('accepts a date taken up to a day ahead (time zones)', async () => {
    const takenAt = new Date(Date.now() + 12 * 60 * 60_000).toISOString()
    const res = await post(owner.cookie, aMeasurement({ takenAt }))
    expect(res.statusCode, res.body).toBe(201)
  })

  describe('refuses, naming the field', () => {
    const refusals: [string, () => unknown, string | RegExp][] = [
      ['an unknown species', () => aMeasurement({ speciesId: 'unicorn' }), 'speciesId: unknown species'],
      ['a missing species', () => ({ ...aMeasurement(), speciesId: undefined }), /^speciesId: /],
      [
        'a category the species is not scored in',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, category: 'elk-typical' } }),
        /^sheet\.category: Whitetail Deer is scored as whitetail-typical, /,
      ],
      [
        'a category the engine does not know',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, category: 'dragon' } }),
        /^sheet\.category: /,
      ],
      [
        'a system that does not score the category',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, system: 'nwtf' } }),
        'sheet.system: whitetail-typical is scored by bc, py, sci, not nwtf',
      ],
      [
        'an unknown system',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, system: 'abc' as 'bc' } }),
        /^sheet\.system: /,
      ],
      [
        'a sheet for a species without a chart',
        () => aMeasurement({ speciesId: 'mallard' }),
        /^sheet\.category: Mallard has no score chart/,
      ],
      [
        'a sheet value that is not a measurement',
        () =>
          aMeasurement({
            sheet: {
              ...WHITETAIL_SHEET,
              measurements: {
                ...WHITETAIL_SHEET.measurements,
                right: { ...WHITETAIL_SHEET.measurements.right, G2: 'abc' },
              },
            },
          }),
        /^sheet\.measurements\.right\.G2: /,
      ],
      [
        'a negative sheet value',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, measurements: { insideSpread: -3 } } }),
        /^sheet\.measurements\.insideSpread: /,
      ],
      [
        'a sheet row the chart does not have',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, measurements: { wingspan: 3 } } }),
        /^sheet\.measurements\.wingspan: /,
      ],
      [
        'an empty sheet',
        () => aMeasurement({ sheet: { ...WHITETAIL_SHEET, measurements: {} } }),
        'measurements: Enter at least one measurement',
      ],
      [
        'no sheet and no quick values',
        () => aMeasurement({ speciesId: 'mallard', sheet: undefined, quick: {} }),
        'measurements: Enter at least one measurement',
      ],
      [
        'a negative length',
        () => aMeasurement({ speciesId: 'mallard', sheet: undefined, quick: { lengthIn: -3 } }),
        'quick.lengthIn: Length must be more than 0',
      ],
      [
        'an absurd length',
        () => aMeasurement({ speciesId: 'mallard', sheet: undefined, quick: { lengthIn: 10_000 } }),
        'quick.lengthIn: Length must be at most 240 in',
      ],
      [
        'an absurd weight',
        () => aMeasurement({ speciesId: 'mallard', sheet: undefined, quick: { weightLbs: 5000 } }),
        'quick.weightLbs: Weight must be at most 2000 lb',
      ],
      [
        'a length that is not a number',
        () => ({ ...aMeasurement({ speciesId: 'mallard', sheet: undefined }), quick: { lengthIn: '12 in' } }),
        'quick.lengthIn: Length must be a number',
      ],
      [
        'a date in the future',
        () => aMeasurement({ takenAt: new Date(Date.now() + 2 * 24 * 60 * 60_000).toISOString() }),
        'takenAt: Date taken cannot be in the future',
      ],
      [
        'a date before 1900',
        () => aMeasurement({ takenAt: '1899-12-31T23:59:59Z' }),
        'takenAt: Date taken cannot be before 1900',
      ],
      [
        'a date that is not one',
        () => aMeasurement({ takenAt: 'yesterday' }),
        'takenAt: Date taken must be a date and time',
      ],
      [
        'an unknown method',
        () => ({ ...aMeasurement(), method: 'guess' }),
        /^method: method must be one of tape, scale, photo/,
      ],
      ['an id that is not a UUID', () => aMeasurement({ id: 'abc' }), 'id: id must be a UUID'],
      ['an unknown visibility', () => ({ ...aMeasurement(), visibility: 'friends' }), /^visibility: /],
      [
        'a latitude out of range',
        () => aMeasurement({ location: { lat: 91, lon: 0 } }),
        'location.lat: Latitude must be between -90 and 90',
      ],
      [
        'a latitude without a longitude',
        () => aMeasurement({ location: { lat: 45 } }),
        'location.lon: Give both latitude and longitude, or neither',
      ],
      [
        'too many photos',
        () => aMeasurement({ photoIds: Array.from({ length: 11 }, () => randomUUID()) }),
        'photoIds: At most 10 photos',
      ],
      ['a photo id that is not a UUID', () => aMeasurement({ photoIds: ['photo-1'] }), /^photoIds\.0: /],
      [
        'a photo that does not exist',
        () => aMeasurement({ photoIds: ['00000000-0000-4000-8000-000000000000'] }),
        'photoIds: photo 00000000-0000-4000-8000-000000000000 not found',
      ],
      [
        'a cover that is not one of the photos',
        () => aMeasurement({ coverPhotoId: randomUUID() }),
        'coverPhotoId: The cover must be one of the photos',
      ],
      [
        'a photo measurement of a field that has no value',
        () =>
          aMeasurement({
            method: 'photo',
            photoMeasurements: [photoMeasurement('right.G7', 3)],
          }),
        'photoMeasurements.0: "right.G7" is not a value of this measurement',
      ],
      [
        'a photo measurement that does not match the sheet',
        () =>
          aMeasurement({
            method: 'photo',
            photoMeasurements: [photoMeasurement('insideSpread', 18.5), photoMeasurement('right.G2', 11)],
          }),
        'photoMeasurements.1: measured 11 in on the photo, but right.G2 is 10.25 in',
      ],
    ]

    it.each(refusals)('%s', async (_name, body, message) => {
      const payload = body() as { id?: string }
      expectApiError(await post(owner.cookie, payload), 400, message)
      if (typeof payload.id === 'string' && /^[0-9a-f-]{36}$/.test(payload.id)) {
        expect(await rowCount(payload.id)).toBe(0)
      }
    })

    it('the issue names the field for forms', async () => {
      const res = await post(owner.cookie, aMeasurement({ speciesId: 'unicorn' }))
      expect(res.json().error.issues).toEqual([{ path: 'speciesId', message: 'unknown species' }])
    })
  })
})

function photoMeasurement(field: string, valueIn: number, photoId?: string) {
  return {
    field,
    valueIn,
    uncertaintyIn: 0.1,
    mode: 'straight' as const,
    reference: { kind: 'credit-card' as const, lengthIn: 3.37, pixels: 420 },
    ...(photoId ? { photoId } : {}),
  }
}

describe('photos', () => {
  it('attaches uploaded photos in order, the first as cover by default', async () => {
    const [a, b] = [await photoOf(owner), await photoOf(owner)] as [string, string]
    const m = await createMeasurement(t, owner.cookie, { photoIds: [b, a] })
    expect(m.photos.map((p) => p.id)).toEqual([b, a])
    expect(m.photos[0]).toMatchObject({ displayUrl: `/api/photos/${b}/display`, thumbUrl: `/api/photos/${b}/thumb` })
    expect(m.coverPhotoId).toBe(b)
  })

  it('takes the cover the member picked', async () => {
    const [a, b] = [await photoOf(owner), await photoOf(owner)] as [string, string]
    const m = await createMeasurement(t, owner.cookie, { photoIds: [a, b], coverPhotoId: b })
    expect(m.coverPhotoId).toBe(b)
  })

  it('refuses another member’s photo, a photo of another measurement, and a photo listed twice', async () => {
    const theirs = await photoOf(other)
    expectApiError(
      await post(owner.cookie, aMeasurement({ photoIds: [theirs] })),
      400,
      `photoIds: photo ${theirs} not found`,
    )
    const used = await photoOf(owner)
    await createMeasurement(t, owner.cookie, { photoIds: [used] })
    expectApiError(
      await post(owner.cookie, aMeasurement({ photoIds: [used] })),
      400,
      `photoIds: photo ${used} not found`,
    )
    const twice = await photoOf(owner)
    const body = aMeasurement({ photoIds: [twice, twice] })
    expectApiError(await post(owner.cookie, body), 400, `photoIds: photo ${twice} is listed twice`)
    // Nothing of a refused measurement remains, and the photo is still free.
    expect(await rowCount(body.id)).toBe(0)
    const [row] = await t.db.select().from(photos).where(eq(photos.id, twice))
    expect(row?.measurementId).toBeNull()
  })

  it('is photo-measured when measured on an attached photo, self-reported otherwise', async () => {
    const photoId = await photoOf(owner)
    const measured = await createMeasurement(t, owner.cookie, {
      method: 'photo',
      photoIds: [photoId],
      photoMeasurements: [photoMeasurement('insideSpread', 18.52, photoId), photoMeasurement('right.G2', 10.25)],
    })
    expect(measured.evidence).toBe('photo-measured')
    expect(measured.photoMeasurements).toHaveLength(2)

    const withoutPhoto = await createMeasurement(t, owner.cookie, {
      method: 'photo',
      photoMeasurements: [photoMeasurement('insideSpread', 18.5)],
    })
    expect(withoutPhoto.evidence).toBe('self-reported')

    const taped = await createMeasurement(t, owner.cookie, { method: 'tape', photoIds: [await photoOf(owner)] })
    expect(taped.evidence).toBe('self-reported')

    const fish = await createMeasurement(t, owner.cookie, {
      speciesId: 'smallmouth-bass',
      sheet: undefined,
      quick: { lengthIn: 18.25 },
      method: 'photo',
      photoIds: [await photoOf(owner)],
      photoMeasurements: [photoMeasurement('quick.lengthIn', 18.3)],
    })
    expect(fish.evidence).toBe('photo-measured')
  })

  it('refuses a photo measurement naming a photo that is not attached', async () => {
    const photoId = await photoOf(owner)
    const stray = randomUUID()
    const res = await post(
      owner.cookie,
      aMeasurement({
        method: 'photo',
        photoIds: [photoId],
        photoMeasurements: [photoMeasurement('insideSpread', 18.5, stray)],
      }),
    )
    expectApiError(res, 400, `photoMeasurements.0: photo ${stray} is not one of this measurement's photos`)
  })
})

describe('idempotent create (offline sync)', () => {
  it('a repeat by the same member answers 200 with the stored measurement, unchanged', async () => {
    const photoId = await photoOf(owner)
    const body = aMeasurement({ caption: 'first', photoIds: [photoId] })
    const first = await post(owner.cookie, body)
    expect(first.statusCode).toBe(201)
    const again = await post(owner.cookie, body)
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json()).toEqual(first.json())
    const changed = await post(owner.cookie, { ...body, caption: 'second' })
    expect(changed.statusCode).toBe(200)
    expect(changed.json().caption).toBe('first')
    expect(await rowCount(body.id)).toBe(1)
  })

  it('the same id by another member is a conflict, and their measurement is untouched', async () => {
    const body = aMeasurement({ caption: 'mine' })
    expect((await post(owner.cookie, body)).statusCode).toBe(201)
    expectApiError(
      await post(other.cookie, { ...body, caption: 'theirs' }),
      409,
      'id: This id belongs to another measurement',
    )
    const read = await call('GET', `/api/measurements/${body.id}`, owner.cookie)
    expect(read.json().caption).toBe('mine')
  })

  it('five identical requests at once make one measurement', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const photoId = await photoOf(member)
    const body = aMeasurement({ photoIds: [photoId] })
    const responses = await Promise.all(Array.from({ length: 5 }, () => post(member.cookie, body)))
    const statuses = responses.map((r) => r.statusCode).sort()
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200, 201])
    for (const res of responses) expect(res.json().photos.map((p: { id: string }) => p.id)).toEqual([photoId])
    expect(await rowCount(body.id)).toBe(1)
    const page = (await call('GET', '/api/measurements', member.cookie)).json() as MeasurementPage
    expect(page.total).toBe(1)
  })
})

describe('GET /api/measurements', () => {
  let member: SignedInUser
  const made: Measurement[] = []

  beforeAll(async () => {
    member = await createUser(t, { verify: 'mark' })
    for (let i = 0; i < 5; i += 1) made.push(await createMeasurement(t, member.cookie, { caption: `#${i}` }))
    await createMeasurement(t, other.cookie, { visibility: 'public' })
  })

  const page = async (cookie: string, query = '') => {
    const res = await call('GET', `/api/measurements${query}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    return res.json() as MeasurementPage
  }

  it('lists only the member’s own, newest first, with the total', async () => {
    const first = await page(member.cookie)
    expect(first.items.map((m) => m.caption)).toEqual(['#4', '#3', '#2', '#1', '#0'])
    expect(first.total).toBe(5)
    expect(first.nextCursor).toBeNull()
    expect(first.items.every((m) => m.owner.id === member.id && m.isOwner)).toBe(true)
  })

  it('pages with an opaque cursor, without skipping or repeating', async () => {
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const query: string = cursor ? `?limit=2&cursor=${encodeURIComponent(cursor)}` : '?limit=2'
      const p = await page(member.cookie, query)
      expect(p.total).toBe(5)
      seen.push(...p.items.map((m) => m.caption ?? ''))
      cursor = p.nextCursor
      pages += 1
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual(['#4', '#3', '#2', '#1', '#0'])
  })

  it('keeps the order by id when rows were created in the same microsecond', async () => {
    const same = await createUser(t, { verify: 'mark' })
    const ids: string[] = []
    for (let i = 0; i < 4; i += 1) ids.push((await createMeasurement(t, same.cookie)).id)
    await t.db
      .update(measurements)
      .set({ createdAt: sql`'2025-05-05 10:00:00.123456+00'::timestamptz` })
      .where(eq(measurements.userId, same.id))
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const query: string = cursor ? `?limit=3&cursor=${cursor}` : '?limit=3'
      const p = await page(same.cookie, query)
      seen.push(...p.items.map((m) => m.id))
      cursor = p.nextCursor
    } while (cursor)
    expect(seen).toEqual([...ids].sort().reverse())
  })

  it('includes each measurement’s photos in order', async () => {
    const withPhotos = await createUser(t, { verify: 'mark' })
    const [a, b] = [await photoOf(withPhotos), await photoOf(withPhotos)] as [string, string]
    await createMeasurement(t, withPhotos.cookie, { photoIds: [b, a] })
    await createMeasurement(t, withPhotos.cookie)
    const p = await page(withPhotos.cookie)
    expect(p.items.map((m) => m.photos.map((photo) => photo.id))).toEqual([[], [b, a]])
  })

  it.each([
    ['not base64', '!!!'],
    ['base64 of something else', Buffer.from('hello|world').toString('base64url')],
    [
      'a cursor with an impossible date',
      Buffer.from(`2025-13-45T99:00:00.000000Z|${randomUUID()}`).toString('base64url'),
    ],
  ])('refuses a malformed cursor (%s)', async (_name, cursor) => {
    expectApiError(
      await call('GET', `/api/measurements?cursor=${encodeURIComponent(cursor)}`, member.cookie),
      400,
      'cursor: Invalid cursor; load the list again from the start',
    )
  })

  it('refuses a page size out of range', async () => {
    expectApiError(await call('GET', '/api/measurements?limit=500', member.cookie), 400, /^limit: /)
    expectApiError(await call('GET', '/api/measurements?limit=0', member.cookie), 400, /^limit: /)
  })
})

describe('GET /api/measurements/:id', () => {
  it('refuses an id that is not a UUID', async () => {
    expectApiError(await call('GET', '/api/measurements/abc', owner.cookie), 400, 'id: id must be a UUID')
  })

  it('answers 404 for an id that does not exist', async () => {
    expectApiError(await call('GET', `/api/measurements/${randomUUID()}`, owner.cookie), 404, 'Measurement not found')
  })
})

describe('PATCH /api/measurements/:id', () => {
  it('rescores the new sheet and ignores a sent score; omitted visibility and location are kept', async () => {
    const m = await createMeasurement(t, owner.cookie, {
      visibility: 'public',
      location: { region: 'Montana', lat: 46.5, lon: -110.2, precision: 'km' },
    })
    const sheet = { ...WHITETAIL_SHEET, category: 'whitetail-non-typical' }
    const res = await call('PATCH', `/api/measurements/${m.id}`, owner.cookie, {
      speciesId: 'whitetail-deer',
      sheet,
      method: 'tape',
      takenAt: m.takenAt,
      caption: 'Rescored',
      score: 1,
      trophyClass: 'standard',
    })
    expect(res.statusCode, res.body).toBe(200)
    const updated = res.json() as Measurement
    expect(updated).toMatchObject({
      id: m.id,
      score: 166,
      scoreText: '166 0/8',
      caption: 'Rescored',
      visibility: 'public',
      location: { region: 'Montana', lat: 46.5, lon: -110.2, precision: 'km' },
    })
    expect(updated.result).toEqual(scoreSheet(sheet))
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(m.updatedAt).getTime())
  })

  it('refuses bad input as create does', async () => {
    const m = await createMeasurement(t, owner.cookie)
    const body = { ...aMeasurement(), id: undefined, takenAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }
    expectApiError(
      await call('PATCH', `/api/measurements/${m.id}`, owner.cookie, body),
      400,
      'takenAt: Date taken cannot be in the future',
    )
    const bad = { ...aMeasurement(), id: undefined, speciesId: 'moose' }
    expectApiError(
      await call('PATCH', `/api/measurements/${m.id}`, owner.cookie, bad),
      400,
      /^sheet\.category: Moose is scored as/,
    )
  })

  it('detaches photos no longer listed, deleting their rows and files, and attaches new ones', async () => {
    const [keep, drop, add] = [await photoOf(owner), await photoOf(owner), await photoOf(owner)] as [
      string,
      string,
      string,
    ]
    const m = await createMeasurement(t, owner.cookie, { photoIds: [keep, drop], coverPhotoId: drop })
    const [dropRow] = await t.db.select().from(photos).where(eq(photos.id, drop))
    expect(await t.storage.get(`${dropRow?.storageKey}/display.webp`)).not.toBeNull()

    const body = { ...aMeasurement(), id: undefined, photoIds: [add, keep] }
    const res = await call('PATCH', `/api/measurements/${m.id}`, owner.cookie, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ coverPhotoId: add, photos: [{ id: add }, { id: keep }] })
    expect(await t.db.select().from(photos).where(eq(photos.id, drop))).toEqual([])
    expect(await t.storage.get(`${dropRow?.storageKey}/display.webp`)).toBeNull()
    expect(await t.storage.get(`${dropRow?.storageKey}/thumb.webp`)).toBeNull()
    expect((await getPhoto(t, owner.cookie, drop)).statusCode).toBe(404)
    expect((await getPhoto(t, owner.cookie, keep)).statusCode).toBe(200)
  })

  it('another member’s measurement: 404, and nothing changes', async () => {
    const photoId = await photoOf(owner)
    const m = await createMeasurement(t, owner.cookie, {
      visibility: 'public',
      caption: 'original',
      photoIds: [photoId],
    })
    const body = { ...aMeasurement(), id: undefined, caption: 'hijacked', photoIds: [] }
    expectApiError(await call('PATCH', `/api/measurements/${m.id}`, other.cookie, body), 404, 'Measurement not found')
    const read = (await call('GET', `/api/measurements/${m.id}`, owner.cookie)).json() as Measurement
    expect(read).toEqual(m)
  })

  it('answers 404 for an id that does not exist', async () => {
    const body = { ...aMeasurement(), id: undefined }
    expectApiError(
      await call('PATCH', `/api/measurements/${randomUUID()}`, owner.cookie, body),
      404,
      'Measurement not found',
    )
  })
})

describe('DELETE /api/measurements/:id', () => {
  it('deletes the measurement, its photos’ rows and files', async () => {
    const photoId = await photoOf(owner)
    const m = await createMeasurement(t, owner.cookie, { photoIds: [photoId] })
    const [row] = await t.db.select().from(photos).where(eq(photos.id, photoId))
    const res = await call('DELETE', `/api/measurements/${m.id}`, owner.cookie)
    expect(res.statusCode, res.body).toBe(204)
    expect(res.body).toBe('')
    expectApiError(await call('GET', `/api/measurements/${m.id}`, owner.cookie), 404, 'Measurement not found')
    expect(await rowCount(m.id)).toBe(0)
    expect(await t.db.select().from(photos).where(eq(photos.id, photoId))).toEqual([])
    expect(await t.storage.get(`${row?.storageKey}/display.webp`)).toBeNull()
    expectApiError(await call('DELETE', `/api/measurements/${m.id}`, owner.cookie), 404, 'Measurement not found')
  })

  it('another member’s measurement: 404, and it is still there with its photo', async () => {
    const photoId = await photoOf(owner)
    const m = await createMeasurement(t, owner.cookie, { visibility: 'public', photoIds: [photoId] })
    expectApiError(await call('DELETE', `/api/measurements/${m.id}`, other.cookie), 404, 'Measurement not found')
    expect(await rowCount(m.id)).toBe(1)
    expect((await getPhoto(t, owner.cookie, photoId)).statusCode).toBe(200)
  })
})

describe('rate limit', () => {
  it('counts creations per member, not per address', async () => {
    const limited = await createTestApp({ rateLimits: { measurementCreate: { max: 2, windowMs: 60_000 } } })
    try {
      const [a, b] = [await createUser(limited, { verify: 'mark' }), await createUser(limited, { verify: 'mark' })]
      const create = (cookie: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/measurements',
          headers: browserHeaders(cookie, limited.config.baseUrl),
          payload: aMeasurement(),
        })
      expect((await create(a.cookie)).statusCode).toBe(201)
      expect((await create(a.cookie)).statusCode).toBe(201)
      expectApiError(await create(a.cookie), 429, /^Too many attempts/)
      expect((await create(b.cookie)).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})

describe('GET /share/:id without a built client (API only)', () => {
  it('answers a minimal page with the tags, and the same page as 404 for a private one', async () => {
    const shared = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const res = await call('GET', `/share/${shared.id}`, undefined)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toMatch(/^<!doctype html>/)
    expect(res.body).toContain('<meta property="og:title" content="Ada&#39;s Whitetail Deer — 152 4/8 B&amp;C">')
    const hidden = await createMeasurement(t, owner.cookie, { visibility: 'private' })
    const missing = await call('GET', `/share/${hidden.id}`, undefined)
    expect(missing.statusCode).toBe(404)
    expect(missing.body).toMatch(/^<!doctype html>/)
    expect(missing.body).not.toContain('og:title')
  })
})
