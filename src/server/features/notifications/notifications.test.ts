import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, blocks, comments, follows, measurements, notifications, users } from '#server/db/schema.ts'
import { type NotifyInput, notify, tellRecipients } from '#server/domain/notify.ts'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import { type NotificationList, NotificationListSchema } from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { countDatabaseCalls } from '#tests/support/database-calls.ts'
import {
  aMeasurement,
  browserHeaders,
  createAdmin,
  createMeasurement,
  createUser,
  getNotifications,
  postComment,
  type SignedInUser,
  sendLike,
  withoutAchievements,
} from '#tests/support/factories.ts'
import { createTestApp, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { listNotifications, NOTIFICATION_WINDOW, notificationsVersion } from './notifications.service.ts'
import { MAX_STREAMS_PER_MEMBER } from './notifications.stream.ts'

// The bell: notifications grouped per item, newest first, read one group or all, nothing from blocked
// members or about posts the member can no longer see; and the live stream (SSE) within one process
// (notifications.live.test.ts covers two processes on one PostgreSQL database).

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await withoutAchievements(t)
})
afterAll(() => t?.close())

type Someone = { id: string }

/** A member who never signs in during the test: a users row (actors and notify() need nothing more). */
async function actor(firstName: string): Promise<Someone> {
  const id = randomUUID().replaceAll('-', '')
  await t.db.insert(users).values({
    id,
    name: firstName,
    firstName,
    lastName: 'Tester',
    email: `${id}@example.test`,
    emailVerified: true,
    betaApproved: true,
    gatePassed: true,
  })
  return { id }
}

const recipient = () => createUser(t, { verify: 'mark', firstName: 'Rae' })
const postOf = async (owner: SignedInUser | (Someone & { cookie: string }), visibility: Visibility = 'public') =>
  (await createMeasurement(t, owner.cookie, { visibility })).id

async function list(member: SignedInUser): Promise<NotificationList> {
  const res = await getNotifications(t, member.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return NotificationListSchema.parse(res.json())
}

function markRead(member: SignedInUser, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/notifications/read',
    headers: browserHeaders(member.cookie),
    payload: key === undefined ? {} : { key },
  })
}

/** Creates notifications one after another (so their times are in this order). */
async function told(...inputs: NotifyInput[]) {
  for (const input of inputs) await notify(t.db, input)
}

/** The bell's line as the client writes it: 'Sam and 3 others'. */
const whoText = (g: NotificationList['groups'][number]) =>
  g.actorCount > 1 ? `${g.actors[0]?.firstName} and ${g.actorCount - 1} others` : `${g.actors[0]?.firstName}`

