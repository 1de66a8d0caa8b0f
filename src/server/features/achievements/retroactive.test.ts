import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, measurements, notifications, userAchievements, users } from '#server/db/schema.ts'
import { createMeasurement, createUser, type SignedInUser, uniqueEmail } from '#tests/support/factories.ts'
import { createTestApp, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { awardRetroactively } from './retroactive.service.ts'

// Issue 6: an achievement added to the catalogue (evaluated_at null) goes, once, to every member who already
// qualifies, with a notification each; the server does it at start, and two processes doing it at once award once.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
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

  it('runs when the server starts (app ready)', async () => {
    const [member] = await membersWith([6])
    const id = await addAchievement('measurements', 6)
    const restarted = await startTestApp(t.db)
    try {
      expect(await awardsOf(id)).toEqual([member])
      const [row] = await t.db
        .select({ evaluatedAt: achievements.evaluatedAt })
        .from(achievements)
        .where(inArray(achievements.id, [id]))
      expect(row?.evaluatedAt).not.toBeNull()
    } finally {
      await restarted.close()
    }
  })
})
