import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, feedInbox, follows, likes, measurements } from '#server/db/schema.ts'
import { PostPageSchema } from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { anAuthUser } from '#tests/support/auth-users.ts'
import { countDatabaseCalls } from '#tests/support/database-calls.ts'
import {
  aMeasurement,
  browserHeaders,
  createMeasurement,
  createUser,
  postComment,
  postReport,
  type SignedInUser,
  sendLike,
} from '#tests/support/factories.ts'
import { createTestApp, openTestDatabase, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { feedPage, type Page } from './feed.service.ts'
import { drainFeedDeliveries } from './feed-delivery.worker.ts'
import { fillAllInboxes } from './feed-inbox.service.ts'
import { keptFollowingPage } from './following-feed.service.ts'
import { PostBodies } from './post-bodies.cache.ts'
import { PublicFeed } from './public-feed.cache.ts'
import { type KeptParts, keptEveryonePage, warmKept } from './public-feed.service.ts'

// The Everyone tab from what the process keeps (public-feed.cache.ts, ADR 119, ADR 120): its pages are the database's
// pages (fast-check, the statement path as the model), a change made through the routes shows on the next page of the
// process that made it, and one made around them once the database's event has arrived.

let t: TestApp
let members: SignedInUser[]
let viewer: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  members = await Promise.all(Array.from({ length: 6 }, () => createUser(t, { verify: 'mark' })))
  viewer = members[0] as SignedInUser
})
afterAll(() => t?.close())

const asViewer = (member: SignedInUser) => anAuthUser(member.id, { email: member.email })

/** The app's kept posts, cards and likes, with bodies of the test's own (the route's are its own). */
const keptParts = (bodies = new PostBodies(t.app.memberCards)): KeptParts => ({
  feed: t.app.publicFeed,
  cards: t.app.memberCards,
  bodies,
  likes: t.app.viewerLikes,
})

/** The process's timelines and blocks, read and up to date with every event committed so far. */
async function timelineReady() {
  await t.app.events.heard(t.db)
  for (let i = 0; i < 200; i++) {
    const lists = await t.app.publicFeed.current(t.db)
    if (lists) return lists
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('the timelines were not read')
}

const feedUrl = '/api/feed?tab=everyone'
async function feedOf(member: SignedInUser, url = feedUrl) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return PostPageSchema.parse(res.json())
}

