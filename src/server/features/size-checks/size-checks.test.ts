import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, follows, measurements, notifications, sizeChecks } from '#server/db/schema.ts'
import { CONFIRMED_OUTSIDE_RANGE } from '#shared/community/verdict-rule.ts'
import { COMMUNITY_LIMITS, type SizeChecks, SizeChecksSchema, type Verdict } from '#shared/schemas/community.ts'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  aMeasurement,
  aSizeCheck,
  browserHeaders,
  createMeasurement,
  createUser,
  putSizeCheck,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// The member size check (docs/architecture.md §2): one verdict per member per measurement, never on one's own,
// only with a photo and only on what the checker may see; the state and the evidence follow the verdicts.

let t: TestApp
let owner: SignedInUser
/** Six members who check the owner's measurements. */
let checkers: SignedInUser[]
let admin: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  owner = await createUser(t, { verify: 'mark', firstName: 'Olive', lastName: 'Owner' })
  checkers = []
  for (let i = 0; i < 6; i++) checkers.push(await createUser(t, { verify: 'mark', firstName: `Checker${i}` }))
  admin = await createUser(t, { state: 'admin', verify: 'mark' })
})
afterAll(() => t?.close())

const at = (i: number) => checkers[i] as SignedInUser

/** A measurement of `who` (the owner by default) with one photo; public unless said. */
async function photoMeasurement(overrides: Partial<CreateMeasurement> = {}, who = owner): Promise<Measurement> {
  const photo = await uploadPhoto(t, who.cookie, await jpeg(64, 48))
  return createMeasurement(t, who.cookie, { visibility: 'public', photoIds: [photo.json().id], ...overrides })
}

const getChecks = (id: string, cookie: string) =>
  t.app.inject({ method: 'GET', url: `/api/measurements/${id}/size-checks`, headers: { cookie } })

const withdraw = (id: string, cookie: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/measurements/${id}/size-check`, headers: browserHeaders(cookie) })

const reply = (id: string, checkId: string, cookie: string, text = 'Thanks, it was taped twice.') =>
  t.app.inject({
    method: 'POST',
    url: `/api/measurements/${id}/size-checks/${checkId}/reply`,
    headers: browserHeaders(cookie),
    payload: { reply: text },
  })

/** A 200 answer, read through the contract. */
function checksOf(res: Awaited<ReturnType<typeof getChecks>>): SizeChecks {
  expect(res.statusCode, res.body).toBe(200)
  return SizeChecksSchema.parse(res.json())
}

async function verdict(id: string, who: SignedInUser, v: Verdict, note?: string): Promise<SizeChecks> {
  return checksOf(await putSizeCheck(t, who.cookie, id, { verdict: v, ...(note !== undefined ? { note } : {}) }))
}

const evidenceSeenBy = async (id: string, who: SignedInUser) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/measurements/${id}`, headers: { cookie: who.cookie } })
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as Measurement).evidence
}

const storedRow = async (id: string) => {
  const [row] = await t.db
    .select({
      confirmed: measurements.confirmedCount,
      plausible: measurements.plausibleCount,
      disputed: measurements.disputedCount,
      state: measurements.checkState,
      evidence: measurements.evidence,
    })
    .from(measurements)
    .where(eq(measurements.id, id))
  return row
}

