import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import {
  browserHeaders,
  createAdmin,
  createMeasurement,
  createUser,
  postReport,
  putSizeCheck,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import {
  board,
  countsNow,
  fish,
  grantPoints,
  mondayOf,
  myRow,
  setMeasurementColumns,
  standings,
  topSpecies,
} from './leaderboards.fixtures.ts'
import { rebuildAllBoards, rebuildBoardsIfEmpty } from './leaderboards.service.ts'

// What counts on a leaderboard and what leaves it: only public measurements nobody hid or disputed, of
// members whose profile is not hidden; the calendar periods in UTC (weeks from Monday 00:00); the evidence filter;
// blocks. Each test has members of its own and reads their own rows (GET /api/leaderboards/me) or a species board
// nobody else in this file uses. Measurements are recorded, edited, deleted, hidden and restored through the API, so
// the wiring into those writes is tested too.

let t: TestApp
let admin: SignedInUser
let reporter: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  admin = await createAdmin(t)
  reporter = await createUser(t, { verify: 'mark', firstName: 'Rita' })
}, 60_000)
afterAll(() => t?.close())

const member = (firstName: string) => createUser(t, { verify: 'mark', firstName, lastName: 'Counted' })
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)

/** A public whitetail from the factory's sheet: scored 152 4/8, trophy class. */
const whitetail = (who: SignedInUser, overrides: Partial<CreateMeasurement> = {}) =>
  createMeasurement(t, who.cookie, { visibility: 'public', ...overrides })

function send(method: 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, who: SignedInUser, payload?: object) {
  return t.app.inject({ method, url, headers: browserHeaders(who.cookie), ...(payload ? { payload } : {}) })
}

/** PATCH /api/measurements/:id with the fish's whole record again, at this visibility. */
async function setFishVisibility(who: SignedInUser, m: Measurement, visibility: Measurement['visibility']) {
  const res = await send('PATCH', `/api/measurements/${m.id}`, who, {
    speciesId: m.speciesId,
    quick: m.quick,
    method: m.method,
    takenAt: m.takenAt,
    visibility,
  })
  expect(res.statusCode, res.body).toBe(200)
}

/** A report by Rita on the target, resolved by the admin (hide or restore). */
async function moderate(targetType: 'measurement' | 'user', targetId: string, action: 'hide' | 'restore') {
  const reported = await postReport(t, reporter.cookie, { targetType, targetId, reason: 'other' })
  const reportId = reported.statusCode === 201 ? (reported.json().id as string) : undefined
  const id = reportId ?? (await openReportOn(targetId))
  const res = await send('POST', `/api/admin/reports/${id}/resolve`, admin, { action })
  expect(res.statusCode, res.body).toBe(200)
}

/** The report on a target that its author can no longer see (to restore it): from the admin's resolved list. */
async function openReportOn(targetId: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/admin/reports?status=resolved',
    headers: { cookie: admin.cookie },
  })
  const found = (res.json().items as { id: string; targetId: string }[]).find((r) => r.targetId === targetId)
  if (!found) throw new Error(`no report on ${targetId}`)
  return found.id
}

const speciesValue = async (who: SignedInUser, species: string, query = '') =>
  (await myRow(t, who.cookie, `board=species&species=${species}${query}`))?.value ?? null

const speciesCount = async (who: SignedInUser, species: string, query = '') =>
  (await topSpecies(t, who.cookie, query)).find((s) => s.species === species)?.count ?? 0

