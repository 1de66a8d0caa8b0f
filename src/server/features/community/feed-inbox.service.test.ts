import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Visibility } from '#shared/schemas/measurements.ts'
import {
  aMeasurement,
  browserHeaders,
  createMeasurement,
  createUser,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { drainFeedDeliveries } from './feed-delivery.worker.ts'

// feed_inbox (feed-inbox.service.ts) stays exact through the services: once the queued deliveries are made, after every test
// the table holds exactly one row per follow × public or followers-only post of the followee, with the post's
// created_at, and each test checks the rows its change must add or remove.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

type InboxRow = { user_id: string; measurement_id: string; owner_id: string; created_at: string }

/** The rows, once every post queued so far is delivered (feed-delivery.worker.ts). */
async function inboxRows(where = sql`true`): Promise<InboxRow[]> {
  await drainFeedDeliveries(t.db)
  const result = await t.db.execute(sql`select user_id, measurement_id::text, owner_id, created_at::text
    from feed_inbox where ${where} order by user_id, measurement_id`)
  return (result as unknown as { rows: InboxRow[] }).rows
}

/** The posts in `user`'s inbox. */
async function inboxOf(user: SignedInUser): Promise<string[]> {
  return (await inboxRows(sql`user_id = ${user.id}`)).map((r) => r.measurement_id).sort()
}

afterEach(async () => {
  const expected = await t.db.execute(sql`select f.follower_id as user_id, m.id::text as measurement_id,
      m.user_id as owner_id, m.created_at::text as created_at
    from follows f join measurements m on m.user_id = f.followee_id
    where m.visibility in ('public', 'followers') order by 1, 2`)
  expect(await inboxRows()).toEqual((expected as unknown as { rows: InboxRow[] }).rows)
})

const send = (method: 'PUT' | 'DELETE' | 'PATCH', url: string, user: SignedInUser, payload?: object) =>
  t.app.inject({ method, url, headers: browserHeaders(user.cookie), ...(payload ? { payload } : {}) })

async function follow(follower: SignedInUser, followee: SignedInUser, method: 'PUT' | 'DELETE' = 'PUT') {
  const res = await send(method, `/api/follows/${followee.id}`, follower)
  expect(res.statusCode, res.body).toBe(200)
}

async function setVisibility(owner: SignedInUser, id: string, visibility: Visibility) {
  const res = await send('PATCH', `/api/measurements/${id}`, owner, {
    ...aMeasurement(),
    id: undefined,
    photoIds: [],
    visibility,
  })
  expect(res.statusCode, res.body).toBe(200)
}

const members = (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t, { verify: 'mark' })))

describe('a post', () => {
  it.each([
    { visibility: 'public', delivered: true },
    { visibility: 'followers', delivered: true },
    { visibility: 'private', delivered: false },
  ] as const)('created $visibility reaches the followers: $delivered', async ({ visibility, delivered }) => {
    const [owner, a, b, stranger] = (await members(4)) as [SignedInUser, SignedInUser, SignedInUser, SignedInUser]
    await follow(a, owner)
    await follow(b, owner)
    const { id } = await createMeasurement(t, owner.cookie, { visibility })
    for (const follower of [a, b]) expect(await inboxOf(follower)).toEqual(delivered ? [id] : [])
    expect(await inboxOf(stranger)).toEqual([])
    expect(await inboxOf(owner)).toEqual([])
  })

  it('follows its visibility: private leaves the inboxes, public or followers-only comes back once', async () => {
    const [owner, follower] = (await members(2)) as [SignedInUser, SignedInUser]
    await follow(follower, owner)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const steps: [Visibility, string[]][] = [
      ['private', []],
      ['private', []],
      ['followers', [id]],
      ['public', [id]],
      ['private', []],
      ['public', [id]],
    ]
    for (const [visibility, expected] of steps) {
      await setVisibility(owner, id, visibility)
      expect(await inboxOf(follower), visibility).toEqual(expected)
    }
  })

  it('deleted leaves every inbox', async () => {
    const [owner, follower] = (await members(2)) as [SignedInUser, SignedInUser]
    await follow(follower, owner)
    const kept = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const gone = await createMeasurement(t, owner.cookie, { visibility: 'followers' })
    expect(await inboxOf(follower)).toEqual([kept.id, gone.id].sort())
    expect((await send('DELETE', `/api/measurements/${gone.id}`, owner)).statusCode).toBe(204)
    expect(await inboxOf(follower)).toEqual([kept.id])
  })
})