describe('GET /api/notifications', () => {
  it('groups the likes of one post: the latest 3 actors, how many, the species, unread', async () => {
    const me = await recipient()
    const id = await postOf(me)
    const [ann, bo, cy, sam] = [await actor('Ann'), await actor('Bo'), await actor('Cy'), await actor('Sam')]
    const like = (who: Someone): NotifyInput => ({ userId: me.id, actorId: who.id, kind: 'like', measurementId: id })
    // Ann likes twice (unlike and like again, after a read): one actor.
    await told(like(ann), like(bo), like(ann), like(cy), like(sam))

    const bell = await list(me)
    expect(bell.unreadCount).toBe(1)
    expect(bell.groups).toHaveLength(1)
    const group = bell.groups[0]
    expect(group).toMatchObject({
      key: `like:${id}`,
      kind: 'like',
      actorCount: 4,
      measurementId: id,
      species: getSpecies('whitetail-deer')?.name,
      commentId: null,
      achievementName: null,
      verdict: null,
      unread: true,
    })
    expect(group?.actors.map((a) => a.firstName)).toEqual(['Sam', 'Cy', 'Ann'])
    expect(group && whoText(group)).toBe('Sam and 3 others')
  })

  it('keeps kinds and items apart, newest group first, each with what it opens', async () => {
    const me = await recipient()
    const [first, second] = [await postOf(me), await postOf(me)]
    const [ann, bo] = [await actor('Ann'), await actor('Bo')]
    const [comment] = await t.db
      .insert(comments)
      .values({ id: randomUUID(), measurementId: first, userId: bo.id, body: `@[Rae](${me.id})` })
      .returning()
    const achievementId = `test-${randomUUID()}`
    await t.db.insert(achievements).values({
      id: achievementId,
      name: 'First Harvest',
      description: 'Your first measurement',
      points: 10,
      category: 'milestones',
      type: 'count',
      // only the target of a notification here: inactive, so no measurement of a later test earns it
      isActive: false,
    })
    await told(
      { userId: me.id, actorId: ann.id, kind: 'like', measurementId: first },
      { userId: me.id, actorId: bo.id, kind: 'like', measurementId: second },
      { userId: me.id, actorId: bo.id, kind: 'mention', measurementId: first, commentId: comment?.id ?? null },
      { userId: me.id, actorId: ann.id, kind: 'follow' },
      { userId: me.id, actorId: bo.id, kind: 'follow' },
      { userId: me.id, actorId: ann.id, kind: 'size-check', measurementId: second, verdict: 'disputed' },
      { userId: me.id, actorId: null, kind: 'achievement', achievementId },
    )
    const bell = await list(me)
    expect(bell.groups.map((g) => [g.key, g.actorCount])).toEqual([
      [`achievement:${achievementId}`, 0],
      [`size-check:${second}`, 1],
      ['follow', 2],
      [`mention:${comment?.id}`, 1],
      [`like:${second}`, 1],
      [`like:${first}`, 1],
    ])
    expect(bell.unreadCount).toBe(6)
    const [achievement, check, , mention] = bell.groups
    expect(achievement).toMatchObject({ kind: 'achievement', achievementName: 'First Harvest', actors: [] })
    expect(check).toMatchObject({ kind: 'size-check', verdict: 'disputed', measurementId: second })
    expect(mention).toMatchObject({ kind: 'mention', commentId: comment?.id, measurementId: first })
  })

  it('lists what likes and comments through the API create', async () => {
    const me = await recipient()
    const fan = await createUser(t, { verify: 'mark', firstName: 'Fay' })
    const id = await postOf(me)
    await sendLike(t, fan.cookie, id)
    const comment = await postComment(t, fan.cookie, id, 'Nice one')
    const bell = await list(me)
    expect(bell.groups.map((g) => [g.kind, g.actors[0]?.firstName])).toEqual([
      ['comment', 'Fay'],
      ['like', 'Fay'],
    ])
    // Taken back: the unread like goes from the bell.
    await sendLike(t, fan.cookie, id, 'DELETE')
    expect((await list(me)).groups.map((g) => g.kind)).toEqual(['comment'])
    // Read, then deleted with its comment.
    await markRead(me)
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/measurements/${id}/comments/${comment.json().id}`,
      headers: browserHeaders(fan.cookie),
    })
    expect(deleted.statusCode).toBe(204)
    expect((await list(me)).groups).toEqual([])
  })

  it('shows at most 30 groups; the badge counts every unread group', async () => {
    const me = await recipient()
    const inputs: NotifyInput[] = Array.from({ length: 31 }, (_, i) => ({
      userId: me.id,
      actorId: null,
      kind: 'achievement',
      achievementId: `a-${i}`,
    }))
    await notify(t.db, inputs)
    const bell = await list(me)
    expect(bell.groups).toHaveLength(30)
    expect(bell.unreadCount).toBe(31)
  })

  it(`groups only the latest ${NOTIFICATION_WINDOW} notifications`, async () => {
    const me = await recipient()
    const base = Date.now() - 60_000
    const row = (i: number, key: string) => ({
      id: randomUUID(),
      userId: me.id,
      kind: 'achievement' as const,
      groupKey: key,
      achievementId: key,
      createdAt: new Date(base + i),
    })
    await t.db
      .insert(notifications)
      .values([
        row(0, 'achievement:oldest'),
        ...Array.from({ length: NOTIFICATION_WINDOW }, (_, i) => row(i + 1, 'achievement:recent')),
      ])
    const bell = await list(me)
    expect(bell.groups.map((g) => g.key)).toEqual(['achievement:recent'])
    expect(bell.unreadCount).toBe(1)
  })

  it.each(['the member blocks the actor', 'the actor blocks the member'])(
    'leaves out notifications from across a block (%s), and shows them again after an unblock',
    async (way) => {
      const me = await recipient()
      const id = await postOf(me)
      const [friend, foe] = [await actor('Fri'), await actor('Foe')]
      await told(
        { userId: me.id, actorId: friend.id, kind: 'like', measurementId: id },
        { userId: me.id, actorId: foe.id, kind: 'like', measurementId: id },
        { userId: me.id, actorId: foe.id, kind: 'follow' },
      )
      expect((await list(me)).unreadCount).toBe(2)
      const pair = way.startsWith('the member')
        ? { blockerId: me.id, blockedId: foe.id }
        : { blockerId: foe.id, blockedId: me.id }
      // Straight in the database, as another process would: the bell moves once the block's event arrives.
      await t.db.insert(blocks).values(pair)
      await t.app.events.heard(t.db)
      const bell = await list(me)
      expect(bell.groups.map((g) => [g.key, g.actors.map((a) => a.firstName)])).toEqual([[`like:${id}`, ['Fri']]])
      expect(bell.unreadCount).toBe(1)
      await t.db.delete(blocks).where(and(eq(blocks.blockerId, pair.blockerId), eq(blocks.blockedId, pair.blockedId)))
      await t.app.events.heard(t.db)
      expect((await list(me)).unreadCount).toBe(2)
    },
  )

  it('leaves out a mention on a post the member can no longer see: unfollowed, private, hidden', async () => {
    const me = await recipient()
    const author = await createUser(t, { verify: 'mark', firstName: 'Ola' })
    await t.db.insert(follows).values({ followerId: me.id, followeeId: author.id })
    const id = await postOf(author, 'followers')
    const res = await postComment(t, author.cookie, id, `Look @[Rae](${me.id})`)
    expect(res.statusCode, res.body).toBe(201)
    const keys = async () => (await list(me)).groups.map((g) => g.kind)
    expect(await keys()).toEqual(['mention'])

    // Follows written straight in the database: the bell moves once their event arrives (migration 0026).
    await t.db.delete(follows).where(and(eq(follows.followerId, me.id), eq(follows.followeeId, author.id)))
    await t.app.events.heard(t.db)
    expect(await keys()).toEqual([])
    await t.db.insert(follows).values({ followerId: me.id, followeeId: author.id })
    await t.app.events.heard(t.db)
    expect(await keys()).toEqual(['mention'])

    // Written directly, then told and announced as the routes do (PATCH, moderation: notify.ts tellRecipients).
    const setPost = async (set: { visibility?: Visibility; hiddenAt?: Date | null }) => {
      await t.db.update(measurements).set(set).where(eq(measurements.id, id))
      for (const userId of await tellRecipients(t.db, { measurementId: id })) t.app.events.announce(userId)
    }
    await setPost({ visibility: 'private' })
    expect(await keys()).toEqual([])
    await setPost({ visibility: 'public', hiddenAt: new Date() })
    expect(await keys()).toEqual([])
    await setPost({ hiddenAt: null })
    expect(await keys()).toEqual(['mention'])
    // A moderator hides the comment itself.
    await t.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, res.json().id))
    for (const userId of await tellRecipients(t.db, { commentId: res.json().id })) t.app.events.announce(userId)
    expect(await keys()).toEqual([])
  })

  it('drops a mention at once when its post is made private through PATCH, and shows it again when public', async () => {
    const me = await recipient()
    const author = await createUser(t, { verify: 'mark', firstName: 'Pia' })
    const id = await postOf(author, 'public')
    expect((await postComment(t, author.cookie, id, `See @[Rae](${me.id})`)).statusCode).toBe(201)
    const keys = async () => (await list(me)).groups.map((g) => g.kind)
    expect(await keys()).toEqual(['mention'])
    const patch = async (visibility: Visibility) => {
      const { id: _id, ...body } = aMeasurement({ visibility })
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/measurements/${id}`,
        headers: browserHeaders(author.cookie),
        payload: body,
      })
      expect(res.statusCode, res.body).toBe(200)
    }
    await patch('private')
    expect(await keys()).toEqual([])
    await patch('public')
    expect(await keys()).toEqual(['mention'])
  })

  it('keeps a mention whose comment a moderator hid in an admin’s bell only', async () => {
    const admin = await createAdmin(t, { firstName: 'Ida' })
    const me = await recipient()
    const author = await createUser(t, { verify: 'mark', firstName: 'Vic' })
    const id = await postOf(author, 'public')
    const comment = await postComment(t, author.cookie, id, `@[Ida](${admin.id}) @[Rae](${me.id})`)
    expect(comment.statusCode, comment.body).toBe(201)
    await t.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, comment.json().id))
    for (const userId of await tellRecipients(t.db, { commentId: comment.json().id })) t.app.events.announce(userId)
    expect((await list(me)).groups).toEqual([])
    expect((await list(admin)).groups.map((g) => [g.kind, g.commentId])).toEqual([['mention', comment.json().id]])
  })

  it("keeps the member's own hidden post in their bell (its owner still sees it)", async () => {
    const me = await recipient()
    const id = await postOf(me)
    await told({ userId: me.id, actorId: (await actor('Ann')).id, kind: 'like', measurementId: id })
    await t.db.update(measurements).set({ hiddenAt: new Date() }).where(eq(measurements.id, id))
    expect((await list(me)).groups).toHaveLength(1)
  })

  it("shows an actor's picture, and no picture once a moderator hid their profile", async () => {
    const me = await recipient()
    const ann = await actor('Ann')
    await t.db.update(users).set({ image: '/pictures/ann.webp' }).where(eq(users.id, ann.id))
    await told({ userId: me.id, actorId: ann.id, kind: 'follow' })
    expect((await list(me)).groups[0]?.actors).toEqual([
      { id: ann.id, firstName: 'Ann', lastName: 'Tester', profileImageUrl: '/pictures/ann.webp' },
    ])
    // As a moderation does, with the notification the next change brings (the card follows the list's changes).
    await t.db.update(users).set({ hiddenAt: new Date() }).where(eq(users.id, ann.id))
    await told({ userId: me.id, actorId: (await actor('Bo')).id, kind: 'follow' })
    const [group] = (await list(me)).groups
    expect(group?.actors.map((a) => [a.firstName, a.profileImageUrl])).toEqual([
      ['Bo', null],
      ['Ann', null],
    ])
  })

  it("shows an actor's new name with the list's next change, though the cards are kept between lists", async () => {
    const me = await recipient()
    const ann = await actor('Ann')
    await told({ userId: me.id, actorId: ann.id, kind: 'follow' })
    expect((await list(me)).groups[0]?.actors.map((a) => a.firstName)).toEqual(['Ann'])
    // Straight in the database, as another process would: the card is dropped by the database's event.
    await t.db.update(users).set({ firstName: 'Annie' }).where(eq(users.id, ann.id))
    await told({ userId: me.id, actorId: (await actor('Bo')).id, kind: 'follow' })
    expect((await list(me)).groups[0]?.actors.map((a) => a.firstName)).toEqual(['Bo', 'Annie'])
  })

  it('follows changes made straight in the database without the event hub (its version reads what it shows)', async () => {
    const alone = await startTestApp(t.db)
    try {
      const me = await recipient()
      const author = await createUser(t, { verify: 'mark', firstName: 'Uma' })
      const id = await postOf(author, 'public')
      const comment = await postComment(t, author.cookie, id, `Hi @[Rae](${me.id})`)
      expect(comment.statusCode, comment.body).toBe(201)
      const keys = async () => {
        const res = await alone.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: me.cookie } })
        expect(res.statusCode, res.body).toBe(200)
        return NotificationListSchema.parse(res.json()).groups.map((g) => g.kind)
      }
      expect(await keys()).toEqual(['mention'])
      // No event reaches this app: another process wrote.
      await t.db.update(measurements).set({ visibility: 'private' }).where(eq(measurements.id, id))
      expect(await keys()).toEqual([])
      await t.db.update(measurements).set({ visibility: 'public' }).where(eq(measurements.id, id))
      expect(await keys()).toEqual(['mention'])
      await t.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, comment.json().id))
      expect(await keys()).toEqual([])
      await t.db.update(comments).set({ hiddenAt: null }).where(eq(comments.id, comment.json().id))
      expect(await keys()).toEqual(['mention'])
    } finally {
      await alone.close()
    }
  })

  it('reads its version with the list, the same as the version read on its own', async () => {
    // A member's first request reads both in one statement, the next the version alone: they must agree.
    const me = await recipient()
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: me.cookie } })
    const user = AuthUserSchema.parse(res.json())
    expect((await listNotifications(t.db, user, t.app.memberCards)).version).toBe(
      await notificationsVersion(t.db, me.id, undefined, 'latest'),
    )
    await told({ userId: me.id, actorId: (await actor('Ann')).id, kind: 'follow' })
    const read = await listNotifications(t.db, user, t.app.memberCards)
    expect(read.list.groups).toHaveLength(1)
    expect(read.version).toBe(await notificationsVersion(t.db, me.id, undefined, 'latest'))
  })
})

