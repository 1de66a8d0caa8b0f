import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { likes, measurements, users } from '#server/db/schema.ts'
import { PostPageSchema } from '#shared/schemas/community.ts'
import { createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { MAX_KEPT_LIKES, ViewerLikes } from './viewer-likes.cache.ts'

// What each viewer liked, kept per viewer (viewer-likes.cache.ts): while the event hub tells the process of every change,
// never otherwise, never for a viewer with more likes than can be kept, and a read that overlaps a change is not kept.

let t: TestApp
let viewer: SignedInUser
let owner: SignedInUser
let posts: string[]

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { verify: 'mark' })
  viewer = await createUser(t, { verify: 'mark' })
  posts = []
  for (let i = 0; i < 3; i++) posts.push((await createMeasurement(t, owner.cookie, { visibility: 'public' })).id)
})
afterAll(() => t?.close())

const like = (measurementId: string, userId = viewer.id) => t.db.insert(likes).values({ measurementId, userId })
const unlikeAll = () => t.db.delete(likes).where(eq(likes.userId, viewer.id))
const pageOf = async (member: SignedInUser, url = '/api/feed?tab=everyone') => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: member.cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return PostPageSchema.parse(res.json()).items
}
const likedIn = async (kept: ViewerLikes) => {
  const set = await kept.of(t.db, viewer.id)
  return set && [...set].sort()
}

describe('viewer likes', () => {
  it('are read once and served from memory until dropped', async () => {
    await unlikeAll()
    const kept = new ViewerLikes({ live: true })
    await like(posts[0] as string)
    expect(await likedIn(kept)).toEqual([posts[0]])
    // Nothing dropped them (this instance hears no events): the kept set is served.
    await like(posts[1] as string)
    expect(await likedIn(kept)).toEqual([posts[0]])
    kept.drop(viewer.id)
    expect(await likedIn(kept)).toEqual([posts[0], posts[1]].sort())
    await unlikeAll()
    kept.clear()
    expect(await likedIn(kept)).toEqual([])
  })

  it('are not known (each page asks the database) in a process that hears no events', async () => {
    expect(await new ViewerLikes({ live: false }).of(t.db, viewer.id)).toBeUndefined()
  })

  it('read while a change arrives serve that request but are not kept', async () => {
    await unlikeAll()
    const kept = new ViewerLikes({ live: true })
    const reading = likedIn(kept)
    kept.drop(viewer.id)
    expect(await reading).toEqual([])
    expect(kept.size).toBe(0)
  })

  it(`are not kept past ${MAX_KEPT_LIKES} likes: each page asks the database`, async () => {
    const many = await createUser(t, { verify: 'mark' })
    const author = await createUser(t, { verify: 'mark' })
    const { id: first } = await createMeasurement(t, author.cookie, { visibility: 'public' })
    // Likes need measurements: one real one, then rows copied from it under fresh ids.
    const [source] = await t.db.select().from(measurements).where(eq(measurements.id, first))
    if (!source) throw new Error('no measurement')
    const ids = Array.from({ length: MAX_KEPT_LIKES + 1 }, () => randomUUID())
    for (let i = 0; i < ids.length; i += 1000) {
      const batch = ids.slice(i, i + 1000)
      await t.db.insert(measurements).values(batch.map((id) => ({ ...source, id })))
      await t.db.insert(likes).values(batch.map((measurementId) => ({ measurementId, userId: many.id })))
    }
    const kept = new ViewerLikes({ live: true })
    expect(await kept.of(t.db, many.id)).toBeUndefined()
    expect(kept.size).toBe(1) // remembered as too many, so the next page does not read them again
    expect(await kept.of(t.db, many.id)).toBeUndefined()
    // A page that meets them first (the app's own set, unknown until now) still says which it liked: by probes.
    expect(t.app.viewerLikes.plan(many.id).kind).toBe('load')
    const page = await pageOf(many)
    expect(page.length).toBe(20)
    for (const post of page) expect(post.likedByMe).toBe(post.measurement.id !== first)
    expect(t.app.viewerLikes.plan(many.id).kind).toBe('probe')
  })

  it('are read with the first page that needs them, and kept', async () => {
    await unlikeAll()
    await like(posts[1] as string)
    t.app.viewerLikes.drop(viewer.id)
    expect(t.app.viewerLikes.plan(viewer.id).kind).toBe('load')
    const page = await pageOf(viewer, `/api/profiles/${owner.id}/measurements`)
    expect(page.filter((post) => post.likedByMe).map((post) => post.measurement.id)).toEqual([posts[1]])
    const plan = t.app.viewerLikes.plan(viewer.id)
    expect(plan.kind === 'liked' && [...plan.liked]).toEqual([posts[1]])
    // As the tests below expect to find it: nothing liked, nothing kept (on PostgreSQL the event comes later).
    await unlikeAll()
    t.app.viewerLikes.drop(viewer.id)
  })

  it("are dropped by the app when the database reports a change (the triggers' events)", async () => {
    await unlikeAll()
    expect(await likedIn(t.app.viewerLikes)).toEqual([])
    await like(posts[2] as string)
    await expect.poll(() => likedIn(t.app.viewerLikes), { timeout: 3000 }).toEqual([posts[2]])
    await unlikeAll()
    await expect.poll(() => likedIn(t.app.viewerLikes), { timeout: 3000 }).toEqual([])
  })

  it('are all dropped when one statement changes the likes of more members than an event can name', async () => {
    await unlikeAll()
    // 51 members written directly (only their likes matter here).
    const members = Array.from({ length: 51 }, (_, i) => ({
      id: `many-likers-${i}`,
      name: `Liker ${i}`,
      email: `liker-${i}@example.com`,
    }))
    await t.db.insert(users).values(members)
    expect(await likedIn(t.app.viewerLikes)).toEqual([])
    // One statement: the viewer's like among 51 other members' (the event then names nobody: every set goes).
    await t.db
      .insert(likes)
      .values([viewer, ...members].map((m) => ({ measurementId: posts[0] as string, userId: m.id })))
    await expect.poll(() => likedIn(t.app.viewerLikes), { timeout: 3000 }).toEqual([posts[0]])
  })
})
