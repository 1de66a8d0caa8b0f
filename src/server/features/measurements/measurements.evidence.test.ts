import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { measurements, photoAnalyses } from '#server/db/schema.ts'
import type { CreateMeasurement, EvidenceLevel, PhotoMeasurement } from '#shared/schemas/measurements.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { aMeasurement, browserHeaders, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { type FakeOpenAi, startFakeOpenAi } from '#tests/support/fake-openai.ts'
import { jpeg, uploadPhoto } from '#tests/support/images.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { aiAnalysisProblem, type Computed, type ReportedBefore, reportedEvidence } from './measurements.compute.ts'

// A measurement whose values came from an accepted photo analysis (aiAnalysisId) carries the evidence
// level `ai-estimate`: only the member's own analysis of one of its photos; photo-measured values still win; the
// community's verification still raises it; an offline repeat still answers what is stored.

describe('aiAnalysisProblem', () => {
  const me = 'user-me'
  const photo = randomUUID()
  it.each<[string, { userId: string; photoId: string } | undefined, string | undefined]>([
    ['the member’s own analysis of one of the photos', { userId: me, photoId: photo }, undefined],
    ['no such analysis', undefined, 'aiAnalysisId: photo analysis not found'],
    ["another member's analysis", { userId: 'user-other', photoId: photo }, 'aiAnalysisId: photo analysis not found'],
    [
      'an analysis of a photo the measurement does not show',
      { userId: me, photoId: randomUUID() },
      "aiAnalysisId: the analysis is of a photo that is not one of this measurement's photos",
    ],
  ])('%s', (_name, analysis, message) => {
    const problem = aiAnalysisProblem(analysis, me, [randomUUID(), photo])
    expect(problem?.message).toBe(message)
    if (problem) expect(problem.issues).toEqual([{ path: 'aiAnalysisId', message: expect.any(String) }])
  })
})

describe('reportedEvidence', () => {
  const quick = { lengthIn: 24, girthIn: 18 }
  const sheet = { system: 'fish', category: 'length-girth-800', measurements: { lengthIn: 24, girthIn: 18 } } as const
  const computed = (
    evidence: EvidenceLevel,
    q: Computed['quick'] = quick,
  ): Pick<Computed, 'evidence' | 'sheet' | 'quick'> => ({
    evidence,
    sheet: null,
    quick: q,
  })
  const was = (reported: EvidenceLevel, q: ReportedBefore['quick'] = quick): ReportedBefore => ({
    reportedEvidence: reported,
    sheet: null,
    quick: q,
  })
  it.each<[string, EvidenceLevel, Parameters<typeof reportedEvidence>[1], EvidenceLevel]>([
    ['nothing accepted', 'self-reported', { accepted: false }, 'self-reported'],
    ['an analysis accepted', 'self-reported', { accepted: true }, 'ai-estimate'],
    ['photo-measured with an analysis accepted', 'photo-measured', { accepted: true }, 'photo-measured'],
    [
      'an edit keeping the accepted values',
      'self-reported',
      { accepted: false, before: was('ai-estimate') },
      'ai-estimate',
    ],
    [
      'an edit keeping the values in another key order',
      'self-reported',
      { accepted: false, before: was('ai-estimate', { girthIn: 18, lengthIn: 24 }) },
      'ai-estimate',
    ],
    [
      'an edit changing a value',
      'self-reported',
      { accepted: false, before: was('ai-estimate', { lengthIn: 25, girthIn: 18 }) },
      'self-reported',
    ],
    [
      'an edit of a self-reported one',
      'self-reported',
      { accepted: false, before: was('self-reported') },
      'self-reported',
    ],
    [
      'an edit measured on the photo now',
      'photo-measured',
      { accepted: false, before: was('ai-estimate') },
      'photo-measured',
    ],
  ])('%s → %s', (_name, evidence, ai, expected) => {
    expect(reportedEvidence(computed(evidence), ai)).toBe(expected)
  })

  it('compares sheets too', () => {
    const withSheet = { evidence: 'self-reported' as const, sheet, quick: null }
    const kept: ReportedBefore = { reportedEvidence: 'ai-estimate', sheet: structuredClone(sheet), quick: null }
    expect(reportedEvidence(withSheet, { accepted: false, before: kept })).toBe('ai-estimate')
    const changed = { ...kept, sheet: { ...sheet, measurements: { lengthIn: 24, girthIn: 17 } } }
    expect(reportedEvidence(withSheet, { accepted: false, before: changed })).toBe('self-reported')
  })
})

// ---------------------------------------------------------------------------------------------------------------
// Through the API, with analyses made by POST /api/photos/:id/analysis against the local OpenAI-compatible server.

let fake: FakeOpenAi
let t: TestApp
let owner: SignedInUser
let other: SignedInUser

