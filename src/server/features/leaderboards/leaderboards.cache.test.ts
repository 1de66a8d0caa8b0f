import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import type { LeaderboardRow } from '#shared/schemas/achievements.ts'
import { browserHeaders, createUser, getAuthUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { BoardTops, orderReadSpacing } from './leaderboards.cache.ts'
import { board, fish, myRow, standings } from './leaderboards.fixtures.ts'
import { boardKey, myRank } from './leaderboards.queries.ts'

// The boards' shared top rows (leaderboards.cache.ts): kept per board in the process, dropped when the database
// names the board (migration 0020) or a write of this process may have moved it, the viewer's blocks left out per
// request. One tarpon board of 21 anglers (100..120 lb) that no other test writes.

const URL = '/api/leaderboards/species/tarpon'
const ME = 'board=species&species=tarpon'
const TARPON = () => boardKey('species', { period: 'all-time', evidence: 'any', species: 'tarpon' }, new Date())
let t: TestApp
let anglers: SignedInUser[]
let viewer: SignedInUser

const member = (firstName: string) => createUser(t, { verify: 'mark', firstName, lastName: 'Angler' })
const ids = (rows: readonly LeaderboardRow[]) => rows.map((row) => row.user.id)
/** The anglers from the heaviest, as the board ranks them. */
const heaviestFirst = () => [...anglers].reverse()

async function send(method: 'PUT' | 'DELETE' | 'PATCH', url: string, who: SignedInUser, payload?: object) {
  const res = await t.app.inject({ method, url, headers: browserHeaders(who.cookie), ...(payload ? { payload } : {}) })
  expect(res.statusCode, res.body).toBe(200)
}

beforeAll(async () => {
  t = await createTestApp()
  viewer = await member('Vera')
  anglers = []
  for (let i = 0; i < 21; i++) {
    const angler = await member(`Tarpon${i}`)
    await fish(t, angler.cookie, 'tarpon', 100 + i)
    anglers.push(angler)
  }
}, 120_000)
afterAll(() => t?.close())

describe('the boards kept in the process', () => {
  it('give every viewer the same top 10 from one kept read', async () => {
    t.app.boardTops.clear()
    const expected = ids(await board(t, viewer.cookie, URL))
    expect(expected).toEqual(
      heaviestFirst()
        .slice(0, 10)
        .map((a) => a.id),
    )
    expect(t.app.boardTops.size).toBe(1)
    const other = anglers[0] as SignedInUser
    expect(ids(await board(t, other.cookie, URL))).toEqual(expected)
    expect(t.app.boardTops.size).toBe(1)
  })

  it('show a new catch at once to the member who recorded it and to everyone', async () => {
    await board(t, viewer.cookie, URL)
    const newcomer = await member('Newcomer')
    await fish(t, newcomer.cookie, 'tarpon', 150)
    expect((await board(t, newcomer.cookie, URL))[0]?.user.id).toBe(newcomer.id)
    expect((await board(t, viewer.cookie, URL))[0]).toMatchObject({ rank: 1, value: 150, user: { id: newcomer.id } })
    anglers.push(newcomer)
  })

  it('leave out the members the viewer blocked or who blocked the viewer, for that viewer alone', async () => {
    const blocker = await member('Blocker')
    const [first, second] = heaviestFirst() as [SignedInUser, SignedInUser]
    await send('PUT', `/api/blocks/${first.id}`, blocker)
    await send('PUT', `/api/blocks/${blocker.id}`, second)
    const rows = await board(t, blocker.cookie, URL)
    expect(standings(rows).map(([id]) => id)).toEqual(
      heaviestFirst()
        .slice(2, 12)
        .map((a) => a.id),
    )
    expect(ids(await board(t, viewer.cookie, URL)).slice(0, 2)).toEqual([first.id, second.id])
  })

  it('read the board for a viewer who blocked more members near the top than are kept', async () => {
    const wary = await member('Wary')
    const top = heaviestFirst()
    for (const angler of top.slice(0, 12)) await send('PUT', `/api/blocks/${angler.id}`, wary)
    const rows = await board(t, wary.cookie, URL)
    expect(standings(rows).map(([id]) => id)).toEqual(top.slice(12, 22).map((a) => a.id))
  })

  it('show a changed name at once', async () => {
    const [first] = heaviestFirst() as [SignedInUser]
    await board(t, viewer.cookie, URL)
    await send('PATCH', '/api/profile', first, { firstName: 'Renamed' })
    expect((await board(t, viewer.cookie, URL))[0]?.user.firstName).toBe('Renamed')
  })

  it('rank the viewer from the kept order as counting does, less the members blocked either way', async () => {
    const top = heaviestFirst()
    const twelfth = top[11] as SignedInUser
    const user = AuthUserSchema.parse((await getAuthUser(t, twelfth.cookie)).json())
    const counted = async () => (await myRank(t.db, user, TARPON())).row
    const kept = await myRow(t, twelfth.cookie, ME)
    expect(kept).toMatchObject({ rank: 12, value: 110, user: { id: twelfth.id } })
    expect(kept).toEqual(await counted())
    await send('PUT', `/api/blocks/${(top[0] as SignedInUser).id}`, twelfth)
    await send('PUT', `/api/blocks/${twelfth.id}`, top[1] as SignedInUser)
    expect((await myRow(t, twelfth.cookie, ME))?.rank).toBe(10)
    // A catch ahead: its angler is counted at once; the others' order is read again within about a second.
    const ahead = await member('Ahead')
    await fish(t, ahead.cookie, 'tarpon', 140)
    const aheadUser = AuthUserSchema.parse((await getAuthUser(t, ahead.cookie)).json())
    const aheadRow = await myRow(t, ahead.cookie, ME)
    expect(aheadRow).toMatchObject({ value: 140 })
    expect(aheadRow).toEqual((await myRank(t.db, aheadUser, TARPON())).row)
    await expect.poll(async () => (await myRow(t, twelfth.cookie, ME))?.rank, { timeout: 5_000 }).toBe(11)
    expect(await myRow(t, twelfth.cookie, ME)).toEqual(await counted())
    expect(await myRow(t, viewer.cookie, ME)).toBeNull()
    anglers.push(ahead)
  })

  it('hear a board changed outside this process’s routes (the database names it)', async () => {
    const last = anglers[0] as SignedInUser
    expect(ids(await board(t, viewer.cookie, URL))).not.toContain(last.id)
    // As another process would: the row written, nothing in this process told.
    await t.db.execute(sql`update leaderboard_entries set value = 999
      where board = 'species' and species_id = 'tarpon' and bucket = 'all' and evidence = 0 and user_id = ${last.id}`)
    await expect.poll(async () => (await board(t, viewer.cookie, URL))[0]?.user.id).toBe(last.id)
  })

  it('keep nothing in a process that hears no events, and still answer as the database does', async () => {
    const alone = new BoardTops(t.db, { live: false })
    const user = AuthUserSchema.parse((await getAuthUser(t, viewer.cookie)).json())
    const key = TARPON()
    expect(await alone.top(user, key)).toEqual(await board(t, viewer.cookie, URL))
    expect(alone.size).toBe(0)
    const first = AuthUserSchema.parse((await getAuthUser(t, (heaviestFirst()[0] as SignedInUser).cookie)).json())
    expect(await alone.rank(first, key)).toEqual(await myRank(t.db, first, key))
  })
})

describe("the spacing of a board order's reads", () => {
  it.each([
    [1, 1_000],
    [50, 1_000],
    [72, 1_440],
    [153, 3_060],
    [839, 16_780],
  ])('after a read of %i ms, waits %i ms from its start', (readMs, spacing) => {
    expect(orderReadSpacing(readMs)).toBe(spacing)
  })
})
