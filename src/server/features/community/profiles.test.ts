import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, measurements, photos, userAchievements, users } from '#server/db/schema.ts'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import { MemberListSchema, MemberPageSchema, type Profile, ProfileSchema } from '#shared/schemas/community.ts'
import { SettingsSchema } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createMeasurement,
  createUser,
  getAuthUser,
  type SignedInUser,
  withoutAchievements,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Profiles: who may see one, the counts as the viewer may see them, followers and following, the
// @mention picker, and one's own profile changes (names, bio, region, picture, units, default visibility).

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await withoutAchievements(t)
})
afterAll(() => t?.close())

const get = (url: string, user: SignedInUser) => t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } })
const send = (method: 'PUT' | 'DELETE' | 'PATCH', url: string, user: SignedInUser, payload?: object) =>
  t.app.inject({ method, url, headers: browserHeaders(user.cookie), ...(payload ? { payload } : {}) })
const member = (overrides: Parameters<typeof createUser>[1] = {}) => createUser(t, { verify: 'mark', ...overrides })

async function profileOf(userId: string, viewer: SignedInUser): Promise<Profile> {
  const res = await get(`/api/profiles/${userId}`, viewer)
  expect(res.statusCode, res.body).toBe(200)
  return ProfileSchema.parse(res.json())
}

async function hideProfile(userId: string) {
  await t.db.update(users).set({ hiddenAt: new Date() }).where(eq(users.id, userId))
}