describe('what counts', () => {
  it('counts public measurements only: never private or followers-only ones', async () => {
    const hunter = await member('Public')
    await whitetail(hunter)
    await whitetail(hunter, { visibility: 'private' })
    await whitetail(hunter, { visibility: 'followers' })
    expect(await myRow(t, hunter.cookie, 'board=trophies')).toMatchObject({
      value: 1,
      totalMeasurements: 1,
      totalTrophies: 1,
    })
    // A sheet-scored species ranks by its score.
    expect(await speciesValue(hunter, 'whitetail-deer')).toBe(152.5)

    const hidden = await member('Private')
    await whitetail(hidden, { visibility: 'private' })
    await whitetail(hidden, { visibility: 'followers' })
    expect(await myRow(t, hidden.cookie, 'board=trophies')).toBeNull()
    expect(await myRow(t, hidden.cookie, 'board=species&species=whitetail-deer')).toBeNull()
  })

  it('takes a measurement made private off the boards and top species, and back when public again; deleted, for good', async () => {
    const angler = await member('Tarpon')
    const m = await fish(t, angler.cookie, 'tarpon', 90)
    expect(await speciesValue(angler, 'tarpon')).toBe(90)
    expect(await myRow(t, angler.cookie, 'board=trophies&species=tarpon')).toMatchObject({ value: 1 })
    expect(await speciesCount(angler, 'tarpon')).toBe(1)

    await setFishVisibility(angler, m, 'private')
    expect(await speciesValue(angler, 'tarpon')).toBeNull()
    expect(await myRow(t, angler.cookie, 'board=trophies&species=tarpon')).toBeNull()
    expect(await speciesCount(angler, 'tarpon')).toBe(0)

    await setFishVisibility(angler, m, 'public')
    expect(await speciesValue(angler, 'tarpon')).toBe(90)
    expect(await speciesCount(angler, 'tarpon')).toBe(1)

    expect((await send('DELETE', `/api/measurements/${m.id}`, angler)).statusCode).toBe(204)
    expect(await speciesValue(angler, 'tarpon')).toBeNull()
    expect(await myRow(t, angler.cookie, 'board=trophies')).toBeNull()
    expect(await speciesCount(angler, 'tarpon')).toBe(0)
  })

  it('takes a measurement a moderator hid off the boards, and back when restored', async () => {
    const angler = await member('Striper')
    await fish(t, angler.cookie, 'striped-bass', 20)
    const big = await fish(t, angler.cookie, 'striped-bass', 30)
    expect(await speciesValue(angler, 'striped-bass')).toBe(30)

    await moderate('measurement', big.id, 'hide')
    expect(await myRow(t, angler.cookie, 'board=species&species=striped-bass')).toMatchObject({
      value: 20,
      totalMeasurements: 1,
    })
    expect(await speciesCount(angler, 'striped-bass')).toBe(1)

    await moderate('measurement', big.id, 'restore')
    expect(await myRow(t, angler.cookie, 'board=species&species=striped-bass')).toMatchObject({
      value: 30,
      totalMeasurements: 2,
    })
    expect(await speciesCount(angler, 'striped-bass')).toBe(2)
  })

  it('never counts a disputed measurement', async () => {
    // About the board alone: the dispute is written as the size checks write it (check_state), then the boards.
    const angler = await member('Disputed')
    await fish(t, angler.cookie, 'channel-catfish', 12)
    const big = await fish(t, angler.cookie, 'channel-catfish', 40)
    await setMeasurementColumns(t, big.id, { checkState: 'disputed' })
    expect(await myRow(t, angler.cookie, 'board=species&species=channel-catfish')).toMatchObject({
      value: 12,
      totalMeasurements: 1,
    })
    await setMeasurementColumns(t, big.id, { checkState: 'unverified' })
    expect(await speciesValue(angler, 'channel-catfish')).toBe(40)
  })

  it('gives a member whose profile a moderator hid no rows at all, and all of them back when restored', async () => {
    const angler = await member('Hidden')
    const other = await member('Seer')
    await fish(t, angler.cookie, 'spotted-seatrout', 7)
    await grantPoints(t, angler.id, 40, new Date())
    const seen = async () =>
      standings(await board(t, other.cookie, '/api/leaderboards/species/spotted-seatrout')).map(([id]) => id)
    expect(await seen()).toEqual([angler.id])

    await moderate('user', angler.id, 'hide')
    expect(await seen()).toEqual([])
    expect(await myRow(t, angler.cookie, 'board=species&species=spotted-seatrout')).toBeNull()
    expect(await myRow(t, angler.cookie, 'board=points')).toBeNull()
    expect(await speciesCount(other, 'spotted-seatrout')).toBe(0)

    await moderate('user', angler.id, 'restore')
    expect(await seen()).toEqual([angler.id])
    expect(await myRow(t, angler.cookie, 'board=points')).not.toBeNull()
    expect(await speciesCount(other, 'spotted-seatrout')).toBe(1)
  })
})