describe('GET /api/notifications kept per member', () => {
  it('asks the database only for the newest notification while the list is kept', async () => {
    const me = await recipient()
    await told({ userId: me.id, actorId: (await actor('Ann')).id, kind: 'follow' })
    // A member changed within the last second has every session checked in the database (ADR 019): wait it out.
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    await list(me)
    const database = countDatabaseCalls(t.db)
    expect((await list(me)).groups).toHaveLength(1)
    const statements = database.statements()
    database.stop()
    expect(statements).toBe(1)
  })
})

describe('POST /api/notifications/read', () => {
  it('marks one group read, then all; a new notification makes its group unread again', async () => {
    const me = await recipient()
    const [one, two] = [await postOf(me), await postOf(me)]
    const ann = await actor('Ann')
    await told(
      { userId: me.id, actorId: ann.id, kind: 'like', measurementId: one },
      { userId: me.id, actorId: ann.id, kind: 'like', measurementId: two },
      { userId: me.id, actorId: ann.id, kind: 'follow' },
    )
    const res = await markRead(me, `like:${one}`)
    expect(res.statusCode, res.body).toBe(200)
    const afterOne = NotificationListSchema.parse(res.json())
    expect(afterOne.unreadCount).toBe(2)
    expect(afterOne.groups.map((g) => [g.key, g.unread])).toEqual([
      ['follow', true],
      [`like:${two}`, true],
      [`like:${one}`, false],
    ])

    const afterAll = NotificationListSchema.parse((await markRead(me)).json())
    expect(afterAll.unreadCount).toBe(0)
    expect(afterAll.groups.every((g) => !g.unread)).toBe(true)

    await told({ userId: me.id, actorId: (await actor('Bo')).id, kind: 'like', measurementId: one })
    const bell = await list(me)
    expect(bell.unreadCount).toBe(1)
    expect(bell.groups[0]).toMatchObject({ key: `like:${one}`, unread: true, actorCount: 2 })
  })

  it('marks only the member’s own notifications', async () => {
    const me = await recipient()
    const other = await recipient()
    await told({ userId: other.id, actorId: (await actor('Ann')).id, kind: 'follow' })
    await markRead(me, 'follow')
    await markRead(me)
    expect((await list(other)).unreadCount).toBe(1)
  })

  it('refuses a key longer than 200 characters, naming it', async () => {
    const me = await recipient()
    expectApiError(await markRead(me, 'k'.repeat(201)), 400, /key is too long/)
  })
})

