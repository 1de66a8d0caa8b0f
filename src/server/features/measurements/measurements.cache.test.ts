import { gunzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema.ts'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import {
  type Measurement,
  MeasurementPageSchema,
  MeasurementSchema,
  MeasurementStatsSchema,
} from '#shared/schemas/measurements.ts'
import {
  aMeasurement,
  browserHeaders,
  createMeasurement,
  createUser,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import {
  collectionVersion,
  listMeasurements,
  measurementStats,
  measurementVersion,
  readVersionedMeasurement,
} from './measurements.reads.ts'
import { measurements } from './measurements.tables.ts'

// The list, one measurement and the statistics answer from cached bodies while their version in the database is
// unchanged (lib/versioned-cache.ts). These tests change things between two identical reads and expect to see the
// change: through the API, and straight in the database as another server process would.

let t: TestApp
let owner: SignedInUser
let other: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { verify: 'mark' })
  other = await createUser(t, { verify: 'mark' })
})
afterAll(() => t?.close())

const get = async (url: string, user: SignedInUser) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
  return { status: res.statusCode, body: res.json() as unknown, type: res.headers['content-type'] }
}
const patch = (m: Measurement, changes: Partial<Measurement & { caption: string }>) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/measurements/${m.id}`,
    headers: browserHeaders(owner.cookie),
    payload: { ...aMeasurement(), id: undefined, photoIds: [], ...changes },
  })

describe('cached reads', () => {
  it('answer JSON bodies that match the documented schemas', async () => {
    const m = await createMeasurement(t, owner.cookie, { caption: 'schema check', visibility: 'public' })
    const list = await get('/api/measurements', owner)
    expect(list.type).toBe('application/json; charset=utf-8')
    const item = MeasurementPageSchema.parse(list.body).items.find((i) => i.id === m.id)
    // A page leaves the engine's result out (the card needs the summary and the score text); the detail has it.
    expect(item?.result).toBeNull()
    expect(item?.scoreText).toBe('152 4/8')
    expect(item?.summary.spreadIn).toBe(18.5)
    const detail = MeasurementSchema.parse((await get(`/api/measurements/${m.id}`, other)).body)
    expect(detail.caption).toBe('schema check')
    expect(detail.result?.scoreText).toBe('152 4/8')
    expect(MeasurementStatsSchema.parse((await get('/api/measurements/stats', owner)).body).total).toBeGreaterThan(0)
  })

  it('show a change made through the API at the next read', async () => {
    const m = await createMeasurement(t, owner.cookie, { caption: 'before', visibility: 'public' })
    const captions = async () =>
      MeasurementPageSchema.parse((await get('/api/measurements', owner)).body).items.map((i) => i.caption)
    expect(await captions()).toContain('before')
    expect(MeasurementSchema.parse((await get(`/api/measurements/${m.id}`, other)).body).caption).toBe('before')
    expect((await patch(m, { caption: 'after', visibility: 'public' })).statusCode).toBe(200)
    expect(await captions()).toContain('after')
    expect(await captions()).not.toContain('before')
    expect(MeasurementSchema.parse((await get(`/api/measurements/${m.id}`, other)).body).caption).toBe('after')
  })

  it('stop showing a measurement to others the moment it turns private', async () => {
    const m = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    expect((await get(`/api/measurements/${m.id}`, other)).status).toBe(200)
    expect((await patch(m, { visibility: 'private' })).statusCode).toBe(200)
    expect((await get(`/api/measurements/${m.id}`, other)).status).toBe(404)
    expect((await get(`/api/measurements/${m.id}`, owner)).status).toBe(200)
  })

  it('count a deletion in the statistics and the list at once', async () => {
    const before = MeasurementStatsSchema.parse((await get('/api/measurements/stats', owner)).body)
    const m = await createMeasurement(t, owner.cookie)
    const added = MeasurementStatsSchema.parse((await get('/api/measurements/stats', owner)).body)
    expect(added.total).toBe(before.total + 1)
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/measurements/${m.id}`,
      headers: browserHeaders(owner.cookie),
    })
    expect(del.statusCode).toBe(204)
    expect(MeasurementStatsSchema.parse((await get('/api/measurements/stats', owner)).body).total).toBe(before.total)
    const page = MeasurementPageSchema.parse((await get('/api/measurements', owner)).body)
    expect(page.items.map((i) => i.id)).not.toContain(m.id)
    expect(page.total).toBe(before.total)
  })

  it('see a write made by another process (straight in the database)', async () => {
    const m = await createMeasurement(t, owner.cookie, { caption: 'first', visibility: 'public' })
    expect(MeasurementSchema.parse((await get(`/api/measurements/${m.id}`, other)).body).caption).toBe('first')
    await get('/api/measurements', owner)
    await t.db.update(measurements).set({ caption: 'from elsewhere' }).where(eq(measurements.id, m.id))
    expect(MeasurementSchema.parse((await get(`/api/measurements/${m.id}`, other)).body).caption).toBe('from elsewhere')
    const page = MeasurementPageSchema.parse((await get('/api/measurements', owner)).body)
    expect(page.items.find((i) => i.id === m.id)?.caption).toBe('from elsewhere')
  })

  it("show the owner's new name on their measurements", async () => {
    const m = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await get('/api/measurements', owner)
    await get(`/api/measurements/${m.id}`, other)
    // As a profile change through the app does: the row, then the session cache of that member (decision 002).
    await t.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.id, owner.id))
    t.app.sessionCache.invalidateUser(owner.id)
    const page = MeasurementPageSchema.parse((await get('/api/measurements', owner)).body)
    expect(page.items[0]?.owner.firstName).toBe('Renamed')
    expect(MeasurementSchema.parse((await get(`/api/measurements/${m.id}`, other)).body).owner.firstName).toBe(
      'Renamed',
    )
  })

  it('gzip a page for a client that accepts it, and only then', async () => {
    for (let i = 0; i < 5; i++) await createMeasurement(t, owner.cookie, { caption: `gzip ${i}` })
    const plain = await t.app.inject({ method: 'GET', url: '/api/measurements', headers: { cookie: owner.cookie } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
    const zipped = await t.app.inject({
      method: 'GET',
      url: '/api/measurements',
      headers: { cookie: owner.cookie, 'accept-encoding': 'br, gzip, deflate' },
    })
    expect(zipped.headers['content-encoding']).toBe('gzip')
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3)
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json())
    const refused = await t.app.inject({
      method: 'GET',
      url: '/api/measurements',
      headers: { cookie: owner.cookie, 'accept-encoding': 'gzip;q=0' },
    })
    expect(refused.headers['content-encoding']).toBeUndefined()
  })
})