beforeAll(async () => {
  fake = await startFakeOpenAi()
  t = await createTestApp({ config: { ai: fake.config() } })
  owner = await createUser(t, { state: 'member', verify: 'mark' })
  other = await createUser(t, { state: 'member', verify: 'mark' })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => fake.reset())

const BASS_REPLY = {
  species: { id: 'largemouth-bass', name: 'Largemouth Bass', confidence: 0.8 },
  category: 'Freshwater Fish',
  referenceObject: { visible: true, kind: 'quarter' },
  estimates: { lengthIn: 24, girthIn: 18 },
  trophyClass: null,
  score: null,
  notes: null,
}

function call(method: 'POST' | 'PATCH' | 'GET', url: string, cookie: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: browserHeaders(cookie, t.config.baseUrl),
    ...(payload ? { payload } : {}),
  })
}

async function upload(user: SignedInUser = owner): Promise<string> {
  const res = await uploadPhoto(t, user.cookie, await jpeg(160, 120))
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

async function analysisOf(photoId: string, user: SignedInUser = owner): Promise<string> {
  fake.queue({ kind: 'message', content: JSON.stringify(BASS_REPLY) })
  const res = await call('POST', `/api/photos/${photoId}/analysis`, user.cookie)
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id as string
}

/** A largemouth with the analysis's values, as the form sends it once the member accepts them. */
function aBass(photoIds: string[], overrides: Partial<CreateMeasurement> = {}): CreateMeasurement {
  return aMeasurement({
    speciesId: 'largemouth-bass',
    sheet: undefined,
    quick: { lengthIn: 24, girthIn: 18 },
    photoIds,
    ...overrides,
  })
}

async function stored(id: string) {
  const [row] = await t.db
    .select({ evidence: measurements.evidence, reported: measurements.reportedEvidence })
    .from(measurements)
    .where(eq(measurements.id, id))
  return row
}

describe('POST /api/measurements with aiAnalysisId', () => {
  it('carries ai-estimate for the values of an accepted analysis, and a repeat answers the same', async () => {
    const photoId = await upload()
    const body = aBass([photoId], { aiAnalysisId: await analysisOf(photoId) })
    const res = await call('POST', '/api/measurements', owner.cookie, body)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().evidence).toBe('ai-estimate')
    expect(await stored(body.id)).toEqual({ evidence: 'ai-estimate', reported: 'ai-estimate' })

    const repeat = await call('POST', '/api/measurements', owner.cookie, body)
    expect(repeat.statusCode, repeat.body).toBe(200)
    expect(repeat.json().evidence).toBe('ai-estimate')
  })

  it('answers a repeat with what is stored even once the analysis has gone', async () => {
    const photoId = await upload()
    const analysisId = await analysisOf(photoId)
    const body = aBass([photoId], { aiAnalysisId: analysisId })
    expect((await call('POST', '/api/measurements', owner.cookie, body)).statusCode).toBe(201)
    await t.db.delete(photoAnalyses).where(eq(photoAnalyses.id, analysisId))
    const repeat = await call('POST', '/api/measurements', owner.cookie, body)
    expect(repeat.statusCode, repeat.body).toBe(200)
    expect(repeat.json().evidence).toBe('ai-estimate')
  })

  it('stays self-reported without an aiAnalysisId, even when the photo was analysed', async () => {
    const photoId = await upload()
    await analysisOf(photoId)
    const res = await call('POST', '/api/measurements', owner.cookie, aBass([photoId]))
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().evidence).toBe('self-reported')
  })

  it('lets values measured on the photo win: photo-measured', async () => {
    const photoId = await upload()
    const measured: PhotoMeasurement = {
      field: 'quick.lengthIn',
      valueIn: 24,
      uncertaintyIn: 0.25,
      photoId,
      mode: 'straight',
      method: 'two-point',
      reference: { kind: 'quarter', lengthIn: 0.955, pixels: 40 },
    }
    const body = aBass([photoId], {
      method: 'photo',
      photoMeasurements: [measured],
      aiAnalysisId: await analysisOf(photoId),
    })
    const res = await call('POST', '/api/measurements', owner.cookie, body)
    expect(res.statusCode, res.body).toBe(201)
    expect(res.json().evidence).toBe('photo-measured')
  })

  it.each<[string, () => Promise<{ photoIds: string[]; aiAnalysisId: string }>, string]>([
    [
      "another member's analysis (of the other member's own photo)",
      async () => {
        const photoId = await upload()
        // The other member could analyse it only if they could see it; here: their own upload analysed.
        const theirs = await upload(other)
        return { photoIds: [photoId], aiAnalysisId: await analysisOf(theirs, other) }
      },
      'aiAnalysisId: photo analysis not found',
    ],
    [
      'an analysis of a photo not in photoIds',
      async () => {
        const analysed = await upload()
        const shown = await upload()
        return { photoIds: [shown], aiAnalysisId: await analysisOf(analysed) }
      },
      "aiAnalysisId: the analysis is of a photo that is not one of this measurement's photos",
    ],
    [
      'an analysis that does not exist',
      async () => ({ photoIds: [await upload()], aiAnalysisId: randomUUID() }),
      'aiAnalysisId: photo analysis not found',
    ],
  ])('refuses %s, naming the field, and stores nothing', async (_name, make, message) => {
    const { photoIds, aiAnalysisId } = await make()
    const body = aBass(photoIds, { aiAnalysisId })
    const res = await call('POST', '/api/measurements', owner.cookie, body)
    const error = expectApiError(res, 400, message)
    expect(error.error.issues?.[0]?.path).toBe('aiAnalysisId')
    expect(await stored(body.id)).toBeUndefined()
  })

  it("refuses the member's analysis of another member's photo they may see: not their photo to attach", async () => {
    const theirs = await upload(other)
    const shared = aBass([theirs], { visibility: 'public' })
    expect((await call('POST', '/api/measurements', other.cookie, shared)).statusCode).toBe(201)
    const analysisId = await analysisOf(theirs, owner)
    const res = await call('POST', '/api/measurements', owner.cookie, aBass([theirs], { aiAnalysisId: analysisId }))
    expectApiError(res, 400, `photoIds: photo ${theirs} not found`)
  })

  it('refuses an aiAnalysisId that is not a UUID', async () => {
    const res = await call('POST', '/api/measurements', owner.cookie, aBass([], { aiAnalysisId: 'abc' }))
    expectApiError(res, 400, 'aiAnalysisId: aiAnalysisId must be a UUID')
  })
})

