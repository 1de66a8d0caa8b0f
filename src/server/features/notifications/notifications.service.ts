import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member, NotificationGroup, NotificationList } from '#shared/schemas/community.ts'
import { COMMUNITY_LIMITS } from '#shared/schemas/community.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Db } from '../../db/client.ts'
import { type PreparedStatement, preparedStatement } from '../../db/prepared.ts'
import { users } from '../auth/auth.tables.ts'
import { achievements, blocks, comments, follows, notifications } from '../community/community.tables.ts'
import { toMember } from '../community/interactions.service.ts'
import { measurements } from '../measurements/measurements.tables.ts'
import { canView, followsSql, type Visible } from '../measurements/visibility.ts'
import { publishEvent } from './notify.ts'

// The bell (issue 5). A member's notifications grouped by group_key (notify.ts: 'Sam and 3 others liked your Elk'),
// newest group first. Work is bounded: the groups come from the member's latest NOTIFICATION_WINDOW notifications
// (notifications_user_created_idx), and at most COMMUNITY_LIMITS.notificationGroups groups are listed.
// unreadCount is the number of unread GROUPS in that window (what the badge shows), not of notifications.
// Nothing leaks: notifications whose actor is blocked either way, about a measurement the member can no longer see
// (hidden, private, followers-only after an unfollow; canView), or about a comment a moderator hid, are left out.

export const NOTIFICATION_WINDOW = 500
/** Actors shown per group (the group also tells how many there are). */
const ACTORS_SHOWN = 3

/**
 * A notification of the window with what it is about (measurement, comment, achievement), how the member stands to
 * its actor and to the measurement's owner, and the actor's card: everything the list needs, in one statement.
 */
type Row = {
  /** the list's version (`latest`, see notificationsVersion), the same on every row */
  version: string
  kind: NotificationGroup['kind'] | null
  groupKey: string
  actorId: string | null
  measurementId: string | null
  commentId: string | null
  achievementId: string | null
  verdict: NotificationGroup['verdict']
  unread: boolean
  createdAt: Date | string
  ownerId: string | null
  visibility: Visible['visibility'] | null
  hiddenAt: Date | string | null
  speciesId: string | null
  commentHidden: boolean
  achievementName: string | null
  actorBlocked: boolean
  ownerBlocked: boolean
  followsOwner: boolean
  actorFound: boolean
  actorFirstName: string | null
  actorLastName: string | null
  actorImage: string | null
  actorHiddenAt: Date | string | null
}

const n = notifications
const viewerId = sql.placeholder('userId')

/**
 * The member's latest NOTIFICATION_WINDOW notifications, newest first (notifications_user_created_idx), joined to
 * what they are about, and the version's row (always there, so a member without notifications still gets it).
 */
const recentStatement = preparedStatement<Row>(sql`
  with recent as (
    select ${n.kind} as kind, ${n.groupKey} as group_key, ${n.actorId} as actor_id,
      ${n.measurementId} as measurement_id, ${n.commentId} as comment_id, ${n.achievementId} as achievement_id,
      ${n.verdict} as verdict, ${n.readAt} is null as unread, ${n.createdAt} as created_at
    from ${n} where ${n.userId} = ${viewerId}
    order by ${n.createdAt} desc limit ${sql.raw(String(NOTIFICATION_WINDOW))}
  ),
  blocked as (
    select case when ${blocks.blockerId} = ${viewerId} then ${blocks.blockedId} else ${blocks.blockerId} end as id
    from ${blocks} where ${blocks.blockerId} = ${viewerId} or ${blocks.blockedId} = ${viewerId}
  )
  select v.version, r.kind, r.group_key as "groupKey", r.actor_id as "actorId", r.measurement_id as "measurementId",
    r.comment_id as "commentId", r.achievement_id as "achievementId", r.verdict, r.unread, r.created_at as "createdAt",
    ${measurements.userId} as "ownerId", ${measurements.visibility} as visibility,
    ${measurements.hiddenAt} as "hiddenAt", ${measurements.speciesId} as "speciesId",
    ${comments.hiddenAt} is not null as "commentHidden", ${achievements.name} as "achievementName",
    coalesce(r.actor_id in (select id from blocked), false) as "actorBlocked",
    coalesce(${measurements.userId} in (select id from blocked), false) as "ownerBlocked",
    coalesce(${measurements.userId} <> ${viewerId} and ${followsSql(viewerId, measurements.userId)}, false)
      as "followsOwner",
    ${users.id} is not null as "actorFound", ${users.firstName} as "actorFirstName", ${users.lastName} as "actorLastName", ${users.image} as "actorImage",
    ${users.hiddenAt} as "actorHiddenAt"
  from (select ${versionSql('latest', false, false)} as version) v
  left join (
    recent r
    left join ${measurements} on ${measurements.id} = r.measurement_id
    left join ${comments} on ${comments.id} = r.comment_id
    left join ${achievements} on ${achievements.id} = r.achievement_id
    left join ${users} on ${users.id} = r.actor_id
  ) on true
  order by r.created_at desc`)

