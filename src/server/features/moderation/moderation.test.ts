import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, comments, follows, measurements, reports, users } from '#server/db/schema.ts'
import {
  type CreateReport,
  PostPageSchema,
  PostSchema,
  type Report,
  ReportListSchema,
  ReportSchema,
  type ReportTarget,
} from '#shared/schemas/community.ts'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createMeasurement,
  createUser,
  postReport,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Moderation: members report a post, a comment or a profile; admins hide, restore or dismiss; hidden content
// disappears for everyone but its author and admins, through every route.

let t: TestApp
let author: SignedInUser
let reporter: SignedInUser
let second: SignedInUser
let admin: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  author = await createUser(t, { verify: 'mark', firstName: 'Abe', lastName: 'Author' })
  reporter = await createUser(t, { verify: 'mark', firstName: 'Rita', lastName: 'Reporter' })
  second = await createUser(t, { verify: 'mark', firstName: 'Sam' })
  admin = await createUser(t, { state: 'admin', verify: 'mark' })
})
afterAll(() => t?.close())

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })

async function post(overrides: Partial<CreateMeasurement> = {}, who = author): Promise<Measurement> {
  return createMeasurement(t, who.cookie, { visibility: 'public', caption: 'Opening morning buck', ...overrides })
}

/** A comment stored directly (the comment routes are another part's); counted on its measurement. */
async function comment(measurementId: string, who: SignedInUser, body = 'Nice one!'): Promise<string> {
  const id = randomUUID()
  await t.db.insert(comments).values({ id, measurementId, userId: who.id, body })
  const [m] = await t.db
    .select({ n: measurements.commentCount })
    .from(measurements)
    .where(eq(measurements.id, measurementId))
  await t.db
    .update(measurements)
    .set({ commentCount: (m?.n ?? 0) + 1 })
    .where(eq(measurements.id, measurementId))
  return id
}

const commentCountOf = async (measurementId: string) =>
  (await t.db.select({ n: measurements.commentCount }).from(measurements).where(eq(measurements.id, measurementId)))[0]
    ?.n

