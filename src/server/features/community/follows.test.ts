import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, follows, notifications, users } from '#server/db/schema.ts'
import { FollowStateSchema, MemberListSchema } from '#shared/schemas/community.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Follows and blocks: one row per pair whatever the clicks, one notification per new follow, never
// oneself, never across a block; a block ends the follows between the two members, both ways.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const call = (method: 'PUT' | 'DELETE' | 'GET', url: string, user: SignedInUser) =>
  t.app.inject({ method, url, headers: browserHeaders(user.cookie) })

const one = () => createUser(t, { verify: 'mark' })

async function followRows(follower: SignedInUser, followee: SignedInUser) {
  return t.db
    .select()
    .from(follows)
    .where(and(eq(follows.followerId, follower.id), eq(follows.followeeId, followee.id)))
}

async function followNotifications(followee: SignedInUser) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, followee.id), eq(notifications.kind, 'follow')))
}

describe('PUT and DELETE /api/follows/:userId', () => {
  it('follows, notifies the member once, and a second click changes nothing', async () => {
    const [a, b] = await Promise.all([one(), one()])
    for (let click = 0; click < 2; click += 1) {
      const res = await call('PUT', `/api/follows/${b.id}`, a)
      expect(res.statusCode, res.body).toBe(200)
      expect(FollowStateSchema.parse(res.json())).toEqual({ following: true, followers: 1 })
    }
    expect(await followRows(a, b)).toHaveLength(1)
    const sent = await followNotifications(b)
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ actorId: a.id, groupKey: 'follow' })
  })

  it('ten concurrent follows make one row and one notification', async () => {
    const [a, b] = await Promise.all([one(), one()])
    const answers = await Promise.all(Array.from({ length: 10 }, () => call('PUT', `/api/follows/${b.id}`, a)))
    for (const res of answers) expect(res.json()).toEqual({ following: true, followers: 1 })
    expect(await followRows(a, b)).toHaveLength(1)
    expect(await followNotifications(b)).toHaveLength(1)
  })

  it('unfollows idempotently; following again notifies again', async () => {
    const [a, b, c] = await Promise.all([one(), one(), one()])
    await call('PUT', `/api/follows/${b.id}`, c)
    await call('PUT', `/api/follows/${b.id}`, a)
    for (let click = 0; click < 2; click += 1) {
      const res = await call('DELETE', `/api/follows/${b.id}`, a)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ following: false, followers: 1 })
    }
    expect(await followRows(a, b)).toHaveLength(0)
    await call('PUT', `/api/follows/${b.id}`, a)
    expect((await followNotifications(b)).filter((n) => n.actorId === a.id)).toHaveLength(2)
  })

  it('refuses oneself with 400', async () => {
    const a = await one()
    expectApiError(await call('PUT', `/api/follows/${a.id}`, a), 400, 'You cannot follow yourself')
  })

  it('answers 404 for an unknown member and for one not approved yet', async () => {
    const a = await one()
    const pending = await createUser(t, { verify: 'mark', state: 'pending' })
    expectApiError(await call('PUT', '/api/follows/nobody-here', a), 404, 'Member not found')
    expectApiError(await call('PUT', `/api/follows/${pending.id}`, a), 404, 'Member not found')
    expectApiError(await call('PUT', '/api/follows/not%20an%20id', a), 400, /userId is not a member id/)
  })

  it('answers 404 when they blocked you, and 400 when you blocked them', async () => {
    const [a, b] = await Promise.all([one(), one()])
    await call('PUT', `/api/blocks/${a.id}`, b)
    expectApiError(await call('PUT', `/api/follows/${b.id}`, a), 404, 'Member not found')
    expectApiError(await call('DELETE', `/api/follows/${b.id}`, a), 404, 'Member not found')
    expectApiError(await call('PUT', `/api/follows/${a.id}`, b), 400, 'Unblock this member to follow them')
    expect(await followRows(a, b)).toHaveLength(0)
    expect(await followNotifications(b)).toHaveLength(0)
  })
})

