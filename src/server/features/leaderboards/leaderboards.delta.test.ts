import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import {
  browserHeaders,
  createAdmin,
  createUser,
  postReport,
  putSizeCheck,
  type SignedInUser,
  WHITETAIL_SHEET,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { rebuildAllBoards } from './leaderboards.service.ts'

// Every write moves only its measurement's cells (leaderboards.delta.ts, ADR 020); the full recomputation is the
// definition. Random sequences of writes through the API (created, each counted value edited, deleted, hidden and
// restored by a moderator, verified or disputed by size checks, a profile hidden and restored, an award taken back),
// by two members, over dates on week, month and year boundaries and sizes that tie; after each sequence the rows the
// writes maintained must be exactly those rebuildAllBoards computes from scratch.

let t: TestApp
let admin: SignedInUser
let reporter: SignedInUser
let anglers: SignedInUser[]
let checkers: SignedInUser[]
let photo: Buffer

beforeAll(async () => {
  t = await createTestApp()
  admin = await createAdmin(t)
  const member = (firstName: string) => createUser(t, { verify: 'mark', firstName, lastName: 'Delta' })
  reporter = await member('Reporter')
  anglers = [await member('Ada'), await member('Bo')]
  checkers = [await member('Cy'), await member('Di')]
  photo = await jpeg(64, 48)
}, 60_000)
afterAll(() => t?.close())

/** Sunday 23:59:59 and Monday 00:00 at a year's end, the new year in the same ISO week, a month's end and start. */
const DATES = [
  '2024-12-29T23:59:59.000Z',
  '2024-12-30T00:00:00.000Z',
  '2025-01-01T00:00:00.000Z',
  '2025-01-31T23:59:59.999Z',
  '2025-02-01T00:00:00.000Z',
  '2025-06-15T12:00:00.000Z',
]

type Values = {
  species: 'largemouth-bass' | 'walleye' | 'whitetail-deer'
  /** A bass of 8 lb is a trophy, of 10 a record; sizes repeat, so bests tie. */
  weight: 6 | 8 | 10
  /** Scored: a fish by length × girth² ÷ 800, a whitetail by its sheet (152 4/8); else a whitetail has no size. */
  scored: boolean
  length: 20 | 22
  takenAt: string
  visibility: Measurement['visibility']
  /** Measured on its photo: photo-measured evidence. */
  photoMeasured: boolean
}

const values = {
  species: fc.constantFrom<Values['species'][]>('largemouth-bass', 'walleye', 'whitetail-deer'),
  weight: fc.constantFrom<Values['weight'][]>(6, 8, 10),
  scored: fc.boolean(),
  length: fc.constantFrom<Values['length'][]>(20, 22),
  takenAt: fc.constantFrom(...DATES),
  visibility: fc.constantFrom<Values['visibility'][]>('public', 'public', 'public', 'followers', 'private'),
  photoMeasured: fc.boolean(),
}

function body(v: Values, photoId: string): Omit<CreateMeasurement, 'id'> {
  const fish = v.species !== 'whitetail-deer'
  const sheet = !v.scored
    ? undefined
    : fish
      ? { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: v.length, girthIn: 14 } }
      : structuredClone(WHITETAIL_SHEET)
  return {
    speciesId: v.species,
    sheet: sheet as CreateMeasurement['sheet'],
    quick: { weightLbs: v.weight, lengthIn: v.length },
    method: v.photoMeasured ? 'photo' : 'tape',
    photoIds: [photoId],
    photoMeasurements: v.photoMeasured
      ? [
          {
            field: 'quick.lengthIn',
            valueIn: v.length,
            uncertaintyIn: 0.25,
            photoId,
            mode: 'straight',
            reference: { kind: 'quarter', lengthIn: 0.955, pixels: 40 },
          },
        ]
      : [],
    takenAt: v.takenAt,
    visibility: v.visibility,
  }
}

type Live = { id: string; owner: SignedInUser; values: Values; photoId: string }

