import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { likes, measurements, users } from '#server/db/schema.ts'
import { locationFor } from '#server/features/measurements/measurements.location.ts'
import { type Post, type PostPage, PostPageSchema, PostSchema } from '#shared/schemas/community.ts'
import type { LocationPrecision, Visibility } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createMeasurement,
  createUser,
  type SignedInUser,
  setAccessFlags,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { drainFeedDeliveries } from './feed-delivery.worker.ts'
import { fillAllInboxes } from './feed-inbox.service.ts'

// The feed (Everyone, Following), one post and a member's posts on their profile: who sees what
// (visibility × follow × block × hidden), at which location precision, and keyset pages without repeats or gaps.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } })
const put = (url: string, cookie: string) => t.app.inject({ method: 'PUT', url, headers: browserHeaders(cookie) })

async function follow(follower: SignedInUser, followee: SignedInUser) {
  const res = await put(`/api/follows/${followee.id}`, follower.cookie)
  expect(res.statusCode, res.body).toBe(200)
}

async function block(blocker: SignedInUser, blocked: SignedInUser) {
  const res = await put(`/api/blocks/${blocked.id}`, blocker.cookie)
  expect(res.statusCode, res.body).toBe(200)
}

async function hide(measurementId: string) {
  await t.db.update(measurements).set({ hiddenAt: new Date() }).where(eq(measurements.id, measurementId))
  await t.app.events.heard(t.db)
}

