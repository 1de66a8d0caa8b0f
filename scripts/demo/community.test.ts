import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkState } from '../../src/shared/community/check-state.ts'
import { reportedValueFor, verdictRuledOut } from '../../src/shared/community/verdict-rule.ts'
import { EstimateSchema, MENTION_PATTERN } from '../../src/shared/schemas/community.ts'
import type { MeasurementSummary, Visibility } from '../../src/shared/schemas/measurements.ts'
import { type CommunityPlan, canSee, type DemoPerson, type DemoPost, estimateOf, planCommunity } from './community.ts'
import { createRng } from './generate.ts'

const MEMBERS: DemoPerson[] = [
  { id: 'sam-id', firstName: 'Sam', lastName: 'Whitaker' },
  { id: 'maria-id', firstName: 'Maria', lastName: 'Lopez' },
  { id: 'jake-id', firstName: 'Jake', lastName: 'Turner' },
  { id: 'ava-id', firstName: 'Ava', lastName: 'Chen' },
]
const SUMMARY: MeasurementSummary = {
  lengthIn: null,
  widthIn: null,
  weightLbs: null,
  weightEstimated: false,
  spreadIn: null,
  points: null,
  massIn: null,
}
const VISIBILITIES: Visibility[] = ['public', 'followers', 'private']

function post(id: string, owner: number, visibility: Visibility, summary: Partial<MeasurementSummary> = {}): DemoPost {
  return { id, owner, species: 'Whitetail Deer', visibility, photoCount: 1, summary: { ...SUMMARY, ...summary } }
}

/** Nine posts per member in every visibility, some with a measurable length or spread. */
const arbitraryPosts = fc.array(
  fc.record({
    owner: fc.integer({ min: 0, max: 3 }),
    visibility: fc.constantFrom(...VISIBILITIES),
    spreadIn: fc.option(fc.double({ min: 5, max: 60, noNaN: true }), { nil: null }),
    photoCount: fc.integer({ min: 0, max: 2 }),
  }),
  { maxLength: 40 },
)

const planFor = (
  seed: number,
  specs: { owner: number; visibility: Visibility; spreadIn: number | null; photoCount: number }[],
) => {
  const posts = specs.map((s, i) => ({
    ...post(`post-${i}`, s.owner, s.visibility, { spreadIn: s.spreadIn }),
    photoCount: s.photoCount,
  }))
  return { posts, plan: planCommunity(createRng(seed), MEMBERS, posts) }
}

