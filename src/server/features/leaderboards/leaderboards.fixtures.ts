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

// Shared by the leaderboard API tests: reading the boards through the API (answers checked against the contract),
// recording measurements through the API, and the few direct writes a test about the board alone may use.

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

/**
 * A public fish weighed on a scale (no sheet, so no score): the species board ranks it by this weight, and its
 * trophy class comes from the species' trophy weight (largemouth bass 10 lb, muskellunge 30 lb, tarpon 80 lb).
 */
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

/**
 * For tests about the board alone: changes columns of a measurement that other features own (the evidence and check
 * state the size checks set, created_at), then rewrites its owner's boards in one transaction, as those features do.
 */
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

/**
 * For tests about the points board alone (awarding is the achievements feature's): an achievement of its own
 * (a target no member reaches, so nothing awards it) earned by the member at `earnedAt`, then their boards rewritten.
 */
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

/** Monday 00:00 UTC of the week of `at`. */
export function mondayOf(at: Date): Date {
  return new Date(`${periodBucket('this-week', at).slice(1)}T00:00:00.000Z`)
}

/** Whether a measurement taken at `takenAt` counts on the `period` board now. */
export function countsNow(period: LeaderboardPeriod, takenAt: Date, now = new Date()): boolean {
  return periodBucket(period, takenAt) === periodBucket(period, now)
}