/** May the viewer still see what this notification is about? */
function stillVisible(row: Row, viewer: AuthUser): boolean {
  if (row.actorBlocked) return false
  if (row.measurementId !== null) {
    if (row.ownerId === null || row.visibility === null) return false
    const measurement = { userId: row.ownerId, visibility: row.visibility, hiddenAt: row.hiddenAt }
    if (!canView(viewer, measurement, { follows: row.followsOwner, blocked: row.ownerBlocked })) return false
  }
  return !(row.commentHidden && !viewer.isAdmin)
}

type Gathered = { first: Row; actorIds: string[]; unread: boolean }

/** What the list depends on beyond the member's own notifications, blocks and follows (see notificationsVersion). */
export type Dependencies = { measurementIds: string[]; commentIds: string[] }

/**
 * GET /api/notifications: the grouped list, what it depends on (for the response cache), and the version
 * notificationsVersion(…, 'latest') would have read with it. One statement.
 */
export async function listNotifications(
  db: Db,
  viewer: AuthUser,
): Promise<{ list: NotificationList; dependencies: Dependencies; version: string }> {
  const all = await recentStatement.rows(db, { userId: viewer.id })
  const version = all[0]?.version ?? ''
  const rows = all.filter((row) => row.kind !== null)
  const dependencies: Dependencies = { measurementIds: [], commentIds: [] }
  for (const row of rows) {
    // Others' measurements and comments can change who may see them; the member's own cannot hide from them.
    if (row.measurementId && row.ownerId && row.ownerId !== viewer.id) {
      if (!dependencies.measurementIds.includes(row.measurementId)) dependencies.measurementIds.push(row.measurementId)
    }
    if (row.kind === 'mention' && row.commentId && !dependencies.commentIds.includes(row.commentId)) {
      dependencies.commentIds.push(row.commentId)
    }
  }
  const groups = new Map<string, Gathered>()
  const members = new Map<string, Member>()
  for (const row of rows) {
    if (!stillVisible(row, viewer)) continue
    let group = groups.get(row.groupKey)
    if (!group) {
      group = { first: row, actorIds: [], unread: false }
      groups.set(row.groupKey, group)
    }
    if (row.actorId && !group.actorIds.includes(row.actorId)) {
      group.actorIds.push(row.actorId)
      if (row.actorFound) members.set(row.actorId, memberOf(row, row.actorId, viewer))
    }
    if (row.unread) group.unread = true
  }
  const listed = [...groups.values()]
  return {
    list: {
      groups: listed.slice(0, COMMUNITY_LIMITS.notificationGroups).map((group) => toGroup(group, members)),
      unreadCount: listed.filter((group) => group.unread).length,
    },
    dependencies,
    version,
  }
}

/** The actor's card as the viewer sees it (a hidden profile keeps its picture from others). */
function memberOf(row: Row, id: string, viewer: AuthUser): Member {
  const hiddenAt = row.actorHiddenAt === null ? null : new Date(row.actorHiddenAt)
  return toMember(
    { id, firstName: row.actorFirstName, lastName: row.actorLastName, image: row.actorImage, hiddenAt },
    viewer,
  )
}

