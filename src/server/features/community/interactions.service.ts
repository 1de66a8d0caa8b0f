import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { afterMemberChange } from '#server/domain/member-events.ts'
import { notify, publishEvent } from '#server/domain/notify.ts'
import { blockedSql, canView, followsSql, type Viewer } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { measurements, notFound } from '#server/features/measurements/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { LikeState, Member } from '#shared/schemas/community.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { likes, notifications } from './community.tables.ts'

// Likes, and what likes and comments share. One like row per member and measurement; the count and the notification
// change in its transaction, only when the row did.

export type VisibleMeasurement = {
  id: string
  userId: string
  visibility: Visibility
  hiddenAt: Date | null
  speciesId: string
  likeCount: number
  commentCount: number
}

/** The measurement if the viewer may see it (visibility.ts: blocks, hidden, followers-only), else 404. */
export async function visibleMeasurement(db: Db | Tx, viewer: AuthUser, id: string): Promise<VisibleMeasurement> {
  const [row] = await db
    .select({
      id: measurements.id,
      userId: measurements.userId,
      visibility: measurements.visibility,
      hiddenAt: measurements.hiddenAt,
      speciesId: measurements.speciesId,
      likeCount: measurements.likeCount,
      commentCount: measurements.commentCount,
      follows: followsSql(viewer.id, measurements.userId),
      blocked: blockedSql(viewer.id, measurements.userId),
    })
    .from(measurements)
    .where(eq(measurements.id, id))
  if (!row) throw notFound()
  const { follows, blocked, ...measurement } = row
  if (!canView(viewer, measurement, { follows: follows === true, blocked: blocked === true })) throw notFound()
  return measurement
}

export const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  image: users.image,
  hiddenAt: users.hiddenAt,
}
export type MemberRow = { id: string; firstName: string | null; lastName: string | null; image: string | null }

/** A member as the viewer sees them: a profile hidden by a moderator keeps its picture from everyone else. */
export function toMember(row: MemberRow & { hiddenAt?: Date | null }, viewer: Viewer): Member {
  const pictureHidden = Boolean(row.hiddenAt) && viewer?.id !== row.id && viewer?.isAdmin !== true
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: pictureHidden ? null : row.image,
  }
}

/** The answer, and the members whose notifications changed: the route announces them once committed. */
export type Outcome<T> = { result: T; changed: string[] }

/** PUT /api/measurements/:id/like: likes it once, however often it is called; the owner hears of the first. */
export async function likeMeasurement(db: Db, viewer: AuthUser, id: string): Promise<Outcome<LikeState>> {
  return db.transaction(async (tx) => {
    const measurement = await visibleMeasurement(tx, viewer, id)
    const inserted = await tx
      .insert(likes)
      .values({ measurementId: id, userId: viewer.id })
      .onConflictDoNothing()
      .returning({ userId: likes.userId })
    if (inserted.length === 0) return { result: { liked: true, likeCount: await likeCountOf(tx, id) }, changed: [] }
    const [updated] = await tx
      .update(measurements)
      .set({ likeCount: sql`${measurements.likeCount} + 1` })
      .where(eq(measurements.id, id))
      .returning({ likeCount: measurements.likeCount })
    // notify() leaves out a like of one's own post and a like across a block.
    const told = await notify(tx, { userId: measurement.userId, actorId: viewer.id, kind: 'like', measurementId: id })
    // The owner's 'likes received' achievements (a like taken back never takes one away).
    await afterMemberChange(tx, measurement.userId, { metrics: ['likes-received'], boards: false })
    return {
      result: { liked: true, likeCount: updated?.likeCount ?? measurement.likeCount + 1 },
      changed: told > 0 ? [measurement.userId] : [],
    }
  })
}

/** DELETE /api/measurements/:id/like: idempotent; the owner's unread notification of this like goes with it. */
export async function unlikeMeasurement(db: Db, viewer: AuthUser, id: string): Promise<Outcome<LikeState>> {
  return db.transaction(async (tx) => {
    const measurement = await visibleMeasurement(tx, viewer, id)
    const deleted = await tx
      .delete(likes)
      .where(and(eq(likes.measurementId, id), eq(likes.userId, viewer.id)))
      .returning({ userId: likes.userId })
    if (deleted.length === 0) return { result: { liked: false, likeCount: await likeCountOf(tx, id) }, changed: [] }
    const [updated] = await tx
      .update(measurements)
      .set({ likeCount: sql`greatest(${measurements.likeCount} - 1, 0)` })
      .where(eq(measurements.id, id))
      .returning({ likeCount: measurements.likeCount })
    const withdrawn = await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, measurement.userId),
          eq(notifications.actorId, viewer.id),
          eq(notifications.kind, 'like'),
          eq(notifications.measurementId, id),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id })
    if (withdrawn.length > 0) await publishEvent(tx, { type: 'notifications', userId: measurement.userId })
    return {
      result: { liked: false, likeCount: updated?.likeCount ?? 0 },
      changed: withdrawn.length > 0 ? [measurement.userId] : [],
    }
  })
}

async function likeCountOf(db: Db | Tx, id: string): Promise<number> {
  const [row] = await db.select({ likeCount: measurements.likeCount }).from(measurements).where(eq(measurements.id, id))
  return row?.likeCount ?? 0
}
