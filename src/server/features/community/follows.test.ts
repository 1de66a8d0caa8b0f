import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, follows, notifications } from '#server/db/schema.ts'
import { FollowStateSchema, MemberListSchema } from '#shared/schemas/community.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Follows and blocks (issue 5): one row per pair whatever the clicks, one notification per new follow, never
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
