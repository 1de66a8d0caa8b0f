import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follows, measurements, notifications, users } from '#server/db/schema.ts'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import {
  browserHeaders,
  createMeasurement,
  createUser,
  putSizeCheck,
  type SignedInUser,
  sendLike,
  uniqueEmail,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Each kind of achievement is awarded once, at the event that reaches its target, in that event's
// transaction, with one notification; nothing takes an award away but an admin.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const member = () => createUser(t, { verify: 'mark' })

/** The ids of the member's awards (GET /api/user/achievements). */
async function earned(who: SignedInUser): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/user/achievements', headers: { cookie: who.cookie } })
  expect(res.statusCode).toBe(200)
  return (res.json() as { achievement: { id: string } }[]).map((a) => a.achievement.id)
}

/** The achievement ids of the member's notifications, one entry per notification. */
async function achievementNotices(who: SignedInUser): Promise<string[]> {
  const rows = await t.db
    .select({ achievementId: notifications.achievementId, actorId: notifications.actorId })
    .from(notifications)
    .where(and(eq(notifications.userId, who.id), eq(notifications.kind, 'achievement')))
  for (const row of rows) expect(row.actorId).toBeNull()
  return rows.map((r) => r.achievementId as string).sort()
}

/** A measurement of any species from typed values only (no chart: standard class, self-reported). */
function typed(
  who: SignedInUser,
  speciesId: string,
  quick: CreateMeasurement['quick'],
  more: Partial<CreateMeasurement> = {},
) {
  return createMeasurement(t, who.cookie, { speciesId, sheet: undefined, quick, ...more })
}

/** A public measurement of `who` with one photo (size checks need one). */
async function withPhoto(who: SignedInUser, overrides: Partial<CreateMeasurement> = {}): Promise<Measurement> {
  const photo = await uploadPhoto(t, who.cookie, await jpeg(64, 48))
  return createMeasurement(t, who.cookie, { visibility: 'public', photoIds: [photo.json().id], ...overrides })
}

