import { sql } from 'drizzle-orm'
import type { AchievementMetric } from '#shared/achievements/constants.ts'
import type { Tx } from '../../db/client.ts'
import { refreshMemberBoards } from '../leaderboards/leaderboards.service.ts'
import { awardAchievements } from './awards.service.ts'

// The one place where a change to a member's record reaches their achievements and their leaderboard rows, INSIDE
// the transaction that made the change, so both commit (or roll back) with it (issue 6).
//
// - Call it last in the transaction, after the change is written, once per member concerned.
// - It takes a transaction-scoped advisory lock per member first: two concurrent transactions for the same member
//   evaluate one after the other, and the second's statements (READ COMMITTED) see the first's committed rows, so a
//   count reached by two concurrent measurements is seen by one of them and awarded exactly once (the unique
//   constraint on user_achievements backs it). Several members are locked in sorted order (no deadlock).
// - `metrics`: the achievement metrics the change can move (only those are computed); `boards`: whether the
//   member's measurements changed in a way a leaderboard counts (written, deleted, hidden, restored, visibility,
//   evidence, check state, owner hidden). Awards change the points board themselves.

export type MemberChange = { metrics: readonly AchievementMetric[]; boards: boolean }

/** What a measurement written, deleted, hidden or restored (or its check state or evidence changed) can move. */
export const MEASUREMENT_CHANGED: MemberChange = {
  metrics: [
    'measurements',
    'species',
    'species-group',
    'categories',
    'trophies',
    'records',
    'photo-measured',
    'community-verified',
    'personal-bests',
    'active-weeks',
  ],
  boards: true,
}

/** A measurement's values that its owner's achievements or the leaderboards count. */
export type CountedValues = {
  speciesId: string
  trophyClass: string | null
  score: number | null
  weightLbs: number | null
  evidence: string
  takenAt: Date
  visibility: string
}

/** The achievement metrics each counted value feeds (visibility feeds only the boards). */
const METRICS_OF: Record<keyof CountedValues, readonly AchievementMetric[]> = {
  speciesId: ['species', 'species-group', 'categories', 'personal-bests'],
  trophyClass: ['trophies', 'records'],
  score: ['personal-bests'],
  weightLbs: ['personal-bests'],
  evidence: ['photo-measured', 'community-verified'],
  takenAt: ['active-weeks'],
  visibility: [],
}

/**
 * What an edit moves, from the measurement's counted values before and after: an edit that changes none of them
 * (a caption, notes, photos, a location) costs no counting at all, so repeating one is cheap.
 */
export function measurementEdited(before: CountedValues, after: CountedValues): MemberChange {
  const changed = (Object.keys(METRICS_OF) as (keyof CountedValues)[]).filter((key) =>
    key === 'takenAt' ? before.takenAt.getTime() !== after.takenAt.getTime() : before[key] !== after[key],
  )
  const metrics = new Set(changed.flatMap((key) => METRICS_OF[key]))
  return { metrics: [...metrics], boards: changed.length > 0 }
}

export async function afterMemberChange(tx: Tx, userIds: string | readonly string[], change: MemberChange) {
  if (change.metrics.length === 0 && !change.boards) return
  const ids = [...new Set(typeof userIds === 'string' ? [userIds] : userIds)].sort()
  for (const id of ids) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`member:${id}`}, 0))`)
  }
  for (const id of ids) {
    const awarded = change.metrics.length > 0 ? await awardAchievements(tx, id, change.metrics) : 0
    if (change.boards || awarded > 0) await refreshMemberBoards(tx, id)
  }
}
