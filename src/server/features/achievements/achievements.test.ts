import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, notifications, userAchievements } from '#server/db/schema.ts'
import {
  ACHIEVEMENT_CATEGORIES,
  ACHIEVEMENT_ICONS,
  ACHIEVEMENT_METRICS,
  AchievementProgressSchema,
  AchievementSchema,
  progressPercent,
  SPECIES_GROUPS,
  tierOf,
  UserAchievementSchema,
} from '#shared/schemas/achievements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// The catalogue, a member's awards and progress (docs/product.md §3, §7), inactive achievements hidden everywhere,
// and the admin's revoke (the only way an award goes away).

let t: TestApp
let admin: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  admin = await createUser(t, { state: 'admin', verify: 'mark' })
})
afterAll(() => t?.close())

const member = () => createUser(t, { verify: 'mark' })
/** An edit made around the routes, as another process would: the catalogue kept shows it once its event arrives. */
const heard = () => t.app.events.heard(t.db)

async function get(url: string, who: SignedInUser) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } })
  expect(res.statusCode).toBe(200)
  return res.json() as unknown
}

const catalogue = async (who: SignedInUser) => AchievementSchema.array().parse(await get('/api/achievements', who))
const mine = async (who: SignedInUser) => UserAchievementSchema.array().parse(await get('/api/user/achievements', who))
const progress = async (who: SignedInUser) =>
  AchievementProgressSchema.array().parse(await get('/api/user/achievement-progress', who))

