// The achievements of a freshly seeded data set: what awardRetroactively (retroactive.service.ts) does when a server
// starts on it, with the service's own query of who qualifies (qualifyingMembersSql) and the same rows written, but
// several achievements at once, one per session: one at a time took most of the seed. Without the service's lock and
// its pg_notify, which are for servers running on the database, and none runs on a data set while it is seeded.
// awards-seed.test.ts checks that both award the same.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { groupKeyOf } from '#server/domain/notify.ts'
import type { Db, Tx } from '../../src/server/db/client.ts'
import { achievements } from '../../src/server/db/schema.ts'
import { targetOf } from '../../src/server/features/achievements/awards.service.ts'
import { qualifyingMembersSql } from '../../src/server/features/achievements/metrics.queries.ts'

export type PendingAchievement = { id: string; metric: string; metricArg: string | null; targetValue: number | null }

/** The active achievements not yet evaluated, in catalogue order. */
export function pendingAchievements(db: Db): Promise<PendingAchievement[]> {
  return db
    .select({
      id: achievements.id,
      metric: achievements.metric,
      metricArg: achievements.metricArg,
      targetValue: achievements.targetValue,
    })
    .from(achievements)
    .where(and(isNull(achievements.evaluatedAt), eq(achievements.isActive, true)))
    .orderBy(asc(achievements.position), asc(achievements.id))
}

/**
 * Every active achievement not yet evaluated, to every member who qualifies, with a notification each, then marked
 * evaluated, each in a transaction of its own on one of `sessions` (PGlite: one). Returns what it did.
 */
export async function awardAll(sessions: readonly Db[]): Promise<{ achievements: number; awards: number }> {
  const [first] = sessions
  if (!first) throw new Error('awardAll: no session')
  const pending = await pendingAchievements(first)
  const queue = [...pending]
  let awards = 0
  const work = async (db: Db) => {
    for (let achievement = queue.shift(); achievement; achievement = queue.shift()) {
      const awarded = await awardOne(db, achievement)
      awards += awarded
    }
  }
  await Promise.all(sessions.map(work))
  return { achievements: pending.length, awards }
}

/** One achievement to every member who qualifies, in a transaction; returns the awards made. */
export function awardOne(db: Db, achievement: PendingAchievement): Promise<number> {
  return db.transaction((tx) => award(tx, achievement))
}

async function award(tx: Tx, achievement: PendingAchievement): Promise<number> {
  const { id } = achievement
  const groupKey = groupKeyOf({ userId: '', actorId: null, kind: 'achievement', achievementId: id })
  const result = await tx.execute(sql`
    with awarded as (
      insert into user_achievements (id, user_id, achievement_id, earned_at)
      select gen_random_uuid(), q.user_id, ${id}, now()
      from (${qualifyingMembersSql(achievement, targetOf(achievement))}) q
      order by q.user_id
      on conflict (user_id, achievement_id) do nothing
      returning user_id
    )
    insert into notifications (id, user_id, actor_id, kind, group_key, achievement_id)
    select gen_random_uuid(), user_id, null, 'achievement', ${groupKey}, ${id} from awarded`)
  await tx.update(achievements).set({ evaluatedAt: sql`now()` }).where(eq(achievements.id, id))
  const counted = result as unknown as { rowCount?: number | null; affectedRows?: number }
  return counted.rowCount ?? counted.affectedRows ?? 0
}