describe('periods (UTC calendar; weeks start on Monday)', () => {
  it('counts a measurement taken 23:59 UTC on Sunday in the previous week, 00:00 on Monday in this one', async () => {
    const hunter = await member('Weekly')
    const monday = mondayOf(new Date())
    const sunday = new Date(monday.getTime() - 60_000)
    await whitetail(hunter, { takenAt: sunday.toISOString() })
    await whitetail(hunter, { takenAt: monday.toISOString() })
    expect(await myRow(t, hunter.cookie, 'board=trophies&period=this-week')).toMatchObject({
      value: 1,
      totalMeasurements: 1,
    })
    expect(await myRow(t, hunter.cookie, 'board=trophies&period=all-time')).toMatchObject({ value: 2 })
    // Monday may be the 1st of a month or of a year: then Sunday 23:59 belongs to the previous one too.
    for (const period of ['this-month', 'this-year'] as const) {
      const n = [sunday, monday].filter((at) => countsNow(period, at)).length
      expect((await myRow(t, hunter.cookie, `board=trophies&period=${period}`))?.value, period).toBe(n)
    }
  })

  it('counts a measurement in all time, and in this year and month only when it was taken in them', async () => {
    const hunter = await member('Yearly')
    const taken = [new Date(Date.now() - 3_600_000), daysAgo(40), daysAgo(400)]
    for (const at of taken) await whitetail(hunter, { takenAt: at.toISOString() })
    for (const period of ['all-time', 'this-year', 'this-month', 'this-week'] as const) {
      const n = taken.filter((at) => countsNow(period, at)).length
      const row = await myRow(t, hunter.cookie, `board=trophies&period=${period}`)
      expect(row?.value ?? 0, period).toBe(n)
    }
    expect((await myRow(t, hunter.cookie, 'board=trophies'))?.value).toBe(3)
  })

  it('counts points in the period they were earned; inactive achievements count nothing', async () => {
    const hunter = await member('Points')
    const recent = new Date(Date.now() - 3_600_000)
    await grantPoints(t, hunter.id, 50, recent)
    await grantPoints(t, hunter.id, 70, daysAgo(400))
    await grantPoints(t, hunter.id, 1000, recent, { active: false })
    expect(await myRow(t, hunter.cookie, 'board=points')).toMatchObject({ value: 120 })
    for (const period of ['this-year', 'this-month', 'this-week'] as const) {
      const row = await myRow(t, hunter.cookie, `board=points&period=${period}`)
      expect(row?.value ?? 0, period).toBe(countsNow(period, recent) ? 50 : 0)
    }
  })
})

describe('evidence filter', () => {
  it('counts a measurement at every level its evidence reaches: any, photo-measured or better, community-verified or better', async () => {
    // About the board alone: the evidence the photo tool and the size checks set is written directly, then the boards.
    const angler = await member('Evidence')
    const levels = [
      [10, 'self-reported'],
      [8, 'photo-measured'],
      [6, 'community-verified'],
      [5, 'official'],
      [12, 'ai-estimate'],
    ] as const
    for (const [weight, evidence] of levels) {
      const m = await fish(t, angler.cookie, 'red-drum', weight)
      await setMeasurementColumns(t, m.id, { evidence })
    }
    const row = (evidence: string) => myRow(t, angler.cookie, `board=species&species=red-drum&evidence=${evidence}`)
    expect(await row('any')).toMatchObject({ value: 12, totalMeasurements: 5 })
    expect(await row('photo-measured')).toMatchObject({ value: 8, totalMeasurements: 3 })
    expect(await row('community-verified')).toMatchObject({ value: 6, totalMeasurements: 2 })
    expect(await speciesCount(angler, 'red-drum', '?evidence=community-verified')).toBe(2)
    expect(await speciesCount(angler, 'red-drum', '?evidence=photo-measured')).toBe(3)
  })
})

