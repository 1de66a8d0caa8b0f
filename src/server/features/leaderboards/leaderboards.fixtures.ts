import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { achievements, measurements, userAchievements } from '#server/db/schema.ts'
import {
  type LeaderboardPeriod,
  type LeaderboardRow,
  LeaderboardRowsSchema,
  type MyRank,
  MyRankSchema,
  periodBucket,
  type TopSpecies,
  TopSpeciesListSchema,
} from '#shared/schemas/achievements.ts'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import { createMeasurement } from '#tests/support/factories.ts'
import type { TestApp } from '#tests/support/test-app.ts'
import { refreshMemberBoards } from './leaderboards.service.ts'

// Leaderboard test helpers: API reads checked against the contract, and the few direct writes board-only tests use.

export async function board(t: TestApp, cookie: string, url: string): Promise<LeaderboardRow[]> {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return LeaderboardRowsSchema.parse(res.json())
}

export async function myRow(t: TestApp, cookie: string, query: string): Promise<MyRank['row']> {
  const res = await t.app.inject({ method: 'GET', url: `/api/leaderboards/me?${query}`, headers: { cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return MyRankSchema.parse(res.json()).row
}

export async function topSpecies(t: TestApp, cookie: string, query = ''): Promise<TopSpecies[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/leaderboards/top-species${query}`, headers: { cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return TopSpeciesListSchema.parse(res.json())
}

/** [member id, value] of each row, in rank order (ranks checked to run 1..n). */
export function standings(rows: readonly LeaderboardRow[]): [string, number][] {
  expect(rows.map((r) => r.rank)).toEqual(rows.map((_, i) => i + 1))
  return rows.map((r) => [r.user.id, r.value])
}

/** A public fish weighed on a scale (no score): ranked by weight, trophy class from the species' trophy weight. */
export function fish(
  t: TestApp,
  cookie: string,
  speciesId: string,
  weightLbs: number,
  overrides: Partial<CreateMeasurement> = {},
): Promise<Measurement> {
  return createMeasurement(t, cookie, {
    speciesId,
    sheet: undefined,
    quick: { weightLbs },
    method: 'scale',
    visibility: 'public',
    ...overrides,
  })
}

/** Sets columns other features own (evidence, check state, created_at), then rewrites the owner's boards as they do. */
export async function setMeasurementColumns(
  t: TestApp,
  id: string,
  set: Partial<typeof measurements.$inferInsert>,
): Promise<void> {
  await t.db.transaction(async (tx) => {
    const [row] = await tx.update(measurements).set(set).where(eq(measurements.id, id)).returning()
    if (!row) throw new Error(`no measurement ${id}`)
    await refreshMemberBoards(tx, row.userId)
  })
  t.app.boardTops.clear() // as the routes that write measurements do
}

/** Grants points directly: an unreachable achievement earned at `earnedAt`, then the member's boards rewritten. */
export async function grantPoints(
  t: TestApp,
  userId: string,
  points: number,
  earnedAt: Date,
  options: { active?: boolean } = {},
): Promise<void> {
  const id = `test-board-${randomUUID()}`
  await t.db.transaction(async (tx) => {
    await tx.insert(achievements).values({
      id,
      name: `Test ${points}`,
      description: 'Made by a leaderboard test',
      points,
      category: 'community',
      type: 'COUNT',
      targetValue: 1_000_000_000,
      metric: 'followers',
      isActive: options.active ?? true,
    })
    await tx.insert(userAchievements).values({ id: randomUUID(), userId, achievementId: id, earnedAt })
    await refreshMemberBoards(tx, userId)
  })
  t.app.boardTops.clear() // as the routes that award do
}

export function mondayOf(at: Date): Date {
  return new Date(`${periodBucket('this-week', at).slice(1)}T00:00:00.000Z`)
}

export function countsNow(period: LeaderboardPeriod, takenAt: Date, now = new Date()): boolean {
  return periodBucket(period, takenAt) === periodBucket(period, now)
}
