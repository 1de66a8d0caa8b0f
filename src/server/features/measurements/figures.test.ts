import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PostPage, Profile } from '#shared/schemas/community.ts'
import type { MeasurementPage, MeasurementStats } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { measurements } from './measurements.tables.ts'

// The same figure means the same thing on every screen (docs/glossary.md, Figures): months and This Month go by
// date taken in the member's time zone; a member's counts are what the viewer may see, on the profile, the
// statistics and the lists alike.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const HOUR = 60 * 60_000
const DAY = 24 * HOUR

async function getJson<T>(user: SignedInUser, url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie, ...headers } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json() as T
}
const statsOf = (user: SignedInUser, timeZone?: string) =>
  getJson<MeasurementStats>(user, '/api/measurements/stats', timeZone ? { 'x-time-zone': timeZone } : {})

/** The first instant of the current UTC month and the `YYYY-MM` of a month some months before it. */
function utcMonth(back = 0): { start: Date; key: string } {
  const now = new Date()
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1))
  return { start, key: start.toISOString().slice(0, 7) }
}

describe('This Month and the per-month chart', () => {
  it('count catches by date taken, not by when they were added: old catches recorded today stay in their month', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const twoMonthsAgo = new Date(utcMonth(2).start.getTime() + 10 * DAY)
    const fiveMonthsAgo = new Date(utcMonth(5).start.getTime() + 3 * DAY)
    const justNow = new Date(Date.now() - 60_000)
    for (const takenAt of [twoMonthsAgo, twoMonthsAgo, fiveMonthsAgo, justNow]) {
      await createMeasurement(t, member.cookie, { takenAt: takenAt.toISOString() })
    }
    // And one added long ago but taken this month still counts this month.
    const late = await createMeasurement(t, member.cookie, { takenAt: justNow.toISOString() })
    await t.db
      .update(measurements)
      .set({ createdAt: new Date(Date.now() - 90 * DAY) })
      .where(eq(measurements.id, late.id))

    const stats = await statsOf(member)
    const count = (key: string) => stats.perMonth.find((m) => m.month === key)?.count
    expect(stats.total).toBe(5)
    expect(count(utcMonth(2).key)).toBe(2)
    expect(count(utcMonth(5).key)).toBe(1)
    expect(stats.perMonth.at(-1)).toEqual({ month: justNow.toISOString().slice(0, 7), count: 2 })
    expect(stats.thisMonth).toBe(2)
    expect(stats.perMonth.reduce((sum, m) => sum + m.count, 0)).toBe(5)
  })

  it("use the member's time zone: a catch at 7 pm on the last day of a month in Chicago is in that month", async () => {
    const member = await createUser(t, { verify: 'mark' })
    // The first hour of the UTC month is still the evening before in Chicago (UTC-5 or UTC-6).
    const takenAt = new Date(utcMonth(0).start.getTime() + HOUR)
    await createMeasurement(t, member.cookie, { takenAt: takenAt.toISOString() })

    const utc = await statsOf(member)
    const chicago = await statsOf(member, 'America/Chicago')
    const count = (stats: MeasurementStats, key: string) => stats.perMonth.find((m) => m.month === key)?.count
    expect(count(utc, utcMonth(0).key)).toBe(1)
    expect(count(chicago, utcMonth(1).key)).toBe(1)
    expect(count(chicago, utcMonth(0).key) ?? 0).toBe(0)
    for (const stats of [utc, chicago]) {
      expect(stats.perMonth).toHaveLength(12)
      expect(stats.thisMonth).toBe(stats.perMonth.at(-1)?.count)
    }
  })

  it('refuses a time zone that does not exist, naming the header', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/stats',
      headers: { cookie: member.cookie, 'x-time-zone': 'Mars/Olympus_Mons' },
    })
    expectApiError(res, 400, /x-time-zone/)
  })

  it('asks who is calling before it reads the time zone', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/measurements/stats',
      headers: { 'x-time-zone': 'Mars/Olympus_Mons' },
    })
    expectApiError(res, 401)
  })
})