/** Every post of the feed tab, page after page (the schema checked on each), once the posts are delivered. */
async function wholeFeed(cookie: string, tab: 'everyone' | 'following', limit = 50): Promise<Post[]> {
  await drainFeedDeliveries(t.db)
  await t.app.events.heard(t.db) // what the deliveries wrote, as every process learns of it
  const posts: Post[] = []
  let cursor: string | null = null
  do {
    const query: string = `tab=${tab}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`
    const res = await get(`/api/feed?${query}`, cookie)
    expect(res.statusCode, res.body).toBe(200)
    const page: PostPage = PostPageSchema.parse(res.json())
    posts.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return posts
}

const ids = (posts: Post[]) => posts.map((p) => p.measurement.id)

/** One post per visibility, plus a hidden public one. */
async function postsOf(owner: SignedInUser) {
  const made = {} as Record<Visibility | 'hidden', string>
  for (const visibility of ['private', 'followers', 'public'] as const) {
    made[visibility] = (await createMeasurement(t, owner.cookie, { visibility, caption: visibility })).id
  }
  made.hidden = (await createMeasurement(t, owner.cookie, { visibility: 'public', caption: 'hidden' })).id
  await hide(made.hidden)
  return made
}

describe('who sees which post', () => {
  let owner: SignedInUser
  let follower: SignedInUser
  let stranger: SignedInUser
  let blocker: SignedInUser
  let blockedOne: SignedInUser
  let admin: SignedInUser
  let made: Record<Visibility | 'hidden', string>

  beforeAll(async () => {
    ;[owner, follower, stranger, blocker, blockedOne, admin] = await Promise.all([
      createUser(t, { verify: 'mark', firstName: 'Olive' }),
      createUser(t, { verify: 'mark' }),
      createUser(t, { verify: 'mark' }),
      createUser(t, { verify: 'mark' }),
      createUser(t, { verify: 'mark' }),
      createUser(t, { verify: 'mark', state: 'admin' }),
    ])
    // Both follow the owner first; then the blocks end those follows.
    for (const viewer of [follower, blocker, blockedOne]) await follow(viewer, owner)
    await block(blocker, owner)
    await block(owner, blockedOne)
    made = await postsOf(owner)
  })

  type Viewer = 'owner' | 'follower' | 'stranger' | 'blocker' | 'blockedOne' | 'admin'
  const cookie = (viewer: Viewer) => ({ owner, follower, stranger, blocker, blockedOne, admin })[viewer].cookie
  type Kind = Visibility | 'hidden'

  // [viewer, everyone tab, following tab, post route, profile's posts]
  const MATRIX: [Viewer, Kind[], Kind[], Kind[], Kind[]][] = [
    ['owner', [], [], ['private', 'followers', 'public', 'hidden'], ['private', 'followers', 'public', 'hidden']],
    ['follower', ['followers', 'public'], ['followers', 'public'], ['followers', 'public'], ['followers', 'public']],
    ['stranger', ['public'], [], ['public'], ['public']],
    ['blocker', [], [], [], []],
    ['blockedOne', [], [], [], []],
    ['admin', ['public'], [], ['public', 'hidden'], ['public', 'hidden']],
  ]

  it.each(MATRIX)(
    '%s: everyone %j, following %j, post %j, profile %j',
    async (viewer, everyone, following, post, profile) => {
      const mine = (posts: Post[]) => posts.filter((p) => p.measurement.owner.id === owner.id)
      const expectKinds = (posts: Post[], kinds: Kind[]) => {
        const byId = Object.fromEntries(Object.entries(made).map(([kind, id]) => [id, kind]))
        expect(posts.map((p) => byId[p.measurement.id]).sort()).toEqual([...kinds].sort())
      }
      expectKinds(mine(await wholeFeed(cookie(viewer), 'everyone')), everyone)
      expectKinds(mine(await wholeFeed(cookie(viewer), 'following')), following)

      for (const kind of Object.keys(made) as Kind[]) {
        const res = await get(`/api/measurements/${made[kind]}/post`, cookie(viewer))
        if (!post.includes(kind)) {
          expectApiError(res, 404, 'Measurement not found')
          continue
        }
        expect(res.statusCode, res.body).toBe(200)
        const seen = PostSchema.parse(res.json())
        expect(seen.hidden).toBe(kind === 'hidden')
        expect(seen.measurement.isOwner).toBe(viewer === 'owner')
        expect(seen.measurement.result).not.toBeNull()
      }

      const res = await get(`/api/profiles/${owner.id}/measurements?limit=50`, cookie(viewer))
      if (viewer === 'blockedOne') {
        expectApiError(res, 404, 'Member not found')
        return
      }
      expect(res.statusCode, res.body).toBe(200)
      const page = PostPageSchema.parse(res.json())
      expectKinds(page.items, profile)
      for (const item of page.items) expect(item.hidden).toBe(item.measurement.id === made.hidden)
    },
  )

  it('the feed never shows the viewer’s own posts, nor hidden or private ones of anybody', async () => {
    const posts = [
      ...(await wholeFeed(follower.cookie, 'everyone')),
      ...(await wholeFeed(follower.cookie, 'following')),
    ]
    expect(posts.length).toBeGreaterThan(0)
    for (const post of posts) {
      expect(post.measurement.owner.id).not.toBe(follower.id)
      expect(post.measurement.visibility).not.toBe('private')
      expect(post.hidden).toBe(false)
      expect(post.measurement.result).toBeNull()
    }
  })
})

describe('posts as the feed shows them', () => {
  it('carry the counts, the viewer’s like and the check state from the measurement', async () => {
    const [owner, viewer] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
    await follow(viewer, owner)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await t.db
      .update(measurements)
      .set({ likeCount: 3, commentCount: 2, confirmedCount: 2, plausibleCount: 1, checkState: 'verified' })
      .where(eq(measurements.id, id))
    const before = (await wholeFeed(viewer.cookie, 'following')).find((p) => p.measurement.id === id)
    expect(before).toMatchObject({
      likeCount: 3,
      commentCount: 2,
      likedByMe: false,
      checkState: 'verified',
      checkCounts: { confirmed: 2, plausible: 1, disputed: 0 },
      hidden: false,
    })
    // Written directly, as a script would: the database's event drops the viewer's kept likes (viewer-likes.cache.ts) in
    // every process, a moment after the commit on PostgreSQL.
    await t.db.insert(likes).values({ measurementId: id, userId: viewer.id })
    const likedInFeed = async () =>
      (await wholeFeed(viewer.cookie, 'following')).find((p) => p.measurement.id === id)?.likedByMe
    await expect.poll(likedInFeed, { timeout: 3000 }).toBe(true)
    const single = PostSchema.parse((await get(`/api/measurements/${id}/post`, viewer.cookie)).json())
    expect(single).toMatchObject({ likedByMe: true, likeCount: 3 })
    await t.db.delete(likes).where(eq(likes.userId, viewer.id))
    await expect.poll(likedInFeed, { timeout: 3000 }).toBe(false)
  })

  it('show the viewer’s like and its taking back on the next page at once, in the feed and on the profile', async () => {
    const [owner, viewer] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
    await follow(viewer, owner)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const shown = async () => {
      const inFeed = (await wholeFeed(viewer.cookie, 'everyone')).find((p) => p.measurement.id === id)
      const profile = PostPageSchema.parse((await get(`/api/profiles/${owner.id}/measurements`, viewer.cookie)).json())
      const onProfile = profile.items.find((p) => p.measurement.id === id)
      return [inFeed?.likedByMe, inFeed?.likeCount, onProfile?.likedByMe, onProfile?.likeCount]
    }
    // The viewer's likes are now kept by this process.
    expect(await shown()).toEqual([false, 0, false, 0])
    expect((await put(`/api/measurements/${id}/like`, viewer.cookie)).statusCode).toBe(200)
    expect(await shown()).toEqual([true, 1, true, 1])
    const unlike = await t.app.inject({
      method: 'DELETE',
      url: `/api/measurements/${id}/like`,
      headers: browserHeaders(viewer.cookie),
    })
    expect(unlike.statusCode).toBe(200)
    expect(await shown()).toEqual([false, 0, false, 0])
  })

  it.each<LocationPrecision>(['exact', 'km', 'region', 'hidden'])(
    'show a %s location as a member may see it, the owner everything',
    async (precision) => {
      const [owner, viewer] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
      await follow(viewer, owner)
      const stored = { region: 'Sheridan County, Montana', lat: 44.823456, lon: -106.951234, precision }
      const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public', location: stored })
      const inFeed = (await wholeFeed(viewer.cookie, 'following')).find((p) => p.measurement.id === id)
      expect(inFeed?.measurement.location).toEqual(locationFor(stored, 'member'))
      const post = PostSchema.parse((await get(`/api/measurements/${id}/post`, viewer.cookie)).json())
      expect(post.measurement.location).toEqual(locationFor(stored, 'member'))
      const own = PostPageSchema.parse((await get(`/api/profiles/${owner.id}/measurements`, owner.cookie)).json())
      expect(own.items[0]?.measurement.location).toEqual(stored)
      if (precision !== 'exact') expect(JSON.stringify(inFeed)).not.toContain('44.823456')
    },
  )

  it('show the owner’s new name at once (bodies are cached per version)', async () => {
    const [owner, viewer] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
    await follow(viewer, owner)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const first = (await wholeFeed(viewer.cookie, 'following')).find((p) => p.measurement.id === id)
    expect(first?.measurement.owner.firstName).toBe(owner.firstName)
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: browserHeaders(owner.cookie),
      payload: { firstName: 'Renamed' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const second = (await wholeFeed(viewer.cookie, 'following')).find((p) => p.measurement.id === id)
    expect(second?.measurement.owner.firstName).toBe('Renamed')
  })

  it('show a name changed outside the app’s routes too (the database tells every process: migration 0012)', async () => {
    const [owner, viewer] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const shown = async () => {
      const post = PostSchema.parse((await get(`/api/measurements/${id}/post`, viewer.cookie)).json())
      return `${post.measurement.owner.firstName} ${post.measurement.owner.lastName}`
    }
    expect(await shown()).toBe(`${owner.firstName} ${owner.lastName}`)
    // As an identity provider's sign-in or an administrator's SQL would: no route drops the cached card.
    await t.db.update(users).set({ firstName: 'Direct', lastName: 'Write' }).where(eq(users.id, owner.id))
    await expect.poll(shown, { timeout: 3000 }).toBe('Direct Write')
  })
})

describe('pages', () => {
  /** 25 public posts in five instants of five, so the keyset must break ties by id. */
  async function twentyFive(owner: SignedInUser): Promise<string[]> {
    const base = Date.now() - 60_000
    const rows = Array.from({ length: 25 }, (_, i) => ({
      id: randomUUID(),
      userId: owner.id,
      speciesId: 'whitetail-deer',
      method: 'tape' as const,
      takenAt: new Date(base),
      visibility: 'public' as const,
      createdAt: new Date(base + Math.floor(i / 5) * 1000),
    }))
    await t.db.insert(measurements).values(rows)
    await fillAllInboxes(t.db) // inserted around the service that delivers posts
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1)).map((r) => r.id)
  }

  it('page 25 posts by 10 without repeats or gaps, on both tabs and on the profile', async () => {
    const [owner, viewer] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
    await follow(viewer, owner)
    const expected = await twentyFive(owner)

    const following = await wholeFeed(viewer.cookie, 'following', 10)
    expect(ids(following)).toEqual(expected)

    const everyone = ids(await wholeFeed(viewer.cookie, 'everyone', 10))
    expect(new Set(everyone).size).toBe(everyone.length)
    expect(everyone.filter((id) => expected.includes(id))).toEqual(expected)

    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const url: string = `/api/profiles/${owner.id}/measurements?limit=10${cursor ? `&cursor=${cursor}` : ''}`
      const page: PostPage = PostPageSchema.parse((await get(url, viewer.cookie)).json())
      seen.push(...ids(page.items))
      cursor = page.nextCursor
      pages += 1
    } while (cursor)
    expect(seen).toEqual(expected)
    expect(pages).toBe(3)
  })

  it('keeps the newest first across members on the everyone tab', async () => {
    const viewer = await createUser(t, { verify: 'mark' })
    const posts = await wholeFeed(viewer.cookie, 'everyone', 7)
    const keys = posts.map((p) => `${p.measurement.createdAt}|${p.measurement.id}`)
    expect(keys).toEqual([...keys].sort().reverse())
  })

  it.each([
    [
      'a cursor that is not one',
      '/api/feed?cursor=nonsense',
      'cursor: Invalid cursor; load the list again from the start',
    ],
    ['an unknown tab', '/api/feed?tab=mine', /tab must be one of following, everyone/],
    ['a limit above 50', '/api/feed?limit=51', /limit must be at most 50/],
    ['a measurement id that is not a UUID', '/api/measurements/nope/post', /id must be a UUID/],
  ])('refuse %s with 400', async (_name, url, message) => {
    const viewer = await createUser(t, { verify: 'mark' })
    expectApiError(await get(url, viewer.cookie), 400, message)
  })

  it('answers 404 for a post that does not exist', async () => {
    const viewer = await createUser(t, { verify: 'mark' })
    expectApiError(await get(`/api/measurements/${randomUUID()}/post`, viewer.cookie), 404, 'Measurement not found')
  })
})

