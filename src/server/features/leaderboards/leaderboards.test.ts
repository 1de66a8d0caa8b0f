import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { achievements, userAchievements, users } from '#server/db/schema.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import {
  board,
  fish,
  grantPoints,
  myRow,
  setMeasurementColumns,
  standings,
  topSpecies,
} from './leaderboards.fixtures.ts'

// The leaderboards on one small club whose every measurement is recorded through the API, so the writes'
// wiring (afterMemberChange) fills the boards: each board's ranking, ties, the totals, top species, the viewer's own
// rank and the refusals. What counts and what leaves a board: leaderboards.counting.test.ts.

let t: TestApp
let viewer: SignedInUser
/** Walleye (ranked by weight), largemouth bass (trophies at 10 lb) and northern pike anglers. */
let ann: SignedInUser
let ben: SignedInUser
let cal: SignedInUser
let dee: SignedInUser
let eli: SignedInUser
/** Points only (the achievements feature awards points; here they are granted directly). */
let pia: SignedInUser
let pat: SignedInUser
let pax: SignedInUser
/** Eleven trout anglers above `low`, whose own rank is the twelfth. */
let trout: SignedInUser[]
let low: SignedInUser

const hourAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)
const member = (firstName: string, lastName = 'Angler') => createUser(t, { verify: 'mark', firstName, lastName })

beforeAll(async () => {
  t = await createTestApp()
  viewer = await member('Vera', 'Viewer')
  ann = await member('Ann')
  ben = await member('Ben')
  cal = await member('Cal')
  dee = await member('Dee')
  eli = await member('Eli')
  pia = await member('Pia')
  pat = await member('Pat')
  pax = await member('Pax')

  // Walleye (no trophy weight): Ann 8.5 lb, Ben 9.25 and 3 lb, then Cal 8.5 lb (after Ann: Ann ranks first).
  await fish(t, ann.cookie, 'walleye', 8.5)
  await fish(t, ben.cookie, 'walleye', 9.25)
  await fish(t, ben.cookie, 'walleye', 3)
  await fish(t, cal.cookie, 'walleye', 8.5)
  // Largemouth bass (10 lb and more: record class, a trophy): Ann two trophies and a small one, Ben one, Cal two
  // trophies recorded after Ann's second (the same count, reached later).
  await fish(t, ann.cookie, 'largemouth-bass', 11)
  await fish(t, ann.cookie, 'largemouth-bass', 12)
  await fish(t, ann.cookie, 'largemouth-bass', 2)
  await fish(t, ben.cookie, 'largemouth-bass', 10.5)
  await fish(t, cal.cookie, 'largemouth-bass', 13)
  await fish(t, cal.cookie, 'largemouth-bass', 14)
  // Northern pike: Dee and Eli 6 lb each, recorded at the same instant (set below): the member id decides.
  const d = await fish(t, dee.cookie, 'northern-pike', 6)
  const e = await fish(t, eli.cookie, 'northern-pike', 6)
  const same = hourAgo(2)
  await setMeasurementColumns(t, d.id, { createdAt: same })
  await setMeasurementColumns(t, e.id, { createdAt: same })
  // A muskellunge of 35 lb (record class) for Pax, who also has the most points.
  await fish(t, pax.cookie, 'muskellunge', 35)

  // Points: Pax 300 000 (two achievements); Pia and Pat 120 000 each, Pat's reached an hour earlier; Pia's
  // inactive achievement is worth nothing.
  await grantPoints(t, pax.id, 200_000, hourAgo(5))
  await grantPoints(t, pax.id, 100_000, hourAgo(4))
  await grantPoints(t, pia.id, 120_000, hourAgo(1))
  await grantPoints(t, pia.id, 900_000, hourAgo(1), { active: false })
  await grantPoints(t, pat.id, 120_000, hourAgo(2))

  // Rainbow trout: eleven anglers of 11 to 21 lb, and Low with 5 lb.
  trout = []
  for (let i = 0; i < 11; i++) {
    const angler = await member(`Trout${i}`)
    await fish(t, angler.cookie, 'rainbow-trout', 11 + i)
    trout.push(angler)
  }
  low = await member('Low')
  await fish(t, low.cookie, 'rainbow-trout', 5)
  await t.db.update(users).set({ image: 'https://example.test/ann.jpg' }).where(eq(users.id, ann.id))
}, 120_000)
afterAll(() => t?.close())