describe('size checks', () => {
  it('moves a measurement the community verifies up to the verified boards, and one it disputes off every board', async () => {
    const angler = await member('Checked')
    const checkers = await Promise.all([1, 2, 3, 4].map((i) => member(`Checker${i}`)))
    const photo = await uploadPhoto(t, angler.cookie, await jpeg(64, 48))
    const m = await fish(t, angler.cookie, 'atlantic-bluefin-tuna', 400, { photoIds: [photo.json().id] })
    const row = (evidence: string) =>
      myRow(t, angler.cookie, `board=species&species=atlantic-bluefin-tuna&evidence=${evidence}`)
    expect(await row('community-verified')).toBeNull()

    // Two confirmations: verified, so community-verified evidence.
    for (const checker of checkers.slice(0, 2)) {
      expect((await putSizeCheck(t, checker.cookie, m.id, { verdict: 'confirmed' })).statusCode).toBe(200)
    }
    expect(await row('community-verified')).toMatchObject({ value: 400, totalMeasurements: 1 })
    expect(await row('photo-measured')).toMatchObject({ value: 400 })

    // Two disputes of four verdicts: disputed, on no board at all.
    for (const checker of checkers.slice(2)) {
      expect((await putSizeCheck(t, checker.cookie, m.id, { verdict: 'disputed' })).statusCode).toBe(200)
    }
    expect(await row('any')).toBeNull()
    expect(await speciesCount(angler, 'atlantic-bluefin-tuna')).toBe(0)
  })
})

describe('blocks', () => {
  it('leaves members blocked either way off the viewer’s boards and out of their rank; others still see them', async () => {
    const [first, second, third, viewer] = [
      await member('Snook1'),
      await member('Snook2'),
      await member('Snook3'),
      await member('SnookViewer'),
    ] as [SignedInUser, SignedInUser, SignedInUser, SignedInUser]
    await fish(t, first.cookie, 'common-snook', 20)
    await fish(t, second.cookie, 'common-snook', 15)
    await fish(t, third.cookie, 'common-snook', 10)
    await fish(t, viewer.cookie, 'common-snook', 5)
    const url = '/api/leaderboards/species/common-snook'
    expect((await myRow(t, viewer.cookie, 'board=species&species=common-snook'))?.rank).toBe(4)

    expect((await send('PUT', `/api/blocks/${first.id}`, viewer)).statusCode).toBe(200)
    expect((await send('PUT', `/api/blocks/${viewer.id}`, third)).statusCode).toBe(200)
    expect(standings(await board(t, viewer.cookie, url))).toEqual([
      [second.id, 15],
      [viewer.id, 5],
    ])
    expect((await myRow(t, viewer.cookie, 'board=species&species=common-snook'))?.rank).toBe(2)
    expect(standings(await board(t, second.cookie, url)).map(([id]) => id)).toEqual([
      first.id,
      second.id,
      third.id,
      viewer.id,
    ])
  })
})

describe('concurrent writes', () => {
  it('keeps every member’s rows and the species totals exact when members record at the same moment', async () => {
    const anglers = await Promise.all(Array.from({ length: 6 }, (_, i) => member(`Bluegill${i}`)))
    await Promise.all(
      anglers.flatMap((a, i) => [fish(t, a.cookie, 'bluegill', 1 + i / 10), fish(t, a.cookie, 'bluegill', 0.5)]),
    )
    const viewer = anglers[0] as SignedInUser
    expect(await speciesCount(viewer, 'bluegill')).toBe(12)
    const rows = await board(t, viewer.cookie, '/api/leaderboards/species/bluegill')
    expect(rows.map((r) => r.totalMeasurements)).toEqual(anglers.map(() => 2))
  })
})