describe('the demo community plan', () => {
  it('never has a member act on their own post or on one they may not see', () => {
    fc.assert(
      fc.property(fc.integer(), arbitraryPosts, (seed, specs) => {
        const { posts, plan } = planFor(seed, specs)
        const byId = new Map(posts.map((p) => [p.id, p]))
        const acts = [...plan.likes, ...plan.comments, ...plan.checks]
        for (const act of acts) {
          const target = byId.get(act.postId) as DemoPost
          expect(act.member).not.toBe(target.owner)
          expect(canSee(act.member, target, plan.follows)).toBe(true)
        }
        for (const check of plan.checks) expect(byId.get(check.postId)?.photoCount).toBeGreaterThan(0)
      }),
    )
  })

  it('likes, follows and verdicts once per pair (the API would make a second one a no-op)', () => {
    fc.assert(
      fc.property(fc.integer(), arbitraryPosts, (seed, specs) => {
        const { plan } = planFor(seed, specs)
        const unique = (keys: string[]) => expect(new Set(keys).size).toBe(keys.length)
        unique(plan.follows.map(([a, b]) => `${a}>${b}`))
        unique(plan.likes.map((l) => `${l.member}:${l.postId}`))
        unique(plan.checks.map((c) => `${c.member}:${c.postId}`))
        for (const [a, b] of plan.follows) expect(a).not.toBe(b)
      }),
    )
  })

  it('makes one post community verified with valid estimates near the reported value, and one plausible', () => {
    const posts = [
      post('sam-private', 0, 'private', { spreadIn: 20 }),
      post('sam-no-value', 0, 'public'),
      post('sam-buck', 0, 'public', { spreadIn: 20 }),
      post('maria-trout', 1, 'public', { lengthIn: 24 }),
      post('jake-bass', 2, 'public', { lengthIn: 21 }),
    ]
    const plan = planCommunity(createRng(1), MEMBERS, posts)
    const onBuck = plan.checks.filter((c) => c.postId === 'sam-buck')
    const counts = { confirmed: 0, plausible: 0, disputed: 0 }
    for (const c of onBuck) counts[c.verdict] += 1
    expect(checkState(counts)).toBe('verified')
    for (const c of plan.checks) {
      expect(EstimateSchema.parse(c.estimate)).toEqual(c.estimate)
    }
    for (const c of onBuck) {
      expect(c.estimate.field).toBe('spread')
      expect(Math.abs(c.estimate.value - 20)).toBeLessThanOrEqual(20 * 0.015 + 1 / 32)
    }
    expect(plan.checks).toContainEqual(
      expect.objectContaining({ member: 0, postId: 'maria-trout', verdict: 'plausible' }),
    )
    expect(plan.reply).toMatchObject({ postId: 'sam-buck', checker: 1 })
  })

  it('has the second member mention the first in a comment on a public post of the third', () => {
    const plan = planCommunity(createRng(2), MEMBERS, [
      post('jake-bass', 2, 'public'),
      post('jake-hidden', 2, 'private'),
    ])
    const mentions = plan.comments.flatMap((c) =>
      [...c.body.matchAll(MENTION_PATTERN)].map((m) => ({ ...c, name: m[1], userId: m[2] })),
    )
    expect(mentions).toEqual([
      expect.objectContaining({ member: 1, postId: 'jake-bass', name: 'Sam Whitaker', userId: 'sam-id' }),
    ])
  })

  it('leaves one follow out, so a followers-only post is hidden from exactly that member', () => {
    const plan = planCommunity(createRng(3), MEMBERS, [])
    expect(plan.follows).toHaveLength(4 * 3 - 1)
    const jakeOnly = post('jake-followers', 2, 'followers')
    expect([0, 1, 2, 3].filter((m) => canSee(m, jakeOnly, plan.follows))).toEqual([0, 1, 2])
    expect(canSee(3, post('jake-public', 2, 'public'), plan.follows)).toBe(true)
    expect(canSee(0, post('ava-private', 3, 'private'), plan.follows)).toBe(false)
  })

  it('is the same for the same seed', () => {
    const posts = [post('a', 0, 'public', { spreadIn: 18 }), post('b', 1, 'followers', { lengthIn: 20 })]
    const a: CommunityPlan = planCommunity(createRng(9), MEMBERS, posts)
    expect(planCommunity(createRng(9), MEMBERS, posts)).toEqual(a)
  })

  it('plans only verdicts that follow the checker’s own estimate, which the server would refuse otherwise', () => {
    fc.assert(
      fc.property(fc.integer(), fc.double({ min: 2, max: 90, noNaN: true }), (seed, lengthIn) => {
        const posts = [post('a', 0, 'public', { lengthIn }), post('b', 1, 'public', { spreadIn: lengthIn })]
        for (const check of planCommunity(createRng(seed), MEMBERS, posts).checks) {
          const summary = posts.find((p) => p.id === check.postId)?.summary ?? SUMMARY
          expect(verdictRuledOut(check.verdict, check.estimate, reportedValueFor(summary, check.estimate))).toBeNull()
        }
      }),
    )
  })

  it('has no estimate for a post with nothing to measure on a photo', () => {
    expect(estimateOf(createRng(1), post('bird', 0, 'public', { weightLbs: 3 }), 0.02)).toBeNull()
  })
})
