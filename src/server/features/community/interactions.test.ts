import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, comments, follows, likes, measurements, notifications, users } from '#server/db/schema.ts'
import {
  COMMUNITY_LIMITS,
  type Comment,
  type CommentPage,
  CommentPageSchema,
  CommentSchema,
  LikeStateSchema,
} from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createMeasurement,
  createUser,
  postComment,
  type SignedInUser,
  sendLike,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Likes and comments: idempotent and counted once under double clicks and concurrent requests; only on
// posts the member may see; comment bodies bounded and returned as inert JSON text; delete by the author or an
// admin; mentions notify only members who may see the post.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const member = (firstName = 'Ada') => createUser(t, { verify: 'mark', firstName })
/** An approved member who never signs in in the test (a row, not a sign-up: mentions only need them to exist). */
async function quietMember(firstName: string, flags: { betaApproved?: boolean; isAdmin?: boolean } = {}) {
  const id = randomUUID().replaceAll('-', '')
  await t.db.insert(users).values({
    id,
    name: firstName,
    firstName,
    email: `${id}@example.test`,
    emailVerified: true,
    betaApproved: flags.betaApproved ?? true,
    gatePassed: true,
    isAdmin: flags.isAdmin ?? false,
  })
  return { id }
}
const postOf = async (owner: SignedInUser, visibility: Visibility = 'public') =>
  (await createMeasurement(t, owner.cookie, { visibility })).id
type Someone = { id: string }
const follow = (follower: Someone, followee: Someone) =>
  t.db.insert(follows).values({ followerId: follower.id, followeeId: followee.id })
const block = (blocker: Someone, blocked: Someone) =>
  t.db.insert(blocks).values({ blockerId: blocker.id, blockedId: blocked.id })
const hide = (measurementId: string) =>
  t.db.update(measurements).set({ hiddenAt: new Date() }).where(eq(measurements.id, measurementId))

async function counts(measurementId: string) {
  const [row] = await t.db
    .select({ likeCount: measurements.likeCount, commentCount: measurements.commentCount })
    .from(measurements)
    .where(eq(measurements.id, measurementId))
  return row
}

function notificationsOf(userId: string) {
  return t.db.select().from(notifications).where(eq(notifications.userId, userId))
}

const listComments = (cookie: string, measurementId: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/measurements/${measurementId}/comments${query}`, headers: { cookie } })
const deleteComment = (cookie: string, measurementId: string, commentId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/measurements/${measurementId}/comments/${commentId}`,
    headers: browserHeaders(cookie),
  })

async function comment(author: SignedInUser, measurementId: string, body = 'Great buck'): Promise<Comment> {
  const res = await postComment(t, author.cookie, measurementId, body)
  expect(res.statusCode, res.body).toBe(201)
  return CommentSchema.parse(res.json())
}