describe('users.followers_count and following_count', () => {
  /** Each member's counters next to the real counts of follows rows, and updated_at (which must not move). */
  async function counters(members: SignedInUser[]) {
    const rows = await t.db
      .select({
        id: users.id,
        followers: users.followersCount,
        following: users.followingCount,
        realFollowers: sql<number>`(select count(*) from follows f where f.followee_id = ${users.id})`.mapWith(Number),
        realFollowing: sql<number>`(select count(*) from follows f where f.follower_id = ${users.id})`.mapWith(Number),
        updatedAt: users.updatedAt,
      })
      .from(users)
      .where(
        inArray(
          users.id,
          members.map((m) => m.id),
        ),
      )
    return new Map(rows.map((row) => [row.id, row]))
  }

  it('stay equal to the follows rows through follows, unfollows, double clicks, races and a block', async () => {
    const [a, b, c, d] = await Promise.all([one(), one(), one(), one()])
    const all = [a, b, c, d]
    const before = await counters(all)
    const steps: Array<[string, () => Promise<unknown>]> = [
      [
        'a follows b twice',
        () => Promise.all([call('PUT', `/api/follows/${b.id}`, a), call('PUT', `/api/follows/${b.id}`, a)]),
      ],
      [
        'c and d follow b, b follows a',
        async () => {
          await call('PUT', `/api/follows/${b.id}`, c)
          await call('PUT', `/api/follows/${b.id}`, d)
          await call('PUT', `/api/follows/${a.id}`, b)
        },
      ],
      [
        'ten concurrent follows of d by c while d follows c',
        () =>
          Promise.all([
            ...Array.from({ length: 10 }, () => call('PUT', `/api/follows/${d.id}`, c)),
            call('PUT', `/api/follows/${c.id}`, d),
          ]),
      ],
      [
        'a unfollows b twice at once',
        () => Promise.all([call('DELETE', `/api/follows/${b.id}`, a), call('DELETE', `/api/follows/${b.id}`, a)]),
      ],
      ['b blocks d (d followed b, nobody else)', () => call('PUT', `/api/blocks/${d.id}`, b)],
      ['c blocks d (both follow each other)', () => call('PUT', `/api/blocks/${d.id}`, c)],
    ]
    const expected = [
      { a: [0, 1], b: [1, 0], c: [0, 0], d: [0, 0] },
      { a: [1, 1], b: [3, 1], c: [0, 1], d: [0, 1] },
      { a: [1, 1], b: [3, 1], c: [1, 2], d: [1, 2] },
      { a: [1, 0], b: [2, 1], c: [1, 2], d: [1, 2] },
      { a: [1, 0], b: [1, 1], c: [1, 2], d: [1, 1] },
      { a: [1, 0], b: [1, 1], c: [0, 1], d: [0, 0] },
    ]
    for (const [index, [name, step]] of steps.entries()) {
      await step()
      const now = await counters(all)
      const got = Object.fromEntries(
        all.map((m, i) => {
          const row = now.get(m.id)
          expect(row, name).toBeDefined()
          expect([row?.followers, row?.following], `${name}: ${'abcd'[i]}`).toEqual([
            row?.realFollowers,
            row?.realFollowing,
          ])
          // Raw SQL: users.updated_at (and so every cached body showing the member) does not move.
          expect(row?.updatedAt, name).toEqual(before.get(m.id)?.updatedAt)
          return ['abcd'[i], [row?.followers, row?.following]]
        }),
      )
      expect(got, name).toEqual(expected[index])
    }
    expect((await call('PUT', `/api/follows/${b.id}`, a)).json()).toEqual({ following: true, followers: 2 })
  })
})

describe('PUT and DELETE /api/blocks/:userId, GET /api/blocks', () => {
  it('ends the follows both ways, idempotently, and lists the blocked member', async () => {
    const [a, b] = await Promise.all([one(), one()])
    await call('PUT', `/api/follows/${b.id}`, a)
    await call('PUT', `/api/follows/${a.id}`, b)
    for (let click = 0; click < 2; click += 1) {
      const res = await call('PUT', `/api/blocks/${b.id}`, a)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ blocked: true })
    }
    expect(await followRows(a, b)).toHaveLength(0)
    expect(await followRows(b, a)).toHaveLength(0)
    const rows = await t.db.select().from(blocks).where(eq(blocks.blockerId, a.id))
    expect(rows.map((r) => r.blockedId)).toEqual([b.id])

    const listed = MemberListSchema.parse((await call('GET', '/api/blocks', a)).json())
    expect(listed.items).toEqual([{ id: b.id, firstName: b.firstName, lastName: b.lastName, profileImageUrl: null }])
    expect(MemberListSchema.parse((await call('GET', '/api/blocks', b)).json()).items).toEqual([])
  })

  it('unblocks idempotently; the member may be followed again', async () => {
    const [a, b] = await Promise.all([one(), one()])
    await call('PUT', `/api/blocks/${b.id}`, a)
    for (let click = 0; click < 2; click += 1) {
      expect((await call('DELETE', `/api/blocks/${b.id}`, a)).json()).toEqual({ blocked: false })
    }
    expect((await call('GET', '/api/blocks', a)).json()).toEqual({ items: [] })
    expect((await call('PUT', `/api/follows/${b.id}`, a)).json()).toEqual({ following: true, followers: 1 })
  })

  it('refuses oneself with 400 and an unknown member with 404', async () => {
    const a = await one()
    expectApiError(await call('PUT', `/api/blocks/${a.id}`, a), 400, 'You cannot block yourself')
    expectApiError(await call('PUT', '/api/blocks/nobody-here', a), 404, 'Member not found')
  })

  it('a blocked member’s follow of you is gone and their new follow notification never arrives', async () => {
    const [a, b] = await Promise.all([one(), one()])
    await call('PUT', `/api/blocks/${b.id}`, a)
    expectApiError(await call('PUT', `/api/follows/${a.id}`, b), 404, 'Member not found')
    expect(await followNotifications(a)).toHaveLength(0)
  })
})