async function report(who: SignedInUser, body: CreateReport): Promise<string> {
  const res = await postReport(t, who.cookie, body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

const resolve = (reportId: string, action: string, cookie = admin.cookie) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${reportId}/resolve`,
    headers: browserHeaders(cookie),
    payload: { action },
  })

async function resolved(reportId: string, action: 'hide' | 'restore' | 'dismiss'): Promise<Report> {
  const res = await resolve(reportId, action)
  expect(res.statusCode, res.body).toBe(200)
  return ReportSchema.parse(res.json())
}

async function adminList(status: 'open' | 'resolved') {
  const res = await get(`/api/admin/reports?status=${status}`, admin.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return ReportListSchema.parse(res.json())
}

const statusOf = async (reportId: string) => (await t.db.select().from(reports).where(eq(reports.id, reportId)))[0]

describe('POST /api/reports', () => {
  it('records a report of a post (201 {id}), open', async () => {
    const m = await post()
    const res = await postReport(t, reporter.cookie, {
      targetType: 'measurement',
      targetId: m.id,
      reason: 'location',
      details: 'Shows the stand',
    })
    expect(res.statusCode, res.body).toBe(201)
    expect(Object.keys(res.json())).toEqual(['id'])
    expect(await statusOf(res.json().id)).toMatchObject({
      reporterId: reporter.id,
      targetType: 'measurement',
      targetId: m.id,
      reason: 'location',
      details: 'Shows the stand',
      status: 'open',
    })
  })

  it('records a report of a comment and of a member', async () => {
    const m = await post()
    const c = await comment(m.id, author, 'rude words')
    await report(reporter, { targetType: 'comment', targetId: c, reason: 'harassment' })
    await report(reporter, { targetType: 'user', targetId: author.id, reason: 'spam' })
  })

  it('reporting the same target again updates it and opens it again: one row', async () => {
    const m = await post()
    const first = await report(reporter, { targetType: 'measurement', targetId: m.id, reason: 'spam' })
    await resolved(first, 'dismiss')
    const again = await report(reporter, {
      targetType: 'measurement',
      targetId: m.id.toUpperCase(),
      reason: 'false-size',
      details: 'That is a yearling',
    })
    expect(again).toBe(first)
    expect(await statusOf(first)).toMatchObject({
      reason: 'false-size',
      details: 'That is a yearling',
      status: 'open',
      resolvedAt: null,
      resolvedBy: null,
    })
    expect(await t.db.select().from(reports).where(eq(reports.targetId, m.id))).toHaveLength(1)
  })

  it.each<[ReportTarget, string]>([
    ['measurement', 'a post'],
    ['comment', 'a comment'],
    ['user', 'the own profile'],
  ])('refuses a report of one’s own content: %s (400)', async (targetType) => {
    const m = await post({}, reporter)
    const targetId =
      targetType === 'measurement' ? m.id : targetType === 'comment' ? await comment(m.id, reporter) : reporter.id
    expectApiError(
      await postReport(t, reporter.cookie, { targetType, targetId, reason: 'other' }),
      400,
      'You cannot report your own content',
    )
  })

  it.each<[ReportTarget, string, string]>([
    ['measurement', '00000000-0000-4000-8000-000000000000', 'Measurement not found'],
    ['measurement', 'not-a-uuid', 'Measurement not found'],
    ['comment', '00000000-0000-4000-8000-000000000000', 'Comment not found'],
    ['comment', 'not-a-uuid', 'Comment not found'],
    ['user', 'nobodyWithThisId', 'Member not found'],
  ])('an unknown %s %s: 404 naming it', async (targetType, targetId, message) => {
    expectApiError(await postReport(t, reporter.cookie, { targetType, targetId, reason: 'spam' }), 404, message)
  })

  type Setup = () => Promise<CreateReport>
  const INVISIBLE: [string, Setup, string][] = [
    [
      'a private post',
      async () => ({ targetType: 'measurement', targetId: (await post({ visibility: 'private' })).id, reason: 'spam' }),
      'Measurement not found',
    ],
    [
      'a followers-only post of a member not followed',
      async () => ({
        targetType: 'measurement',
        targetId: (await post({ visibility: 'followers' })).id,
        reason: 'spam',
      }),
      'Measurement not found',
    ],
    [
      'a hidden post',
      async () => {
        const m = await post()
        await t.db.update(measurements).set({ hiddenAt: new Date() }).where(eq(measurements.id, m.id))
        return { targetType: 'measurement', targetId: m.id, reason: 'spam' }
      },
      'Measurement not found',
    ],
    [
      'a post of a member who blocked the reporter',
      async () => {
        const m = await post({}, second)
        await t.db.insert(blocks).values({ blockerId: second.id, blockedId: reporter.id })
        return { targetType: 'measurement', targetId: m.id, reason: 'spam' }
      },
      'Measurement not found',
    ],
    [
      'a comment on a private post',
      async () => {
        const m = await post({ visibility: 'private' })
        return { targetType: 'comment', targetId: await comment(m.id, author), reason: 'spam' }
      },
      'Comment not found',
    ],
    [
      'a hidden comment',
      async () => {
        const id = await comment((await post()).id, author)
        await t.db.update(comments).set({ hiddenAt: new Date() }).where(eq(comments.id, id))
        return { targetType: 'comment', targetId: id, reason: 'spam' }
      },
      'Comment not found',
    ],
    [
      'a comment by a member the reporter blocked',
      async () => {
        const id = await comment((await post()).id, second)
        await t.db.insert(blocks).values({ blockerId: reporter.id, blockedId: second.id })
        return { targetType: 'comment', targetId: id, reason: 'spam' }
      },
      'Comment not found',
    ],
    [
      'a member the reporter blocked',
      async () => {
        await t.db.insert(blocks).values({ blockerId: reporter.id, blockedId: second.id })
        return { targetType: 'user', targetId: second.id, reason: 'spam' }
      },
      'Member not found',
    ],
    [
      'a member not approved',
      async () => {
        const pending = await createUser(t, { state: 'pending', verify: 'mark' })
        return { targetType: 'user', targetId: pending.id, reason: 'spam' }
      },
      'Member not found',
    ],
  ]

  it.each(INVISIBLE)('refuses %s as if it did not exist (404)', async (_name, setup, message) => {
    try {
      const body = await setup()
      expectApiError(await postReport(t, reporter.cookie, body), 404, message)
      expect(await t.db.select().from(reports).where(eq(reports.targetId, body.targetId))).toEqual([])
    } finally {
      await t.db.delete(blocks).where(eq(blocks.blockerId, reporter.id))
      await t.db.delete(blocks).where(eq(blocks.blockerId, second.id))
    }
  })

  it('accepts a followers-only post from a follower', async () => {
    const m = await post({ visibility: 'followers' })
    await t.db.insert(follows).values({ followerId: reporter.id, followeeId: author.id })
    try {
      await report(reporter, { targetType: 'measurement', targetId: m.id, reason: 'other' })
    } finally {
      await t.db.delete(follows).where(eq(follows.followerId, reporter.id))
    }
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an unknown reason', { reason: 'rude' }, 'reason'],
    ['an unknown target type', { targetType: 'photo' }, 'targetType'],
    ['overlong details', { details: 'x'.repeat(1001) }, 'details'],
  ])('refuses %s (400 naming %s)', async (_name, change, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reports',
      headers: browserHeaders(reporter.cookie),
      payload: { targetType: 'user', targetId: author.id, reason: 'spam', ...change },
    })
    const body = expectApiError(res, 400)
    expect(body.error.issues?.map((i) => i.path)).toContain(field)
    expect(body.error.message.startsWith(`${field}:`), body.error.message).toBe(true)
  })
})

describe('GET /api/admin/reports', () => {
  it('lists open reports newest first with the reporter and the target as an admin sees it', async () => {
    const m = await post({ caption: 'Look at this 10 pointer' })
    const c = await comment(m.id, second, 'you liar')
    await t.db.update(users).set({ bio: 'Bowhunter from Ohio' }).where(eq(users.id, second.id))
    const onPost = await report(reporter, { targetType: 'measurement', targetId: m.id, reason: 'false-size' })
    const onComment = await report(reporter, { targetType: 'comment', targetId: c, reason: 'harassment' })
    const onUser = await report(reporter, { targetType: 'user', targetId: second.id, reason: 'harassment' })

    const list = await adminList('open')
    const ids = list.items.map((r) => r.id)
    expect(ids.indexOf(onUser)).toBeLessThan(ids.indexOf(onComment))
    expect(ids.indexOf(onComment)).toBeLessThan(ids.indexOf(onPost))
    expect(list.items.every((r) => r.status === 'open')).toBe(true)
    expect(list.openCount).toBe((await t.db.select().from(reports).where(eq(reports.status, 'open'))).length)
    const byId = new Map(list.items.map((r) => [r.id, r]))
    expect(byId.get(onPost)).toMatchObject({
      reason: 'false-size',
      reporter: { id: reporter.id, firstName: 'Rita', lastName: 'Reporter' },
      target: {
        author: { id: author.id, firstName: 'Abe' },
        text: 'Look at this 10 pointer',
        href: `/measurements/${m.id}`,
        hidden: false,
      },
      resolvedAt: null,
    })
    expect(byId.get(onComment)?.target).toEqual({
      author: expect.objectContaining({ id: second.id }),
      text: 'you liar',
      href: `/measurements/${m.id}`,
      hidden: false,
    })
    expect(byId.get(onUser)?.target).toMatchObject({
      author: { id: second.id },
      text: 'Bowhunter from Ohio',
      href: `/profile/${second.id}`,
    })
  })

  it('shows a profile without a bio by its name, and content that is gone as gone', async () => {
    const lone = await createUser(t, { verify: 'mark', firstName: 'Lone', lastName: 'Wolf' })
    const onUser = await report(reporter, { targetType: 'user', targetId: lone.id, reason: 'spam' })
    const m = await post({}, lone)
    const onPost = await report(reporter, { targetType: 'measurement', targetId: m.id, reason: 'spam' })
    await t.app.inject({ method: 'DELETE', url: `/api/measurements/${m.id}`, headers: browserHeaders(lone.cookie) })
    const byId = new Map((await adminList('open')).items.map((r) => [r.id, r]))
    expect(byId.get(onUser)?.target.text).toBe('Lone Wolf')
    expect(byId.get(onPost)?.target).toEqual({ author: null, text: null, href: null, hidden: false })
  })

  it('lists resolved reports, latest first, apart from the open ones', async () => {
    const a = await report(reporter, { targetType: 'measurement', targetId: (await post()).id, reason: 'spam' })
    const b = await report(reporter, { targetType: 'measurement', targetId: (await post()).id, reason: 'spam' })
    await resolved(a, 'dismiss')
    await resolved(b, 'hide')
    const list = await adminList('resolved')
    expect(list.items.slice(0, 2).map((r) => [r.id, r.status])).toEqual([
      [b, 'hidden'],
      [a, 'dismissed'],
    ])
    expect(list.items.every((r) => r.status !== 'open' && r.resolvedAt !== null)).toBe(true)
    expect((await adminList('open')).items.map((r) => r.id)).not.toContain(a)
  })

  it('refuses members (403) and an unknown status (400)', async () => {
    expectApiError(await get('/api/admin/reports', reporter.cookie), 403, 'Admin access required')
    expectApiError(await get('/api/admin/reports?status=all', admin.cookie), 400, /status/)
  })
})

describe('POST /api/admin/reports/:reportId/resolve', () => {
  it('refuses members (403), an unknown report (404) and an unknown action (400)', async () => {
    const id = await report(reporter, { targetType: 'measurement', targetId: (await post()).id, reason: 'spam' })
    expectApiError(await resolve(id, 'hide', reporter.cookie), 403, 'Admin access required')
    expectApiError(await resolve(id, 'hide', author.cookie), 403, 'Admin access required')
    expect((await statusOf(id))?.status).toBe('open')
    expectApiError(await resolve(randomUUID(), 'hide'), 404, 'Report not found')
    const bad = expectApiError(await resolve(id, 'delete'), 400)
    expect(bad.error.issues?.map((i) => i.path)).toContain('action')
  })

  it('hide: the post disappears for everyone but its author and admins, through every route', async () => {
    const photo = await uploadPhoto(t, author.cookie, await jpeg(64, 48))
    const photoId = photo.json().id as string
    const m = await post({ photoIds: [photoId] })
    const inFeed = async (who: SignedInUser) => {
      const res = await get('/api/feed?tab=everyone&limit=50', who.cookie)
      expect(res.statusCode, res.body).toBe(200)
      return (res.json() as { items: { measurement: { id: string } }[] }).items.some((p) => p.measurement.id === m.id)
    }
    expect(await inFeed(second)).toBe(true)

    const first = await report(reporter, { targetType: 'measurement', targetId: m.id, reason: 'location' })
    const other = await report(second, { targetType: 'measurement', targetId: m.id, reason: 'spam' })
    const done = await resolved(first, 'hide')
    expect(done).toMatchObject({ status: 'hidden', resolvedAt: expect.any(String), target: { hidden: true } })
    expect(await statusOf(other)).toMatchObject({ status: 'hidden', resolvedBy: admin.id })

    for (const who of [reporter, second]) {
      expectApiError(await get(`/api/measurements/${m.id}`, who.cookie), 404, 'Measurement not found')
      expect((await get(`/api/photos/${photoId}/thumb`, who.cookie)).statusCode).toBe(404)
      expect(await inFeed(who)).toBe(false)
    }
    expect((await get(`/api/measurements/${m.id}`, author.cookie)).statusCode).toBe(200)
    expect((await get(`/api/measurements/${m.id}`, admin.cookie)).statusCode).toBe(200)
    expect((await get(`/api/photos/${photoId}/thumb`, author.cookie)).statusCode).toBe(200)
    expect((await get(`/api/share/${m.id}`)).statusCode).toBe(404)
    expect((await get(`/api/photos/${photoId}/thumb`)).statusCode).toBe(404)

    // restore: back for everyone; its reports dismissed.
    const back = await resolved(first, 'restore')
    expect(back).toMatchObject({ status: 'dismissed', target: { hidden: false } })
    expect((await statusOf(other))?.status).toBe('dismissed')
    expect((await get(`/api/measurements/${m.id}`, second.cookie)).statusCode).toBe(200)
    expect((await get(`/api/share/${m.id}`)).statusCode).toBe(200)
    expect(await inFeed(second)).toBe(true)
  })

  it('hide and restore a comment: hidden_at and the measurement’s comment count follow', async () => {
    const m = await post()
    await comment(m.id, second, 'first')
    const c = await comment(m.id, second, 'abusive')
    expect(await commentCountOf(m.id)).toBe(2)
    const id = await report(reporter, { targetType: 'comment', targetId: c, reason: 'harassment' })
    await resolved(id, 'hide')
    expect((await t.db.select().from(comments).where(eq(comments.id, c)))[0]?.hiddenAt).not.toBeNull()
    expect(await commentCountOf(m.id)).toBe(1)
    // Hiding again changes nothing more.
    await resolved(id, 'hide')
    expect(await commentCountOf(m.id)).toBe(1)
    await resolved(id, 'restore')
    expect((await t.db.select().from(comments).where(eq(comments.id, c)))[0]?.hiddenAt).toBeNull()
    expect(await commentCountOf(m.id)).toBe(2)
  })

  it('hide and restore a profile', async () => {
    const target = await createUser(t, { verify: 'mark' })
    const id = await report(reporter, { targetType: 'user', targetId: target.id, reason: 'inappropriate' })
    expect((await resolved(id, 'hide')).target.hidden).toBe(true)
    expect((await t.db.select().from(users).where(eq(users.id, target.id)))[0]?.hiddenAt).not.toBeNull()
    expect((await resolved(id, 'restore')).target.hidden).toBe(false)
    expect((await t.db.select().from(users).where(eq(users.id, target.id)))[0]?.hiddenAt).toBeNull()
  })

  it("a hidden profile's posts lose its picture for others at once, keep it for the member, and get it back", async () => {
    const target = await createUser(t, { verify: 'mark', firstName: 'Pia' })
    const picture = `/api/photos/${randomUUID()}/thumb`
    await t.db.update(users).set({ image: picture }).where(eq(users.id, target.id))
    const m = await post({}, target)
    const authorOf = async (cookie: string) => {
      const res = await get(`/api/measurements/${m.id}/post`, cookie)
      expect(res.statusCode, res.body).toBe(200)
      return PostSchema.parse(res.json()).measurement.owner
    }
    /** The picture on the post in a page (others: the Everyone feed; the member: their profile) and on its own. */
    const pictureFor = async (cookie: string) => {
      const url = cookie === target.cookie ? `/api/profiles/${target.id}/measurements` : '/api/feed?tab=everyone'
      const page = PostPageSchema.parse((await get(url, cookie)).json())
      const inPage = page.items.find((p) => p.measurement.id === m.id)
      return [inPage?.measurement.owner.profileImageUrl, (await authorOf(cookie)).profileImageUrl]
    }
    // Read once so every process holds the card (member-cards.cache.ts); the picture must still go at once.
    await expect.poll(() => pictureFor(second.cookie)).toEqual([picture, picture])
    const id = await report(reporter, { targetType: 'user', targetId: target.id, reason: 'inappropriate' })
    await resolved(id, 'hide')
    expect(await pictureFor(second.cookie)).toEqual([null, null])
    expect(await pictureFor(target.cookie)).toEqual([picture, picture])
    expect((await authorOf(second.cookie)).firstName).toBe('Pia')
    await resolved(id, 'restore')
    expect(await pictureFor(second.cookie)).toEqual([picture, picture])
  })

  it('dismiss: this and the other open reports on the target, and nothing changes on it', async () => {
    const m = await post()
    const a = await report(reporter, { targetType: 'measurement', targetId: m.id, reason: 'spam' })
    const b = await report(second, { targetType: 'measurement', targetId: m.id, reason: 'other' })
    const elsewhere = await report(reporter, { targetType: 'measurement', targetId: (await post()).id, reason: 'spam' })
    expect(await resolved(a, 'dismiss')).toMatchObject({ status: 'dismissed', target: { hidden: false } })
    expect((await statusOf(b))?.status).toBe('dismissed')
    expect((await statusOf(elsewhere))?.status).toBe('open')
    expect((await t.db.select().from(measurements).where(eq(measurements.id, m.id)))[0]?.hiddenAt).toBeNull()
  })
})

describe('rate limit', () => {
  it('a member reporting past reportCreate gets 429', async () => {
    const limited = await createTestApp({ rateLimits: { reportCreate: { max: 1, windowMs: 60_000 } } })
    try {
      const a = await createUser(limited, { verify: 'mark' })
      const b = await createUser(limited, { verify: 'mark' })
      expect(
        (await postReport(limited, a.cookie, { targetType: 'user', targetId: b.id, reason: 'spam' })).statusCode,
      ).toBe(201)
      expectApiError(
        await postReport(limited, a.cookie, { targetType: 'user', targetId: b.id, reason: 'other' }),
        429,
        /Too many attempts/,
      )
    } finally {
      await limited.close()
    }
  })
})
