import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type MeasurementStats, type Settings } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createMeasurement,
  createUser,
  type SignedInUser,
  WHITETAIL_SHEET,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { measurements } from './measurements.tables.ts'

// GET /api/measurements/stats on a small known set, and GET/PUT /api/settings with the defaults they give.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const DAY = 24 * 60 * 60_000
const monthKey = (d: Date) => d.toISOString().slice(0, 7)

async function statsOf(user: SignedInUser): Promise<MeasurementStats> {
  const res = await t.app.inject({ method: 'GET', url: '/api/measurements/stats', headers: { cookie: user.cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as MeasurementStats
}

/** The last 12 calendar months (UTC), oldest first, made independently of the server's code. */
function twelveMonths(now: Date): string[] {
  return Array.from({ length: 12 }, (_, i) =>
    monthKey(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1))),
  )
}

describe('GET /api/measurements/stats', () => {
  it('is all zeros for a member without measurements, with 12 empty months ending this month', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const now = new Date()
    expect(await statsOf(member)).toEqual({
      total: 0,
      trophies: 0,
      records: 0,
      species: 0,
      thisMonth: 0,
      bestTrophyClass: null,
      personalBests: [],
      perMonth: twelveMonths(now).map((month) => ({ month, count: 0 })),
    })
  })

  it('counts a known set: trophies include records, months by date taken zero-filled, this month the last', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const someoneElse = await createUser(t, { verify: 'mark' })
    await createMeasurement(t, someoneElse.cookie, { visibility: 'public' })

    const now = new Date()
    const y = now.getUTCFullYear()
    const m = now.getUTCMonth()
    const oldestMonthStart = new Date(Date.UTC(y, m - 11, 1))
    const recent = new Date(now.getTime() - 60_000)
    const threeMonthsAgo = new Date(Date.UTC(y, m - 3, 15, 12))
    const beforeTheYear = new Date(oldestMonthStart.getTime() - 1)

    // a: whitetail typical 152 4/8 (trophy); b: the same rack non-typical 166 (trophy), taken at the first instant of
    // the oldest month shown; c: a 12 lb bass on a scale (record, no score); d: a 5 lb bass (standard), taken 1 ms
    // before the oldest month; e: a pheasant (standard).
    const a = await createMeasurement(t, member.cookie, { takenAt: recent.toISOString() })
    const b = await createMeasurement(t, member.cookie, {
      sheet: { ...WHITETAIL_SHEET, category: 'whitetail-non-typical' },
      takenAt: oldestMonthStart.toISOString(),
    })
    const bass = (weightLbs: number, takenAt: Date) =>
      createMeasurement(t, member.cookie, {
        speciesId: 'largemouth-bass',
        sheet: undefined,
        quick: { lengthIn: 20 + weightLbs, weightLbs },
        method: 'scale',
        takenAt: takenAt.toISOString(),
      })
    const c = await bass(12, threeMonthsAgo)
    const d = await bass(5, beforeTheYear)
    const e = await createMeasurement(t, member.cookie, {
      speciesId: 'ring-necked-pheasant',
      sheet: undefined,
      quick: { lengthIn: 34 },
      takenAt: recent.toISOString(),
    })
    expect([a.trophyClass, b.trophyClass, c.trophyClass, d.trophyClass, e.trophyClass]).toEqual([
      'trophy',
      'trophy',
      'record',
      'standard',
      'standard',
    ])
    expect(b.score).toBe(166)

    // When they were added does not matter: c was recorded today, its date taken is three months ago.
    await t.db
      .update(measurements)
      .set({ createdAt: new Date(Date.now() - 400 * DAY) })
      .where(eq(measurements.id, e.id))

    const stats = await statsOf(member)
    const months = twelveMonths(now)
    const expectedCounts = new Map<string, number>()
    for (const taken of [recent, oldestMonthStart, threeMonthsAgo, beforeTheYear, recent]) {
      const key = monthKey(taken)
      if (months.includes(key)) expectedCounts.set(key, (expectedCounts.get(key) ?? 0) + 1)
    }
    expect(stats).toEqual({
      total: 5,
      trophies: 3,
      records: 1,
      species: 3,
      thisMonth: expectedCounts.get(months[11] as string) ?? 0,
      bestTrophyClass: 'record',
      personalBests: [
        {
          speciesId: 'largemouth-bass',
          species: 'Largemouth Bass',
          measurementId: c.id,
          score: null,
          scoreText: null,
          sheet: null,
          weightLbs: 12,
          lengthIn: 32,
          trophyClass: 'record',
          takenAt: threeMonthsAgo.toISOString(),
        },
        {
          speciesId: 'whitetail-deer',
          species: 'Whitetail Deer',
          measurementId: b.id,
          score: 166,
          scoreText: '166 0/8',
          sheet: { system: WHITETAIL_SHEET.system, category: 'whitetail-non-typical' },
          weightLbs: null,
          lengthIn: b.summary.lengthIn,
          trophyClass: 'trophy',
          takenAt: oldestMonthStart.toISOString(),
        },
        {
          speciesId: 'ring-necked-pheasant',
          species: 'Ring-necked Pheasant',
          measurementId: e.id,
          score: null,
          scoreText: null,
          sheet: null,
          weightLbs: null,
          lengthIn: 34,
          trophyClass: 'standard',
          takenAt: recent.toISOString(),
        },
      ],
      perMonth: months.map((month) => ({ month, count: expectedCounts.get(month) ?? 0 })),
    })
    // The boundaries as the test meant them: the oldest month holds b (not d), three months ago holds c.
    expect(stats.perMonth[0]).toEqual({ month: months[0], count: 1 })
    expect(stats.perMonth.find((p) => p.month === monthKey(threeMonthsAgo))?.count).toBeGreaterThanOrEqual(1)
    expect(stats.perMonth.reduce((sum, p) => sum + p.count, 0)).toBe(4)
  })

  it('names standard as the best class when nothing is better', async () => {
    const member = await createUser(t, { verify: 'mark' })
    await createMeasurement(t, member.cookie, { speciesId: 'mallard', sheet: undefined, quick: { weightLbs: 2.5 } })
    expect(await statsOf(member)).toMatchObject({ total: 1, trophies: 0, records: 0, bestTrophyClass: 'standard' })
  })
})

