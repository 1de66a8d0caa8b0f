import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.ts'
import { users } from '../auth/auth.tables.ts'
import { achievements } from '../community/community.tables.ts'
import { rebuildAllBoards } from '../leaderboards/leaderboards.service.ts'
import { EVENTS_CHANNEL, groupKeyOf } from '../notifications/notify.ts'
import { targetOf } from './awards.service.ts'
import { afterMemberChange } from './member-events.ts'
import { qualifyingMembersSql } from './metrics.queries.ts'

// The retroactive award (issue 6): an achievement added to the catalogue (or re-activated, or whose target changed:
// migration 0010 sets evaluated_at to null then) goes to every member who already qualifies, once, in the background
// once the server is ready (achievements.routes.ts). Set-based: one INSERT … SELECT per achievement that also writes
// the notifications and tells the listening processes, then evaluated_at is set, all in one transaction per
// achievement. An achievement costs one pass over its source (0.1–0.5 s over 100,000 measurements on PGlite, 1–6 s
// over 1,000,000 on PostgreSQL, more when it awards most members), so the whole catalogue on a large database takes
// minutes: hence the background, and the stop between achievements when the server closes (the rest keep
// evaluated_at null and are done at the next start).
//
// - Two processes starting at once: each achievement's transaction takes one advisory lock first and reads
//   evaluated_at again under it, so the second finds it done and awards nothing (no second notification).
// - A member's live award at the same moment: the unique (user_id, achievement_id) constraint keeps one row, and only
//   the insert that made it notifies. The INSERT … SELECT takes members in id order, as live changes of several
//   members do (afterMemberChange), and holds the entries of one achievement only, so the two cannot deadlock.
// - The members awarded get their leaderboard rows (points) refreshed afterwards, through afterMemberChange so each
//   is locked as a live change would lock them; when they are most of the community (a first achievement added to
//   a large one), every board is rebuilt at once instead (rebuildAllBoards: its cost grows with all the data, a
//   member's refresh with theirs, ~7 ms each: about even when every member is refreshed).

const RETROACTIVE_LOCK = 'achievements:retroactive'
/** Members refreshed per transaction (each holds an advisory lock until it commits). */
const BOARD_BATCH = 100
/** Fewer members awarded are always refreshed one by one (a few seconds at most). */
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

/**
 * Awards every active achievement not yet evaluated to every member who qualifies, with a notification each, then
 * marks it evaluated. Idempotent; safe with several processes. `signal` stops it between two achievements (the
 * members already awarded still get their boards refreshed). Returns what it did.
 */
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