describe('likes', () => {
  let owner: SignedInUser
  let fan: SignedInUser

  beforeAll(async () => {
    owner = await member('Owen')
    fan = await member('Fay')
  })

  it('likes once however often it is sent, and unlikes the same way', async () => {
    const id = await postOf(owner)
    for (const expected of [1, 1]) {
      const res = await sendLike(t, fan.cookie, id)
      expect(res.statusCode, res.body).toBe(200)
      expect(LikeStateSchema.parse(res.json())).toEqual({ liked: true, likeCount: expected })
    }
    for (let i = 0; i < 2; i++) {
      const res = await sendLike(t, fan.cookie, id, 'DELETE')
      expect(res.json()).toEqual({ liked: false, likeCount: 0 })
    }
    expect(await counts(id)).toMatchObject({ likeCount: 0 })
  })

  it('ten concurrent likes by one member make one row, a count of 1 and one notification', async () => {
    const id = await postOf(owner)
    const answers = await Promise.all(Array.from({ length: 10 }, () => sendLike(t, fan.cookie, id)))
    for (const res of answers) expect(res.json()).toEqual({ liked: true, likeCount: 1 })
    const rows = await t.db.select().from(likes).where(eq(likes.measurementId, id))
    expect(rows).toHaveLength(1)
    expect(await counts(id)).toMatchObject({ likeCount: 1 })
    const told = (await notificationsOf(owner.id)).filter((n) => n.measurementId === id)
    expect(told.map((n) => [n.kind, n.actorId])).toEqual([['like', fan.id]])
  })

  it('counts concurrent likes of different members each once', async () => {
    const id = await postOf(owner)
    const fans = [fan, await member('Gus'), await member('Hal')]
    await Promise.all(fans.flatMap((f) => [sendLike(t, f.cookie, id), sendLike(t, f.cookie, id)]))
    expect(await counts(id)).toMatchObject({ likeCount: 3 })
    const res = await sendLike(t, fan.cookie, id, 'DELETE')
    expect(res.json()).toEqual({ liked: false, likeCount: 2 })
  })

  it('takes back the unread notification with the like, and keeps one the owner has read', async () => {
    const id = await postOf(owner)
    await sendLike(t, fan.cookie, id)
    await sendLike(t, fan.cookie, id, 'DELETE')
    expect((await notificationsOf(owner.id)).filter((n) => n.measurementId === id)).toEqual([])

    await sendLike(t, fan.cookie, id)
    await t.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.measurementId, id))
    await sendLike(t, fan.cookie, id, 'DELETE')
    expect((await notificationsOf(owner.id)).filter((n) => n.measurementId === id)).toHaveLength(1)
  })

  it('lets members like their own post, without notifying themselves', async () => {
    const id = await postOf(owner)
    expect((await sendLike(t, owner.cookie, id)).json()).toEqual({ liked: true, likeCount: 1 })
    expect((await notificationsOf(owner.id)).filter((n) => n.measurementId === id)).toEqual([])
  })

  it('answers 404 for a post the member may not see, and 200 once they may', async () => {
    const stranger = await member('Sid')
    const privateId = await postOf(owner, 'private')
    const followersId = await postOf(owner, 'followers')
    const hiddenId = await postOf(owner)
    await hide(hiddenId)
    for (const id of [privateId, followersId, hiddenId, '6f1c1d1e-1111-4aaa-8bbb-1234567890ab']) {
      expectApiError(await sendLike(t, stranger.cookie, id), 404, 'Measurement not found')
      expectApiError(await sendLike(t, stranger.cookie, id, 'DELETE'), 404, 'Measurement not found')
    }
    await follow(stranger, owner)
    expect((await sendLike(t, stranger.cookie, followersId)).statusCode).toBe(200)
    expect(await counts(privateId)).toMatchObject({ likeCount: 0 })
  })

  it.each(['owner blocks the member', 'member blocks the owner'])('answers 404 across a block (%s)', async (way) => {
    const blockOwner = await member('Bo')
    const other = await member('Cy')
    const id = await postOf(blockOwner)
    if (way.startsWith('owner')) await block(blockOwner, other)
    else await block(other, blockOwner)
    expectApiError(await sendLike(t, other.cookie, id), 404, 'Measurement not found')
  })

  it('refuses an id that is not a UUID, naming it', async () => {
    expectApiError(await sendLike(t, fan.cookie, 'not-a-uuid'), 400, /id must be a UUID/)
  })
})