describe('collection counts', () => {
  it('awards the first measurement at the first, and ten measurements at the 10th, not the 9th', async () => {
    const me = await member()
    expect(await earned(me)).toEqual([])
    await typed(me, 'whitetail-deer', { lengthIn: 20 })
    expect(await earned(me)).toEqual(['first-measurement'])
    for (let i = 0; i < 8; i++) await typed(me, 'whitetail-deer', { lengthIn: 20 + i })
    expect(await earned(me)).not.toContain('ten-measurements')
    await typed(me, 'whitetail-deer', { lengthIn: 30 })
    expect(await earned(me)).toContain('ten-measurements')
    expect(await achievementNotices(me)).toEqual(['first-measurement', 'ten-measurements'])
  })

  it('awards a count reached by 20 concurrent measurements exactly once, with one notification', async () => {
    const me = await member()
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/measurements',
          headers: browserHeaders(me.cookie),
          payload: {
            id: randomUUID(),
            speciesId: 'walleye',
            quick: { weightLbs: 2 }, // one weight: no personal best among them
            method: 'scale',
            takenAt: new Date(Date.now() - 3_600_000).toISOString(),
          },
        }),
      ),
    )
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201))
    const rows = await t.db.execute(
      sql`select achievement_id, count(*)::int as n from user_achievements where user_id = ${me.id} group by achievement_id order by achievement_id`,
    )
    expect((rows as unknown as { rows: unknown[] }).rows).toEqual([
      { achievement_id: 'first-measurement', n: 1 },
      { achievement_id: 'ten-measurements', n: 1 },
    ])
    expect(await achievementNotices(me)).toEqual(['first-measurement', 'ten-measurements'])
  })

  it('counts no measurement a moderator hid', async () => {
    const me = await member()
    const made: Measurement[] = []
    for (let i = 0; i < 9; i++) made.push(await typed(me, 'walleye', { weightLbs: 3 }))
    await t.db
      .update(measurements)
      .set({ hiddenAt: new Date() })
      .where(eq(measurements.id, (made[0] as Measurement).id))
    await typed(me, 'walleye', { weightLbs: 3 })
    expect(await earned(me)).not.toContain('ten-measurements')
    await typed(me, 'walleye', { weightLbs: 3 })
    expect(await earned(me)).toContain('ten-measurements')
  })

  it('keeps an award when the measurements that earned it are deleted', async () => {
    const me = await member()
    const only = await typed(me, 'walleye', { weightLbs: 3 })
    expect(await earned(me)).toEqual(['first-measurement'])
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/measurements/${only.id}`,
      headers: browserHeaders(me.cookie),
    })
    expect(res.statusCode).toBe(204)
    expect(await earned(me)).toEqual(['first-measurement'])
    // and the next measurement does not award it a second time
    await typed(me, 'walleye', { weightLbs: 3 })
    expect(await achievementNotices(me)).toEqual(['first-measurement'])
  })
})

describe('species diversity', () => {
  it('awards the deer family slam on the third deer species, with three species', async () => {
    const me = await member()
    await createMeasurement(t, me.cookie) // a whitetail from its score sheet
    await typed(me, 'mule-deer', { lengthIn: 24 })
    await typed(me, 'mule-deer', { lengthIn: 25 }) // the same species again counts once
    expect(await earned(me)).not.toContain('deer-family-slam')
    await typed(me, 'moose', { widthIn: 50 })
    const mine = await earned(me)
    expect(mine).toContain('deer-family-slam')
    expect(mine).toContain('three-species')
    expect(mine).not.toContain('bass-slam')
    expect((await achievementNotices(me)).filter((id) => id === 'deer-family-slam')).toHaveLength(1)
  })

  it('awards both sheep (a group of two) and three categories of the species guide', async () => {
    const me = await member()
    await typed(me, 'bighorn-sheep', { lengthIn: 38 })
    await typed(me, 'largemouth-bass', { weightLbs: 4 })
    expect(await earned(me)).not.toContain('three-categories')
    await typed(me, 'dall-sheep', { lengthIn: 36 })
    expect(await earned(me)).toContain('wild-sheep-slam')
    expect(await earned(me)).not.toContain('three-categories')
    await typed(me, 'ring-necked-pheasant', { lengthIn: 30 })
    expect(await earned(me)).toContain('three-categories')
  })
})

describe('trophies, records and personal bests', () => {
  it('awards the first trophy at a trophy-class measurement, not a standard one', async () => {
    const me = await member()
    await typed(me, 'whitetail-deer', { lengthIn: 20 }) // no chart: standard
    expect(await earned(me)).not.toContain('first-trophy')
    const trophy = await createMeasurement(t, me.cookie) // scores 152 4/8: P&Y, trophy class
    expect(trophy.trophyClass).toBe('trophy')
    expect(await earned(me)).toContain('first-trophy')
    expect(await earned(me)).not.toContain('first-record')
  })

  it('awards the first record (and the first trophy with it) at a record-class fish', async () => {
    const me = await member()
    const record = await typed(me, 'largemouth-bass', { weightLbs: 11 }, { method: 'scale' })
    expect(record.trophyClass).toBe('record')
    expect(await earned(me)).toEqual(expect.arrayContaining(['first-record', 'first-trophy']))
  })

  it('awards a personal best when a species’ earlier best is beaten, never for the first of a species', async () => {
    const me = await member()
    await typed(me, 'largemouth-bass', { weightLbs: 5 }, { method: 'scale' })
    await typed(me, 'walleye', { weightLbs: 9 }, { method: 'scale' })
    await typed(me, 'largemouth-bass', { weightLbs: 4 }, { method: 'scale' })
    await typed(me, 'largemouth-bass', { weightLbs: 5 }, { method: 'scale' }) // equal is not better
    expect(await earned(me)).not.toContain('first-personal-best')
    await typed(me, 'largemouth-bass', { weightLbs: 6 }, { method: 'scale' })
    expect(await earned(me)).toContain('first-personal-best')
    expect((await achievementNotices(me)).filter((id) => id === 'first-personal-best')).toHaveLength(1)
  })
})

describe('verified results', () => {
  it('awards a photo-measured measurement, not a self-reported one', async () => {
    const me = await member()
    await typed(me, 'walleye', { lengthIn: 25 })
    expect(await earned(me)).not.toContain('first-photo-measured')
    const photo = await uploadPhoto(t, me.cookie, await jpeg(64, 48))
    const photoId = photo.json().id as string
    const measured = await typed(
      me,
      'walleye',
      { lengthIn: 26 },
      {
        method: 'photo',
        photoIds: [photoId],
        photoMeasurements: [
          {
            field: 'quick.lengthIn',
            valueIn: 26,
            uncertaintyIn: 0.25,
            photoId,
            mode: 'straight',
            reference: { kind: 'credit-card', lengthIn: 3.37, pixels: 120 },
          },
        ],
      },
    )
    expect(measured.evidence).toBe('photo-measured')
    expect(await earned(me)).toContain('first-photo-measured')
  })
})

describe('community', () => {
  it('awards ten followers at the 10th follow', async () => {
    const me = await member()
    // Nine followers made directly (rows, and the counter as the follows service keeps it), the 10th through the route.
    const nine = Array.from({ length: 9 }, () => ({ id: randomUUID(), name: 'Follower', email: uniqueEmail('fan') }))
    await t.db.insert(users).values(nine)
    await t.db.insert(follows).values(nine.map((f) => ({ followerId: f.id, followeeId: me.id })))
    await t.db.execute(sql`update users set followers_count = 9 where id = ${me.id}`)
    const tenth = await member()
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/follows/${me.id}`,
      headers: browserHeaders(tenth.cookie),
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().followers).toBe(10)
    expect(await earned(me)).toEqual(['ten-followers'])
    expect(await achievementNotices(me)).toEqual(['ten-followers'])
    const [row] = await t.db.select({ n: users.followersCount }).from(users).where(eq(users.id, me.id))
    expect(row?.n).toBe(10)
  })

  it('awards 25 likes received at the 25th like of another member, not counting the owner’s own', async () => {
    const me = await member()
    const post = await typed(me, 'walleye', { weightLbs: 3 }, { visibility: 'public' })
    // 23 likes counted on the post (like_count is what the metric adds up), then two real ones
    await t.db.update(measurements).set({ likeCount: 23 }).where(eq(measurements.id, post.id))
    expect((await sendLike(t, me.cookie, post.id)).json().likeCount).toBe(24)
    const fan = await member()
    expect((await sendLike(t, fan.cookie, post.id)).json().likeCount).toBe(25)
    expect(await earned(me)).not.toContain('twenty-five-likes')
    const another = await member()
    expect((await sendLike(t, another.cookie, post.id)).json().likeCount).toBe(26)
    expect(await earned(me)).toContain('twenty-five-likes')
    // taking a like back takes nothing away
    await sendLike(t, another.cookie, post.id, 'DELETE')
    expect(await earned(me)).toContain('twenty-five-likes')
    expect((await achievementNotices(me)).filter((id) => id === 'twenty-five-likes')).toHaveLength(1)
  })

  it('awards a first size check given, and agreed checks once the community verifies', async () => {
    const owner = await member()
    const [first, second] = [await member(), await member()]
    const posts: Measurement[] = []
    for (let i = 0; i < 5; i++) posts.push(await withPhoto(owner))
    const [one] = posts as [Measurement]

    expect((await putSizeCheck(t, first.cookie, one.id)).statusCode).toBe(200)
    expect(await earned(first)).toEqual(['first-size-check'])
    // one confirmation decides nothing yet: the check is not agreed with
    expect(await earned(owner)).not.toContain('first-verified')

    // the second member's confirmation verifies the measurement: the owner's first verified measurement
    expect((await putSizeCheck(t, second.cookie, one.id)).statusCode).toBe(200)
    expect(await earned(owner)).toContain('first-verified')

    // both check the other four; at the 5th verification each checker has 5 agreed checks
    for (const post of posts.slice(1, 4)) {
      await putSizeCheck(t, first.cookie, post.id)
      await putSizeCheck(t, second.cookie, post.id)
    }
    const last = posts[4] as Measurement
    await putSizeCheck(t, first.cookie, last.id)
    expect(await earned(first)).not.toContain('five-agreed-checks')
    expect(await earned(owner)).not.toContain('five-verified')
    await putSizeCheck(t, second.cookie, last.id)
    expect(await earned(first)).toContain('five-agreed-checks')
    expect(await earned(second)).toContain('five-agreed-checks')
    expect(await earned(owner)).toContain('five-verified')
    for (const who of [first, second]) {
      expect(await achievementNotices(who)).toEqual(['first-size-check', 'five-agreed-checks'])
    }
  })

  it('awards an agreed dispute when the community disputes the measurement', async () => {
    const owner = await member()
    const checkers = [await member(), await member()]
    const post = await withPhoto(owner)
    for (const checker of checkers) {
      expect((await putSizeCheck(t, checker.cookie, post.id, { verdict: 'disputed' })).statusCode).toBe(200)
    }
    const [row] = await t.db
      .select({ state: measurements.checkState })
      .from(measurements)
      .where(eq(measurements.id, post.id))
    expect(row?.state).toBe('disputed')
    const values = await progressOf(checkers[0] as SignedInUser)
    expect(values.get('five-agreed-checks')).toBe(1)
    expect(values.get('ten-size-checks')).toBe(1)
  })
})