describe('rebuildAllBoards', () => {
  const snapshot = async () => {
    const result = await t.db.execute(sql`select
        (select coalesce(json_agg(e order by board, bucket, species_id, evidence, user_id), '[]')::text
           from leaderboard_entries e) as entries,
        (select coalesce(json_agg(s order by bucket, evidence, species_id), '[]')::text
           from (select bucket, evidence, species_id, sum(measurements)::int as measurements
             from leaderboard_species_totals group by 1, 2, 3 having sum(measurements) <> 0) s) as totals`)
    return (result as unknown as { rows: { entries: string; totals: string }[] }).rows[0]
  }

  it('keeps exactly the rows a rebuild computes through any edits: moved dates, species, weights, visibility, none', async () => {
    const angler = await member('Edited')
    const now = Date.now()
    type State = { speciesId: string; weightLbs: number; daysBack: number; visibility: Measurement['visibility'] }
    const states: State[] = [
      { speciesId: 'bluegill', weightLbs: 1.1, daysBack: 0, visibility: 'public' },
      { speciesId: 'walleye', weightLbs: 6.5, daysBack: 8, visibility: 'public' },
    ]
    const body = (state: State) => ({
      speciesId: state.speciesId,
      quick: { weightLbs: state.weightLbs },
      method: 'scale' as const,
      takenAt: new Date(now - state.daysBack * 86_400_000).toISOString(),
      visibility: state.visibility,
    })
    const ids: string[] = []
    for (const state of states)
      ids.push((await createMeasurement(t, angler.cookie, { sheet: undefined, ...body(state) })).id)
    // One field of one catch changed per edit (or nothing), so each kind of change is seen on its own.
    const edit = fc.oneof(
      fc.record({ speciesId: fc.constantFrom('bluegill', 'walleye', 'largemouth-bass') }),
      fc.record({ weightLbs: fc.constantFrom(1.1, 2.25, 6.5) }),
      fc.record({ daysBack: fc.constantFrom(0, 1, 6, 8, 35, 400) }),
      fc.record({ visibility: fc.constantFrom<Measurement['visibility'][]>('public', 'followers', 'private') }),
      fc.constant({}),
    )
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: 1 }), edit), { minLength: 1, maxLength: 4 }), async (edits) => {
        for (const [which, change] of edits) {
          states[which] = { ...(states[which] as State), ...change }
          const res = await send('PATCH', `/api/measurements/${ids[which]}`, angler, body(states[which] as State))
          expect(res.statusCode, res.body).toBe(200)
        }
        const maintained = await snapshot()
        await rebuildAllBoards(t.db)
        expect(await snapshot()).toEqual(maintained)
      }),
      { numRuns: 15 },
    )
  })

  it('computes from scratch exactly the rows the writes maintained', async () => {
    const angler = await member('Rebuilt')
    await fish(t, angler.cookie, 'muskellunge', 31)
    const maintained = await snapshot()
    expect(maintained?.entries).toContain(angler.id)
    expect(await rebuildBoardsIfEmpty(t.db)).toBeUndefined()
    await rebuildAllBoards(t.db)
    expect(await snapshot()).toEqual(maintained)

    // An empty table with measurements to rank (a database from before the boards): rebuilt when the app is built.
    await t.db.execute(sql`delete from leaderboard_entries`)
    await t.db.execute(sql`delete from leaderboard_species_totals`)
    const restarted = await startTestApp(t.db)
    try {
      expect(await snapshot()).toEqual(maintained)
    } finally {
      await restarted.close()
    }
  })
})