describe('GET /api/measurements/:id/size-checks', () => {
  it('starts unverified with no verdicts; others may check, the owner may not', async () => {
    const m = await photoMeasurement()
    const seen = checksOf(await getChecks(m.id, at(0).cookie))
    expect(seen).toEqual({
      state: 'unverified',
      counts: { confirmed: 0, plausible: 0, disputed: 0 },
      checks: [],
      canCheck: true,
    })
    expect(checksOf(await getChecks(m.id, owner.cookie)).canCheck).toBe(false)
  })

  it('a measurement without a photo cannot be checked', async () => {
    const m = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    expect(checksOf(await getChecks(m.id, at(0).cookie)).canCheck).toBe(false)
  })

  it('shows each verdict with its checker, estimate and note, and marks the viewer’s own', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed', 'Ruler in frame')
    await verdict(m.id, at(1), 'plausible')
    const seen = checksOf(await getChecks(m.id, at(0).cookie))
    expect(seen.checks.map((c) => [c.checker.id, c.verdict, c.isMine])).toEqual([
      [at(0).id, 'confirmed', true],
      [at(1).id, 'plausible', false],
    ])
    expect(seen.checks[0]).toMatchObject({
      checker: { firstName: 'Checker0' },
      estimate: aSizeCheck().estimate,
      note: 'Ruler in frame',
      reply: null,
    })
    expect(seen.counts).toEqual({ confirmed: 1, plausible: 1, disputed: 0 })
  })

  it('leaves out verdicts by members blocked either way, while the counts keep them', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    await verdict(m.id, at(1), 'confirmed')
    await t.db.insert(blocks).values({ blockerId: at(2).id, blockedId: at(0).id })
    await t.db.insert(blocks).values({ blockerId: at(1).id, blockedId: at(3).id })
    try {
      const byBlocker = checksOf(await getChecks(m.id, at(2).cookie))
      expect(byBlocker.checks.map((c) => c.checker.id)).toEqual([at(1).id])
      expect(byBlocker.counts.confirmed).toBe(2)
      const byBlocked = checksOf(await getChecks(m.id, at(3).cookie))
      expect(byBlocked.checks.map((c) => c.checker.id)).toEqual([at(0).id])
    } finally {
      await t.db.delete(blocks).where(eq(blocks.blockerId, at(2).id))
      await t.db.delete(blocks).where(eq(blocks.blockerId, at(1).id))
    }
  })
})

