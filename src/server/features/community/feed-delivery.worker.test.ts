import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle, Tx } from '#server/db/client.ts'
import { follows, users } from '#server/db/schema.ts'
import { countFollow, followMember, unfollowMember } from '#server/features/community/follows.service.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { type Post, PostPageSchema } from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import {
  aMeasurement,
  browserHeaders,
  createMeasurement,
  createUser,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { openTestDatabase, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { deliverPending, drainFeedDeliveries } from './feed-delivery.worker.ts'
import { emptyInbox, fillInbox } from './feed-inbox.service.ts'

// Posts reach followers' inboxes through the delivery queue (feed-delivery.worker.ts): after the post's transaction, in
// batches, exactly once, whatever follows and unfollows happen meanwhile, across a restart and a shutdown. Each
// block starts the apps it needs on one database: a live one (woken by the database) or a paused one (no LISTEN,
// no poll) whose deliveries the test makes itself. After every test the inboxes hold exactly the rows the follows
// and posts call for.

let db: DbHandle
let closeDb: () => Promise<void>

beforeAll(async () => {
  const opened = await openTestDatabase()
  db = opened.handle
  closeDb = opened.close
  await db.migrate()
})
afterAll(() => closeDb?.())

afterEach(async () => {
  await drainFeedDeliveries(db.db)
  expect(
    await rows(sql`select f.follower_id as user_id, m.id::text as measurement_id
    from follows f join measurements m on m.user_id = f.followee_id
    where m.visibility in ('public', 'followers') order by 1, 2`),
  ).toEqual(await rows(sql`select user_id, measurement_id::text from feed_inbox order by 1, 2`))
})

const HOUR = 3_600_000
const paused = () => startTestApp(db.db, { feedDelivery: { pollMs: HOUR } })
const live = (batch = 1_000) => startTestApp(db.db, { listen: db.listen, feedDelivery: { batch } })

async function rows<T = Record<string, unknown>>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.db.execute(query)) as unknown as { rows: T[] }).rows
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`select count(*)::int as n from (${query}) counted`)
  return row?.n ?? 0
}

/** Inbox rows holding the post (a follower holding it twice counts twice). */
const deliveredTo = (measurementId: string) =>
  count(sql`select 1 from feed_inbox where measurement_id = ${measurementId}`)
const queued = () => count(sql`select 1 from feed_deliveries`)

let sequence = 0
/** `n` members inserted directly, following `ownerId` (as data written around the services); their ids, sorted. */
async function directFollowers(ownerId: string, n: number): Promise<string[]> {
  sequence += 1
  const ids = Array.from({ length: n }, (_, i) => `direct-${sequence}-${String(i).padStart(5, '0')}`)
  await db.db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.test`, betaApproved: true })))
  await db.db.insert(follows).values(ids.map((followerId) => ({ followerId, followeeId: ownerId })))
  return ids
}

/** A member inserted directly, as the follow services see a signed-in one. */
async function directMember(id: string): Promise<AuthUser> {
  await db.db.insert(users).values({ id, name: id, email: `${id}@example.test`, betaApproved: true, gatePassed: true })
  const member = { id, email: `${id}@example.test`, firstName: null, lastName: null, profileImageUrl: null }
  return { ...member, betaApproved: true, isAdmin: false, gatePassed: true }
}

/**
 * A transaction that makes `change`, then stays open until `commit()`: `ready` once the change is made. The follow
 * services' order is kept: the follows row, the counters (countFollow locks the owner's row), then the inbox.
 */
function holdOpen(change: (tx: Tx) => Promise<void>) {
  let commit = () => {}
  let made = () => {}
  const committing = new Promise<void>((resolve) => {
    commit = resolve
  })
  const ready = new Promise<void>((resolve) => {
    made = resolve
  })
  const done = db.db.transaction(async (tx) => {
    await change(tx)
    made()
    await committing
  })
  return { ready, commit, done }
}

async function followingTab(t: TestApp, viewer: SignedInUser): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/feed?tab=following&limit=50',
    headers: { cookie: viewer.cookie },
  })
  expect(res.statusCode, res.body).toBe(200)
  return PostPageSchema.parse(res.json()).items.map((p: Post) => p.measurement.id)
}

async function everyoneTab(t: TestApp, viewer: SignedInUser): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/feed?tab=everyone&limit=50',
    headers: { cookie: viewer.cookie },
  })
  expect(res.statusCode, res.body).toBe(200)
  return PostPageSchema.parse(res.json()).items.map((p: Post) => p.measurement.id)
}

async function follow(t: TestApp, follower: SignedInUser, owner: SignedInUser) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/follows/${owner.id}`,
    headers: browserHeaders(follower.cookie),
  })
  expect(res.statusCode, res.body).toBe(200)
}