// ---------------------------------------------------------------------------------------------------------------
// The live stream, within one process.

type Stream = { res: LightMyRequestResponse; events: () => { event: string; data: string }[]; text: () => string }

async function openStream(member: SignedInUser, app = t.app): Promise<Stream> {
  const res = await app.inject({
    method: 'GET',
    url: '/api/notifications/stream',
    headers: { cookie: member.cookie },
    payloadAsStream: true,
  })
  let text = ''
  res.stream().on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
  })
  res.stream().on('error', () => {})
  return { res, text: () => text, events: () => parseEvents(text) }
}

/** Server-Sent Events as a browser reads them: blocks separated by a blank line; comments (':') skipped. */
function parseEvents(text: string): { event: string; data: string }[] {
  return text
    .split('\n\n')
    .slice(0, -1)
    .map((block) => {
      const lines = block.split('\n').filter((line) => !line.startsWith(':'))
      const field = (name: string) =>
        lines
          .filter((line) => line.startsWith(`${name}:`))
          .map((line) => line.slice(name.length + 1).trim())
          .join('\n')
      return { event: field('event'), data: field('data') }
    })
    .filter((e) => e.event || e.data)
}

async function until<T>(read: () => T, ok: (value: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = read()
    if (ok(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const counts = (s: Stream) =>
  s
    .events()
    .filter((e) => e.event === 'notification')
    .map((e) => (JSON.parse(e.data) as { unreadCount: number }).unreadCount)

describe('GET /api/notifications/stream', () => {
  it('sends the unread count on connect and again after a like, with the security headers', async () => {
    const me = await recipient()
    const fan = await createUser(t, { verify: 'mark', firstName: 'Fay' })
    const id = await postOf(me)
    const stream = await openStream(me)
    try {
      expect(stream.res.statusCode).toBe(200)
      expect(stream.res.headers['content-type']).toBe('text/event-stream; charset=utf-8')
      expect(stream.res.headers['cache-control']).toBe('no-cache, no-transform')
      expect(stream.res.headers['x-accel-buffering']).toBe('no')
      expect(stream.res.headers['x-content-type-options']).toBe('nosniff')
      expect(stream.res.headers['content-security-policy']).toContain("default-src 'self'")
      expect(
        await until(
          () => counts(stream),
          (c) => c.length === 1,
        ),
      ).toEqual([0])
      expect(stream.text().startsWith('retry: 5000\n\n')).toBe(true)

      expect((await sendLike(t, fan.cookie, id)).statusCode).toBe(200)
      expect(
        await until(
          () => counts(stream),
          (c) => c.length === 2,
        ),
      ).toEqual([0, 1])

      // Read elsewhere (another tab): the badge follows.
      await markRead(me)
      expect(
        await until(
          () => counts(stream),
          (c) => c.length === 3,
        ),
      ).toEqual([0, 1, 0])
    } finally {
      stream.res.raw.res.destroy()
    }
  })

  it('tells nothing of a like that was rolled back or concerns someone else', async () => {
    const me = await recipient()
    const other = await recipient()
    const stream = await openStream(me)
    try {
      await until(
        () => counts(stream),
        (c) => c.length === 1,
      )
      await told({ userId: other.id, actorId: (await actor('Ann')).id, kind: 'follow' })
      await t.db
        .transaction(async (tx) => {
          await notify(tx, { userId: me.id, actorId: other.id, kind: 'follow' })
          throw new Error('rolled back')
        })
        .catch(() => {})
      await told({ userId: me.id, actorId: other.id, kind: 'follow' })
      expect(
        await until(
          () => counts(stream),
          (c) => c.length === 2,
        ),
      ).toEqual([0, 1])
    } finally {
      stream.res.raw.res.destroy()
    }
  })

  it(`keeps at most ${MAX_STREAMS_PER_MEMBER} streams per member: one more ends the oldest`, async () => {
    const me = await recipient()
    const streams: Stream[] = []
    const ended: boolean[] = []
    for (let i = 0; i <= MAX_STREAMS_PER_MEMBER; i++) {
      const stream = await openStream(me)
      const index = streams.push(stream) - 1
      ended[index] = false
      stream.res.stream().on('end', () => {
        ended[index] = true
      })
    }
    try {
      const result = await until(
        () => [...ended],
        (e) => e[0] === true,
      )
      expect(result).toEqual([true, ...Array(MAX_STREAMS_PER_MEMBER).fill(false)])
    } finally {
      for (const s of streams) s.res.raw.res.destroy()
    }
  })
})

describe('an app without a database listener', () => {
  let quiet: TestApp

  beforeAll(async () => {
    // The same database, no LISTEN: events stay within the process.
    quiet = await startTestApp(t.db)
  })
  afterAll(() => quiet?.close())

  it("streams hear of this process's likes, and the list still follows every change", async () => {
    expect(quiet.app.events.live).toBe(false)
    const me = await recipient()
    const fan = await createUser(t, { verify: 'mark', firstName: 'Fay' })
    const id = await postOf(me)
    const stream = await openStream(me, quiet.app)
    try {
      expect(
        await until(
          () => counts(stream),
          (c) => c.length === 1,
        ),
      ).toEqual([0])
      expect((await sendLike(quiet, fan.cookie, id)).statusCode).toBe(200)
      expect(
        await until(
          () => counts(stream),
          (c) => c.length === 2,
        ),
      ).toEqual([0, 1])
      // Made elsewhere (no event reaches this app): the list is still exact, read from the database.
      await told({ userId: me.id, actorId: (await actor('Ann')).id, kind: 'follow' })
      const res = await getNotifications(quiet, me.cookie)
      expect(NotificationListSchema.parse(res.json()).groups.map((g) => g.kind)).toEqual(['follow', 'like'])
    } finally {
      stream.res.raw.res.destroy()
    }
  })
})
