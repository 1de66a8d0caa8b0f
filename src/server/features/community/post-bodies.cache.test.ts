import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { measurements, photos } from '#server/db/schema.ts'
import { photosOf, toMeasurement } from '#server/features/measurements/measurements.service.ts'
import type { PostPage } from '#shared/schemas/community.ts'
import { createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// A page's statement sends each post's body as the values of its columns in one JSON array, and the server writes
// the body from them (post-bodies.cache.ts). Whatever the row holds (any text, any double, NaN and infinities, nulls,
// JSON documents, instants to the microsecond, photos), the body on a page is the one toMeasurement writes of the
// row as drizzle reads it, for the member and for another member.

let t: TestApp
let owner: SignedInUser
let viewer: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  ;[owner, viewer] = (await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])) as [
    SignedInUser,
    SignedInUser,
  ]
})
afterAll(() => t?.close())

/** Text PostgreSQL stores: any code points but NUL. */
const text = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replaceAll('\u0000', ''))
const double = fc.option(fc.double(), { nil: null })
/** JSON that jsonb stores: its strings cannot hold NUL either. */
const json = fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.parse(JSON.stringify(v).replaceAll('\\u0000', '')))
/** An instant with microseconds, which a JavaScript Date cannot hold (both reads drop them alike). */
const instant = fc.record({
  ms: fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2090, 0, 1) }),
  micros: fc.integer({ min: 0, max: 999 }),
})

/** A photo measurement as stored: before the plane method (no `method`), two-point, or on the card's plane. */
const photoMeasurement = fc.record(
  {
    field: fc.constantFrom('quick.lengthIn', 'insideSpread', 'right.G2'),
    valueIn: fc.double({ min: 0.1, max: 80, noNaN: true }),
    uncertaintyIn: fc.double({ min: 0, max: 2, noNaN: true }),
    photoId: fc.uuid(),
    mode: fc.constantFrom('straight', 'curve'),
    method: fc.constantFrom('plane', 'two-point'),
    reference: fc.record({
      kind: fc.constantFrom('credit-card', 'quarter'),
      lengthIn: fc.constant(3.37),
      pixels: fc.double({ min: 1, max: 4000, noNaN: true }),
    }),
    points: fc.array(fc.tuple(fc.integer({ min: 0, max: 2048 }), fc.integer({ min: 0, max: 2048 })), { maxLength: 3 }),
  },
  { requiredKeys: ['field', 'valueIn', 'uncertaintyIn', 'mode', 'reference'] },
)

const rowArb = fc.record({
  speciesId: fc.constantFrom('whitetail-deer', 'elk', 'not-in-the-catalogue'),
  sheet: fc.option(
    fc.record({ system: text, category: text, measurements: json, extra: json }).map((sheet) => ({ ...sheet })),
    { nil: null },
  ),
  // An object, as the API stores it: a bare JSON string here reads back as a string on one path and a number on
  // another with the PostgreSQL driver, which no client can make happen.
  quick: fc.option(
    fc.dictionary(text, json, { maxKeys: 4 }).map((values) => ({ ...values })),
    { nil: null },
  ),
  score: double,
  scoreText: fc.option(text, { nil: null }),
  trophyClass: fc.constantFrom('record', 'trophy', 'standard' as const),
  lengthIn: double,
  widthIn: double,
  weightLbs: double,
  weightEstimated: fc.boolean(),
  spreadIn: double,
  points: fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: null }),
  massIn: double,
  evidence: fc.constantFrom('self-reported', 'photo-measured', 'community-verified' as const),
  method: fc.constantFrom('tape', 'scale', 'photo' as const),
  photoMeasurements: fc.array(fc.oneof(json, photoMeasurement), { maxLength: 2 }),
  notes: fc.option(text, { nil: null }),
  caption: fc.option(text, { nil: null }),
  region: fc.option(text, { nil: null }),
  lat: double,
  lon: double,
  locationPrecision: fc.constantFrom('exact', 'km', 'region', 'hidden' as const),
  takenAt: instant,
  createdAt: instant,
  updatedAt: instant,
  photos: fc.array(fc.record({ width: fc.integer({ min: 1, max: 9000 }), height: fc.integer({ min: 1, max: 9000 }) }), {
    maxLength: 3,
  }),
})

