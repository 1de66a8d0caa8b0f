import { randomUUID } from 'node:crypto'
import type { Tx } from '#server/db/client.ts'
import { notify } from '#server/domain/notify.ts'
import { userAchievements } from '#server/features/community/index.ts'
import type { AchievementMetric } from '#shared/achievements/constants.ts'
import { candidatesReached } from './metrics.queries.ts'

// Awards are only ever added here, under the member's lock (afterMemberChange); a lower count never takes one away.

export function targetOf(row: { targetValue: number | null }): number {
  return Math.max(1, row.targetValue ?? 1)
}

/** Awards and notifies each unearned achievement over `metrics` whose target the member reaches; returns their ids. */
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