function toGroup({ first, actorIds, unread }: Gathered, members: Map<string, Member>): NotificationGroup {
  return {
    key: first.groupKey,
    kind: first.kind as NotificationGroup['kind'],
    actors: actorIds
      .slice(0, ACTORS_SHOWN)
      .map((id) => members.get(id))
      .filter((m): m is Member => m !== undefined),
    actorCount: actorIds.length,
    measurementId: first.measurementId,
    species: first.speciesId ? (getSpecies(first.speciesId)?.name ?? first.speciesId) : null,
    commentId: first.commentId,
    achievementName: first.achievementName,
    verdict: first.verdict,
    latestAt: new Date(first.createdAt).toISOString(),
    unread,
  }
}

/**
 * A cheap version of the member's list, read before the list is served from the cache (notifications.cache.ts).
 * Their own notifications: `full` counts them, takes the newest and counts the unread (indexes
 * notifications_user_created_idx and notifications_user_unread_idx); `latest` only takes the newest, for a caller
 * that learns of reads and deletions from the event hub. Always: the blocks they are part of; and when the list
 * shows others' measurements or mentioning comments, those (updated_at, hidden, how many) and whom the member
 * follows. Any change that can add, remove or hide a group changes it; actors' names and pictures are refreshed
 * with the next change.
 */
export async function notificationsVersion(
  db: Db,
  userId: string,
  dependencies: Dependencies = { measurementIds: [], commentIds: [] },
  own: 'full' | 'latest' = 'full',
): Promise<string> {
  const { measurementIds, commentIds } = dependencies
  const shape = `${own}|${measurementIds.length > 0}|${commentIds.length > 0}`
  let statement = versionStatements.get(shape)
  if (!statement) {
    statement = preparedStatement<{ version: string | null }>(
      sql`select ${versionSql(own, measurementIds.length > 0, commentIds.length > 0)} as version`,
    )
    versionStatements.set(shape, statement)
  }
  // Ids travel as one space-separated value, so one statement serves any number of them.
  const [row] = await statement.rows(db, {
    userId,
    ...(measurementIds.length > 0 ? { measurementIds: measurementIds.join(' ') } : {}),
    ...(commentIds.length > 0 ? { commentIds: commentIds.join(' ') } : {}),
  })
  return row?.version ?? ''
}

/** The version statements by shape (own part, with measurements, with comments): prepared once each. */
const versionStatements = new Map<string, PreparedStatement<{ version: string | null }>>()

/** The version as one text (its parts joined by '#'); every part is an index probe or a short index range. */
function versionSql(own: 'full' | 'latest', withMeasurements: boolean, withComments: boolean): SQL {
  const n = notifications
  const userId = sql.placeholder('userId')
  const parts: SQL[] = [
    own === 'full'
      ? sql`(select count(*) || '|' || coalesce(max(${n.createdAt})::text, '') from ${n} where ${n.userId} = ${userId})`
      : sql`(select coalesce(max(${n.createdAt})::text, '') from ${n} where ${n.userId} = ${userId})`,
    sql`(select count(*) || '|' || coalesce(max(${blocks.createdAt})::text, '') from ${blocks} where ${blocks.blockerId} = ${userId} or ${blocks.blockedId} = ${userId})`,
  ]
  if (own === 'full') {
    parts.push(sql`(select count(*)::text from ${n} where ${n.userId} = ${userId} and ${n.readAt} is null)`)
  }
  // Whom the member follows decides which followers-only posts the list may show: read whenever it may show others'
  // posts (with the hub, the measurements themselves are not read: their changes arrive as events).
  if (withMeasurements || own === 'latest') {
    parts.push(
      sql`(select count(*) || '|' || coalesce(max(${follows.createdAt})::text, '') from ${follows} where ${follows.followerId} = ${userId})`,
    )
  }
  if (withMeasurements) {
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

/** POST /api/notifications/read: marks one group (its key) or all of the member's notifications read. */
export async function markRead(db: Db, userId: string, key?: string): Promise<void> {
  const changed = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        key === undefined ? undefined : eq(notifications.groupKey, key),
      ),
    )
    .returning({ id: notifications.id })
  // The member's other tabs and devices update their badge.
  if (changed.length > 0) await publishEvent(db, { type: 'notifications', userId })
}
