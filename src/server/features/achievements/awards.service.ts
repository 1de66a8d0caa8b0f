import { randomUUID } from 'node:crypto'
import type { AchievementMetric } from '#shared/achievements/constants.ts'
import type { Tx } from '../../db/client.ts'
import { userAchievements } from '../community/community.tables.ts'
import { notify } from '../notifications/notify.ts'
import { candidatesReached } from './metrics.queries.ts'

// Awarding in the transaction of the change (called by afterMemberChange, member-events.ts, which holds the member's
// advisory lock): a count reached by two concurrent changes is seen by the second to take the lock, and the unique
// (user_id, achievement_id) constraint makes a second insert do nothing. Awards are only ever added here: a change
// that lowers a count (a measurement deleted, a like taken back) never takes one away; only an admin revokes.

/** What an achievement needs: a SINGLE one (or a row without a target) is reached at 1. */
export function targetOf(row: { targetValue: number | null }): number {
  return Math.max(1, row.targetValue ?? 1)
}

/**
 * Awards the member every active achievement over these metrics whose target they now reach, in this transaction,
 * with a notification each; returns the achievements awarded. Only achievements the member has not earned are looked
 * at, so a member who has them all costs one index probe per metric's achievements and no counting; the others'
 * metrics are counted only as far as their targets (candidatesReached), in the same statement.
 */
export async function awardAchievements(
  tx: Tx,
  userId: string,
  metrics: readonly AchievementMetric[],
): Promise<string[]> {
  if (metrics.length === 0) return []
  const candidates = await candidatesReached(tx, userId, metrics)
  // Sorted, so that two transactions inserting awards of the same member take the unique index's entries in one order.
  const reached = candidates
    .filter(({ candidate, value }) => value >= candidate.target)
    .map(({ candidate }) => candidate.id)
    .sort()
  if (reached.length === 0) return []
  const inserted = await tx
    .insert(userAchievements)
    .values(reached.map((achievementId) => ({ id: randomUUID(), userId, achievementId })))
    .onConflictDoNothing()
    .returning({ achievementId: userAchievements.achievementId })
  await notify(
    tx,
    inserted.map(({ achievementId }) => ({ userId, actorId: null, kind: 'achievement' as const, achievementId })),
  )
  return inserted.map((a) => a.achievementId)
}