describe('a body read whole', () => {
  // A member's first request reads the body and its version in one statement; the next reads the version alone.
  // Were the two versions to differ, every repeat would read the body again.
  it('comes with the version that is read on its own', async () => {
    const me = await createUser(t, { verify: 'mark' })
    const user = AuthUserSchema.parse((await get('/api/auth/user', me)).body)
    const empty = await listMeasurements(t.db, user, { limit: 20 })
    expect(empty.value).toEqual({ items: [], nextCursor: null, total: 0 })
    expect(empty.version).toBe(await collectionVersion(t.db, me.id))
    for (let i = 0; i < 3; i++) await createMeasurement(t, me.cookie, { caption: `whole ${i}` })
    const version = await collectionVersion(t.db, me.id)
    const first = await listMeasurements(t.db, user, { limit: 2, order: 'taken' })
    const cursor = first.value.nextCursor ?? undefined
    const next = await listMeasurements(t.db, user, { limit: 2, order: 'taken', cursor })
    expect(next.value.items).toHaveLength(1)
    const stats = await measurementStats(t.db, user)
    expect([first.version, next.version, stats.version]).toEqual([version, version, version])
    const id = first.value.items[0]?.id ?? ''
    const detail = await readVersionedMeasurement(t.db, user, id)
    expect(detail.version).toBe((await measurementVersion(t.db, id, me.id))?.version)
  })
})