async function setVisibility(t: TestApp, owner: SignedInUser, id: string, visibility: Visibility) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/measurements/${id}`,
    headers: browserHeaders(owner.cookie),
    payload: { ...aMeasurement(), id: undefined, photoIds: [], visibility },
  })
  expect(res.statusCode, res.body).toBe(200)
}

describe('with the worker running', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await live(500)
  })
  afterAll(() => t?.close())

  it("reaches each of 3,002 followers' Following tab once, after the post answered and unasked", async () => {
    const owner = await createUser(t, { verify: 'mark' })
    const signedIn = [await createUser(t, { verify: 'mark' }), await createUser(t, { verify: 'mark' })]
    for (const follower of signedIn) await follow(t, follower, owner)
    const direct = await directFollowers(owner.id, 3_000)

    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    // No drain here: the worker is woken by the post's commit.
    await expect.poll(() => deliveredTo(id), { timeout: 10_000, interval: 20 }).toBe(3_002)
    await expect.poll(queued, { timeout: 5_000, interval: 20 }).toBe(0)
    const holders = await rows<{ user_id: string; n: number }>(
      sql`select user_id, count(*)::int as n from feed_inbox where measurement_id = ${id} group by user_id order by 1`,
    )
    expect(holders.map((h) => h.user_id)).toEqual([...direct, ...signedIn.map((f) => f.id)].sort())
    expect(holders.every((h) => h.n === 1)).toBe(true)
    for (const follower of signedIn) expect(await followingTab(t, follower)).toEqual([id])
  })

  it('leaves exactly the right rows when follows and unfollows race the batches of several posts', async () => {
    const owner = await createUser(t, { verify: 'mark' })
    await directFollowers(owner.id, 1_200)
    sequence += 1
    const members = (name: string) =>
      Promise.all(Array.from({ length: 15 }, (_, i) => directMember(`${name}-${sequence}-${i}`)))
    const [leaving, coming] = [await members('leaving'), await members('coming')]
    for (const member of leaving) await followMember(db.db, member, owner.id)
    const post = (visibility: Visibility) => createMeasurement(t, owner.cookie, { visibility })
    const first = post('public')
    await Promise.all([
      first,
      post('followers'),
      ...leaving.map((m) => unfollowMember(db.db, m, owner.id)),
      ...coming.map((m) => followMember(db.db, m, owner.id)),
      post('public'),
      ...coming.slice(0, 5).map((m) => unfollowMember(db.db, m, owner.id)),
    ])
    // Every row is checked against the follows after the test; here, that the first post reached them all.
    await drainFeedDeliveries(db.db)
    const followers = await count(sql`select 1 from follows where followee_id = ${owner.id}`)
    expect(followers).toBeGreaterThanOrEqual(1_200 + 10)
    expect(await deliveredTo((await first).id)).toBe(followers)
  })
})

describe('with the worker paused', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await paused()
  })
  afterAll(() => t?.close())

  it("writes no follower's row in the post's transaction, only a queued delivery", async () => {
    const [owner, follower] = [await createUser(t, { verify: 'mark' }), await createUser(t, { verify: 'mark' })]
    await follow(t, follower, owner)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'followers' })
    expect(await deliveredTo(id)).toBe(0)
    expect(await count(sql`select 1 from feed_deliveries where measurement_id = ${id}`)).toBe(1)
    expect(await followingTab(t, follower)).toEqual([])
    await drainFeedDeliveries(db.db)
    expect(await followingTab(t, follower)).toEqual([id])
    expect(await everyoneTab(t, follower)).toContain(id)
  })

  it('never shows a post made private before its delivery, nor after it while the withdrawal waits', async () => {
    const [owner, follower] = [await createUser(t, { verify: 'mark' }), await createUser(t, { verify: 'mark' })]
    await follow(t, follower, owner)
    const early = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await setVisibility(t, owner, early.id, 'private')
    await drainFeedDeliveries(db.db)
    expect(await deliveredTo(early.id)).toBe(0)
    expect(await followingTab(t, follower)).toEqual([])

    const late = await createMeasurement(t, owner.cookie, { visibility: 'followers' })
    await drainFeedDeliveries(db.db)
    expect(await followingTab(t, follower)).toEqual([late.id])
    await setVisibility(t, owner, late.id, 'private')
    expect(await deliveredTo(late.id)).toBe(1) // still in the inbox: the feed checks the post
    expect(await followingTab(t, follower)).toEqual([])
    expect(await everyoneTab(t, follower)).not.toContain(late.id)
    await drainFeedDeliveries(db.db)
    expect(await deliveredTo(late.id)).toBe(0)
    await setVisibility(t, owner, late.id, 'public')
    await drainFeedDeliveries(db.db)
    expect(await followingTab(t, follower)).toEqual([late.id])
  })

  it('gives one row to a member who follows before, between or after the batches, none to one who left', async () => {
    const owner = await createUser(t, { verify: 'mark' })
    sequence += 1
    const member = (name: string) => directMember(`between-${sequence}-${name}`)
    const [a, b, c, d, e, f, g, zero] = await Promise.all(['a', 'b', 'c', 'd', 'e', 'f', 'g', '0'].map(member))
    for (const m of [a, c, e, g]) await followMember(db.db, m as AuthUser, owner.id)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await followMember(db.db, b as AuthUser, owner.id) // queued, not yet delivered: the follow copies the post

    let batches = 0
    expect(await deliverPending(db.db, { batch: 2, retryMs: HOUR }, () => batches++ >= 1)).toBe(1)
    const [job] = await rows<{ after_follower: string }>(sql`select after_follower from feed_deliveries`)
    expect(job?.after_follower).toBe(b?.id) // a and b delivered
    await unfollowMember(db.db, a as AuthUser, owner.id) // behind the batches
    await unfollowMember(db.db, e as AuthUser, owner.id) // ahead of them
    for (const m of [zero, d, f]) await followMember(db.db, m as AuthUser, owner.id) // behind, ahead, ahead
    await unfollowMember(db.db, f as AuthUser, owner.id)
    await drainFeedDeliveries(db.db)

    const holders = await rows<{ user_id: string }>(
      sql`select user_id from feed_inbox where measurement_id = ${id} order by user_id`,
    )
    expect(holders.map((h) => h.user_id)).toEqual([zero, b, c, d, g].map((m) => m?.id))
  })

  it('makes a batch wait for a follow or unfollow of the owner in progress, then see it', async () => {
    const owner = await createUser(t, { verify: 'mark' })
    sequence += 1
    const leaving = await directMember(`held-${sequence}-leaving`)
    const coming = await directMember(`held-${sequence}-coming`)
    await followMember(db.db, leaving, owner.id)
    let finished = false
    const track = <T>(p: Promise<T>) => p.finally(() => (finished = true))

    // An unfollow whose rows are gone but not committed when the batch starts: on PostgreSQL the batch waits on the
    // owner's row (PGlite runs one transaction at a time).
    const before = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    const unfollow = holdOpen(async (tx) => {
      await tx.delete(follows).where(and(eq(follows.followerId, leaving.id), eq(follows.followeeId, owner.id)))
      await countFollow(tx, leaving.id, owner.id, -1)
      await emptyInbox(tx, leaving.id, owner.id)
    })
    await unfollow.ready
    const first = track(deliverPending(db.db))
    await sleep(100)
    const firstWaited = !finished
    unfollow.commit()
    await Promise.all([unfollow.done, first])
    expect(firstWaited).toBe(true)
    expect(await deliveredTo(before.id)).toBe(0)

    // A follow that copied the owner's posts before this one was committed, and commits after its batch began.
    finished = false
    const follow = holdOpen(async (tx) => {
      await tx.insert(follows).values({ followerId: coming.id, followeeId: owner.id })
      await countFollow(tx, coming.id, owner.id, 1)
      await fillInbox(tx, coming.id, owner.id)
    })
    await follow.ready
    const posting = createMeasurement(t, owner.cookie, { visibility: 'public' })
    const second = track(posting.then(() => deliverPending(db.db)))
    await Promise.race([posting, sleep(1_000)]) // PGlite: the post waits for the follow's commit
    await sleep(100)
    const secondWaited = !finished
    follow.commit()
    await Promise.all([follow.done, second])
    expect(secondWaited).toBe(true)
    expect(await deliveredTo((await posting).id)).toBe(1)
  })

  it('delivers a queue left by a closed app when the next one starts, once each', async () => {
    const owner = await createUser(t, { verify: 'mark' })
    const direct = await directFollowers(owner.id, 1_500)
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    let batches = 0
    await deliverPending(db.db, { batch: 400, retryMs: HOUR }, () => batches++ >= 1) // then the process stops
    await t.close()
    expect(await deliveredTo(id)).toBe(400)
    expect(await queued()).toBe(1)

    t = await live()
    await expect.poll(() => deliveredTo(id), { timeout: 10_000, interval: 20 }).toBe(direct.length)
    await expect.poll(queued, { timeout: 5_000, interval: 20 }).toBe(0)
    await t.close()
    t = await paused()
  })

  it('lets the batch in progress finish when the app closes, and the next start goes on from there', async () => {
    const owner = await createUser(t, { verify: 'mark' })
    const direct = await directFollowers(owner.id, 2_000)
    await t.close()
    t = await startTestApp(db.db, { listen: db.listen, feedDelivery: { batch: 10 } })
    const { id } = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    await expect.poll(() => deliveredTo(id), { timeout: 10_000, interval: 5 }).toBeGreaterThan(0)
    await t.close()
    // No batch of the closed app still holds the queue (PostgreSQL's other sessions; PGlite has one).
    const holding = sql`select 1 from pg_locks where relation = 'feed_deliveries'::regclass and pid <> pg_backend_pid()`
    expect(await count(holding)).toBe(0)

    const stopped = async () => {
      const [job] = await rows<{ after_follower: string }>(sql`select after_follower from feed_deliveries`)
      return { job: job?.after_follower, delivered: await deliveredTo(id) }
    }
    const atClose = await stopped()
    expect(atClose.job).toBeDefined() // stopped before the end
    // Whole batches only, and nothing more once closed.
    expect(atClose.delivered).toBe(direct.filter((f) => f <= (atClose.job as string)).length)
    await sleep(100)
    expect(await stopped()).toEqual(atClose)

    t = await live()
    await expect.poll(() => deliveredTo(id), { timeout: 10_000, interval: 20 }).toBe(direct.length)
    await t.close()
    t = await paused()
  })
})