describe('GET and PUT /api/settings', () => {
  const put = (user: SignedInUser, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: browserHeaders(user.cookie, t.config.baseUrl),
      payload: payload as object,
    })
  const getSettings = async (user: SignedInUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/settings', headers: { cookie: user.cookie } })).json() as Settings

  it('gives the defaults until saved, then what was saved, per member', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const neighbour = await createUser(t, { verify: 'mark' })
    expect(await getSettings(member)).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS).toEqual({
      units: 'imperial',
      defaultVisibility: 'private',
      defaultLocationPrecision: 'region',
    })

    const saved: Settings = { units: 'metric', defaultVisibility: 'public', defaultLocationPrecision: 'hidden' }
    const res = await put(member, saved)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual(saved)
    expect(await getSettings(member)).toEqual(saved)

    const changed: Settings = { ...saved, defaultVisibility: 'followers' }
    expect((await put(member, changed)).json()).toEqual(changed)
    expect(await getSettings(member)).toEqual(changed)
    expect(await getSettings(neighbour)).toEqual(DEFAULT_SETTINGS)
  })

  it.each([
    ['units', { ...DEFAULT_SETTINGS, units: 'furlongs' }, 'units: units must be imperial or metric'],
    [
      'defaultVisibility',
      { ...DEFAULT_SETTINGS, defaultVisibility: 'everyone' },
      'defaultVisibility: defaultVisibility must be one of private, followers, public',
    ],
    [
      'defaultLocationPrecision',
      { units: 'metric', defaultVisibility: 'public' },
      'defaultLocationPrecision: defaultLocationPrecision must be one of exact, km, region, hidden',
    ],
  ])('refuses a bad %s', async (_field, payload, message) => {
    const member = await createUser(t, { verify: 'mark' })
    expectApiError(await put(member, payload), 400, message)
    expect(await getSettings(member)).toEqual(DEFAULT_SETTINGS)
  })

  it('new measurements take the saved defaults unless they say otherwise', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const plain = await createMeasurement(t, member.cookie)
    expect(plain).toMatchObject({ visibility: 'private', location: { precision: 'region' } })

    await put(member, { units: 'imperial', defaultVisibility: 'public', defaultLocationPrecision: 'km' })
    const defaulted = await createMeasurement(t, member.cookie, {
      location: { region: 'Idaho', lat: 44.1, lon: -114.2 },
    })
    expect(defaulted).toMatchObject({
      visibility: 'public',
      location: { precision: 'km', region: 'Idaho', lat: 44.1, lon: -114.2 },
    })
    const noLocation = await createMeasurement(t, member.cookie)
    expect(noLocation.location).toEqual({ precision: 'km', region: null, lat: null, lon: null })
    const explicit = await createMeasurement(t, member.cookie, {
      visibility: 'followers',
      location: { region: 'Idaho', precision: 'exact' },
    })
    expect(explicit).toMatchObject({ visibility: 'followers', location: { precision: 'exact', region: 'Idaho' } })
  })
})