describe('consistency', () => {
  it('counts UTC weeks from Monday: Sunday 23:59 and Monday 00:00 are two weeks', async () => {
    const me = await member()
    // 2025-06-08 is a Sunday
    for (const takenAt of ['2025-06-02T08:00:00Z', '2025-06-08T23:59:00Z', '2025-06-07T12:00:00Z']) {
      await typed(me, 'walleye', { weightLbs: 3 }, { takenAt })
    }
    expect((await progressOf(me)).get('four-active-weeks')).toBe(1)
    await typed(me, 'walleye', { weightLbs: 3 }, { takenAt: '2025-06-09T00:00:00Z' })
    await typed(me, 'walleye', { weightLbs: 3 }, { takenAt: '2025-07-01T00:00:00Z' })
    expect((await progressOf(me)).get('four-active-weeks')).toBe(3)
    expect(await earned(me)).not.toContain('four-active-weeks')
    await typed(me, 'walleye', { weightLbs: 3 }, { takenAt: '2025-01-01T00:00:00Z' })
    expect(await earned(me)).toContain('four-active-weeks')
  })
})

/** The member's progress: achievement id → current value. */
async function progressOf(who: SignedInUser): Promise<Map<string, number>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/achievement-progress',
    headers: { cookie: who.cookie },
  })
  expect(res.statusCode).toBe(200)
  return new Map(
    (res.json() as { achievement: { id: string }; currentValue: number }[]).map((p) => [
      p.achievement.id,
      p.currentValue,
    ]),
  )
}