const command = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('create' as const), who: fc.nat(1), values: fc.record(values) }),
  },
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      target: fc.nat(),
      // One counted value at a time, so that each kind of change is seen on its own.
      change: fc.oneof(
        ...Object.entries(values).map(([key, arb]) => arb.map((v) => ({ [key]: v }) as Partial<Values>)),
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), target: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('moderate' as const),
      target: fc.nat(),
      action: fc.constantFrom('hide', 'restore'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('verdict' as const),
      target: fc.nat(),
      checker: fc.nat(1),
      verdict: fc.constantFrom('confirmed', 'disputed', 'plausible', 'withdraw'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('profile' as const),
      who: fc.nat(1),
      // Mostly shown again: a hidden member's writes move nothing, and a sequence should move something.
      action: fc.constantFrom('hide', 'restore', 'restore'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revoke' as const), who: fc.nat(1), index: fc.nat() }) },
)
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never

function send(method: 'PUT' | 'PATCH' | 'DELETE' | 'POST', url: string, who: SignedInUser, payload?: object) {
  return t.app.inject({ method, url, headers: browserHeaders(who.cookie), ...(payload ? { payload } : {}) })
}

/** The report on a target, open or (once the reporter can no longer see it, hidden) resolved. */
async function reportOn(targetId: string): Promise<string | undefined> {
  for (const status of ['open', 'resolved']) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/reports?status=${status}`,
      headers: { cookie: admin.cookie },
    })
    const found = (res.json().items as { id: string; targetId: string }[]).find((r) => r.targetId === targetId)
    if (found) return found.id
  }
  return undefined
}

/** A report on the target by the reporter (one they can still see), resolved by the admin. */
async function moderate(targetType: 'measurement' | 'user', targetId: string, action: 'hide' | 'restore') {
  await postReport(t, reporter.cookie, { targetType, targetId, reason: 'other' })
  // A post its reporter could never see (private) has no report: nothing to hide.
  const id = await reportOn(targetId)
  if (!id) return
  const res = await send('POST', `/api/admin/reports/${id}/resolve`, admin, { action })
  expect(res.statusCode, res.body).toBe(200)
}

async function run(live: Live[], step: Command) {
  const target = 'target' in step && live.length > 0 ? live[step.target % live.length] : undefined
  switch (step.kind) {
    case 'create': {
      const owner = anglers[step.who] as SignedInUser
      const photoId = (await uploadPhoto(t, owner.cookie, photo)).json().id as string
      const id = crypto.randomUUID()
      const res = await send('POST', '/api/measurements', owner, { id, ...body(step.values, photoId) })
      expect(res.statusCode, res.body).toBe(201)
      live.push({ id, owner, values: step.values, photoId })
      return
    }
    case 'edit': {
      if (!target) return
      target.values = { ...target.values, ...step.change }
      const res = await send(
        'PATCH',
        `/api/measurements/${target.id}`,
        target.owner,
        body(target.values, target.photoId),
      )
      expect(res.statusCode, res.body).toBe(200)
      return
    }
    case 'delete': {
      if (!target) return
      expect((await send('DELETE', `/api/measurements/${target.id}`, target.owner)).statusCode).toBe(204)
      live.splice(live.indexOf(target), 1)
      return
    }
    case 'moderate':
      if (target) await moderate('measurement', target.id, step.action as 'hide' | 'restore')
      return
    case 'verdict': {
      if (!target) return
      const checker = checkers[step.checker] as SignedInUser
      // A measurement the checker may not see (private, hidden) answers 404: nothing moves.
      if (step.verdict === 'withdraw') await send('DELETE', `/api/measurements/${target.id}/size-check`, checker)
      else await putSizeCheck(t, checker.cookie, target.id, { verdict: step.verdict as 'confirmed' })
      return
    }
    case 'profile':
      await moderate('user', (anglers[step.who] as SignedInUser).id, step.action as 'hide' | 'restore')
      return
    case 'revoke': {
      const who = anglers[step.who] as SignedInUser
      const earned = await t.db.execute(
        sql`select achievement_id from user_achievements where user_id = ${who.id} order by achievement_id`,
      )
      const ids = (earned as unknown as { rows: { achievement_id: string }[] }).rows
      const award = ids[step.index % Math.max(1, ids.length)]
      if (!award) return
      const res = await send('DELETE', `/api/admin/users/${who.id}/achievements/${award.achievement_id}`, admin)
      expect(res.statusCode, res.body).toBe(204)
    }
  }
}

const snapshot = async () => {
  const result = await t.db.execute(sql`select
      (select coalesce(json_agg(e order by board, bucket, species_id, evidence, user_id), '[]')::text
         from leaderboard_entries e) as entries,
      (select coalesce(json_agg(s order by bucket, evidence, species_id), '[]')::text
         from (select bucket, evidence, species_id, sum(measurements)::int as measurements
           from leaderboard_species_totals group by 1, 2, 3 having sum(measurements) <> 0) s) as totals`)
  return (result as unknown as { rows: { entries: string; totals: string }[] }).rows[0]
}

describe('a write moves only its cells', () => {
  it('leaves exactly the rows a rebuild from scratch computes, over any sequence of writes', async () => {
    const live: Live[] = []
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 10 }), async (steps) => {
        for (const step of steps) await run(live, step)
        const maintained = await snapshot()
        await rebuildAllBoards(t.db)
        expect(await snapshot()).toEqual(maintained)
      }),
      { numRuns: 30 },
    )
    // The sequences did reach the boards: rows of both members, and points.
    const rows = await t.db.execute(sql`select count(distinct user_id)::int as members,
        count(*) filter (where board = 'points')::int as points from leaderboard_entries`)
    expect((rows as unknown as { rows: { members: number; points: number }[] }).rows[0]?.members).toBeGreaterThan(0)
  }, 600_000)
})
