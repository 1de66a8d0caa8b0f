import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member, NotificationGroup, NotificationList } from '#shared/schemas/community.ts'
import { COMMUNITY_LIMITS } from '#shared/schemas/community.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Db } from '../../db/client.ts'
import { type PreparedStatement, preparedStatement } from '../../db/prepared.ts'
import { users } from '../auth/auth.tables.ts'
import { achievements, blocks, comments, follows, notifications } from '../community/community.tables.ts'
import { memberColumns, toMember } from '../community/interactions.service.ts'
import { measurements } from '../measurements/measurements.tables.ts'
import { canView } from '../measurements/visibility.ts'
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

type Row = Awaited<ReturnType<typeof recentRows>>[number]

/** The member's latest notifications with what they are about (measurement, comment, achievement), newest first. */
function recentRows(db: Db, viewerId: string) {
  const recent = db
    .select({
      kind: notifications.kind,
      groupKey: notifications.groupKey,
      actorId: notifications.actorId,
      measurementId: notifications.measurementId,
      commentId: notifications.commentId,
      achievementId: notifications.achievementId,
      verdict: notifications.verdict,
      unread: sql<boolean>`${notifications.readAt} is null`.as('unread'),
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, viewerId))
    .orderBy(desc(notifications.createdAt))
    .limit(NOTIFICATION_WINDOW)
    .as('recent')
  return db
    .select({
      kind: recent.kind,
      groupKey: recent.groupKey,
      actorId: recent.actorId,
      measurementId: recent.measurementId,
      commentId: recent.commentId,
      achievementId: recent.achievementId,
      verdict: recent.verdict,
      unread: recent.unread,
      createdAt: recent.createdAt,
      ownerId: measurements.userId,
      visibility: measurements.visibility,
      hiddenAt: measurements.hiddenAt,
      speciesId: measurements.speciesId,
      commentHidden: sql<boolean>`${comments.hiddenAt} is not null`,
      achievementName: achievements.name,
    })
    .from(recent)
    .leftJoin(measurements, eq(measurements.id, recent.measurementId))
    .leftJoin(comments, eq(comments.id, recent.commentId))
    .leftJoin(achievements, eq(achievements.id, recent.achievementId))
    .orderBy(desc(recent.createdAt))
}

/** Everyone with a block between them and the viewer, either way (a handful: one small query, not one per row). */
async function blockedWith(db: Db, viewerId: string): Promise<Set<string>> {
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, viewerId)))
  return new Set(rows.map((row) => (row.blockerId === viewerId ? row.blockedId : row.blockerId)))
}

/** Which of these members the viewer follows. */
async function followedAmong(db: Db, viewerId: string, memberIds: string[]): Promise<Set<string>> {
  if (memberIds.length === 0) return new Set()
  const rows = await db
    .select({ id: follows.followeeId })
    .from(follows)
    .where(and(eq(follows.followerId, viewerId), inArray(follows.followeeId, memberIds)))
  return new Set(rows.map((row) => row.id))
}

type Relations = { blocked: Set<string>; followed: Set<string> }

/** May the viewer still see what this notification is about? */
function stillVisible(row: Row, viewer: AuthUser, relations: Relations): boolean {
  if (row.actorId !== null && relations.blocked.has(row.actorId)) return false
  if (row.measurementId !== null) {
    if (row.ownerId === null || row.visibility === null) return false
    const measurement = { userId: row.ownerId, visibility: row.visibility, hiddenAt: row.hiddenAt }
    const relation = { follows: relations.followed.has(row.ownerId), blocked: relations.blocked.has(row.ownerId) }
    if (!canView(viewer, measurement, relation)) return false
  }
  return !(row.commentHidden === true && !viewer.isAdmin)
}

type Gathered = { first: Row; actorIds: string[]; unread: boolean }

/** What the list depends on beyond the member's own notifications, blocks and follows (see notificationsVersion). */
export type Dependencies = { measurementIds: string[]; commentIds: string[] }

/** GET /api/notifications: the grouped list, and what it depends on (for the response cache). */
export async function listNotifications(
  db: Db,
  viewer: AuthUser,
): Promise<{ list: NotificationList; dependencies: Dependencies }> {
  const [rows, blocked] = await Promise.all([recentRows(db, viewer.id), blockedWith(db, viewer.id)])
  const dependencies: Dependencies = { measurementIds: [], commentIds: [] }
  const owners = new Set<string>()
  for (const row of rows) {
    // Others' measurements and comments can change who may see them; the member's own cannot hide from them.
    if (row.measurementId && row.ownerId && row.ownerId !== viewer.id) {
      owners.add(row.ownerId)
      if (!dependencies.measurementIds.includes(row.measurementId)) dependencies.measurementIds.push(row.measurementId)
    }
    if (row.kind === 'mention' && row.commentId && !dependencies.commentIds.includes(row.commentId)) {
      dependencies.commentIds.push(row.commentId)
    }
  }
  const relations = { blocked, followed: await followedAmong(db, viewer.id, [...owners]) }
  const groups = new Map<string, Gathered>()
  for (const row of rows) {
    if (!stillVisible(row, viewer, relations)) continue
    let group = groups.get(row.groupKey)
    if (!group) {
      group = { first: row, actorIds: [], unread: false }
      groups.set(row.groupKey, group)
    }
    if (row.actorId && !group.actorIds.includes(row.actorId)) group.actorIds.push(row.actorId)
    if (row.unread === true) group.unread = true
  }
  const all = [...groups.values()]
  const shown = all.slice(0, COMMUNITY_LIMITS.notificationGroups)
  const members = await membersById(db, viewer, [...new Set(shown.flatMap((g) => g.actorIds.slice(0, ACTORS_SHOWN)))])
  return {
    list: {
      groups: shown.map((group) => toGroup(group, members)),
      unreadCount: all.filter((group) => group.unread).length,
    },
    dependencies,
  }
}

function toGroup({ first, actorIds, unread }: Gathered, members: Map<string, Member>): NotificationGroup {
  return {
    key: first.groupKey,
    kind: first.kind,
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
    latestAt: first.createdAt.toISOString(),
    unread,
  }
}

async function membersById(db: Db, viewer: AuthUser, ids: string[]): Promise<Map<string, Member>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select(memberColumns).from(users).where(inArray(users.id, ids))
  return new Map(rows.map((row) => [row.id, toMember(row, viewer)]))
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
      versionQuery(own, measurementIds.length > 0, commentIds.length > 0),
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

function versionQuery(own: 'full' | 'latest', withMeasurements: boolean, withComments: boolean): SQL {
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
  // One statement without a table of its own: every part is an index probe or a short index range.
  return sql`select concat_ws('#', ${sql.join(parts, sql`, `)}) as version`
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
