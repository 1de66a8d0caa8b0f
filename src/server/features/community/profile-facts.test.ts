import { randomUUID } from 'node:crypto'
import { eq, inArray, or } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, follows, measurements, userAchievements, users } from '#server/db/schema.ts'
import { ProfileSchema } from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { anAuthUser } from '#tests/support/auth-users.ts'
import { countDatabaseCalls } from '#tests/support/database-calls.ts'
import { browserHeaders, createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { getProfile } from './profiles.service.ts'

// What a profile shows other members is kept per profile (profile-facts.cache.ts, ADR 122). Whatever is written
// around the routes, once the database's event has arrived the route answers what the statement answers (fast-check,
// the statement without kept facts as the model); what is written through the routes shows at once.

let t: TestApp
let members: SignedInUser[]

beforeAll(async () => {
  t = await createTestApp()
  members = await Promise.all(Array.from({ length: 5 }, () => createUser(t, { verify: 'mark' })))
})
afterAll(() => t?.close())

const ids = () => members.map((m) => m.id)
const member = (i: number) => members[i] as SignedInUser
const asViewer = (m: SignedInUser) => anAuthUser(m.id, { email: m.email })

async function profileRoute(viewer: SignedInUser, userId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/profiles/${userId}`, headers: { cookie: viewer.cookie } })
  return { status: res.statusCode, body: res.statusCode === 200 ? ProfileSchema.parse(res.json()) : null }
}

/** The statement's answer, nothing kept. */
async function profileStatement(viewer: SignedInUser, userId: string) {
  try {
    return { status: 200, body: await getProfile(t.db, asViewer(viewer), userId) }
  } catch {
    return { status: 404, body: null }
  }
}

type TrophyClass = 'record' | 'trophy' | 'standard'
type Post = { owner: number; visibility: Visibility; hidden: boolean; trophyClass: TrophyClass; species: string }
type World = {
  posts: Post[]
  follows: [number, number][]
  blocks: [number, number][]
  awards: [number, string][]
  bios: (string | null)[]
}

const pair = fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })).filter(([a, b]) => a !== b)
const worldArb: fc.Arbitrary<World> = fc.record({
  posts: fc.array(
    fc.record({
      owner: fc.integer({ min: 0, max: 3 }),
      visibility: fc.constantFrom<Visibility>('public', 'followers', 'private'),
      hidden: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
      trophyClass: fc.constantFrom<TrophyClass>('record', 'trophy', 'standard'),
      species: fc.constantFrom('whitetail-deer', 'elk', 'not-in-the-catalogue'),
    }),
    { maxLength: 12 },
  ),
  follows: fc.uniqueArray(pair, { maxLength: 8, selector: ([a, b]) => `${a}>${b}` }),
  blocks: fc.uniqueArray(pair, { maxLength: 2, selector: ([a, b]) => `${a}>${b}` }),
  awards: fc.uniqueArray(
    fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom('first-measurement', 'ten-measurements')),
    { maxLength: 4, selector: ([i, a]) => `${i}:${a}` },
  ),
  bios: fc.array(fc.option(fc.string({ maxLength: 20 }), { nil: null }), { minLength: 4, maxLength: 4 }),
})

/** Writes the world straight to the tables, as another process (or a repair) would. */
async function replaceWorld(world: World): Promise<void> {
  const all = ids()
  await t.db.delete(measurements).where(inArray(measurements.userId, all))
  await t.db.delete(follows).where(or(inArray(follows.followerId, all), inArray(follows.followeeId, all)))
  await t.db.delete(blocks).where(or(inArray(blocks.blockerId, all), inArray(blocks.blockedId, all)))
  await t.db.delete(userAchievements).where(inArray(userAchievements.userId, all))
  const at = new Date(Date.UTC(2026, 0, 1))
  if (world.posts.length > 0) {
    await t.db.insert(measurements).values(
      world.posts.map((p) => ({
        id: randomUUID(),
        userId: member(p.owner).id,
        speciesId: p.species,
        method: 'tape' as const,
        takenAt: at,
        visibility: p.visibility,
        hiddenAt: p.hidden ? at : null,
        trophyClass: p.trophyClass,
      })),
    )
  }
  if (world.follows.length > 0) {
    await t.db
      .insert(follows)
      .values(world.follows.map(([a, b]) => ({ followerId: member(a).id, followeeId: member(b).id })))
  }
  if (world.blocks.length > 0) {
    await t.db
      .insert(blocks)
      .values(world.blocks.map(([a, b]) => ({ blockerId: member(a).id, blockedId: member(b).id })))
  }
  if (world.awards.length > 0) {
    await t.db
      .insert(userAchievements)
      .values(world.awards.map(([i, achievementId]) => ({ id: randomUUID(), userId: member(i).id, achievementId })))
  }
  for (const [i, bio] of world.bios.entries())
    await t.db
      .update(users)
      .set({ bio })
      .where(eq(users.id, member(i).id))
}

describe('GET /api/profiles/:userId from the facts each process keeps', () => {
  it('answers what the statement answers, for any posts, follows, blocks, awards and bios written around it', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        await replaceWorld(world)
        await t.app.events.heard(t.db)
        for (let v = 0; v < 5; v++) {
          for (let m = 0; m < 4; m++) {
            if (v === m) continue
            const expected = await profileStatement(member(v), member(m).id)
            // The first reading may keep the facts, the second reads them from memory.
            expect(await profileRoute(member(v), member(m).id)).toEqual(expected)
            expect(await profileRoute(member(v), member(m).id)).toEqual(expected)
          }
        }
      }),
      { numRuns: 15 },
    )
  })

  it('reads only how the viewer stands to a profile whose facts are kept', async () => {
    await replaceWorld({ posts: [], follows: [], blocks: [], awards: [], bios: [null, null, null, null] })
    await t.app.events.heard(t.db)
    await profileRoute(member(1), member(0).id)
    const database = countDatabaseCalls(t.db)
    const { status } = await profileRoute(member(2), member(0).id)
    const statements = database.statements()
    database.stop()
    expect(status).toBe(200)
    expect(statements).toBe(1) // follows and blocks both ways, four index probes
  })

  it('shows a change made through the routes on the next request', async () => {
    const [owner, fan, other] = [member(0), member(1), member(2)]
    await replaceWorld({ posts: [], follows: [], blocks: [], awards: [], bios: [null, null, null, null] })
    await t.app.events.heard(t.db)
    const seen = async () => (await profileRoute(other, owner.id)).body
    expect((await seen())?.counts).toMatchObject({ measurements: 0, followers: 0 })

    const send = (method: 'PUT' | 'PATCH' | 'DELETE', url: string, who: SignedInUser, payload?: object) =>
      t.app.inject({ method, url, headers: browserHeaders(who.cookie, t.config.baseUrl), ...(payload && { payload }) })
    const follow = await send('PUT', `/api/follows/${owner.id}`, fan)
    expect(follow.statusCode, follow.body).toBe(200)
    expect((await seen())?.counts.followers).toBe(1)

    const created = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    expect((await seen())?.counts.measurements).toBe(1)

    const bio = await send('PATCH', '/api/profile', owner, { bio: 'Out on the marsh most mornings' })
    expect(bio.statusCode, bio.body).toBe(200)
    expect((await seen())?.user.bio).toBe('Out on the marsh most mornings')

    const removed = await send('DELETE', `/api/measurements/${created.id}`, owner)
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await seen())?.counts.measurements).toBe(0)
  })
})
