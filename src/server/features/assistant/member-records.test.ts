import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { saveSettings } from '#server/features/measurements/settings.service.ts'
import type { CreateMeasurement, Measurement } from '#shared/schemas/measurements.ts'
import { scoreSheet } from '#shared/scoring/index.ts'
import { createMeasurement, createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { WORKED_EXAMPLES } from '#tests/support/worked-examples.ts'
import { answerFromRecords, memberContext } from './member-records.ts'

// The assistant's answers from a member's own measurements, made through the real endpoints, on PGlite and
// PostgreSQL. Another member's bigger fish and better elk are always in the database and never in an answer.

let t: TestApp
let member: SignedInUser
let other: SignedInUser
let empty: SignedInUser
const mine: Record<string, Measurement> = {}

const DAY = 24 * 60 * 60_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()
const fishSheet = (lengthIn: number, girthIn: number) =>
  ({ system: 'fish', category: 'length-girth-800', measurements: { lengthIn, girthIn } }) as CreateMeasurement['sheet']
type Sheet = NonNullable<CreateMeasurement['sheet']>
type AntlerValues = { insideSpread: unknown; right: Record<string, unknown>; left: Record<string, unknown> }
const elkSheet = WORKED_EXAMPLES.find((e) => e.sheet.category === 'elk-typical')?.sheet as Sheet
/** The worked elk with a change: a copy, the example itself untouched. */
function elkWith(change: (m: AntlerValues) => void): Sheet {
  const sheet = structuredClone(elkSheet)
  change(sheet.measurements as unknown as AntlerValues)
  return sheet
}
/** The same elk with shorter beams: a lower score. */
const smallerElk = elkWith((m) => {
  m.right.F = 40
  m.left.F = 40
})

beforeAll(async () => {
  t = await createTestApp()
  ;[member, other, empty] = await Promise.all([
    createUser(t, { verify: 'mark' }),
    createUser(t, { verify: 'mark' }),
    createUser(t, { verify: 'mark' }),
  ])
  const add = (key: string, overrides: Partial<CreateMeasurement>) =>
    createMeasurement(t, member.cookie, overrides).then((m) => {
      mine[key] = m
    })
  // Largemouth 20 × 14² ÷ 800 = 4.9 lb (est.), the longest bass; smallmouth weighed 6.25 lb on a scale, 19 in: the
  // heaviest bass; a hidden-from-nobody private striped bass 18 in, no weight.
  await add('largemouth', { speciesId: 'largemouth-bass', sheet: fishSheet(20, 14), takenAt: daysAgo(30) })
  await add('smallmouth', {
    speciesId: 'smallmouth-bass',
    sheet: undefined,
    quick: { lengthIn: 19, weightLbs: 6.25 },
    method: 'scale',
    takenAt: daysAgo(20),
    visibility: 'public',
  })
  await add('striped', { speciesId: 'striped-bass', sheet: undefined, quick: { lengthIn: 18 }, takenAt: daysAgo(25) })
  await add('elk', { speciesId: 'rocky-mountain-elk', sheet: elkSheet, takenAt: daysAgo(200) })
  await add('smallerElk', {
    speciesId: 'rocky-mountain-elk',
    sheet: smallerElk,
    takenAt: daysAgo(3),
  })
  // The other member: a bigger largemouth, a better elk, a whitetail, all public and newer.
  await createMeasurement(t, other.cookie, {
    speciesId: 'largemouth-bass',
    sheet: fishSheet(26, 20),
    visibility: 'public',
  })
  const betterElk = elkWith((m) => {
    m.insideSpread = '50'
  })
  await createMeasurement(t, other.cookie, {
    speciesId: 'rocky-mountain-elk',
    sheet: betterElk,
    visibility: 'public',
  })
  await createMeasurement(t, other.cookie, { visibility: 'public', takenAt: daysAgo(1) })
})
afterAll(() => t?.close())

const ask = (user: SignedInUser, message: string) => answerFromRecords(t.db, user.id, message)
const link = (m: Measurement | undefined) => ({
  kind: 'my-records',
  title: 'Your measurements',
  href: `/measurements/${m?.id}`,
})
const date = (m: Measurement | undefined) => m?.takenAt.slice(0, 10)

describe('answerFromRecords', () => {
  it('finds the heaviest of several bass species, a scale weight beating an estimate', async () => {
    const answer = await ask(member, 'What is my biggest bass?')
    expect(answer).toEqual({
      reply: `Your heaviest Smallmouth Bass: 19 in, 6.25 lb, taken ${date(mine.smallmouth)}.`,
      sources: [link(mine.smallmouth)],
      answeredBy: 'built-in',
    })
  })

  it('finds the longest bass, with the estimate marked as the cards mark it', async () => {
    const answer = await ask(member, "what's the longest bass I've caught")
    expect(answer?.reply).toBe(`Your longest Largemouth Bass: 20 in, 4.9 lb (est.), taken ${date(mine.largemouth)}.`)
    expect(answer?.sources).toEqual([link(mine.largemouth)])
  })

  it('finds the best elk score, never the other member’s better one', async () => {
    const best = mine.elk
    expect(best?.scoreText).toBe(scoreSheet(elkSheet).scoreText)
    expect(scoreSheet(smallerElk).score).toBeLessThan(scoreSheet(elkSheet).score)
    const answer = await ask(member, 'my best elk score')
    const trophy =
      best?.trophyClass === 'standard' ? '' : `${best?.trophyClass === 'record' ? 'Record' : 'Trophy'} class, `
    expect(answer?.reply).toMatch(
      new RegExp(
        `^Your best Rocky Mountain Elk: .*score ${best?.scoreText} \\(Boone and Crockett\\), ${trophy}taken ${date(best)}\\.$`,
      ),
    )
    expect(answer?.sources).toEqual([link(best)])
  })

  it('says plainly when the member has none of that species', async () => {
    expect((await ask(member, 'my biggest largemouth bass'))?.reply).not.toMatch(/haven't/)
    expect((await ask(empty, 'my biggest largemouth bass'))?.reply).toBe("You haven't recorded a Largemouth Bass yet.")
    expect((await ask(empty, 'what is my biggest bass'))?.reply).toBe(
      "You haven't recorded any Largemouth Bass, Smallmouth Bass or Striped Bass yet.",
    )
    expect((await ask(member, 'my best deer score'))?.reply).toBe(
      "You haven't recorded any Whitetail Deer or Mule Deer yet.",
    )
  })

  it('counts the member’s species and measurements, not the other member’s', async () => {
    expect((await ask(member, 'How many species have I recorded?'))?.reply).toBe(
      'You have recorded 4 species: Largemouth Bass, Rocky Mountain Elk, Smallmouth Bass, Striped Bass.',
    )
    const trophies = Object.values(mine).filter((m) => m.trophyClass !== 'standard').length
    const records = Object.values(mine).filter((m) => m.trophyClass === 'record').length
    const answer = await ask(member, 'how many measurements do I have')
    expect(answer?.reply).toBe(
      `You have 5 measurements of 4 species: ${trophies} ${trophies === 1 ? 'trophy' : 'trophies'}, ${records} record class.`,
    )
    expect(answer?.sources).toEqual([{ kind: 'my-records', title: 'Your measurements', href: '/measurements' }])
    expect((await ask(member, 'how many bass have I caught?'))?.reply).toBe(
      'You have recorded 3: 1 Largemouth Bass, 1 Smallmouth Bass, 1 Striped Bass.',
    )
    expect((await ask(empty, 'how many species have I recorded'))?.reply).toBe(
      "You haven't recorded any measurements yet.",
    )
  })

  it('gives the latest catch by the date taken', async () => {
    const answer = await ask(member, 'my latest catch')
    expect(answer?.reply).toMatch(new RegExp(`^Your latest: Rocky Mountain Elk, .*taken ${date(mine.smallerElk)}\\.$`))
    expect(answer?.sources).toEqual([link(mine.smallerElk)])
    expect((await ask(member, 'my last bass'))?.sources).toEqual([link(mine.smallmouth)])
  })

  it('lists record-class measurements, or says there are none yet', async () => {
    const trophies = Object.values(mine).filter((m) => m.trophyClass === 'trophy').length
    expect(Object.values(mine).filter((m) => m.trophyClass === 'record')).toEqual([])
    expect((await ask(member, 'show my records'))?.reply).toBe(
      `None of your 5 measurements is record class yet (${trophies} ${trophies === 1 ? 'trophy' : 'trophies'}).`,
    )
    const hunter = await createUser(t, { verify: 'mark' })
    const skull = WORKED_EXAMPLES.find((e) => e.sheet.category === 'black-bear')?.sheet as CreateMeasurement['sheet']
    const bear = await createMeasurement(t, hunter.cookie, { speciesId: 'black-bear', sheet: skull })
    await createMeasurement(t, hunter.cookie, { speciesId: 'largemouth-bass', sheet: fishSheet(15, 10) })
    expect(bear.trophyClass).toBe('record')
    const answer = await ask(hunter, 'which of my measurements are record class?')
    expect(answer?.reply).toMatch(
      new RegExp(
        `^You have 1 record-class measurement:\\n- Black Bear: .*score ${bear.scoreText} .*Record class, taken ${date(bear)}$`,
      ),
    )
  })

  it('writes sizes in the member’s units', async () => {
    const metric = await createUser(t, { verify: 'mark' })
    await saveSettings(t.db, metric.id, {
      units: 'metric',
      defaultVisibility: 'private',
      defaultLocationPrecision: 'region',
    })
    const m = await createMeasurement(t, metric.cookie, { speciesId: 'walleye', sheet: fishSheet(20, 10) })
    expect((await ask(metric, 'my biggest walleye'))?.reply).toBe(
      `Your heaviest Walleye: 50.8 cm, 1.13 kg (est.), taken ${date(m)}.`,
    )
  })

  it('answers a follow-up naming another species as the last question', async () => {
    const history = [
      { role: 'user' as const, text: 'what is my biggest bass?' },
      { role: 'assistant' as const, text: 'Your heaviest Smallmouth Bass: 19 in, 6.25 lb.' },
    ]
    expect((await answerFromRecords(t.db, member.id, 'and elk?', history))?.sources).toEqual([link(mine.elk)])
    expect(await answerFromRecords(t.db, member.id, 'and elk?')).toBeNull()
    expect(await answerFromRecords(t.db, member.id, 'and what is the elk season?', [])).toBeNull()
  })

  it.each([
    'how do you score a whitetail',
    "what's the best time to hunt elk? I'm new",
    'how many points does my deer need for B&C?',
    'what is the biggest bass ever caught',
    'last year I shot an elk, what is the minimum?',
    'what does a 22 inch bass with a 15 inch girth weigh',
  ])('returns null for "%s"', async (message) => {
    expect(await ask(member, message)).toBeNull()
  })
})

describe('memberContext', () => {
  it('gives the count and best of each species the message names', async () => {
    const context = await memberContext(t.db, member.id, 'is my elk any good?')
    expect(context.lines).toHaveLength(2)
    expect(context.lines[0]).toMatch(
      new RegExp(`^Rocky Mountain Elk: 2 measurements; best .*score ${mine.elk?.scoreText} `),
    )
    expect(context.lines[1]).toBe("Roosevelt's Elk: none recorded")
    expect(context.sources).toEqual([{ kind: 'my-records', title: 'Your measurements', href: '/measurements' }])
  })

  it('gives the totals, the latest and the bests otherwise, in at most 10 lines', async () => {
    const context = await memberContext(t.db, member.id, 'what should I hunt next?')
    expect(context.lines[0]).toMatch(/^5 measurements of 4 species: /)
    expect(context.lines[1]).toMatch(/^Latest: Rocky Mountain Elk, /)
    expect(context.lines.filter((l) => l.startsWith('Best '))).toHaveLength(4)
    expect(context.lines.length).toBeLessThanOrEqual(10)
    expect(context.lines.join('\n')).not.toMatch(/26 in|Whitetail/)
  })

  it('says a member without measurements has none', async () => {
    const context = await memberContext(t.db, empty.id, 'tell me about my trophies')
    expect(context.lines).toEqual(['0 measurements of 0 species: 0 trophies, 0 record class'])
  })
})