describe('PUT /api/measurements/:id/size-check refuses', () => {
  it('a check of one’s own measurement (400)', async () => {
    const m = await photoMeasurement()
    expectApiError(await putSizeCheck(t, owner.cookie, m.id), 400, 'You cannot check your own measurement')
  })

  it('a measurement without a photo (400)', async () => {
    const m = await createMeasurement(t, owner.cookie, { visibility: 'public' })
    expectApiError(await putSizeCheck(t, at(0).cookie, m.id), 400, 'Only a measurement with a photo can be checked')
  })

  type Setup = (m: Measurement) => Promise<void>
  const hide: Setup = async (m) => {
    await t.db.update(measurements).set({ hiddenAt: new Date() }).where(eq(measurements.id, m.id))
  }
  const INVISIBLE: [string, Partial<CreateMeasurement>, Setup][] = [
    ['a private measurement', { visibility: 'private' }, async () => {}],
    ['a followers-only measurement of a member not followed', { visibility: 'followers' }, async () => {}],
    ['a hidden measurement', {}, hide],
    [
      'a measurement of a member the checker blocked',
      {},
      async () => {
        await t.db.insert(blocks).values({ blockerId: at(5).id, blockedId: owner.id })
      },
    ],
    [
      'a measurement of a member who blocked the checker',
      {},
      async () => {
        await t.db.insert(blocks).values({ blockerId: owner.id, blockedId: at(5).id })
      },
    ],
  ]

  it.each(INVISIBLE)(
    '%s (404, as if it did not exist), and shows none of its checks',
    async (_name, overrides, setup) => {
      const m = await photoMeasurement(overrides)
      await setup(m)
      try {
        expectApiError(await putSizeCheck(t, at(5).cookie, m.id), 404, 'Measurement not found')
        expectApiError(await getChecks(m.id, at(5).cookie), 404, 'Measurement not found')
        expectApiError(await withdraw(m.id, at(5).cookie), 404, 'Measurement not found')
        expect(await t.db.select().from(sizeChecks).where(eq(sizeChecks.measurementId, m.id))).toEqual([])
      } finally {
        await t.db.delete(blocks).where(eq(blocks.blockedId, owner.id))
        await t.db.delete(blocks).where(eq(blocks.blockerId, owner.id))
      }
    },
  )

  it('an unknown measurement (404)', async () => {
    expectApiError(
      await putSizeCheck(t, at(0).cookie, '00000000-0000-4000-8000-000000000000'),
      404,
      'Measurement not found',
    )
  })

  it('accepts a followers-only measurement from a follower', async () => {
    const m = await photoMeasurement({ visibility: 'followers' })
    await t.db.insert(follows).values({ followerId: at(5).id, followeeId: owner.id })
    try {
      expect((await verdict(m.id, at(5), 'confirmed')).counts.confirmed).toBe(1)
    } finally {
      await t.db.delete(follows).where(eq(follows.followerId, at(5).id))
    }
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['a negative estimate', { estimate: { ...aSizeCheck().estimate, value: -3 } }, 'estimate.value'],
    ['an unknown verdict', { verdict: 'maybe' }, 'verdict'],
    ['no estimate', { estimate: undefined }, 'estimate'],
    ['an overlong note', { note: 'x'.repeat(COMMUNITY_LIMITS.checkNoteChars + 1) }, 'note'],
  ])('%s (400 naming %s)', async (_name, change, field) => {
    const m = await photoMeasurement()
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/measurements/${m.id}/size-check`,
      headers: browserHeaders(at(0).cookie),
      payload: { ...aSizeCheck(), ...change },
    })
    const body = expectApiError(res, 400)
    expect(body.error.message.startsWith(`${field}:`), body.error.message).toBe(true)
    expect(body.error.issues?.map((i) => i.path)).toContain(field)
  })
})

describe('the verdict follows the checker’s own estimate', () => {
  /** An estimate of the measurement's reported length: `off` inches from it, with a ± of `uncertainty`. */
  const lengthEstimate = (m: Measurement, off: number, uncertainty: number | null) => {
    const reportedIn = m.summary.lengthIn as number
    return {
      field: 'length',
      label: 'Length',
      value: reportedIn + off,
      unit: 'in' as const,
      uncertainty,
      source: uncertainty === null ? ('ai-estimate' as const) : ('photo-tool' as const),
    }
  }

  it('refuses Confirmed when the reported length is outside the checker’s ± (400 naming verdict), and saves nothing', async () => {
    const m = await photoMeasurement()
    expect(m.summary.lengthIn).not.toBeNull()
    const res = await putSizeCheck(t, at(0).cookie, m.id, {
      verdict: 'confirmed',
      estimate: lengthEstimate(m, -8, 0.5),
    })
    const body = expectApiError(res, 400, `verdict: ${CONFIRMED_OUTSIDE_RANGE}`)
    expect(body.error.issues).toEqual([{ path: 'verdict', message: CONFIRMED_OUTSIDE_RANGE }])
    expect(checksOf(await getChecks(m.id, at(0).cookie))).toMatchObject({
      checks: [],
      counts: { confirmed: 0, plausible: 0, disputed: 0 },
    })
  })

  it('refuses changing a verdict to Confirmed with such an estimate, keeping the verdict given', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(1), 'disputed')
    const res = await putSizeCheck(t, at(1).cookie, m.id, {
      verdict: 'confirmed',
      estimate: lengthEstimate(m, 1, 0.25),
    })
    expectApiError(res, 400)
    expect(checksOf(await getChecks(m.id, at(1).cookie)).checks.map((c) => c.verdict)).toEqual(['disputed'])
  })

  it.each<[string, Verdict, number, number | null]>([
    ['Confirmed within the ±', 'confirmed', -0.375, 0.5],
    ['Confirmed on the edge of the ±', 'confirmed', 0.5, 0.5],
    ['Confirmed 1/8 in off with a ± of 0 (read to the eighth)', 'confirmed', 0.125, 0],
    ['Confirmed with no ± (an AI estimate)', 'confirmed', -8, null],
    ['Plausible outside the ±', 'plausible', -8, 0.5],
    ['Disputed outside the ±', 'disputed', -8, 0.5],
  ])('accepts %s', async (_name, given, off, uncertainty) => {
    const m = await photoMeasurement()
    const res = await putSizeCheck(t, at(2).cookie, m.id, {
      verdict: given,
      estimate: lengthEstimate(m, off, uncertainty),
    })
    expect(checksOf(res).checks.map((c) => c.verdict)).toEqual([given])
  })

  it('accepts Confirmed of a value the card does not report (the score), whatever its ±', async () => {
    const m = await photoMeasurement()
    const estimate = { ...aSizeCheck().estimate, value: 12, uncertainty: 0.25 }
    expect(
      checksOf(await putSizeCheck(t, at(3).cookie, m.id, { verdict: 'confirmed', estimate })).counts.confirmed,
    ).toBe(1)
  })
})

describe('one verdict per member', () => {
  it('a repeat changes the verdict and never adds a second row', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    const after = await verdict(m.id, at(0), 'disputed', 'The ruler is closer to the camera')
    expect(after.checks).toHaveLength(1)
    expect(after.checks[0]).toMatchObject({ verdict: 'disputed', note: 'The ruler is closer to the camera' })
    expect(after.counts).toEqual({ confirmed: 0, plausible: 0, disputed: 1 })
    const rows = await t.db.select().from(sizeChecks).where(eq(sizeChecks.measurementId, m.id))
    expect(rows).toHaveLength(1)
  })

  it('a double click (two requests at once) ends with one verdict', async () => {
    const m = await photoMeasurement()
    const answers = await Promise.all([putSizeCheck(t, at(0).cookie, m.id), putSizeCheck(t, at(0).cookie, m.id)])
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await t.db.select().from(sizeChecks).where(eq(sizeChecks.measurementId, m.id))).toHaveLength(1)
    expect(await storedRow(m.id)).toMatchObject({ confirmed: 1, plausible: 0, disputed: 0 })
  })

  it('six members at once: every verdict is counted and the state follows', async () => {
    const m = await photoMeasurement()
    const given: Verdict[] = ['confirmed', 'confirmed', 'confirmed', 'confirmed', 'confirmed', 'plausible']
    const answers = await Promise.all(given.map((v, i) => putSizeCheck(t, at(i).cookie, m.id, { verdict: v })))
    expect(answers.map((r) => r.statusCode)).toEqual(given.map(() => 200))
    expect(await storedRow(m.id)).toEqual({
      confirmed: 5,
      plausible: 1,
      disputed: 0,
      state: 'verified',
      evidence: 'community-verified',
    })
    expect(await t.db.select().from(sizeChecks).where(eq(sizeChecks.measurementId, m.id))).toHaveLength(6)
  })

  it('withdrawing a verdict counts again (and withdrawing none is no error)', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    await verdict(m.id, at(1), 'confirmed')
    const withdrawn = checksOf(await withdraw(m.id, at(1).cookie))
    expect(withdrawn).toMatchObject({ state: 'unverified', counts: { confirmed: 1, plausible: 0, disputed: 0 } })
    expect(withdrawn.checks.map((c) => c.checker.id)).toEqual([at(0).id])
    expect(checksOf(await withdraw(m.id, at(1).cookie)).counts.confirmed).toBe(1)
  })
})

describe('the state and the evidence everyone sees', () => {
  it('community verified raises the evidence for the owner and for others, and falls back when a verdict changes', async () => {
    const m = await photoMeasurement()
    const reported = m.evidence
    expect(reported).not.toBe('community-verified')
    await verdict(m.id, at(0), 'confirmed')
    expect(await evidenceSeenBy(m.id, at(1))).toBe(reported)

    const verified = await verdict(m.id, at(1), 'confirmed')
    expect(verified.state).toBe('verified')
    expect(await evidenceSeenBy(m.id, owner)).toBe('community-verified')
    expect(await evidenceSeenBy(m.id, at(2))).toBe('community-verified')

    // 1 confirmed + 1 plausible: half, not more than 2/3.
    expect((await verdict(m.id, at(1), 'plausible')).state).toBe('unverified')
    expect(await evidenceSeenBy(m.id, owner)).toBe(reported)
    expect(await evidenceSeenBy(m.id, at(2))).toBe(reported)
  })

  it('2 confirmed + 1 plausible is 2/3, not more: unverified; a fourth confirmed verifies (3/4)', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    await verdict(m.id, at(1), 'confirmed')
    expect((await verdict(m.id, at(2), 'plausible')).state).toBe('unverified')
    expect((await verdict(m.id, at(3), 'confirmed')).state).toBe('verified')
  })

  it('one confirmed and one disputed is disputed (1/2 > 1/3); the evidence stays as reported', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    const disputed = await verdict(m.id, at(1), 'disputed')
    expect(disputed).toMatchObject({ state: 'disputed', counts: { confirmed: 1, plausible: 0, disputed: 1 } })
    expect(await storedRow(m.id)).toMatchObject({ state: 'disputed', evidence: m.evidence })
  })

  it('the owner editing a verified measurement keeps it community verified', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    await verdict(m.id, at(1), 'confirmed')
    const { id: _id, ...edit } = {
      ...aMeasurement(),
      visibility: 'public' as const,
      photoIds: m.photos.map((p) => p.id),
      caption: 'edited',
    }
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/measurements/${m.id}`,
      headers: browserHeaders(owner.cookie),
      payload: edit,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((res.json() as Measurement).evidence).toBe('community-verified')
  })
})

