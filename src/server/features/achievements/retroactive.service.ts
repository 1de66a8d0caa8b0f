import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { afterMemberChange } from '#server/domain/member-events.ts'
import { EVENTS_CHANNEL, groupKeyOf } from '#server/domain/notify.ts'
import { users } from '#server/features/auth/index.ts'
import { achievements } from '#server/features/community/index.ts'
import { rebuildAllBoards } from '#server/features/leaderboards/index.ts'
import { targetOf } from './awards.service.ts'
import { qualifyingMembersSql } from './metrics.queries.ts'

// Achievements with evaluated_at null go to every member who already qualifies, one transaction each, in the
// background. Why the lock, the id order (no deadlock with live awards) and the rebuild threshold: ADR 084.

const RETROACTIVE_LOCK = 'achievements:retroactive'
/** Members refreshed per transaction (each holds an advisory lock until it commits). */
const BOARD_BATCH = 100
/** Fewer members awarded are always refreshed one by one, never by a rebuild. */
const REBUILD_FROM_MEMBERS = 500
const RETRIES = 3

export type RetroactiveResult = { achievements: number; awards: number; members: number }

type Pending = { id: string; metric: string; metricArg: string | null; targetValue: number | null }

const pendingColumns = {
  id: achievements.id,
  metric: achievements.metric,
  metricArg: achievements.metricArg,
  targetValue: achievements.targetValue,
}

/** Awards each pending achievement to every qualifying member; idempotent, safe across processes; `signal` stops it. */
export async function awardRetroactively(db: Db, signal?: AbortSignal): Promise<RetroactiveResult> {
  const pending = await db
    .select(pendingColumns)
    .from(achievements)
    .where(and(isNull(achievements.evaluatedAt), eq(achievements.isActive, true)))
    .orderBy(asc(achievements.position), asc(achievements.id))
  const members = new Set<string>()
  let awards = 0
  let evaluated = 0
  for (const { id } of pending) {
    if (signal?.aborted) break
    const outcome = await retrying(() => db.transaction((tx) => evaluate(tx, id)))
    if (!outcome) continue
    evaluated += 1
    awards += outcome.length
    for (const userId of outcome) members.add(userId)
  }
  if (members.size > REBUILD_FROM_MEMBERS && members.size * 2 > (await memberCount(db))) {
    await rebuildAllBoards(db)
    return { achievements: evaluated, awards, members: members.size }
  }
  const sorted = [...members].sort()
  for (let i = 0; i < sorted.length; i += BOARD_BATCH) {
    const batch = sorted.slice(i, i + BOARD_BATCH)
    await retrying(() => db.transaction((tx) => afterMemberChange(tx, batch, { metrics: [], boards: true })))
  }
  return { achievements: evaluated, awards, members: members.size }
}

async function memberCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users)
  return Number(row?.n ?? 0)
}

/** One achievement, under the lock: the members awarded, or undefined when another process did it first. */
async function evaluate(tx: Tx, id: string): Promise<string[] | undefined> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${RETROACTIVE_LOCK}, 0))`)
  const [achievement]: Pending[] = await tx
    .select(pendingColumns)
    .from(achievements)
    .where(and(eq(achievements.id, id), isNull(achievements.evaluatedAt), eq(achievements.isActive, true)))
  if (!achievement) return undefined
  const groupKey = groupKeyOf({ userId: '', actorId: null, kind: 'achievement', achievementId: id })
  const result = await tx.execute(sql`
    with awarded as (
      insert into user_achievements (id, user_id, achievement_id, earned_at)
      select gen_random_uuid(), q.user_id, ${id}, now()
      from (${qualifyingMembersSql(achievement, targetOf(achievement))}) q
      order by q.user_id
      on conflict (user_id, achievement_id) do nothing
      returning user_id
    ), told as (
      insert into notifications (id, user_id, actor_id, kind, group_key, achievement_id)
      select gen_random_uuid(), user_id, null, 'achievement', ${groupKey}, ${id} from awarded
      returning user_id
    )
    select user_id, pg_notify(${EVENTS_CHANNEL}, json_build_object('type', 'notifications', 'userId', user_id)::text)
    from told`)
  await tx.update(achievements).set({ evaluatedAt: sql`now()` }).where(eq(achievements.id, id))
  return (result as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id)
}

/** Deadlock (40P01) and serialization failure (40001): PostgreSQL rolled the transaction back; it may run again. */
function isRetryable(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '40P01' || e.code === '40001') return true
  }
  return false
}

async function retrying<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run()
    } catch (error) {
      if (attempt >= RETRIES || !isRetryable(error)) throw error
    }
  }
}