describe('Recent measurements by date taken', () => {
  it('order=taken lists newest taken first and pages on without skipping or repeating', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const taken = [40, 3, 200, 1, 90].map((days) => new Date(Date.now() - days * DAY))
    const made = []
    for (const takenAt of taken)
      made.push(await createMeasurement(t, member.cookie, { takenAt: takenAt.toISOString() }))
    const byTaken = made
      .map((m, i) => ({ id: m.id, at: taken[i] as Date }))
      .sort((a, b) => b.at.getTime() - a.at.getTime())
      .map((m) => m.id)

    const first = await getJson<MeasurementPage>(member, '/api/measurements?order=taken&limit=3')
    expect(first.items.map((m) => m.id)).toEqual(byTaken.slice(0, 3))
    expect(first.total).toBe(5)
    const rest = await getJson<MeasurementPage>(
      member,
      `/api/measurements?order=taken&limit=3&cursor=${first.nextCursor}`,
    )
    expect(rest.items.map((m) => m.id)).toEqual(byTaken.slice(3))
    expect(rest.nextCursor).toBeNull()

    // The default order is still newest added first.
    const added = await getJson<MeasurementPage>(member, '/api/measurements?limit=5')
    expect(added.items.map((m) => m.id)).toEqual(made.map((m) => m.id).reverse())
  })

  it('refuses an unknown order, naming the field', async () => {
    const member = await createUser(t, { verify: 'mark' })
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/measurements?order=score',
      headers: { cookie: member.cookie },
    })
    expectApiError(res, 400, /order/)
  })
})

describe("A member's counts as the owner, a follower and a stranger see them", () => {
  it('agree between the profile, the statistics and the lists; the owner learns what others see', async () => {
    const owner = await createUser(t, { verify: 'mark' })
    const follower = await createUser(t, { verify: 'mark' })
    const stranger = await createUser(t, { verify: 'mark' })
    const follow = await t.app.inject({
      method: 'PUT',
      url: `/api/follows/${owner.id}`,
      headers: browserHeaders(follower.cookie, t.config.baseUrl),
    })
    expect(follow.statusCode, follow.body).toBeLessThan(300)

    // Two public (one a trophy), two followers-only, three private (two trophies); one private taken months ago.
    const longAgo = new Date(Date.now() - 120 * DAY).toISOString()
    const trophy = {}
    const standard = { speciesId: 'ring-necked-pheasant', sheet: undefined, quick: { lengthIn: 30 } }
    for (const [visibility, kind, takenAt] of [
      ['public', trophy, undefined],
      ['public', standard, undefined],
      ['followers', standard, undefined],
      ['followers', standard, longAgo],
      ['private', trophy, undefined],
      ['private', trophy, longAgo],
      ['private', standard, undefined],
    ] as const) {
      await createMeasurement(t, owner.cookie, { visibility, ...kind, ...(takenAt ? { takenAt } : {}) })
    }

    const profileFor = (viewer: SignedInUser) => getJson<Profile>(viewer, `/api/profiles/${owner.id}`)
    const postsFor = async (viewer: SignedInUser) =>
      (await getJson<PostPage>(viewer, `/api/profiles/${owner.id}/measurements?limit=20`)).items.length

    const stats = await statsOf(owner)
    const list = await getJson<MeasurementPage>(owner, '/api/measurements?limit=1')
    const own = await profileFor(owner)
    expect(stats).toMatchObject({ total: 7, trophies: 3, species: 2 })
    expect(own.counts).toMatchObject({
      measurements: 7,
      trophies: 3,
      species: 2,
      visibleToOthers: { followers: 4, members: 2 },
    })
    expect(list.total).toBe(7)
    expect(await postsFor(owner)).toBe(7)

    const seenByFollower = await profileFor(follower)
    expect(seenByFollower.counts).toMatchObject({ measurements: 4, trophies: 1, visibleToOthers: null })
    expect(await postsFor(follower)).toBe(4)

    const seenByStranger = await profileFor(stranger)
    expect(seenByStranger.counts).toMatchObject({ measurements: 2, trophies: 1, visibleToOthers: null })
    expect(await postsFor(stranger)).toBe(2)

    // What the owner is told others see is what they do see.
    expect(own.counts.visibleToOthers).toEqual({
      followers: seenByFollower.counts.measurements,
      members: seenByStranger.counts.measurements,
    })
  })
})
