import { randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, measurements, sizeChecks, userAchievements, users } from '#server/db/schema.ts'
import { AchievementProgressSchema } from '#shared/schemas/achievements.ts'
import type { CheckState } from '#shared/schemas/community.ts'
import type { EvidenceLevel } from '#shared/schemas/measurements.ts'
import { countDatabaseCalls } from '#tests/support/database-calls.ts'
import { createMeasurement, createUser, putSizeCheck, type SignedInUser } from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { AchievementCatalogue } from './achievements.service.ts'

// Each process keeps every member's progress towards achievements, dropped by the database's 'profiles' and
// 'progress' events (migrations 0025 and 0026). Whatever is written around the routes, once the events have arrived
// the route answers what a catalogue that keeps nothing reads (fast-check); what is written through the routes
// shows at once.

let t: TestApp
let members: SignedInUser[]
/** Measurements the property rewrites in place, so that their updates (not only inserts) must tell the cache. */
let posts: { id: string; owner: number }[]

const MEMBERS = 4
const POSTS = 6

beforeAll(async () => {
  t = await createTestApp()
  members = await Promise.all(Array.from({ length: MEMBERS }, () => createUser(t, { verify: 'mark' })))
  posts = Array.from({ length: POSTS }, (_, i) => ({ id: randomUUID(), owner: i % 3 }))
  const at = new Date(Date.UTC(2026, 0, 1))
  await t.db.insert(measurements).values(
    posts.map((p) => ({
      id: p.id,
      userId: member(p.owner).id,
      speciesId: 'whitetail-deer',
      method: 'tape' as const,
      takenAt: at,
      createdAt: at,
    })),
  )
})
afterAll(() => t?.close())

const member = (i: number) => members[i] as SignedInUser

async function progressRoute(who: SignedInUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/user/achievement-progress',
    headers: { cookie: who.cookie },
  })
  expect(res.statusCode, res.body).toBe(200)
  return AchievementProgressSchema.array().parse(res.json())
}

/** What a catalogue that keeps nothing (it hears no events) reads. */
const progressStatement = async (who: SignedInUser) =>
  AchievementProgressSchema.array().parse(JSON.parse(await new AchievementCatalogue(t.db).progress(who.id)))

type PostState = {
  evidence: EvidenceLevel
  takenDay: number
  createdDay: number
  likeCount: number
  score: number | null
  species: string
  trophyClass: 'record' | 'trophy' | 'standard'
  checkState: CheckState
  hidden: boolean
}
type Verdict = 'confirmed' | 'plausible' | 'disputed'
/** One write around the routes; each touches one row, so a change a 'profiles' event leaves out happens alone. */
type Step =
  | { kind: 'post'; post: number; change: Partial<PostState> }
  | { kind: 'check'; checker: number; post: number; verdict: Verdict }
  | { kind: 'uncheck'; checker: number; post: number }
  | { kind: 'followers'; member: number; count: number }
  | { kind: 'award'; member: number; achievementId: string; earned: boolean }

const memberArb = fc.integer({ min: 0, max: MEMBERS - 1 })
const postIndexArb = fc.integer({ min: 0, max: POSTS - 1 })
const changeArb: fc.Arbitrary<Partial<PostState>> = fc.record(
  {
    evidence: fc.constantFrom<EvidenceLevel>('self-reported', 'photo-measured', 'community-verified', 'official'),
    takenDay: fc.integer({ min: 0, max: 30 }),
    createdDay: fc.integer({ min: 0, max: 5 }),
    likeCount: fc.integer({ min: 0, max: 3 }),
    score: fc.option(fc.integer({ min: 100, max: 200 }), { nil: null }),
    species: fc.constantFrom('whitetail-deer', 'elk', 'walleye'),
    trophyClass: fc.constantFrom<PostState['trophyClass']>('record', 'trophy', 'standard'),
    checkState: fc.constantFrom<CheckState>('unverified', 'verified', 'disputed'),
    hidden: fc.boolean(),
  },
  { requiredKeys: [] },
)
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('post' as const), post: postIndexArb, change: changeArb }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('check' as const),
      checker: memberArb,
      post: postIndexArb,
      verdict: fc.constantFrom<Verdict>('confirmed', 'plausible', 'disputed'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('uncheck' as const), checker: memberArb, post: postIndexArb }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('followers' as const),
      member: memberArb,
      count: fc.integer({ min: 0, max: 12 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('award' as const),
      member: memberArb,
      achievementId: fc.constantFrom('first-measurement', 'ten-measurements'),
      earned: fc.boolean(),
    }),
  },
)

