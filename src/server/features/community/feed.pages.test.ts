import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { follows, measurements } from '#server/db/schema.ts'
import { type PostPage, PostPageSchema } from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { fillAllInboxes } from './feed-inbox.service.ts'

// The feed's pages against a model (fast-check): whatever the posts (visibility, hidden, equal instants), the page
// size and who follows or blocks whom, paging through a tab gives exactly the posts the rules allow, newest first,
// each once. The queries bound their work by a floor (feed.service.ts); small pages with many followees reach it.
// A database of its own, so the everyone tab holds only these posts.

let t: TestApp
let viewer: SignedInUser
let followees: SignedInUser[]
let strangers: SignedInUser[]
let blocked: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  const made = await Promise.all(Array.from({ length: 8 }, () => createUser(t, { verify: 'mark' })))
  ;[viewer, blocked] = made as [SignedInUser, SignedInUser]
  followees = made.slice(2, 6)
  strangers = made.slice(6)
  for (const member of [...followees, blocked]) {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/follows/${member.id}`,
      headers: browserHeaders(viewer.cookie),
    })
    expect(res.statusCode, res.body).toBe(200)
  }
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/blocks/${blocked.id}`,
    headers: browserHeaders(viewer.cookie),
  })
  expect(res.statusCode, res.body).toBe(200)
  // A follow left across the block (as a race could leave one): the block still decides.
  await t.db.insert(follows).values({ followerId: viewer.id, followeeId: blocked.id })
})
afterAll(() => t?.close())

type Seed = { owner: number; visibility: Visibility; hidden: boolean; second: number }
type Row = { id: string; userId: string; visibility: Visibility; hidden: boolean; createdAt: Date }

const seedArb = fc.record({
  // 0–3 followees, 4–5 strangers, 6 blocked, 7 the viewer
  owner: fc.integer({ min: 0, max: 7 }),
  visibility: fc.constantFrom<Visibility>('public', 'followers', 'private'),
  hidden: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  // few instants: many posts share one, so the id breaks the tie
  second: fc.integer({ min: 0, max: 8 }),
})

async function replacePosts(seeds: Seed[]): Promise<Row[]> {
  const owners = [...followees, ...strangers, blocked, viewer]
  await t.db.delete(measurements).where(
    inArray(
      measurements.userId,
      owners.map((o) => o.id),
    ),
  )
  const base = Date.UTC(2026, 0, 1)
  const rows = seeds.map((s) => ({
    id: randomUUID(),
    userId: (owners[s.owner] as SignedInUser).id,
    visibility: s.visibility,
    hidden: s.hidden,
    createdAt: new Date(base + s.second * 1000),
  }))
  if (rows.length > 0) {
    await t.db.insert(measurements).values(
      rows.map((r) => ({
        id: r.id,
        userId: r.userId,
        speciesId: 'whitetail-deer',
        method: 'tape' as const,
        takenAt: r.createdAt,
        visibility: r.visibility,
        hiddenAt: r.hidden ? r.createdAt : null,
        createdAt: r.createdAt,
      })),
    )
    await fillAllInboxes(t.db) // inserted around the service that delivers posts to the followers' inboxes
  }
  await t.app.events.heard(t.db) // written around the routes: this process has heard of it (ADR 120)
  return rows
}

async function pages(tab: 'everyone' | 'following', limit: number): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  for (let n = 0; n < 100; n += 1) {
    const url: string = `/api/feed?tab=${tab}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } })
    const page: PostPage = PostPageSchema.parse(res.json())
    expect(page.items.length).toBeLessThanOrEqual(limit)
    ids.push(...page.items.map((p) => p.measurement.id))
    cursor = page.nextCursor
    if (!cursor) return ids
  }
  throw new Error('the feed did not end')
}

const newestFirst = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)

describe('feed pages against the model', () => {
  it('give exactly the allowed posts, newest first, each once, for any page size', async () => {
    const followed = new Set(followees.map((f) => f.id))
    await fc.assert(
      fc.asyncProperty(fc.array(seedArb, { maxLength: 30 }), fc.integer({ min: 1, max: 5 }), async (seeds, limit) => {
        const rows = await replacePosts(seeds)
        const shown = rows.filter((r) => !r.hidden && r.userId !== viewer.id && r.userId !== blocked.id)
        const following = shown
          .filter((r) => followed.has(r.userId) && r.visibility !== 'private')
          .sort(newestFirst)
          .map((r) => r.id)
        const everyone = shown
          .filter((r) => r.visibility === 'public' || (r.visibility === 'followers' && followed.has(r.userId)))
          .sort(newestFirst)
          .map((r) => r.id)
        expect(await pages('following', limit)).toEqual(following)
        expect(await pages('everyone', limit)).toEqual(everyone)
      }),
      { numRuns: 25 },
    )
  })

  it("goes on past a followers-only post that is not in the viewer's inbox, one post a page", async () => {
    const followersOnly = (owner: number, second: number): Seed => ({
      owner,
      visibility: 'followers',
      hidden: false,
      second,
    })
    // A stranger's post between a followee's two: the page reads its holders, and must look further than it.
    const [newer, , older] = await replacePosts([followersOnly(0, 3), followersOnly(4, 1), followersOnly(0, 0)])
    for (let read = 0; read < 2; read++) {
      expect(await pages('everyone', 1)).toEqual([newer?.id, older?.id])
    }
  })
})
