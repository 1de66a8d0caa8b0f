import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member, NotificationGroup, NotificationList } from '#shared/schemas/community.ts'
import { COMMUNITY_LIMITS } from '#shared/schemas/community.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import type { Db } from '../../db/client.ts'
import { type PreparedStatement, preparedStatement } from '../../db/prepared.ts'
import { users } from '../auth/auth.tables.ts'
import { notifications } from '../community/community.tables.ts'
import { memberColumns, toMember } from '../community/interactions.service.ts'
import { canView } from '../measurements/visibility.ts'
import { type About, type Actor, readWindow, versionSql, type WindowGroup } from './notifications.queries.ts'
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

/** What the list depends on beyond the member's own notifications, blocks and follows (see notificationsVersion). */
export type Dependencies = { measurementIds: string[]; commentIds: string[] }

/**
 * GET /api/notifications: the grouped list, the version notificationsVersion(…, 'latest') would have read with it,
 * and, when asked, what it depends on (for the response cache without the event hub). One statement
 * (notifications.queries.ts); a second only for actors' cards it did not hold (a block or a hidden comment skipped
 * one of a group's latest actors).
 */
export async function listNotifications(
  db: Db,
  viewer: AuthUser,
  { dependencies: withDependencies = false } = {},
): Promise<{ list: NotificationList; dependencies: Dependencies; version: string }> {
  const window = await readWindow(db, viewer, {
    size: NOTIFICATION_WINDOW,
    shown: ACTORS_SHOWN,
    dependencies: withDependencies,
  })
  const about = new Map((window?.measurements ?? []).map((m) => [m.id, m]))
  // A group is about one item: whether the member may still see it is decided once per group (visibility.ts).
  const visible = (group: WindowGroup) => {
    if (group.measurementId === null) return true
    const measurement = about.get(group.measurementId)
    return measurement !== undefined && canView(viewer, measurement, relationOf(measurement))
  }
  const listed = (window?.groups ?? []).filter(visible)
  const shown = listed.slice(0, COMMUNITY_LIMITS.notificationGroups)
  const achievementNames = new Map((window?.achievements ?? []).map((a) => [a.id, a.name]))
  const members = await actorCards(db, viewer, window?.actors ?? [], shown)
  return {
    list: {
      groups: shown.map((group) => toGroup(group, about, achievementNames, members)),
      unreadCount: listed.filter((group) => group.unread).length,
    },
    dependencies: {
      // Others' measurements and comments can change who may see them; the member's own cannot hide from them.
      measurementIds: [...about.values()].filter((m) => m.userId !== viewer.id).map((m) => m.id),
      commentIds: window?.mentions ?? [],
    },
    version: window?.version ?? '',
  }
}

const relationOf = (measurement: About) => ({ follows: measurement.follows, blocked: measurement.ownerBlocked })

/** The shown actors' cards: those read with the window, and any it did not hold (read now). */
async function actorCards(db: Db, viewer: AuthUser, read: Actor[], shown: WindowGroup[]): Promise<Map<string, Member>> {
  const cards = new Map(read.map((actor) => [actor.id, memberOf(actor, viewer)]))
  const missing = [...new Set(shown.flatMap((g) => g.actorIds ?? []))].filter((id) => !cards.has(id))
  if (missing.length > 0) {
    const rows = await db.select(memberColumns).from(users).where(inArray(users.id, missing))
    for (const row of rows) cards.set(row.id, toMember(row, viewer))
  }
  return cards
}

/** The actor's card as the viewer sees it (a hidden profile keeps its picture from others). */
function memberOf(actor: Actor, viewer: AuthUser): Member {
  const { hiddenAt, ...card } = actor
  return toMember({ ...card, hiddenAt: hiddenAt ? new Date(hiddenAt) : null }, viewer)
}

function toGroup(
  group: WindowGroup,
  about: Map<string, About>,
  achievementNames: Map<string, string>,
  members: Map<string, Member>,
): NotificationGroup {
  const speciesId = group.measurementId ? about.get(group.measurementId)?.speciesId : undefined
  return {
    key: group.key,
    kind: group.kind,
    actors: (group.actorIds ?? []).map((id) => members.get(id)).filter((m): m is Member => m !== undefined),
    actorCount: group.actorCount,
    measurementId: group.measurementId,
    species: speciesId ? (getSpecies(speciesId)?.name ?? speciesId) : null,
    commentId: group.commentId,
    achievementName: group.achievementId ? (achievementNames.get(group.achievementId) ?? null) : null,
    verdict: group.verdict,
    latestAt: group.latestAt,
    unread: group.unread,
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