type Made = typeof rowArb extends fc.Arbitrary<infer T> ? T : never

/** The measurement inserted as `made` says, its instants set to the microsecond afterwards. */
async function insert(made: Made): Promise<string> {
  const id = randomUUID()
  const { photos: madePhotos, takenAt, createdAt, updatedAt, ...columns } = made
  await t.db.insert(measurements).values({
    id,
    userId: owner.id,
    visibility: 'public',
    ...columns,
    sheet: columns.sheet as never,
    quick: columns.quick as never,
    photoMeasurements: columns.photoMeasurements as never,
    takenAt: new Date(takenAt.ms),
    createdAt: new Date(createdAt.ms),
  })
  const micros = (at: { micros: number }) => sql.raw(`interval '${at.micros} microseconds'`)
  await t.db.execute(sql`update measurements set taken_at = taken_at + ${micros(takenAt)},
    created_at = created_at + ${micros(createdAt)},
    updated_at = ${new Date(updatedAt.ms).toISOString()}::timestamptz + ${micros(updatedAt)} where id = ${id}`)
  if (madePhotos.length > 0) {
    await t.db.insert(photos).values(
      madePhotos.map((photo, position) => ({
        id: randomUUID(),
        userId: owner.id,
        measurementId: id,
        position,
        storageKey: `test/${randomUUID()}`,
        bytes: 1,
        ...photo,
      })),
    )
  }
  return id
}

/** The measurement as the owner's profile page shows it to `who`. */
async function onProfile(id: string, who: SignedInUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/profiles/${owner.id}/measurements?limit=1`,
    headers: { cookie: who.cookie },
  })
  expect(res.statusCode, res.body).toBe(200)
  const [item] = res.json<PostPage>().items
  expect(item?.measurement.id).toBe(id)
  return item?.measurement
}

describe('post bodies on pages', () => {
  it('are what toMeasurement writes of the row, for the member and for others', async () => {
    await fc.assert(
      fc.asyncProperty(rowArb, async (made) => {
        await t.db.delete(measurements).where(eq(measurements.userId, owner.id))
        const id = await insert(made)
        const [row] = await t.db.select().from(measurements).where(eq(measurements.id, id))
        if (!row) throw new Error('not inserted')
        const photoRows = await photosOf(t.db, [id])
        const card = { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, profileImageUrl: null }
        for (const [who, audience] of [
          [owner, 'owner'],
          [viewer, 'member'],
        ] as const) {
          const expected = toMeasurement({ ...row, result: null }, card, photoRows, audience)
          expect(await onProfile(id, who)).toEqual(JSON.parse(JSON.stringify(expected)))
        }
      }),
      { numRuns: 40 },
    )
  })
})

describe('a page seen before', () => {
  it('shows the bodies its statement left out, and reads again one that changed or was deleted since', async () => {
    await t.db.delete(measurements).where(eq(measurements.userId, owner.id))
    const ids: string[] = []
    for (let i = 0; i < 3; i++) ids.push(await insert(fc.sample(rowArb, 1)[0] as Made))
    const captions = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/profiles/${owner.id}/measurements?limit=5`,
        headers: { cookie: viewer.cookie },
      })
      expect(res.statusCode, res.body).toBe(200)
      return new Map(res.json<PostPage>().items.map((post) => [post.measurement.id, post.measurement.caption]))
    }
    const first = await captions()
    expect([...first.keys()].sort()).toEqual([...ids].sort())
    expect(await captions()).toEqual(first)
    const [changed, deleted, same] = ids as [string, string, string]
    await t.db.update(measurements).set({ caption: 'Changed since' }).where(eq(measurements.id, changed))
    await t.db.delete(measurements).where(eq(measurements.id, deleted))
    expect(await captions()).toEqual(
      new Map([
        [changed, 'Changed since'],
        [same, first.get(same)],
      ]),
    )
  })
})