describe('blocks and the feed', () => {
  it('a block hides each member’s posts from the other, both ways, and unblocking shows public ones again', async () => {
    const [a, b] = await Promise.all([createUser(t, { verify: 'mark' }), createUser(t, { verify: 'mark' })])
    const [ofA, ofB] = await Promise.all([
      createMeasurement(t, a.cookie, { visibility: 'public' }),
      createMeasurement(t, b.cookie, { visibility: 'public' }),
    ])
    expect(ids(await wholeFeed(a.cookie, 'everyone'))).toContain(ofB.id)
    await block(a, b)
    expect(ids(await wholeFeed(a.cookie, 'everyone'))).not.toContain(ofB.id)
    expect(ids(await wholeFeed(b.cookie, 'everyone'))).not.toContain(ofA.id)
    expectApiError(await get(`/api/measurements/${ofA.id}/post`, b.cookie), 404, 'Measurement not found')
    const res = await t.app.inject({ method: 'DELETE', url: `/api/blocks/${b.id}`, headers: browserHeaders(a.cookie) })
    expect(res.json()).toEqual({ blocked: false })
    expect(ids(await wholeFeed(b.cookie, 'everyone'))).toContain(ofA.id)
  })

  it('an admin sees a hidden post flagged, members do not; the feed shows it to nobody', async () => {
    const [owner, admin] = await Promise.all([
      createUser(t, { verify: 'mark' }),
      createUser(t, { verify: 'mark', state: 'admin' }),
    ])
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await hide(id)
    await setAccessFlags(t, admin.id, { isAdmin: true })
    expect(PostSchema.parse((await get(`/api/measurements/${id}/post`, admin.cookie)).json()).hidden).toBe(true)
    expect(ids(await wholeFeed(admin.cookie, 'everyone'))).not.toContain(id)
  })
})
