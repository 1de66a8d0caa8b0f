import { randomUUID } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  achievements,
  leaderboardEntries,
  measurements,
  notifications,
  userAchievements,
  users,
} from '#server/db/schema.ts'
import { createMeasurement, createUser, type SignedInUser, uniqueEmail } from '#tests/support/factories.ts'
import { createTestApp, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { awardRetroactively } from './retroactive.service.ts'

// An achievement added to the catalogue (evaluated_at null) goes, once, to every member who already
// qualifies, with a notification each; the server does it in the background once ready, and two processes doing it
// at once award once.

let t: TestApp

/** Waits for the app's own pass at start (in the background) to have evaluated the whole catalogue. */
async function startPassDone() {
  await vi.waitFor(
    async () => {
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(achievements)
        .where(and(isNull(achievements.evaluatedAt), eq(achievements.isActive, true)))
      expect(row?.n).toBe(0)
    },
    { timeout: 15_000, interval: 50 },
  )
}

beforeAll(async () => {
  t = await createTestApp()
  await startPassDone()
})
afterAll(() => t?.close())

/** A new achievement over `metric` with this target, not yet evaluated. */
async function addAchievement(metric: string, targetValue: number, metricArg: string | null = null): Promise<string> {
  const id = `test-${randomUUID()}`
  await t.db.insert(achievements).values({
    id,
    name: 'Added later',
    description: 'An achievement added after members had qualified',
    iconType: 'star',
    points: 5,
    category: 'collection',
    type: 'COUNT',
    targetValue,
    metric,
    metricArg,
    position: 10_000,
  })
  return id
}

/** Members with these numbers of measurements (inserted directly: no live award is involved). */
async function membersWith(counts: number[]): Promise<string[]> {
  const ids: string[] = []
  for (const count of counts) {
    const id = randomUUID()
    await t.db.insert(users).values({ id, name: 'Early member', email: uniqueEmail('early') })
    if (count > 0) {
      await t.db.insert(measurements).values(
        Array.from({ length: count }, (_, i) => ({
          id: randomUUID(),
          userId: id,
          speciesId: i % 2 === 0 ? 'walleye' : 'northern-pike',
          method: 'scale' as const,
          weightLbs: 3,
          takenAt: new Date(Date.UTC(2025, 0, 1 + 7 * i)),
        })),
      )
    }
    ids.push(id)
  }
  return ids
}

const awardsOf = async (achievementId: string) =>
  (
    await t.db
      .select({ userId: userAchievements.userId })
      .from(userAchievements)
      .where(eq(userAchievements.achievementId, achievementId))
  )
    .map((r) => r.userId)
    .sort()

const noticesOf = async (achievementId: string) =>
  (
    await t.db
      .select({ userId: notifications.userId, kind: notifications.kind, groupKey: notifications.groupKey })
      .from(notifications)
      .where(eq(notifications.achievementId, achievementId))
  ).sort((a, b) => a.userId.localeCompare(b.userId))

describe('awardRetroactively', () => {
  it('awards every member who already qualifies, with one notification each, and marks the achievement done', async () => {
    const [, , three, five] = await membersWith([0, 2, 3, 5])
    const id = await addAchievement('measurements', 3)
    const done = await awardRetroactively(t.db)
    expect(done).toMatchObject({ achievements: 1, awards: 2 })
    expect(await awardsOf(id)).toEqual([three, five].sort())
    expect(await noticesOf(id)).toEqual(
      [three, five].sort().map((userId) => ({ userId, kind: 'achievement', groupKey: `achievement:${id}` })),
    )
    const [row] = await t.db.select().from(achievements).where(eq(achievements.id, id))
    expect(row?.evaluatedAt).toBeInstanceOf(Date)
  })

  it('uses each metric’s own definition (here a species group and active weeks)', async () => {
    const [one, many] = await membersWith([1, 4])
    const slam = await addAchievement('species-group', 2, 'toothy-critters')
    const weeks = await addAchievement('active-weeks', 4)
    await awardRetroactively(t.db)
    expect(await awardsOf(slam)).toContain(many)
    expect(await awardsOf(slam)).not.toContain(one)
    expect(await awardsOf(weeks)).toContain(many)
    expect(await awardsOf(weeks)).not.toContain(one)
  })

  it('does nothing the second time, nor for an inactive achievement', async () => {
    const [member] = await membersWith([4])
    const id = await addAchievement('measurements', 1)
    const inactive = await addAchievement('measurements', 1)
    await t.db.update(achievements).set({ isActive: false }).where(eq(achievements.id, inactive))
    await awardRetroactively(t.db)
    const again = await awardRetroactively(t.db)
    expect(again).toEqual({ achievements: 0, awards: 0, members: 0 })
    expect(await awardsOf(id)).toContain(member)
    expect((await noticesOf(id)).filter((n) => n.userId === member)).toHaveLength(1)
    expect(await awardsOf(inactive)).toEqual([])
    await t.db.delete(achievements).where(eq(achievements.id, inactive))
  })

  it('awards once when two processes run it at the same moment', async () => {
    const qualified = await membersWith([2, 2, 2])
    const id = await addAchievement('measurements', 2)
    const runs = await Promise.all([awardRetroactively(t.db), awardRetroactively(t.db)])
    expect(runs.map((r) => r.awards).reduce((a, b) => a + b)).toBe((await awardsOf(id)).length)
    expect(await awardsOf(id)).toEqual(expect.arrayContaining(qualified))
    const notices = await noticesOf(id)
    expect(notices.length).toBe((await awardsOf(id)).length)
    expect(new Set(notices.map((n) => n.userId)).size).toBe(notices.length)
  })

  it('keeps live awards: a member who earned it already is neither awarded nor notified again', async () => {
    const live: SignedInUser = await createUser(t, { verify: 'mark' })
    await createMeasurement(t, live.cookie, { speciesId: 'walleye', sheet: undefined, quick: { weightLbs: 3 } })
    await t.db.update(achievements).set({ evaluatedAt: null }).where(eq(achievements.id, 'first-measurement'))
    await awardRetroactively(t.db)
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(and(eq(notifications.userId, live.id), eq(notifications.achievementId, 'first-measurement')))
    expect(rows[0]?.n).toBe(1)
  })

  it('runs in the background when the server starts (app ready)', async () => {
    const [member] = await membersWith([6])
    const id = await addAchievement('measurements', 6)
    const restarted = await startTestApp(t.db)
    try {
      await startPassDone()
      expect(await awardsOf(id)).toEqual([member])
      expect(await noticesOf(id)).toHaveLength(1)
    } finally {
      await restarted.close()
    }
  })

  it('refreshes the points board of the members it awards, one by one, or all at once for most of many', async () => {
    const pointsOf = async (userId: string) => {
      const [row] = await t.db
        .select({ value: leaderboardEntries.value })
        .from(leaderboardEntries)
        .where(
          and(
            eq(leaderboardEntries.userId, userId),
            eq(leaderboardEntries.board, 'points'),
            eq(leaderboardEntries.bucket, 'all'),
          ),
        )
      return row?.value ?? 0
    }
    // a few members: each one's rows
    const [few] = await membersWith([7])
    const small = await addAchievement('measurements', 7)
    await awardRetroactively(t.db)
    expect(await awardsOf(small)).toContain(few)
    const before = await pointsOf(few as string)
    expect(before).toBeGreaterThanOrEqual(5)
    // more than 500 members, most of the community: every board rebuilt
    const many = Array.from({ length: 501 }, () => randomUUID())
    await t.db.insert(users).values(many.map((id) => ({ id, name: 'Crowd', email: uniqueEmail('crowd') })))
    await t.db.execute(sql`insert into measurements (id, user_id, species_id, method, taken_at, weight_lbs)
      select gen_random_uuid(), u, 'bluegill', 'scale', now(), 1
      from unnest(${sql.raw(`array[${many.map((id) => `'${id}'`).join(',')}]`)}::text[]) as u`)
    const crowd = await addAchievement('species-group', 1, 'bass')
    const sunfish = await addAchievement('species', 1)
    await t.db.update(achievements).set({ points: 7 }).where(eq(achievements.id, sunfish))
    const done = await awardRetroactively(t.db)
    expect(done.members).toBeGreaterThan(500)
    expect(await awardsOf(crowd)).not.toContain(many[0])
    for (const id of [many[0], many[500]] as string[]) expect(await pointsOf(id)).toBe(7)
    expect(await pointsOf(few as string)).toBe(before + 7)
  })

  it('stops between two achievements when asked, leaving the rest for the next run', async () => {
    await membersWith([2])
    const [first, second] = [await addAchievement('measurements', 2), await addAchievement('species', 1)]
    const stop = new AbortController()
    stop.abort()
    expect(await awardRetroactively(t.db, stop.signal)).toEqual({ achievements: 0, awards: 0, members: 0 })
    const done = await awardRetroactively(t.db)
    expect(done.achievements).toBe(2)
    expect((await awardsOf(first)).length).toBeGreaterThan(0)
    expect((await awardsOf(second)).length).toBeGreaterThan(0)
  })
})