describe('GET /api/profiles/:userId', () => {
  let owner: SignedInUser
  let follower: SignedInUser
  let stranger: SignedInUser

  beforeAll(async () => {
    ;[owner, follower, stranger] = await Promise.all([
      member({ firstName: 'Olive', lastName: 'Hart' }),
      member(),
      member(),
    ])
    // public trophy, public record elk, followers-only trophy, private trophy, hidden public trophy
    const made = []
    for (const visibility of ['public', 'public', 'followers', 'private', 'public'] as const) {
      made.push((await createMeasurement(t, owner.cookie, { visibility })).id)
    }
    await t.db
      .update(measurements)
      .set({ speciesId: 'elk', trophyClass: 'record' })
      .where(eq(measurements.id, made[1] as string))
    await t.db
      .update(measurements)
      .set({ trophyClass: 'standard' })
      .where(eq(measurements.id, made[0] as string))
    await t.db
      .update(measurements)
      .set({ hiddenAt: new Date() })
      .where(eq(measurements.id, made[4] as string))
    await send('PUT', `/api/follows/${owner.id}`, follower)
    await send('PUT', `/api/follows/${follower.id}`, owner)
    await send('PATCH', '/api/profile', owner, { bio: 'Bowhunter from Montana.', region: 'Montana' })
    await t.db.insert(achievements).values([
      { id: `first-${owner.id}`, name: 'First', description: 'd', points: 10, category: 'c', type: 'x' },
      { id: `tenth-${owner.id}`, name: 'Tenth', description: 'd', points: 25, category: 'c', type: 'x' },
    ])
    await t.db.insert(userAchievements).values([
      { id: randomUUID(), userId: owner.id, achievementId: `first-${owner.id}` },
      { id: randomUUID(), userId: owner.id, achievementId: `tenth-${owner.id}` },
    ])
  })

  // measurements, trophies (trophy or record), species: what the viewer may see, never hidden ones of others; the
  // member also learns what a follower and a stranger see
  const mine = { measurements: 5, trophies: 4, species: 2, visibleToOthers: { followers: 3, members: 2 } }
  it.each([
    ['the member', () => owner, mine, true],
    ['a follower', () => follower, { measurements: 3, trophies: 2, species: 2, visibleToOthers: null }, false],
    ['a stranger', () => stranger, { measurements: 2, trophies: 1, species: 2, visibleToOthers: null }, false],
  ])('counts what %s may see', async (_name, viewer, counts, isSelf) => {
    const profile = await profileOf(owner.id, viewer())
    expect(profile.counts).toEqual({ ...counts, followers: 1, following: 1, achievementPoints: 35 })
    expect(profile.isSelf).toBe(isSelf)
    expect(profile.user).toMatchObject({
      id: owner.id,
      firstName: 'Olive',
      lastName: 'Hart',
      bio: 'Bowhunter from Montana.',
      region: 'Montana',
      profileImageUrl: null,
    })
    expect(Date.parse(profile.user.memberSince)).toBeLessThanOrEqual(Date.now())
  })

  it('counts what an admin may see, and counts again once the measurements change', async () => {
    const [author, admin, adminFollower, viewer] = await Promise.all([
      member(),
      member({ state: 'admin' }),
      member({ state: 'admin' }),
      member(),
    ])
    const made: string[] = []
    for (const visibility of ['public', 'followers', 'private', 'public'] as const) {
      made.push((await createMeasurement(t, author.cookie, { visibility })).id)
    }
    await send('PUT', `/api/follows/${author.id}`, adminFollower)
    await t.db
      .update(measurements)
      .set({ hiddenAt: new Date() })
      .where(eq(measurements.id, made[3] as string))
    const seen = async () =>
      Promise.all(
        [author, admin, adminFollower, viewer].map(async (v) => (await profileOf(author.id, v)).counts.measurements),
      )
    // the member all; admins also hidden ones that are not private; followers-only ones for followers
    expect(await seen()).toEqual([4, 2, 3, 1])
    expect(await seen()).toEqual([4, 2, 3, 1])
    // Same number of measurements, one changed: the counts follow.
    await t.db
      .update(measurements)
      .set({ visibility: 'public' })
      .where(eq(measurements.id, made[2] as string))
    expect(await seen()).toEqual([4, 3, 4, 2])
    await t.db.delete(measurements).where(eq(measurements.id, made[0] as string))
    expect(await seen()).toEqual([3, 2, 3, 1])
  })

  it('says who follows whom', async () => {
    expect(await profileOf(owner.id, follower)).toMatchObject({ isFollowing: true, followsYou: true })
    expect(await profileOf(owner.id, stranger)).toMatchObject({ isFollowing: false, followsYou: false })
    expect(await profileOf(owner.id, owner)).toMatchObject({ isFollowing: false, followsYou: false })
  })

  it('answers 404 for an unknown member, one not approved, and one who blocked the viewer', async () => {
    const [viewer, blocker] = await Promise.all([member(), member()])
    const pending = await member({ state: 'pending' })
    await send('PUT', `/api/blocks/${viewer.id}`, blocker)
    for (const id of ['nobody-here', pending.id, blocker.id]) {
      expectApiError(await get(`/api/profiles/${id}`, viewer), 404, 'Member not found')
      expectApiError(await get(`/api/profiles/${id}/measurements`, viewer), 404, 'Member not found')
      expectApiError(await get(`/api/profiles/${id}/followers`, viewer), 404, 'Member not found')
    }
  })

  it('shows a member the viewer blocked only as blocked: no bio, region or counts', async () => {
    const [viewer, blocked] = await Promise.all([member(), member()])
    await send('PATCH', '/api/profile', blocked, { bio: 'Not for you', region: 'Texas' })
    await createMeasurement(t, blocked.cookie, { visibility: 'public' })
    await send('PUT', `/api/blocks/${blocked.id}`, viewer)
    const profile = await profileOf(blocked.id, viewer)
    expect(profile).toMatchObject({ blockedByMe: true, isFollowing: false })
    expect(profile.user).toMatchObject({ bio: null, region: null })
    const { visibleToOthers, ...numbers } = profile.counts
    expect(visibleToOthers).toBeNull()
    expect(Object.values(numbers).every((n) => n === 0)).toBe(true)
  })

  it('hides a hidden profile from members, not from the member or admins', async () => {
    const [hidden, viewer, admin] = await Promise.all([member(), member(), member({ state: 'admin' })])
    await hideProfile(hidden.id)
    expectApiError(await get(`/api/profiles/${hidden.id}`, viewer), 404, 'Member not found')
    expect((await profileOf(hidden.id, hidden)).hidden).toBe(true)
    expect((await profileOf(hidden.id, admin)).hidden).toBe(true)
  })
})

