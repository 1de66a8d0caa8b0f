import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { countLiteral } from '#server/db/literals.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { followsSql, type Visible } from '#server/domain/visibility.ts'
import { achievements, blocks, comments, follows, notifications } from '#server/features/community/index.ts'
import { measurements } from '#server/features/measurements/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { groupWindow, type WindowGroup, windowRowsOf } from './notifications.groups.ts'

// The bell's SQL: a list's version, and its window of notifications in one statement, grouped after it
// (notifications.groups.ts; notifications.service.ts lists them).

const n = notifications
const userId = sql.placeholder('userId')

/**
 * The version as one text (its parts joined by '#'); every part is an index probe or a short index range. 'latest'
 * is the newest notification alone, for a caller whose events tell it of everything else (ADR 125).
 */
export function versionSql(own: 'full' | 'latest', withMeasurements: boolean, withComments: boolean): SQL {
  if (own === 'latest') {
    return sql`(select coalesce(max(${n.createdAt})::text, '') from ${n} where ${n.userId} = ${userId})`
  }
  const parts: SQL[] = [
    sql`(select count(*) || '|' || coalesce(max(${n.createdAt})::text, '') from ${n} where ${n.userId} = ${userId})`,
    sql`(select count(*) || '|' || coalesce(max(${blocks.createdAt})::text, '') from ${blocks} where ${blocks.blockerId} = ${userId} or ${blocks.blockedId} = ${userId})`,
    sql`(select count(*)::text from ${n} where ${n.userId} = ${userId} and ${n.readAt} is null)`,
  ]
  // Follows decide which followers-only posts it may show.
  if (withMeasurements) {
    parts.push(
      sql`(select count(*) || '|' || coalesce(max(${follows.createdAt})::text, '') from ${follows} where ${follows.followerId} = ${userId})`,
    )
    const ids = sql`string_to_array(${sql.placeholder('measurementIds')}::text, ' ')::uuid[]`
    parts.push(
      sql`(select count(*) || '|' || count(${measurements.hiddenAt}) || '|' || coalesce(max(${measurements.updatedAt})::text, '') from ${measurements} where ${measurements.id} = any(${ids}))`,
    )
  }
  if (withComments) {
    const ids = sql`string_to_array(${sql.placeholder('commentIds')}::text, ' ')::uuid[]`
    parts.push(
      sql`(select count(*) || '|' || count(${comments.hiddenAt}) from ${comments} where ${comments.id} = any(${ids}))`,
    )
  }
  return sql`concat_ws('#', ${sql.join(parts, sql`, `)})`
}

export type About = Visible & { id: string; speciesId: string; follows: boolean; ownerBlocked: boolean }
export type { WindowGroup } from './notifications.groups.ts'

export type Window = {
  /** notificationsVersion(…, 'latest') as read in the same statement */
  version: string
  groups: WindowGroup[] | null
  measurements: About[] | null
  achievements: { id: string; name: string }[] | null
  mentions: string[] | null
}

/** What the statement reads: the window's notifications as one text (windowRowsOf), not yet grouped. */
type WindowRead = Omit<Window, 'groups'> & { rows: string | null }

const statements = new Map<string, PreparedStatement<WindowRead>>()

/**
 * The member's latest `size` notifications grouped by key, newest group first, without blocked actors or hidden
 * comments; the caller decides each group's measurement. One statement, each part one value (ADR 022): the
 * notifications as one text, what they are about as JSON (their measurements and achievements); the actors' cards
 * come from MemberCards (ADR 118).
 */
export async function readWindow(
  db: Db,
  viewer: AuthUser,
  options: { size: number; shown: number; dependencies: boolean },
): Promise<Window | undefined> {
  const shape = `${options.size}|${options.dependencies}`
  let statement = statements.get(shape)
  if (!statement) {
    statement = preparedStatement<WindowRead>(windowSql(options))
    statements.set(shape, statement)
  }
  const [read] = await statement.rows(db, { userId: viewer.id, isAdmin: viewer.isAdmin })
  if (!read) return undefined
  const { rows, ...rest } = read
  return { ...rest, groups: groupWindow(windowRowsOf(rows ?? ''), options.shown) }
}

function windowSql({ size, dependencies }: { size: number; dependencies: boolean }): SQL {
  const m = measurements
  const isAdmin = sql`${sql.placeholder('isAdmin')}::boolean`
  const described = dependencies ? sql`select measurement_id from latest` : sql`select measurement_id from kept`
  return sql`
    with latest as (
      select ${n.kind} as kind, ${n.groupKey} as group_key, ${n.actorId} as actor_id,
        ${n.measurementId} as measurement_id, ${n.commentId} as comment_id, ${n.achievementId} as achievement_id,
        ${n.verdict} as verdict, ${n.readAt} is null as unread, ${n.createdAt} as created_at
      from ${n} where ${n.userId} = ${userId}
      -- nulls last, as the index is ordered: plain desc (nulls first) made it read and sort all of a member's rows
      order by ${n.createdAt} desc nulls last limit ${countLiteral(size)}
    ),
    blocked as (
      select case when ${blocks.blockerId} = ${userId} then ${blocks.blockedId} else ${blocks.blockerId} end as id
      from ${blocks} where ${blocks.blockerId} = ${userId} or ${blocks.blockedId} = ${userId}
    ),
    kept as materialized (
      select l.* from latest l
      where (l.actor_id is null or l.actor_id not in (select id from blocked))
        and (l.comment_id is null or ${isAdmin} or not exists (select 1 from ${comments}
          where ${comments.id} = l.comment_id and ${comments.hiddenAt} is not null))
    )
    select ${versionSql('latest', false, false)} as version,
      (select string_agg(concat_ws(chr(31), kind, group_key, coalesce(actor_id, ''), coalesce(measurement_id::text, ''),
          coalesce(comment_id::text, ''), coalesce(achievement_id, ''), coalesce(verdict, ''), unread,
          to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), chr(30)
        order by created_at desc nulls last) from kept) as rows,
      (select json_agg(json_build_object('id', ${m.id}, 'userId', ${m.userId}, 'visibility', ${m.visibility},
          'hiddenAt', ${m.hiddenAt}::text, 'speciesId', ${m.speciesId},
          'follows', ${m.userId} <> ${userId} and ${followsSql(userId, m.userId)},
          'ownerBlocked', ${m.userId} in (select id from blocked)))
        from ${m} where ${m.id} in (${described})) as measurements,
      (select json_agg(json_build_object('id', ${achievements.id}, 'name', ${achievements.name}))
        from ${achievements} where ${achievements.id} in (select achievement_id from kept)) as achievements,

      ${dependencies ? mentionsSql : sql`null`} as mentions`
}

const mentionsSql = sql`(select json_agg(distinct comment_id) from latest
  where kind = 'mention' and comment_id is not null)`