describe('comments', () => {
  let owner: SignedInUser
  let writer: SignedInUser
  let admin: SignedInUser

  beforeAll(async () => {
    owner = await member('Owen')
    writer = await member('Wren')
    admin = await createUser(t, { state: 'admin', verify: 'mark', firstName: 'Ava' })
  })

  it('adds a comment: 201 with the comment, the count, and a notification to the owner', async () => {
    const id = await postOf(owner)
    const made = await comment(writer, id, '  What a rack!  ')
    expect(made).toMatchObject({
      measurementId: id,
      author: { id: writer.id, firstName: 'Wren' },
      body: 'What a rack!',
      canDelete: true,
      hidden: false,
    })
    expect(await counts(id)).toMatchObject({ commentCount: 1 })
    const told = (await notificationsOf(owner.id)).filter((n) => n.measurementId === id)
    expect(told.map((n) => [n.kind, n.actorId, n.commentId, n.groupKey])).toEqual([
      ['comment', writer.id, made.id, `comment:${id}`],
    ])
  })

  it.each([
    ['', 'body is required'],
    ['   ', 'body is required'],
    ['x'.repeat(COMMUNITY_LIMITS.commentChars + 1), 'body must be at most 2,000 characters'],
  ])('refuses a body of %#: 400 naming body', async (body, message) => {
    const id = await postOf(owner)
    const res = await postComment(t, writer.cookie, id, body)
    const error = expectApiError(res, 400)
    expect(JSON.stringify(error.error)).toContain(message)
    expect(await counts(id)).toMatchObject({ commentCount: 0 })
  })

  it('accepts exactly 2,000 characters', async () => {
    const id = await postOf(owner)
    const made = await comment(writer, id, 'y'.repeat(2000))
    expect(made.body).toHaveLength(2000)
  })

  it('returns a script tag verbatim as JSON text, never as HTML', async () => {
    const id = await postOf(owner)
    const body = '<script>alert(1)</script> <img src=x onerror=alert(2)>'
    const res = await postComment(t, writer.cookie, id, body)
    expect(res.statusCode).toBe(201)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.json().body).toBe(body)
    const list = await listComments(owner.cookie, id)
    expect(list.headers['content-type']).toMatch(/^application\/json/)
    expect(list.json().items[0].body).toBe(body)
  })

  it('lists oldest first in keyset pages without repeats or gaps; total is the count', async () => {
    const id = await postOf(owner)
    const made: string[] = []
    for (let i = 1; i <= 5; i++) made.push((await comment(i % 2 ? writer : owner, id, `comment ${i}`)).id)
    const seen: string[] = []
    let cursor: string | null = null
    let pages = 0
    do {
      const res = await listComments(owner.cookie, id, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      expect(res.statusCode, res.body).toBe(200)
      const page: CommentPage = CommentPageSchema.parse(res.json())
      expect(page.total).toBe(5)
      seen.push(...page.items.map((c) => c.id))
      cursor = page.nextCursor
      pages += 1
    } while (cursor)
    expect(seen).toEqual(made)
    expect(pages).toBe(3)
    expectApiError(await listComments(owner.cookie, id, '?cursor=nonsense'), 400, /cursor/)
    expectApiError(await listComments(owner.cookie, id, '?limit=51'), 400, /limit must be at most 50/)
  })

  it('shows a hidden comment only to its author and admins, flagged hidden', async () => {
    const id = await postOf(owner)
    const shown = await comment(writer, id, 'fine')
    const hidden = await comment(writer, id, 'rude')
    await t.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, hidden.id))
    const bodies = async (viewer: SignedInUser) =>
      CommentPageSchema.parse((await listComments(viewer.cookie, id)).json()).items.map((c) => [c.body, c.hidden])
    expect(await bodies(owner)).toEqual([['fine', false]])
    expect(await bodies(writer)).toEqual([
      ['fine', false],
      ['rude', true],
    ])
    expect(await bodies(admin)).toEqual([
      ['fine', false],
      ['rude', true],
    ])
    expect(shown.hidden).toBe(false)
  })

  it.each(['viewer blocks the author', 'author blocks the viewer'])(
    'leaves out comments across a block (%s)',
    async (way) => {
      const id = await postOf(owner)
      const viewer = await member('Vi')
      const author = await member('Al')
      await comment(author, id, 'from across a block')
      await comment(writer, id, 'visible')
      if (way.startsWith('viewer')) await block(viewer, author)
      else await block(author, viewer)
      const page = CommentPageSchema.parse((await listComments(viewer.cookie, id)).json())
      expect(page.items.map((c) => c.body)).toEqual(['visible'])
    },
  )

  it('answers 404 for the comments of a post the member may not see', async () => {
    const stranger = await member('Sid')
    const id = await postOf(owner, 'followers')
    expectApiError(await listComments(stranger.cookie, id), 404, 'Measurement not found')
    expectApiError(await postComment(t, stranger.cookie, id, 'hello'), 404, 'Measurement not found')
  })

  it('deletes: the author and admins (204, count down); anyone else 404', async () => {
    const id = await postOf(owner)
    const mine = await comment(writer, id, 'mine')
    const other = await comment(writer, id, 'other')
    const byOwner = await comment(owner, id, 'the owner')
    expect(await counts(id)).toMatchObject({ commentCount: 3 })

    // Not the author, not an admin: the post's owner neither.
    expectApiError(await deleteComment(owner.cookie, id, mine.id), 404, 'Comment not found')
    expectApiError(await deleteComment(writer.cookie, id, byOwner.id), 404, 'Comment not found')
    expect((await deleteComment(writer.cookie, id, mine.id)).statusCode).toBe(204)
    expect((await deleteComment(admin.cookie, id, other.id)).statusCode).toBe(204)
    expect(await counts(id)).toMatchObject({ commentCount: 1 })
    expectApiError(await deleteComment(writer.cookie, id, mine.id), 404, 'Comment not found')
    // Its notification went with it.
    expect((await notificationsOf(owner.id)).filter((n) => n.commentId === mine.id)).toEqual([])
  })

  it('deleting a hidden comment leaves the count (it no longer counted)', async () => {
    const id = await postOf(owner)
    const kept = await comment(writer, id, 'kept')
    const gone = await comment(writer, id, 'hidden')
    // What moderation does when it hides a comment: the count leaves it out.
    await t.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, gone.id))
    await t.db.update(measurements).set({ commentCount: 1 }).where(eq(measurements.id, id))
    expect((await deleteComment(writer.cookie, id, gone.id)).statusCode).toBe(204)
    expect(await counts(id)).toMatchObject({ commentCount: 1 })
    expect(kept.body).toBe('kept')
  })

  it('a comment id of another measurement is not found', async () => {
    const id = await postOf(owner)
    const elsewhere = await comment(writer, await postOf(owner), 'elsewhere')
    expectApiError(await deleteComment(writer.cookie, id, elsewhere.id), 404, 'Comment not found')
  })
})