/** The points of the member's earned achievements that are active (what the points board adds up). */
async function activePoints(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ points: sql<number>`coalesce(sum(${achievements.points}), 0)`.mapWith(Number) })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(and(eq(userAchievements.userId, userId), eq(achievements.isActive, true)))
  return row?.points ?? 0
}

describe('GET /api/leaderboards/species/:species', () => {
  it('ranks each member by their best weight for a fish, ties to the earlier achiever', async () => {
    const rows = await board(t, viewer.cookie, '/api/leaderboards/species/walleye')
    expect(standings(rows)).toEqual([
      [ben.id, 9.25],
      [ann.id, 8.5],
      [cal.id, 8.5],
    ])
    // Ben's totals are his two walleye; the row carries the member as docs/product.md §7 shows them.
    expect(rows[0]).toMatchObject({ id: ben.id, totalMeasurements: 2, totalTrophies: 0 })
    expect(rows[1]?.user).toEqual({
      id: ann.id,
      firstName: 'Ann',
      lastName: 'Angler',
      profileImageUrl: 'https://example.test/ann.jpg',
    })
  })

  it('breaks a tie reached at the same moment by member id', async () => {
    const rows = await board(t, viewer.cookie, '/api/leaderboards/species/northern-pike?period=all-time')
    expect(standings(rows)).toEqual([dee.id, eli.id].sort().map((id) => [id, 6]))
  })

  it('shows the top 10 only', async () => {
    const rows = await board(t, viewer.cookie, '/api/leaderboards/species/rainbow-trout')
    expect(rows).toHaveLength(10)
    expect(standings(rows)).toEqual(
      trout
        .slice(1)
        .reverse()
        .map((a, i) => [a.id, 21 - i]),
    )
  })

  it('is empty for a species nobody measured, and 404 for one not in the catalogue', async () => {
    expect(await board(t, viewer.cookie, '/api/leaderboards/species/caribou')).toEqual([])
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/leaderboards/species/jackalope',
      headers: { cookie: viewer.cookie },
    })
    expectApiError(res, 404, 'Species not found')
  })
})

describe('GET /api/leaderboards/trophies', () => {
  it('counts trophy and record class measurements of one species, ties to the earlier achiever', async () => {
    const rows = await board(t, viewer.cookie, '/api/leaderboards/trophies?species=largemouth-bass')
    expect(standings(rows)).toEqual([
      [ann.id, 2],
      [cal.id, 2],
      [ben.id, 1],
    ])
    expect(rows[0]).toMatchObject({ totalMeasurements: 3, totalTrophies: 2 })
  })

  it('counts every species with species=all or none, leaving out members without a trophy', async () => {
    const expected = [
      [ann.id, 2],
      [cal.id, 2],
      [ben.id, 1],
      [pax.id, 1],
    ]
    expect(standings(await board(t, viewer.cookie, '/api/leaderboards/trophies'))).toEqual(expected)
    expect(standings(await board(t, viewer.cookie, '/api/leaderboards/trophies?species=all'))).toEqual(expected)
    // Ann's totals over every species: three bass (two of them trophies) and a walleye.
    const [first] = await board(t, viewer.cookie, '/api/leaderboards/trophies?period=all-time&evidence=any')
    expect(first).toMatchObject({ id: ann.id, totalMeasurements: 4, totalTrophies: 2 })
  })
})

