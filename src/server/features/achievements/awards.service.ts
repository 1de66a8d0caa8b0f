import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { AchievementMetric } from '#shared/achievements/constants.ts'
import type { Tx } from '../../db/client.ts'
import { achievements, userAchievements } from '../community/community.tables.ts'
import { notify } from '../notifications/notify.ts'
import { keyOf, memberMetricsReached } from './metrics.queries.ts'

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
 * metrics are counted only as far as their targets (memberMetricsReached).
 */
export async function awardAchievements(
  tx: Tx,
  userId: string,
  metrics: readonly AchievementMetric[],
): Promise<string[]> {
  if (metrics.length === 0) return []
  const candidates = await tx
    .select({
      id: achievements.id,
      metric: achievements.metric,
      metricArg: achievements.metricArg,
      targetValue: achievements.targetValue,
    })
    .from(achievements)
    .where(
      and(
        eq(achievements.isActive, true),
        inArray(achievements.metric, [...metrics]),
        // Qualified by hand: in a one-table select Drizzle writes bare column names, and a bare "id" here would be ua's.
        sql`not exists (select 1 from user_achievements ua where ua.user_id = ${userId} and ua.achievement_id = achievements.id)`,
      ),
    )
  if (candidates.length === 0) return []
  const values = await memberMetricsReached(
    tx,
    userId,
    candidates.map((a) => ({ metric: a.metric, metricArg: a.metricArg, cap: targetOf(a) })),
  )
  // Sorted, so that two transactions inserting awards of the same member take the unique index's entries in one order.
  const reached = candidates
    .filter((a) => (values.get(keyOf(a)) ?? 0) >= targetOf(a))
    .map((a) => a.id)
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