describe('GET /api/profiles/:userId/followers and /following', () => {
  it('lists the newest follow first, in pages, without members blocked either way', async () => {
    const [star, viewer] = await Promise.all([member(), member()])
    const [blockedByViewer, blockerOfViewer, third, fourth, fifth] = await Promise.all([
      member(),
      member(),
      member(),
      member(),
      member(),
    ])
    const fans = [blockedByViewer, blockerOfViewer, third, fourth, fifth]
    for (const fan of fans) expect((await send('PUT', `/api/follows/${star.id}`, fan)).statusCode).toBe(200)
    await send('PUT', `/api/blocks/${blockedByViewer.id}`, viewer)
    await send('PUT', `/api/blocks/${viewer.id}`, blockerOfViewer)

    const seen: string[] = []
    let cursor: string | null = null
    do {
      const url: string = `/api/profiles/${star.id}/followers?limit=2${cursor ? `&cursor=${cursor}` : ''}`
      const res = await get(url, viewer)
      expect(res.statusCode, res.body).toBe(200)
      const page = MemberPageSchema.parse(res.json())
      seen.push(...page.items.map((m) => m.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual(
      fans
        .slice(2)
        .map((f) => f.id)
        .reverse(),
    )

    const following = MemberPageSchema.parse((await get(`/api/profiles/${fourth.id}/following`, viewer)).json())
    expect(following).toEqual({
      items: [{ id: star.id, firstName: star.firstName, lastName: star.lastName, profileImageUrl: null }],
      nextCursor: null,
    })
    expect((await profileOf(star.id, viewer)).counts.followers).toBe(5)
  })

  it('refuses a cursor that is not one', async () => {
    const viewer = await member()
    expectApiError(
      await get(`/api/profiles/${viewer.id}/followers?cursor=bogus`, viewer),
      400,
      'cursor: Invalid cursor; load the list again from the start',
    )
  })
})

describe('GET /api/members', () => {
  it('finds approved members by the start of a first, last or full name, any case, ordered by name', async () => {
    const tag = randomUUID().slice(0, 6)
    const viewer = await member({ firstName: `Zed${tag}`, lastName: 'Viewer' })
    const [amy, ben, blocked, blocker, hidden] = await Promise.all([
      member({ firstName: `Amy${tag}`, lastName: 'Archer' }),
      member({ firstName: 'Ben', lastName: `Bow${tag}` }),
      member({ firstName: `Cal${tag}`, lastName: 'Blocked' }),
      member({ firstName: `Dee${tag}`, lastName: 'Blocker' }),
      member({ firstName: `Eve${tag}`, lastName: 'Hidden' }),
    ])
    await member({ firstName: `Fay${tag}`, state: 'pending' })
    await send('PUT', `/api/blocks/${blocked.id}`, viewer)
    await send('PUT', `/api/blocks/${viewer.id}`, blocker)
    await hideProfile(hidden.id)

    const search = async (q: string) => {
      const res = await get(`/api/members?q=${encodeURIComponent(q)}`, viewer)
      expect(res.statusCode, res.body).toBe(200)
      return MemberListSchema.parse(res.json()).items.map((m) => m.id)
    }
    expect(await search(`AMY${tag}`)).toEqual([amy.id])
    expect(await search(`bow${tag}`)).toEqual([ben.id])
    expect(await search(`Amy${tag} Arch`)).toEqual([amy.id])
    expect(await search(`ben bow${tag.toUpperCase()}`)).toEqual([ben.id])
    for (const q of [`Cal${tag}`, `Dee${tag}`, `Eve${tag}`, `Fay${tag}`, `Zed${tag}`])
      expect(await search(q)).toEqual([])
    // A name containing % or _ is no wildcard.
    expect(await search('%')).toEqual([])
    expect(await search('_')).toEqual([])
  })

  it('answers in name order and at most `limit`', async () => {
    const tag = `Q${randomUUID().slice(0, 6)}`
    const viewer = await member()
    const made = await Promise.all(['Cole', 'Abe', 'Bea'].map((lastName) => member({ firstName: tag, lastName })))
    const res = await get(`/api/members?q=${tag}&limit=2`, viewer)
    const names = MemberListSchema.parse(res.json()).items.map((m) => m.lastName)
    expect(names).toEqual(['Abe', 'Bea'])
    expect(made).toHaveLength(3)
  })

  it.each([
    ['an empty q', '/api/members?q=', /q is required/],
    ['a limit above 20', '/api/members?q=a&limit=21', /limit must be at most 20/],
  ])('refuses %s with 400', async (_name, url, message) => {
    expectApiError(await get(url, await member()), 400, message)
  })
})

describe('PATCH /api/profile', () => {
  it('changes the names (and better-auth’s name), bio and region; GET /api/auth/user shows them at once', async () => {
    const me = await member({ firstName: 'Old', lastName: 'Name' })
    const before = AuthUserSchema.parse((await getAuthUser(t, me.cookie)).json())
    expect(before.firstName).toBe('Old')
    const [row] = await t.db.select({ updatedAt: users.updatedAt }).from(users).where(eq(users.id, me.id))

    const res = await send('PATCH', '/api/profile', me, {
      firstName: ' New ',
      bio: 'Hunts <script>alert(1)</script> elk',
      region: 'Idaho',
    })
    expect(res.statusCode, res.body).toBe(200)
    const profile = ProfileSchema.parse(res.json())
    expect(profile.isSelf).toBe(true)
    expect(profile.user).toMatchObject({
      firstName: 'New',
      lastName: 'Name',
      bio: 'Hunts <script>alert(1)</script> elk',
      region: 'Idaho',
    })
    const [after] = await t.db.select().from(users).where(eq(users.id, me.id))
    expect(after?.name).toBe('New Name')
    expect(after?.updatedAt.getTime()).toBeGreaterThan(row?.updatedAt.getTime() ?? 0)
    expect(AuthUserSchema.parse((await getAuthUser(t, me.cookie)).json()).firstName).toBe('New')

    const cleared = ProfileSchema.parse((await send('PATCH', '/api/profile', me, { bio: '', region: '' })).json())
    expect(cleared.user).toMatchObject({ bio: null, region: null, firstName: 'New' })
  })

  it.each([
    ['a bio of 501 characters', { bio: 'x'.repeat(501) }, 'bio must be at most 500 characters'],
    ['an empty first name', { firstName: '' }, 'firstName is required'],
    ['a blank last name', { lastName: '   ' }, 'lastName is required'],
    ['a region of 81 characters', { region: 'r'.repeat(81) }, 'region must be at most 80 characters'],
    ['units that do not exist', { units: 'cubits' }, 'units must be imperial or metric'],
    ['a photoId that is no UUID', { photoId: 'me.jpg' }, 'photoId must be a UUID'],
  ])('refuses %s with 400 naming the field', async (_name, payload, message) => {
    const res = await send('PATCH', '/api/profile', await member(), payload)
    const body = expectApiError(res, 400)
    expect(JSON.stringify(body.error)).toContain(message)
  })

  it('takes one of the member’s free photos as the picture, refuses others, and removes it with null', async () => {
    const [me, other] = await Promise.all([member(), member()])
    const mine = (await uploadPhoto(t, me.cookie, await jpeg(64, 48))).json().id as string
    const theirs = (await uploadPhoto(t, other.cookie, await jpeg(64, 48))).json().id as string
    const attached = (await uploadPhoto(t, me.cookie, await jpeg(64, 48))).json().id as string
    await createMeasurement(t, me.cookie, { photoIds: [attached] })

    for (const photoId of [theirs, attached, randomUUID()]) {
      expectApiError(await send('PATCH', '/api/profile', me, { photoId }), 400, 'photoId: photo not found')
    }
    const set = ProfileSchema.parse((await send('PATCH', '/api/profile', me, { photoId: mine })).json())
    expect(set.user.profileImageUrl).toBe(`/api/photos/${mine}/thumb`)
    expect(AuthUserSchema.parse((await getAuthUser(t, me.cookie)).json()).profileImageUrl).toBe(
      `/api/photos/${mine}/thumb`,
    )
    expect((await get(`/api/photos/${mine}/thumb`, other)).statusCode).toBe(200)
    const [photo] = await t.db.select().from(photos).where(eq(photos.id, mine))
    expect(photo?.measurementId).toBeNull()

    const removed = ProfileSchema.parse((await send('PATCH', '/api/profile', me, { photoId: null })).json())
    expect(removed.user.profileImageUrl).toBeNull()
  })

  it('merges units and the default visibility into the settings, keeping the rest', async () => {
    const me = await member()
    await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: browserHeaders(me.cookie),
      payload: { units: 'imperial', defaultVisibility: 'private', defaultLocationPrecision: 'hidden' },
    })
    const res = await send('PATCH', '/api/profile', me, { units: 'metric', defaultVisibility: 'followers' })
    expect(res.statusCode, res.body).toBe(200)
    const settings = SettingsSchema.parse((await get('/api/settings', me)).json())
    expect(settings).toEqual({ units: 'metric', defaultVisibility: 'followers', defaultLocationPrecision: 'hidden' })
  })
})