const revoke = (userId: string, achievementId: string, who: SignedInUser = admin) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/admin/users/${userId}/achievements/${achievementId}`,
    headers: browserHeaders(who.cookie),
  })

/** A member with the first measurement earned (one walleye of typed values). */
async function withFirstMeasurement(): Promise<SignedInUser> {
  const who = await member()
  await createMeasurement(t, who.cookie, { speciesId: 'walleye', sheet: undefined, quick: { weightLbs: 3 } })
  return who
}

describe('GET /api/achievements', () => {
  it('lists the seeded catalogue in order: at least 32, every field valid, tiers of each kind', async () => {
    const list = await catalogue(await member())
    expect(list.length).toBeGreaterThanOrEqual(32)
    expect(new Set(list.map((a) => a.id)).size).toBe(list.length)
    const rows = await t.db.select().from(achievements)
    const byId = new Map(rows.map((r) => [r.id, r]))
    for (const a of list) {
      expect(a.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(a.name.length).toBeGreaterThan(0)
      expect(a.description.length).toBeGreaterThan(10)
      expect(ACHIEVEMENT_ICONS).toContain(a.iconType)
      expect(ACHIEVEMENT_CATEGORIES).toContain(a.category)
      expect(a.isActive).toBe(true)
      expect(a.targetValue).toBeGreaterThanOrEqual(1)
      expect(a.type === 'SINGLE').toBe(a.targetValue === 1)
      const row = byId.get(a.id)
      expect(ACHIEVEMENT_METRICS).toContain(row?.metric)
      if (row?.metric === 'species-group') {
        expect(Object.keys(SPECIES_GROUPS)).toContain(row.metricArg)
        expect(a.targetValue).toBeLessThanOrEqual(SPECIES_GROUPS[row.metricArg as keyof typeof SPECIES_GROUPS].length)
      } else {
        expect(row?.metricArg).toBeNull()
      }
    }
    const positions = list.map((a) => byId.get(a.id)?.position ?? 0)
    expect(positions).toEqual([...positions].sort((x, y) => x - y))
    const tiers = list.map((a) => tierOf(a.points))
    expect(tiers.filter((x) => x === 'Gold').length).toBeGreaterThanOrEqual(4)
    expect(tiers.filter((x) => x === 'Silver').length).toBeGreaterThanOrEqual(4)
    expect(tiers.filter((x) => x === 'Bronze').length).toBeGreaterThanOrEqual(list.length / 3)
    // volume is worth less than variety and skill
    const points = (id: string) => list.find((a) => a.id === id)?.points ?? 0
    expect(points('hundred-measurements')).toBeLessThan(points('wild-sheep-slam'))
    expect(points('hundred-measurements')).toBeLessThan(points('five-verified'))
  })

  it('serves a changed catalogue once its event arrives (the kept body follows the rows)', async () => {
    const who = await member()
    const before = await catalogue(who)
    await t.db.update(achievements).set({ name: 'First Catch' }).where(eq(achievements.id, 'first-measurement'))
    await heard()
    try {
      expect((await catalogue(who)).find((a) => a.id === 'first-measurement')?.name).toBe('First Catch')
    } finally {
      await t.db.update(achievements).set({ name: 'First Measurement' }).where(eq(achievements.id, 'first-measurement'))
      await heard()
    }
    expect(await catalogue(who)).toEqual(before)
  })
})

describe('GET /api/user/achievements', () => {
  it('lists the member’s awards newest first in the shape of docs/product.md §7', async () => {
    const who = await withFirstMeasurement()
    await createMeasurement(t, who.cookie) // a trophy-class whitetail: a second species and the first trophy
    const earned = await mine(who)
    expect(earned.map((e) => e.achievement.id)).toEqual(['first-trophy', 'first-measurement'])
    const [newest, oldest] = earned as [(typeof earned)[0], (typeof earned)[0]]
    expect(Date.parse(newest.earnedAt)).toBeGreaterThanOrEqual(Date.parse(oldest.earnedAt))
    expect(newest.achievement).toMatchObject({ id: 'first-trophy', type: 'SINGLE', targetValue: 1, isActive: true })
    expect(newest.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Object.keys(newest).sort()).toEqual(['achievement', 'earnedAt', 'id'])
  })

  it('shows each award as stored: its id, earnedAt to the millisecond, the catalogue’s achievement', async () => {
    const who = await withFirstMeasurement()
    // microseconds in the database; the API shows milliseconds, as a Date does
    await t.db
      .update(userAchievements)
      .set({ earnedAt: sql`'2024-02-29 23:59:59.987654+00'::timestamptz` })
      .where(eq(userAchievements.userId, who.id))
    const [award] = await t.db.select().from(userAchievements).where(eq(userAchievements.userId, who.id))
    const [shown] = await mine(who)
    expect(shown).toEqual({
      id: award?.id,
      achievement: (await catalogue(who)).find((a) => a.id === 'first-measurement'),
      earnedAt: '2024-02-29T23:59:59.987Z',
    })
    expect(shown?.earnedAt).toBe(award?.earnedAt.toISOString())
  })

  it('shows no one else’s awards', async () => {
    await withFirstMeasurement()
    expect(await mine(await member())).toEqual([])
  })
})

describe('GET /api/user/achievement-progress', () => {
  it('lists every active achievement not earned, in catalogue order, with the member’s current values', async () => {
    const who = await withFirstMeasurement()
    await createMeasurement(t, who.cookie, { speciesId: 'walleye', sheet: undefined, quick: { weightLbs: 4 } })
    await createMeasurement(t, who.cookie, { speciesId: 'mule-deer', sheet: undefined, quick: { lengthIn: 22 } })
    const list = await progress(who)
    const all = await catalogue(who)
    const earned = (await mine(who)).map((e) => e.achievement.id)
    expect(earned).toContain('first-measurement')
    expect(list.map((p) => p.achievement.id)).toEqual(all.map((a) => a.id).filter((id) => !earned.includes(id)))
    const value = (id: string) => list.find((p) => p.achievement.id === id)?.currentValue
    expect(value('ten-measurements')).toBe(3)
    expect(value('three-species')).toBe(2)
    expect(value('deer-family-slam')).toBe(1)
    expect(value('toothy-critters')).toBe(1)
    expect(earned).toContain('first-personal-best') // the second walleye beat the first
    expect(value('five-personal-bests')).toBe(1)
    expect(value('ten-followers')).toBe(0)
    expect(value('four-active-weeks')).toBe(1)
    expect(progressPercent(value('ten-measurements') ?? 0, 10)).toBe(30)
  })

  it('shows a revoked award again with a value past its target; the percentage is capped at 100', async () => {
    const who = await withFirstMeasurement()
    await createMeasurement(t, who.cookie, { speciesId: 'walleye', sheet: undefined, quick: { weightLbs: 4 } })
    expect((await revoke(who.id, 'first-measurement')).statusCode).toBe(204)
    const entry = (await progress(who)).find((p) => p.achievement.id === 'first-measurement')
    expect(entry?.currentValue).toBe(2)
    expect(progressPercent(entry?.currentValue ?? 0, entry?.achievement.targetValue ?? null)).toBe(100)
  })

  it('is empty for a member who has earned everything', async () => {
    const who = await member()
    const all = await t.db.select({ id: achievements.id }).from(achievements)
    await t.db
      .insert(userAchievements)
      .values(all.map((a) => ({ id: randomUUID(), userId: who.id, achievementId: a.id })))
    expect(await progress(who)).toEqual([])
  })
})

describe('a catalogue edited', () => {
  it('shows in the member’s awards and progress once its event arrives: a renamed achievement, a new one, a changed metric', async () => {
    const who = await withFirstMeasurement()
    await createMeasurement(t, who.cookie, { speciesId: 'mule-deer', sheet: undefined, quick: { lengthIn: 22 } })
    const before = { mine: await mine(who), progress: await progress(who) }
    const value = async (id: string) => (await progress(who)).find((p) => p.achievement.id === id)?.currentValue
    expect(await value('ten-measurements')).toBe(2)
    const tenName = before.progress.find((p) => p.achievement.id === 'ten-measurements')?.achievement.name ?? ''
    await t.db.update(achievements).set({ name: 'First Catch' }).where(eq(achievements.id, 'first-measurement'))
    await t.db.update(achievements).set({ name: 'Ten Catches' }).where(eq(achievements.id, 'ten-measurements'))
    await t.db.insert(achievements).values({
      id: 'test-two-species',
      name: 'Two Species',
      description: 'Measure two different species',
      iconType: 'target',
      points: 10,
      category: 'diversity',
      type: 'COUNT',
      targetValue: 5,
      metric: 'species',
      position: -1,
    })
    await heard()
    try {
      expect((await mine(who)).find((e) => e.achievement.id === 'first-measurement')?.achievement.name).toBe(
        'First Catch',
      )
      const list = await progress(who)
      expect(list[0]).toEqual({
        achievement: {
          id: 'test-two-species',
          name: 'Two Species',
          description: 'Measure two different species',
          iconType: 'target',
          points: 10,
          category: 'diversity',
          type: 'COUNT',
          targetValue: 5,
          isActive: true,
        },
        currentValue: 2,
      })
      expect(list.find((p) => p.achievement.id === 'ten-measurements')?.achievement.name).toBe('Ten Catches')
      // what an achievement counts is part of the catalogue's version too
      await t.db.update(achievements).set({ metric: 'categories' }).where(eq(achievements.id, 'test-two-species'))
      await heard()
      expect(await value('test-two-species')).toBe(2) // Big Game and Freshwater Fish
      await t.db
        .update(achievements)
        .set({ metric: 'species-group', metricArg: 'deer-family' })
        .where(eq(achievements.id, 'test-two-species'))
      await heard()
      expect(await value('test-two-species')).toBe(1)
    } finally {
      await t.db.delete(achievements).where(eq(achievements.id, 'test-two-species'))
      await t.db.update(achievements).set({ name: 'First Measurement' }).where(eq(achievements.id, 'first-measurement'))
      await t.db.update(achievements).set({ name: tenName }).where(eq(achievements.id, 'ten-measurements'))
      await heard()
    }
    expect(await mine(who)).toEqual(before.mine)
    expect(await progress(who)).toEqual(before.progress)
  })
})

describe('inactive achievements', () => {
  it('are hidden from the catalogue, the member’s awards and progress, and never awarded', async () => {
    const earner = await withFirstMeasurement()
    await t.db.update(achievements).set({ isActive: false }).where(eq(achievements.id, 'first-measurement'))
    await heard()
    try {
      const newcomer = await withFirstMeasurement()
      for (const who of [earner, newcomer]) {
        expect((await catalogue(who)).map((a) => a.id)).not.toContain('first-measurement')
        expect((await mine(who)).map((e) => e.achievement.id)).not.toContain('first-measurement')
        expect((await progress(who)).map((p) => p.achievement.id)).not.toContain('first-measurement')
      }
      const [award] = await t.db
        .select()
        .from(userAchievements)
        .where(and(eq(userAchievements.userId, newcomer.id), eq(userAchievements.achievementId, 'first-measurement')))
      expect(award).toBeUndefined()
    } finally {
      await t.db.update(achievements).set({ isActive: true }).where(eq(achievements.id, 'first-measurement'))
      await heard()
    }
    // re-activated, the earner's award shows again as it was
    expect((await mine(earner)).map((e) => e.achievement.id)).toContain('first-measurement')
  })
})

describe('DELETE /api/admin/users/:userId/achievements/:achievementId', () => {
  it('revokes an award with its notification; 404 once gone', async () => {
    const who = await withFirstMeasurement()
    const notices = () =>
      t.db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.achievementId, 'first-measurement')))
    expect(await notices()).toHaveLength(1)
    const res = await revoke(who.id, 'first-measurement')
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(await mine(who)).toEqual([])
    expect(await notices()).toEqual([])
    expectApiError(await revoke(who.id, 'first-measurement'), 404, 'This member has not earned this achievement')
  })

  it('answers 404 for an unknown member or achievement, 400 naming a malformed id', async () => {
    const who = await withFirstMeasurement()
    expectApiError(await revoke(who.id, 'no-such-achievement'), 404, 'This member has not earned this achievement')
    expectApiError(await revoke('nobody', 'first-measurement'), 404, 'This member has not earned this achievement')
    expectApiError(await revoke(who.id, 'First_Measurement'), 400, /achievementId is not an achievement id/)
    expectApiError(await revoke('a'.repeat(65), 'first-measurement'), 400, /userId is not a member id/)
  })

  it('is refused to a member, and the award stays', async () => {
    const who = await withFirstMeasurement()
    const res = await revoke(who.id, 'first-measurement', await member())
    expectApiError(res, 403, /Admin access required/)
    expect((await mine(who)).map((e) => e.achievement.id)).toEqual(['first-measurement'])
  })
})
