import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { publishEvent } from '#server/domain/notify.ts'
import { canView } from '#server/domain/visibility.ts'
import { type MemberCards, notifications } from '#server/features/community/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member, NotificationGroup, NotificationList } from '#shared/schemas/community.ts'
import { COMMUNITY_LIMITS } from '#shared/schemas/community.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { type About, readWindow, versionSql, type WindowGroup } from './notifications.queries.ts'

// The bell: groups from the member's latest NOTIFICATION_WINDOW notifications, so work is bounded; unreadCount
// counts unread GROUPS (the badge). Nothing across a block, about a post they may no longer see, or a hidden comment.

export const NOTIFICATION_WINDOW = 500
const ACTORS_SHOWN = 3

/** What the list depends on beyond the member's own notifications, blocks and follows. */
export type Dependencies = { measurementIds: string[]; commentIds: string[] }

/** GET /api/notifications: the list, its 'latest' version, and its dependencies (read only when asked). */
export async function listNotifications(
  db: Db,
  viewer: AuthUser,
  cards: MemberCards,
  { dependencies: withDependencies = false } = {},
): Promise<{ list: NotificationList; dependencies: Dependencies; version: string }> {
  const window = await readWindow(db, viewer, {
    size: NOTIFICATION_WINDOW,
    shown: ACTORS_SHOWN,
    dependencies: withDependencies,
  })
  const about = new Map((window?.measurements ?? []).map((m) => [m.id, m]))
  const visible = (group: WindowGroup) => {
    if (group.measurementId === null) return true
    const measurement = about.get(group.measurementId)
    return measurement !== undefined && canView(viewer, measurement, relationOf(measurement))
  }
  const listed = (window?.groups ?? []).filter(visible)
  const shown = listed.slice(0, COMMUNITY_LIMITS.notificationGroups)
  const achievementNames = new Map((window?.achievements ?? []).map((a) => [a.id, a.name]))
  // The named actors from the cards every process keeps, not the statement (ADR 118).
  const members = await cards.members(
    db,
    shown.flatMap((group) => group.actorIds ?? []),
    viewer,
  )
  return {
    list: {
      groups: shown.map((group) => toGroup(group, about, achievementNames, members)),
      unreadCount: listed.filter((group) => group.unread).length,
    },
    dependencies: {
      // the member's own measurements cannot hide from them
      measurementIds: [...about.values()].filter((m) => m.userId !== viewer.id).map((m) => m.id),
      commentIds: window?.mentions ?? [],
    },
    version: window?.version ?? '',
  }
}

const relationOf = (measurement: About) => ({ follows: measurement.follows, blocked: measurement.ownerBlocked })

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
 * A cheap version of the member's list: any change that can add, remove or hide a group changes it (actors' cards
 * wait for the next one). `latest` is for a caller that hears of reads and deletions from the event hub.
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
  const [row] = await statement.rows(db, {
    userId,
    ...(measurementIds.length > 0 ? { measurementIds: measurementIds.join(' ') } : {}),
    ...(commentIds.length > 0 ? { commentIds: commentIds.join(' ') } : {}),
  })
  return row?.version ?? ''
}

const versionStatements = new Map<string, PreparedStatement<{ version: string | null }>>()

/** POST /api/notifications/read: one group (its key) or all. */
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
  if (changed.length > 0) await publishEvent(db, { type: 'notifications', userId })
}