describe('GET /api/leaderboards/points', () => {
  it('adds the points of active achievements, ties to the member who reached them first', async () => {
    const rows = await board(t, viewer.cookie, '/api/leaderboards/points')
    // Pax's muskellunge may have earned him catalogue achievements too: his value is all his active points.
    expect(standings(rows).slice(0, 3)).toEqual([
      [pax.id, await activePoints(pax.id)],
      [pat.id, 120_000],
      [pia.id, 120_000],
    ])
    // The totals come from the member's counted measurements in the same period.
    expect(rows[0]).toMatchObject({ totalMeasurements: 1, totalTrophies: 1 })
    expect(rows[1]).toMatchObject({ totalMeasurements: 0, totalTrophies: 0 })
  })

  it('accepts the evidence filter and ignores it (points have no evidence)', async () => {
    const any = await board(t, viewer.cookie, '/api/leaderboards/points')
    const verified = await board(t, viewer.cookie, '/api/leaderboards/points?evidence=community-verified')
    expect(verified).toEqual(any)
  })
})

describe('GET /api/leaderboards/top-species', () => {
  it('lists the species with counted measurements, most first, with their names', async () => {
    const list = await topSpecies(t, viewer.cookie)
    expect(list).toEqual(
      [
        ['rainbow-trout', 12],
        ['largemouth-bass', 6],
        ['walleye', 4],
        ['northern-pike', 2],
        ['muskellunge', 1],
      ].map(([species, count]) => ({ species, name: getSpecies(species as string)?.name, count })),
    )
  })

  it('is empty at an evidence level no measurement reaches', async () => {
    expect(await topSpecies(t, viewer.cookie, '?period=this-year&evidence=photo-measured')).toEqual([])
  })
})

describe('GET /api/leaderboards/me', () => {
  it("gives the viewer's own row and true rank when outside the top 10", async () => {
    const row = await myRow(t, low.cookie, 'board=species&species=rainbow-trout')
    expect(row).toMatchObject({ id: low.id, rank: 12, value: 5, totalMeasurements: 1, totalTrophies: 0 })
    expect(row?.user).toMatchObject({ id: low.id, firstName: 'Low' })
  })

  it('gives the same rank as the top 10 inside it', async () => {
    expect(await myRow(t, cal.cookie, 'board=trophies&species=largemouth-bass')).toMatchObject({
      rank: 2,
      value: 2,
    })
    expect(await myRow(t, pia.cookie, 'board=points')).toMatchObject({ rank: 3, value: 120_000 })
  })

  it('is null when the viewer has no value on the board', async () => {
    expect(await myRow(t, viewer.cookie, 'board=points')).toBeNull()
    // Ben has walleye but no walleye trophy: a measurement count without a value is no place on the board.
    expect(await myRow(t, ben.cookie, 'board=trophies&species=walleye')).toBeNull()
    expect(await myRow(t, ben.cookie, 'board=species&species=caribou')).toBeNull()
  })
})

describe('refusals', () => {
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: viewer.cookie } })

  it.each([
    ['/api/leaderboards/points?period=last-week', /period must be one of all-time, this-year/],
    ['/api/leaderboards/trophies?evidence=official', /evidence must be one of any, photo-measured/],
    ['/api/leaderboards/trophies?species=Not%20A%20Species', /species/],
    ['/api/leaderboards/trophies?species=jackalope', 'species: unknown species'],
    ['/api/leaderboards/species/Bad_Id', /species/],
    ['/api/leaderboards/top-species?period=yesterday', /period/],
    ['/api/leaderboards/me?period=all-time', /board/],
    ['/api/leaderboards/me?board=species', 'species: choose a species for the species board'],
    ['/api/leaderboards/me?board=species&species=all', 'species: choose a species for the species board'],
  ])('answers 400 naming the field for %s', async (url, message) => {
    const body = expectApiError(await get(url), 400, message)
    expect(body.error.code).toBe('BAD_REQUEST')
  })
})