describe('mentions', () => {
  let owner: SignedInUser
  let author: SignedInUser

  beforeAll(async () => {
    owner = await member('Owen')
    author = await member('Ann')
  })

  const mention = (user: { id: string }, name = 'Someone') => `@[${name}](${user.id})`
  const mentionsOf = async (commentId: string) =>
    (
      await t.db
        .select({ userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.commentId, commentId), eq(notifications.kind, 'mention')))
    ).map((n) => n.userId)

  it('notifies only approved members who may see the post', async () => {
    const follower = await quietMember('Fol')
    const stranger = await quietMember('Str')
    const pending = await quietMember('Pen', { betaApproved: false })
    const blockedByOwner = await quietMember('Blo')
    const blocksAuthor = await quietMember('Bla')
    const admin = await quietMember('Adm', { isAdmin: true })
    await follow(author, owner)
    for (const f of [follower, pending, blockedByOwner, blocksAuthor]) await follow(f, owner)
    await block(owner, blockedByOwner)
    await block(blocksAuthor, author)
    const id = await postOf(owner, 'followers')

    const everyone = [follower, stranger, pending, blockedByOwner, blocksAuthor, admin, owner, author]
    const body = `${everyone.map((u) => mention(u)).join(' ')} @[Ghost](noSuchMember123)`
    const made = await comment(author, id, body)

    // The stranger and the admin do not follow: a followers-only post is not theirs to see.
    expect(await mentionsOf(made.id)).toEqual([follower.id])
    // The owner hears of it once, as the comment.
    const ownerTold = (await notificationsOf(owner.id)).filter((n) => n.commentId === made.id)
    expect(ownerTold.map((n) => n.kind)).toEqual(['comment'])
    expect(made.body).toBe(body)
  })

  it('notifies each member once, and at most the first 10 mentioned', async () => {
    const id = await postOf(owner)
    const people: Someone[] = []
    for (let i = 0; i < COMMUNITY_LIMITS.mentionsPerComment + 1; i++) people.push(await quietMember(`M${i}`))
    const first = people[0] as Someone
    const body = [mention(first), mention(first, 'Again'), ...people.map((p) => mention(p))].join(' ')
    const made = await comment(author, id, body)
    const told = await mentionsOf(made.id)
    expect(told.sort()).toEqual(
      people
        .slice(0, COMMUNITY_LIMITS.mentionsPerComment)
        .map((p) => p.id)
        .sort(),
    )
  })

  it('notifies the admin of a hidden post only when they are mentioned by its owner', async () => {
    const admin = await quietMember('Adm', { isAdmin: true })
    const someone = await quietMember('Sam')
    const id = await postOf(owner)
    await hide(id)
    const made = await comment(owner, id, `${mention(admin)} ${mention(someone)}`)
    expect(await mentionsOf(made.id)).toEqual([admin.id])
  })
})

describe('rate limits', () => {
  let limited: TestApp

  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: { commentCreate: { max: 2, windowMs: 60_000 }, communityWrite: { max: 3, windowMs: 60_000 } },
    })
  })
  afterAll(() => limited?.close())

  it('limits comments and likes per member', async () => {
    const a = await createUser(limited, { verify: 'mark' })
    const b = await createUser(limited, { verify: 'mark' })
    const id = (await createMeasurement(limited, a.cookie, { visibility: 'public' })).id
    for (let i = 0; i < 2; i++) expect((await postComment(limited, a.cookie, id, `c${i}`)).statusCode).toBe(201)
    expectApiError(await postComment(limited, a.cookie, id, 'one too many'), 429, /Too many attempts/)
    expect((await postComment(limited, b.cookie, id, 'mine')).statusCode).toBe(201)

    for (let i = 0; i < 3; i++) expect((await sendLike(limited, a.cookie, id)).statusCode).toBe(200)
    expectApiError(await sendLike(limited, a.cookie, id), 429, /Too many attempts/)
    expect((await sendLike(limited, b.cookie, id)).statusCode).toBe(200)
  })
})