describe('PATCH /api/measurements/:id with aiAnalysisId', () => {
  async function created(photoId: string, overrides: Partial<CreateMeasurement> = {}) {
    const body = aBass([photoId], overrides)
    const res = await call('POST', '/api/measurements', owner.cookie, body)
    expect(res.statusCode, res.body).toBe(201)
    const { id, ...rest } = body
    return { id, edit: rest }
  }

  it('raises a self-reported measurement to ai-estimate, keeps it through an edit of the caption, drops it for new values', async () => {
    const photoId = await upload()
    const { id, edit } = await created(photoId)
    expect((await stored(id))?.evidence).toBe('self-reported')

    const aiAnalysisId = await analysisOf(photoId)
    const accepted = await call('PATCH', `/api/measurements/${id}`, owner.cookie, { ...edit, aiAnalysisId })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json().evidence).toBe('ai-estimate')

    const captioned = await call('PATCH', `/api/measurements/${id}`, owner.cookie, { ...edit, caption: 'Dawn bass' })
    expect(captioned.json().evidence).toBe('ai-estimate')

    const retyped = await call('PATCH', `/api/measurements/${id}`, owner.cookie, {
      ...edit,
      quick: { lengthIn: 23.5, girthIn: 18 },
    })
    expect(retyped.json().evidence).toBe('self-reported')
    expect(await stored(id)).toEqual({ evidence: 'self-reported', reported: 'self-reported' })
  })

  it('keeps the community verification on top: community-verified shown, ai-estimate reported', async () => {
    const photoId = await upload()
    const { id, edit } = await created(photoId)
    await t.db
      .update(measurements)
      .set({ checkState: 'verified', evidence: 'community-verified' })
      .where(eq(measurements.id, id))
    const res = await call('PATCH', `/api/measurements/${id}`, owner.cookie, {
      ...edit,
      aiAnalysisId: await analysisOf(photoId),
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().evidence).toBe('community-verified')
    expect(await stored(id)).toEqual({ evidence: 'community-verified', reported: 'ai-estimate' })
  })

  it("refuses another member's analysis and one of a photo the edit removes", async () => {
    const photoId = await upload()
    const { id, edit } = await created(photoId)
    const theirs = await analysisOf(await upload(other), other)
    expectApiError(
      await call('PATCH', `/api/measurements/${id}`, owner.cookie, { ...edit, aiAnalysisId: theirs }),
      400,
      'aiAnalysisId: photo analysis not found',
    )
    const mine = await analysisOf(photoId)
    const replacement = await upload()
    expectApiError(
      await call('PATCH', `/api/measurements/${id}`, owner.cookie, {
        ...edit,
        photoIds: [replacement],
        aiAnalysisId: mine,
      }),
      400,
      "aiAnalysisId: the analysis is of a photo that is not one of this measurement's photos",
    )
    expect(await stored(id)).toEqual({ evidence: 'self-reported', reported: 'self-reported' })
  })

  it("answers 404 for another member's measurement before looking at the analysis", async () => {
    const photoId = await upload()
    const { id, edit } = await created(photoId)
    const res = await call('PATCH', `/api/measurements/${id}`, other.cookie, { ...edit, aiAnalysisId: randomUUID() })
    expectApiError(res, 404, 'Measurement not found')
  })
})