describe('a follow', () => {
  it("brings the followee's public and followers-only posts; unfollowing takes only theirs away", async () => {
    const [owner, other, follower] = (await members(3)) as [SignedInUser, SignedInUser, SignedInUser]
    const made: Record<Visibility, string> = {} as Record<Visibility, string>
    for (const visibility of ['public', 'followers', 'private'] as const) {
      made[visibility] = (await createMeasurement(t, owner.cookie, { visibility })).id
    }
    const others = (await createMeasurement(t, other.cookie, { visibility: 'public' })).id
    await follow(follower, other)
    await follow(follower, owner)
    expect(await inboxOf(follower)).toEqual([made.public, made.followers, others].sort())
    await follow(follower, owner, 'DELETE')
    expect(await inboxOf(follower)).toEqual([others])
    await follow(follower, owner, 'DELETE')
    expect(await inboxOf(follower)).toEqual([others])
  })

  it('ten at once give one set of rows', async () => {
    const [owner, follower] = (await members(2)) as [SignedInUser, SignedInUser]
    const posts = [
      (await createMeasurement(t, owner.cookie, { visibility: 'public' })).id,
      (await createMeasurement(t, owner.cookie, { visibility: 'followers' })).id,
    ]
    const results = await Promise.all(
      Array.from({ length: 10 }, () => send('PUT', `/api/follows/${owner.id}`, follower)),
    )
    for (const res of results) expect(res.statusCode, res.body).toBe(200)
    expect(await inboxOf(follower)).toEqual(posts.sort())
  })

  it('made or ended while the followee posts neither misses nor keeps a post', async () => {
    const [owner, ...followers] = (await members(7)) as SignedInUser[]
    const post = () => createMeasurement(t, owner?.cookie ?? '', { visibility: 'public' })
    await Promise.all([...followers.map((f) => follow(f, owner as SignedInUser)), post(), post(), post()])
    await Promise.all([
      ...followers.slice(0, 3).map((f) => follow(f, owner as SignedInUser, 'DELETE')),
      post(),
      post(),
      post(),
    ])
    // exactness is checked after each test; here, who holds all six
    const full = await Promise.all(followers.map(async (f) => (await inboxOf(f)).length))
    expect(full).toEqual([0, 0, 0, 6, 6, 6])
  })

  it('ended by a block leaves both inboxes, and the block keeps the follow from coming back', async () => {
    const [a, b, c] = (await members(3)) as [SignedInUser, SignedInUser, SignedInUser]
    const ofA = (await createMeasurement(t, a.cookie, { visibility: 'public' })).id
    const ofB = (await createMeasurement(t, b.cookie, { visibility: 'followers' })).id
    const ofC = (await createMeasurement(t, c.cookie, { visibility: 'public' })).id
    await follow(a, b)
    await follow(b, a)
    await follow(a, c)
    expect(await inboxOf(a)).toEqual([ofB, ofC].sort())
    expect(await inboxOf(b)).toEqual([ofA])
    expect((await send('PUT', `/api/blocks/${b.id}`, a)).statusCode).toBe(200)
    expect(await inboxOf(a)).toEqual([ofC])
    expect(await inboxOf(b)).toEqual([])
    // A new post across the block reaches nobody there: the follow is gone.
    await createMeasurement(t, b.cookie, { visibility: 'public' })
    expect(await inboxOf(a)).toEqual([ofC])
  })
})