const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n))
const postId = (i: number) => (posts[i] as { id: string }).id

/** One write straight to the tables, as another process (or a repair) would. */
async function write(step: Step): Promise<void> {
  switch (step.kind) {
    case 'post': {
      const c = step.change
      const set = {
        ...(c.evidence !== undefined && { evidence: c.evidence }),
        ...(c.takenDay !== undefined && { takenAt: day(c.takenDay) }),
        ...(c.createdDay !== undefined && { createdAt: day(c.createdDay) }),
        ...(c.likeCount !== undefined && { likeCount: c.likeCount }),
        ...(c.score !== undefined && { score: c.score }),
        ...(c.species !== undefined && { speciesId: c.species }),
        ...(c.trophyClass !== undefined && { trophyClass: c.trophyClass }),
        ...(c.checkState !== undefined && { checkState: c.checkState }),
        ...(c.hidden !== undefined && { hiddenAt: c.hidden ? day(0) : null }),
      }
      if (Object.keys(set).length > 0)
        await t.db
          .update(measurements)
          .set(set)
          .where(eq(measurements.id, postId(step.post)))
      return
    }
    case 'check':
      // An upsert: a verdict changed in place is an update of the row.
      await t.db
        .insert(sizeChecks)
        .values({
          id: randomUUID(),
          measurementId: postId(step.post),
          userId: member(step.checker).id,
          verdict: step.verdict,
          estimate: { field: 'score', label: 'Score', value: 150, unit: 'in', uncertainty: 1, source: 'photo-tool' },
        })
        .onConflictDoUpdate({ target: [sizeChecks.measurementId, sizeChecks.userId], set: { verdict: step.verdict } })
      return
    case 'uncheck':
      await t.db
        .delete(sizeChecks)
        .where(and(eq(sizeChecks.measurementId, postId(step.post)), eq(sizeChecks.userId, member(step.checker).id)))
      return
    case 'followers':
      await t.db
        .update(users)
        .set({ followersCount: step.count })
        .where(eq(users.id, member(step.member).id))
      return
    case 'award': {
      const userId = member(step.member).id
      if (step.earned) {
        await t.db
          .insert(userAchievements)
          .values({ id: randomUUID(), userId, achievementId: step.achievementId })
          .onConflictDoNothing()
      } else {
        await t.db
          .delete(userAchievements)
          .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, step.achievementId)))
      }
    }
  }
}

describe('GET /api/user/achievement-progress from what each process keeps', () => {
  it('answers what a catalogue keeping nothing reads, whatever is written around it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 6 }), async (steps) => {
        for (const step of steps) {
          await write(step)
          await t.app.events.heard(t.db)
          for (const who of members) {
            const expected = await progressStatement(who)
            // The first reading may keep the member's progress, the second reads it from memory.
            expect(await progressRoute(who)).toEqual(expected)
            expect(await progressRoute(who)).toEqual(expected)
          }
        }
      }),
      { numRuns: 15 },
    )
  })

  it('reads nothing from the database for a member whose progress is kept', async () => {
    // A member changed within the last second has every session checked in the database (ADR 019): wait it out.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await progressRoute(member(3))
    const database = countDatabaseCalls(t.db)
    await progressRoute(member(3))
    const statements = database.statements()
    database.stop()
    expect(statements).toBe(0)
  })

  it('shows a measurement and a size check made through the routes on the next request', async () => {
    const [owner, checker] = [member(0), member(3)]
    const metricOf = new Map(
      (
        await t.db
          .select({ id: achievements.id, metric: achievements.metric })
          .from(achievements)
          .where(isNull(achievements.metricArg))
      ).map((a) => [a.id, a.metric]),
    )
    // The value shown with the first unearned achievement of the metric.
    const shown = async (who: SignedInUser, metric: string) =>
      (await progressRoute(who)).find((p) => metricOf.get(p.achievement.id) === metric)?.currentValue
    const measurementsBefore = await shown(owner, 'measurements')
    const photo = await uploadPhoto(t, owner.cookie, await jpeg(64, 48))
    const created = await createMeasurement(t, owner.cookie, { visibility: 'public', photoIds: [photo.json().id] })
    expect(await shown(owner, 'measurements')).toBe((measurementsBefore ?? 0) + 1)

    const checksBefore = await shown(checker, 'checks-given')
    const checked = await putSizeCheck(t, checker.cookie, created.id)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(await shown(checker, 'checks-given')).toBe((checksBefore ?? 0) + 1)
  })
})