/** PATCH /api/measurements/:id with a whole body (as the form sends it) and these changes. */
const edit = (owner: SignedInUser, id: string, changes: object) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/measurements/${id}`,
    headers: browserHeaders(owner.cookie, t.config.baseUrl),
    payload: { ...aMeasurement(), id: undefined, photoIds: [], ...changes },
  })

type Seed = { owner: number; visibility: Visibility; hidden: boolean; second: number; likedByViewer: boolean }

const seedArb = fc.record({
  owner: fc.integer({ min: 0, max: 5 }),
  visibility: fc.constantFrom<Visibility>('public', 'public', 'followers', 'private'),
  hidden: fc.oneof({ weight: 4, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  second: fc.integer({ min: 0, max: 6 }),
  likedByViewer: fc.boolean(),
})

async function replacePosts(seeds: Seed[]): Promise<void> {
  await t.db.delete(measurements).where(
    inArray(
      measurements.userId,
      members.map((m) => m.id),
    ),
  )
  const base = Date.UTC(2026, 0, 1)
  const rows = seeds.map((s) => {
    const createdAt = new Date(base + s.second * 1000)
    return {
      id: randomUUID(),
      userId: (members[s.owner] as SignedInUser).id,
      speciesId: 'whitetail-deer',
      method: 'tape' as const,
      takenAt: createdAt,
      visibility: s.visibility,
      hiddenAt: s.hidden ? createdAt : null,
      createdAt,
      likeCount: s.second,
    }
  })
  if (rows.length === 0) return
  await t.db.insert(measurements).values(rows)
  const liked = rows.filter((_, i) => seeds[i]?.likedByViewer)
  if (liked.length > 0) await t.db.insert(likes).values(liked.map((r) => ({ measurementId: r.id, userId: viewer.id })))
  await fillAllInboxes(t.db)
}

/** Every page of the tab as `read` gives them, following nextCursor. */
async function allPages(limit: number, read: (cursor: string | undefined) => Promise<Page | undefined>) {
  const pages: Page[] = []
  let cursor: string | undefined
  for (let n = 0; n < 60; n++) {
    const page = await read(cursor)
    if (!page) throw new Error('the page was not answered from memory')
    expect(page.posts.length).toBeLessThanOrEqual(limit)
    pages.push(page)
    if (!page.nextCursor) return pages
    cursor = page.nextCursor
  }
  throw new Error('the feed did not end')
}

/** A page as a member sees it: ids, figures, like and author; the body is PostBodies' (left out or not). */
const shown = (pages: Page[]) =>
  pages.map((page) => ({
    next: page.nextCursor,
    posts: page.posts.map(({ body: _body, card, ...post }) => ({ ...post, card: JSON.parse(card) as unknown })),
  }))

describe('the Everyone tab from memory', () => {
  it('gives the pages the database gives, on both tabs, for any posts, follows, blocks, likes and page size', async () => {
    // member 1 and 2 followed, member 3 blocked by the viewer, member 4 blocks the viewer, member 5 a stranger
    await t.db.insert(follows).values([
      { followerId: viewer.id, followeeId: (members[1] as SignedInUser).id },
      { followerId: viewer.id, followeeId: (members[2] as SignedInUser).id },
    ])
    await t.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: (members[3] as SignedInUser).id },
      { blockerId: (members[4] as SignedInUser).id, blockedId: viewer.id },
    ])
    const bodies = new PostBodies(t.app.memberCards)
    const kept = keptParts(bodies)
    const me = asViewer(viewer)
    await fc.assert(
      // Pages of up to 5 (6 walked), so none needs more posts read by id than a later page may (MAX_NEEDED).
      fc.asyncProperty(fc.array(seedArb, { maxLength: 24 }), fc.integer({ min: 1, max: 5 }), async (seeds, limit) => {
        await replacePosts(seeds)
        await timelineReady()
        // Each page's bodies kept as the route keeps them, so the second reading is from memory alone.
        const fromMemory = await allPages(limit, async (cursor) => {
          const page = await keptEveryonePage(t.db, me, { cursor, limit }, kept, '')
          if (page) await bodies.pageJson(t.db, me, page, `${cursor}`)
          return page
        })
        const fromDatabase = await allPages(limit, (cursor) =>
          feedPage(t.db, me, { cursor, limit, tab: 'everyone' }, t.app.viewerLikes, ''),
        )
        expect(shown(fromMemory)).toEqual(shown(fromDatabase))
        // Read again, now from the figures, cards and bodies kept by the first reading.
        const again = await allPages(limit, (cursor) => keptEveryonePage(t.db, me, { cursor, limit }, kept, ''))
        expect(shown(again)).toEqual(shown(fromDatabase))
        // The Following tab: its inbox rows from the database, what they show from memory (or, where memory leaves
        // out too many rows, the range statement).
        const following = async (cursor: string | undefined) => {
          const page =
            (await keptFollowingPage(t.db, me, { cursor, limit }, kept, '')) ??
            (await feedPage(t.db, me, { cursor, limit, tab: 'following' }, t.app.viewerLikes, ''))
          await bodies.pageJson(t.db, me, page, `following ${cursor}`)
          return page
        }
        const followingFromDatabase = await allPages(limit, (cursor) =>
          feedPage(t.db, me, { cursor, limit, tab: 'following' }, t.app.viewerLikes, ''),
        )
        expect(shown(await allPages(limit, following))).toEqual(shown(followingFromDatabase))
        expect(shown(await allPages(limit, following))).toEqual(shown(followingFromDatabase))
      }),
      { numRuns: 20 },
    )
    await t.db.delete(follows).where(eq(follows.followerId, viewer.id))
    await t.db.delete(blocks)
    await t.db.delete(measurements).where(
      inArray(
        measurements.userId,
        members.map((m) => m.id),
      ),
    )
  })

  it("shows the next page a change made through this process's routes at once: a post, a like, a hide, a deletion", async () => {
    const author = members[5] as SignedInUser
    const admin = await createUser(t, { verify: 'mark', state: 'admin' })
    await timelineReady()
    const post = await createMeasurement(t, author.cookie, { visibility: 'public' })
    let page = await feedOf(viewer)
    expect(page.items[0]?.measurement.id).toBe(post.id)
    expect(page.items[0]?.likeCount).toBe(0)

    const liked = await sendLike(t, viewer.cookie, post.id)
    expect(liked.statusCode, liked.body).toBe(200)
    page = await feedOf(members[1] as SignedInUser)
    expect(page.items[0]).toMatchObject({ likeCount: 1, likedByMe: false })
    expect((await feedOf(viewer)).items[0]).toMatchObject({ likeCount: 1, likedByMe: true })
    const commented = await postComment(t, viewer.cookie, post.id, 'Nice buck')
    expect(commented.statusCode, commented.body).toBe(201)
    expect((await feedOf(members[1] as SignedInUser)).items[0]).toMatchObject({ commentCount: 1 })

    expect((await edit(author, post.id, { visibility: 'private' })).statusCode).toBe(200)
    expect((await feedOf(viewer)).items.map((p) => p.measurement.id)).not.toContain(post.id)
    expect((await edit(author, post.id, { visibility: 'public', caption: 'Opening morning' })).statusCode).toBe(200)
    page = await feedOf(viewer)
    expect(page.items[0]?.measurement).toMatchObject({ id: post.id, caption: 'Opening morning' })

    const report = await postReport(t, viewer.cookie, {
      targetType: 'measurement',
      targetId: post.id,
      reason: 'spam',
      details: '',
    })
    expect(report.statusCode, report.body).toBe(201)
    const resolve = (action: 'hide' | 'restore') =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${report.json().id}/resolve`,
        headers: browserHeaders(admin.cookie, t.config.baseUrl),
        payload: { action },
      })
    expect((await resolve('hide')).statusCode).toBe(200)
    expect((await feedOf(viewer)).items.map((p) => p.measurement.id)).not.toContain(post.id)
    expect((await resolve('restore')).statusCode).toBe(200)
    expect((await feedOf(viewer)).items[0]?.measurement.id).toBe(post.id)

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/measurements/${post.id}`,
      headers: browserHeaders(author.cookie, t.config.baseUrl),
    })
    expect(deleted.statusCode, deleted.body).toBe(204)
    expect((await feedOf(viewer)).items.map((p) => p.measurement.id)).not.toContain(post.id)
  })

  it('learns of changes made around the routes from the database: one post, and more than an event can name', async () => {
    const author = members[5] as SignedInUser
    const post = await createMeasurement(t, author.cookie, { visibility: 'public' })
    await timelineReady()
    expect(t.app.publicFeed.timeline.size).toBeGreaterThan(0)
    await t.db.update(measurements).set({ likeCount: 41 }).where(eq(measurements.id, post.id))
    await t.app.events.heard(t.db)
    expect((await feedOf(viewer)).items[0]).toMatchObject({ likeCount: 41 })

    // 51 posts in one statement: the event names none, so the process reads the whole timeline again.
    const at = Date.now() + 60_000
    const many = Array.from({ length: 51 }, (_, i) => ({
      id: randomUUID(),
      userId: author.id,
      speciesId: 'whitetail-deer',
      method: 'tape' as const,
      takenAt: new Date(at),
      visibility: 'public' as const,
      createdAt: new Date(at + i),
    }))
    await t.db.insert(measurements).values(many)
    const { timeline } = await timelineReady()
    expect(timeline.head).toBe(new Date(at + 50).toISOString().replace('Z', '000Z'))
    const page = await feedOf(viewer, `${feedUrl}&limit=3`)
    expect(page.items.map((p) => p.measurement.id)).toEqual([many[50]?.id, many[49]?.id, many[48]?.id])
    // A later page none of whose posts is kept is read as a range by the database's statement, and then kept.
    const kept = keptParts()
    const later = { cursor: page.nextCursor as string, limit: 20 }
    const laterIds = many
      .slice(28, 48)
      .map((m) => m.id)
      .reverse()
    // (the first page walked one post past its end to know there is a next: that one is kept already)
    expect(laterIds.slice(1).some((id) => t.app.publicFeed.figures.get(id))).toBe(false)
    const read = await keptEveryonePage(t.db, asViewer(viewer), later, kept, '')
    expect(read?.posts.map((p) => p.id)).toEqual(laterIds)
    expect(laterIds.every((id) => t.app.publicFeed.figures.get(id))).toBe(true)
    const next = await feedOf(viewer, `${feedUrl}&limit=20&cursor=${later.cursor}`)
    expect(next.items.map((p) => p.measurement.id)).toEqual(laterIds)
    await t.db.delete(measurements).where(eq(measurements.userId, author.id))
  })

  it('leaves out a member blocked through the routes at once, and around them once the event is heard', async () => {
    const author = members[5] as SignedInUser
    const post = await createMeasurement(t, author.cookie, { visibility: 'public' })
    await timelineReady()
    expect((await feedOf(viewer)).items[0]?.measurement.id).toBe(post.id)
    const block = (method: 'PUT' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/api/blocks/${author.id}`,
        headers: browserHeaders(viewer.cookie, t.config.baseUrl),
      })
    expect((await block('PUT')).statusCode).toBe(200)
    expect((await feedOf(viewer)).items.map((p) => p.measurement.id)).not.toContain(post.id)
    expect((await block('DELETE')).statusCode).toBe(200)
    expect((await feedOf(viewer)).items[0]?.measurement.id).toBe(post.id)

    await t.db.insert(blocks).values({ blockerId: author.id, blockedId: viewer.id })
    await t.app.events.heard(t.db)
    expect((await feedOf(viewer)).items.map((p) => p.measurement.id)).not.toContain(post.id)
    await t.db.delete(blocks)
    await t.app.events.heard(t.db)
    expect((await feedOf(viewer)).items[0]?.measurement.id).toBe(post.id)
    await t.db.delete(measurements).where(eq(measurements.userId, author.id))
  })

  it("shows a followers-only post to those whose inbox holds it: a follow or an unfollow at once, a delivery's rows once heard", async () => {
    const author = members[5] as SignedInUser
    const stranger = members[4] as SignedInUser
    const post = await createMeasurement(t, author.cookie, { visibility: 'followers' })
    await drainFeedDeliveries(t.db) // its delivery (to no one yet) is not left to land between the steps below
    await timelineReady()
    const follow = (method: 'PUT' | 'DELETE') =>
      t.app.inject({
        method,
        url: `/api/follows/${author.id}`,
        headers: browserHeaders(viewer.cookie, t.config.baseUrl),
      })
    const ids = async (member: SignedInUser) => (await feedOf(member)).items.map((p) => p.measurement.id)
    expect(await ids(viewer)).not.toContain(post.id)
    expect((await follow('PUT')).statusCode).toBe(200)
    expect((await ids(viewer))[0]).toBe(post.id)
    expect(await ids(stranger)).not.toContain(post.id)

    // The inbox row taken away around the routes (as a delivery withdrawing it would): gone once the event is heard.
    await t.db.delete(feedInbox).where(eq(feedInbox.measurementId, post.id))
    await t.app.events.heard(t.db)
    expect(await ids(viewer)).not.toContain(post.id)
    await fillAllInboxes(t.db)
    await t.app.events.heard(t.db)
    expect((await ids(viewer))[0]).toBe(post.id)

    expect((await follow('DELETE')).statusCode).toBe(200)
    expect(await ids(viewer)).not.toContain(post.id)
    await t.db.delete(measurements).where(eq(measurements.userId, author.id))
  })

  it("learns of likes taken away around the routes (a liker's account deleted) from the database", async () => {
    const author = members[5] as SignedInUser
    const post = await createMeasurement(t, author.cookie, { visibility: 'public' })
    expect((await sendLike(t, viewer.cookie, post.id)).statusCode).toBe(200)
    await timelineReady()
    expect((await feedOf(viewer)).items[0]).toMatchObject({ likedByMe: true })
    await t.db.delete(likes).where(eq(likes.measurementId, post.id))
    await t.app.events.heard(t.db)
    t.app.viewerLikes.clear() // the member's kept likes go by their own event (ADR 053); these are the post's
    expect((await feedOf(viewer)).items[0]).toMatchObject({ likedByMe: false })
    await t.db.delete(measurements).where(eq(measurements.userId, author.id))
  })

  it("answers a member's first page without a statement once another member's reading has kept its posts", async () => {
    const author = members[5] as SignedInUser
    for (const visibility of ['public', 'followers', 'public'] as const) {
      await createMeasurement(t, author.cookie, { visibility })
    }
    await drainFeedDeliveries(t.db)
    await timelineReady()
    const kept = keptParts()
    const reader = asViewer(members[1] as SignedInUser)
    const first = await keptEveryonePage(t.db, reader, { limit: 20 }, kept, '')
    expect(first?.posts.length).toBeGreaterThan(0)
    await kept.bodies.pageJson(t.db, reader, first as Page, 'the first page') // as the route keeps the bodies
    const newcomer = asViewer(members[2] as SignedInUser)
    t.app.viewerLikes.drop(newcomer.id)
    const database = countDatabaseCalls(t.db)
    const page = await keptEveryonePage(t.db, newcomer, { limit: 20 }, kept, '')
    const calls = database.calls()
    database.stop()
    expect(calls).toBe(0)
    const expected = await feedPage(t.db, newcomer, { limit: 20, tab: 'everyone' }, t.app.viewerLikes, '')
    expect(shown([page as Page])).toEqual(shown([expected]))
    await t.db.delete(measurements).where(eq(measurements.userId, author.id))
  })

  it("answers a member's first Following page with one statement once the newest posts are warmed", async () => {
    const author = members[5] as SignedInUser
    const follower = members[3] as SignedInUser
    const followed = await t.app.inject({
      method: 'PUT',
      url: `/api/follows/${author.id}`,
      headers: browserHeaders(follower.cookie, t.config.baseUrl),
    })
    expect(followed.statusCode).toBe(200)
    for (const visibility of ['public', 'followers', 'private', 'public'] as const) {
      await createMeasurement(t, author.cookie, { visibility })
    }
    await drainFeedDeliveries(t.db)
    await timelineReady()
    const kept = keptParts()
    expect(await warmKept(t.db, kept, 100, () => false)).toBeGreaterThanOrEqual(3)
    const me = asViewer(follower)
    t.app.viewerLikes.drop(me.id)
    await keptFollowingPage(t.db, asViewer(viewer), { limit: 20 }, kept, '') // the inbox statement prepared
    const database = countDatabaseCalls(t.db)
    const page = await keptFollowingPage(t.db, me, { limit: 20 }, kept, '')
    const statements = database.statements()
    database.stop()
    expect(statements).toBe(1) // the inbox's ids
    const expected = await feedPage(t.db, me, { limit: 20, tab: 'following' }, t.app.viewerLikes, '')
    expect(expected.posts).toHaveLength(3)
    expect(shown([page as Page])).toEqual(shown([expected]))
    await t.db.delete(measurements).where(eq(measurements.userId, author.id))
    await t.db.delete(follows).where(eq(follows.followerId, follower.id))
  })

  it('is not kept by a process that hears no events: pages ask the database', async () => {
    const feed = new PublicFeed({ live: false, onError: () => {} })
    expect(await feed.current(t.db)).toBeUndefined()
    expect(feed.timeline.size).toBe(0)
  })
})

describe('warming at start', () => {
  it("reads the newest posts' figures and likers into memory once the app is ready", async () => {
    const database = await openTestDatabase()
    await database.handle.migrate()
    const first = await startTestApp(database.handle.db, { listen: database.handle.listen })
    const author = await createUser(first, { verify: 'mark' })
    const posts = []
    for (const visibility of ['public', 'followers', 'private'] as const) {
      posts.push(await createMeasurement(first, author.cookie, { visibility }))
    }
    await first.close()
    const warm = await startTestApp(database.handle.db, { listen: database.handle.listen, warmPosts: 100 })
    try {
      for (let i = 0; i < 200 && warm.app.publicFeed.figures.size < 2; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
      const [shownPublic, shownToFollowers, own] = posts.map((post) => warm.app.publicFeed.figures.get(post?.id ?? ''))
      expect(shownPublic?.likers).toEqual(new Set())
      expect(shownToFollowers?.likers).toEqual(new Set())
      expect(own).toBeUndefined() // private: on no feed
    } finally {
      await warm.close()
      await database.close()
    }
  })
})
