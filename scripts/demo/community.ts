// What the demo members do with each other's measurements (`npm run seed:demo`): who follows whom, which posts
// they like and comment on (one comment mentions a member), and the size checks that make one measurement
// community verified. Pure and deterministic for a seed; seed-demo.ts carries the plan out through the API.
import type { Estimate, Verdict } from '../../src/shared/schemas/community.ts'
import type { MeasurementSummary, Visibility } from '../../src/shared/schemas/measurements.ts'
import { pick, type Rng } from './generate.ts'

export type DemoPerson = { id: string; firstName: string; lastName: string }
export type DemoPost = {
  id: string
  /** index of its owner in the members list */
  owner: number
  species: string
  visibility: Visibility
  photoCount: number
  summary: MeasurementSummary
}

export type CommunityPlan = {
  /** [follower, followee], as member indexes */
  follows: [number, number][]
  likes: { member: number; postId: string }[]
  comments: { member: number; postId: string; body: string }[]
  checks: { member: number; postId: string; verdict: Verdict; estimate: Estimate; note: string }[]
  /** the owner's answer to the first check of the verified post */
  reply: { postId: string; checker: number; body: string } | null
}

const COMMENTS = [
  'What a beauty. Congratulations!',
  'Nice one. Where did you find him?',
  'Worth every cold morning.',
  'Great photo, the light is perfect.',
  'That is a true trophy.',
  'How long did you sit before he showed up?',
]

/** The values a checker can measure on a photo (the size check panel offers the same). */
const CHECKABLE = [
  { field: 'length', label: 'Length', key: 'lengthIn' },
  { field: 'spread', label: 'Spread', key: 'spreadIn' },
  { field: 'width', label: 'Width', key: 'widthIn' },
] as const

/** A mention as the composer writes it: `@[First Last](userId)`. */
export const mention = (member: DemoPerson) => `@[${member.firstName} ${member.lastName}](${member.id})`

/** Who may see a post: others see public posts, and followers-only ones when they follow the owner. */
export function canSee(viewer: number, post: DemoPost, follows: readonly [number, number][]): boolean {
  if (viewer === post.owner) return true
  if (post.visibility === 'public') return true
  return post.visibility === 'followers' && follows.some(([a, b]) => a === viewer && b === post.owner)
}

const checkableRow = (post: DemoPost) => CHECKABLE.find((c) => (post.summary[c.key] ?? 0) > 0) ?? null

/**
 * The checker's estimate of a reported value: within `spread` (a fraction) of it, to the sixteenth. The ± grows with
 * the length, as the measuring tool's does: 2 % of it, rounded up to the eighth (so a confirmer's 1.5 % stays inside).
 */
export function estimateOf(rng: Rng, post: DemoPost, spread: number): Estimate | null {
  const row = checkableRow(post)
  if (!row) return null
  const reported = post.summary[row.key] as number
  const value = Math.round(reported * (1 + (rng() * 2 - 1) * spread) * 16) / 16
  const uncertainty = Math.max(1, Math.ceil(reported * 0.02 * 8)) / 8
  return { field: row.field, label: row.label, value, unit: 'in', uncertainty, source: 'photo-tool' }
}

/**
 * Everyone follows everyone but the last member does not follow the second to last (so one Following tab differs
 * from Everyone). Each member likes about half of the others' posts they may see and comments on some; the second
 * member mentions the first on a post of the third. Two members confirm a public photographed post of the first
 * (community verified, and the owner replies); the first finds one post of the second plausible.
 */
export function planCommunity(rng: Rng, members: readonly DemoPerson[], posts: readonly DemoPost[]): CommunityPlan {
  if (members.length < 3) throw new Error('the demo community needs at least three members')
  const follows: [number, number][] = []
  const last = members.length - 1
  for (let a = 0; a < members.length; a++) {
    for (let b = 0; b < members.length; b++) if (a !== b && !(a === last && b === last - 1)) follows.push([a, b])
  }
  const likes: CommunityPlan['likes'] = []
  const comments: CommunityPlan['comments'] = []
  for (const post of posts) {
    for (let member = 0; member < members.length; member++) {
      if (member === post.owner || !canSee(member, post, follows)) continue
      if (rng() < 0.5) likes.push({ member, postId: post.id })
      if (rng() < 0.15) comments.push({ member, postId: post.id, body: pick(rng, COMMENTS) })
    }
  }
  const [first, second] = members as [DemoPerson, DemoPerson]
  const mentioned = posts.find((p) => p.owner === 2 && p.visibility === 'public')
  if (mentioned) {
    comments.push({ member: 1, postId: mentioned.id, body: `${mention(first)} you have to see this one.` })
  }

  const checkable = (owner: number) =>
    posts.find((p) => p.owner === owner && p.visibility === 'public' && p.photoCount > 0 && checkableRow(p))
  const checks: CommunityPlan['checks'] = []
  let reply: CommunityPlan['reply'] = null
  const verified = checkable(0)
  if (verified) {
    for (const member of [1, 2]) {
      const estimate = estimateOf(rng, verified, 0.015) as Estimate
      checks.push({ member, postId: verified.id, verdict: 'confirmed', estimate, note: 'Measured it on the photo.' })
    }
    reply = { postId: verified.id, checker: 1, body: `Thanks ${second.firstName}, I taped it twice too.` }
  }
  const plausible = checkable(1)
  if (plausible) {
    const estimate = estimateOf(rng, plausible, 0.06) as Estimate
    checks.push({ member: 0, postId: plausible.id, verdict: 'plausible', estimate, note: 'Hard to tell the angle.' })
  }
  return { follows, likes, comments, checks, reply }
}