describe('notifications and replies', () => {
  const notificationsOf = (userId: string, measurementId: string) =>
    t.db
      .select({ kind: notifications.kind, actorId: notifications.actorId, verdict: notifications.verdict })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.measurementId, measurementId)))
      .orderBy(notifications.createdAt)

  it('the owner is notified of a new verdict and of a changed one, not of the same verdict again', async () => {
    const m = await photoMeasurement()
    await verdict(m.id, at(0), 'confirmed')
    await verdict(m.id, at(0), 'confirmed', 'a better note')
    await verdict(m.id, at(0), 'disputed')
    expect(await notificationsOf(owner.id, m.id)).toEqual([
      { kind: 'size-check', actorId: at(0).id, verdict: 'confirmed' },
      { kind: 'size-check', actorId: at(0).id, verdict: 'disputed' },
    ])
  })

  it('the owner replies to a verdict (and may replace the reply); the checker is notified', async () => {
    const m = await photoMeasurement()
    const checkId = (await verdict(m.id, at(0), 'disputed')).checks[0]?.id as string
    const first = checksOf(await reply(m.id, checkId, owner.cookie, 'It was taped twice.'))
    expect(first.checks[0]).toMatchObject({ reply: 'It was taped twice.', repliedAt: expect.any(String) })
    const second = checksOf(await reply(m.id, checkId, owner.cookie, 'Taped twice, and weighed.'))
    expect(second.checks[0]?.reply).toBe('Taped twice, and weighed.')
    // The checker sees the reply too.
    expect(checksOf(await getChecks(m.id, at(0).cookie)).checks[0]?.reply).toBe('Taped twice, and weighed.')
    expect(await notificationsOf(at(0).id, m.id)).toEqual([
      { kind: 'size-check-reply', actorId: owner.id, verdict: 'disputed' },
      { kind: 'size-check-reply', actorId: owner.id, verdict: 'disputed' },
    ])
  })

  it('only the owner may reply: the checker, another member and an admin get 404', async () => {
    const m = await photoMeasurement()
    const checkId = (await verdict(m.id, at(0), 'confirmed')).checks[0]?.id as string
    for (const who of [at(0), at(1), admin]) {
      expectApiError(await reply(m.id, checkId, who.cookie), 404, 'Measurement not found')
    }
    expectApiError(await reply(m.id, '00000000-0000-4000-8000-000000000000', owner.cookie), 404, 'Size check not found')
    const other = await photoMeasurement()
    expectApiError(await reply(other.id, checkId, owner.cookie), 404, 'Size check not found')
    expect((await t.db.select().from(sizeChecks).where(eq(sizeChecks.id, checkId)))[0]?.reply).toBeNull()
  })

  it('a changed verdict clears the reply; the same verdict with a new note keeps it', async () => {
    const m = await photoMeasurement()
    const checkId = (await verdict(m.id, at(0), 'plausible')).checks[0]?.id as string
    await reply(m.id, checkId, owner.cookie, 'Weighed on a certified scale.')
    expect((await verdict(m.id, at(0), 'plausible', 'new note')).checks[0]?.reply).toBe('Weighed on a certified scale.')
    expect((await verdict(m.id, at(0), 'confirmed')).checks[0]).toMatchObject({ reply: null, repliedAt: null })
  })

  it('a reply must have text (400 naming reply)', async () => {
    const m = await photoMeasurement()
    const checkId = (await verdict(m.id, at(0), 'confirmed')).checks[0]?.id as string
    const body = expectApiError(await reply(m.id, checkId, owner.cookie, '   '), 400)
    expect(body.error.message).toMatch(/^reply:/)
  })
})

describe('rate limit', () => {
  it('a member writing verdicts past communityWrite gets 429', async () => {
    const limited = await createTestApp({ rateLimits: { communityWrite: { max: 2, windowMs: 60_000 } } })
    try {
      const a = await createUser(limited, { verify: 'mark' })
      const b = await createUser(limited, { verify: 'mark' })
      const photo = await uploadPhoto(limited, a.cookie, await jpeg(64, 48))
      const m = await createMeasurement(limited, a.cookie, { visibility: 'public', photoIds: [photo.json().id] })
      expect((await putSizeCheck(limited, b.cookie, m.id)).statusCode).toBe(200)
      expect((await putSizeCheck(limited, b.cookie, m.id)).statusCode).toBe(200)
      expectApiError(await putSizeCheck(limited, b.cookie, m.id), 429, /Too many attempts/)
    } finally {
      await limited.close()
    }
  })
})
