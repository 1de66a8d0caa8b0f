import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { FollowState } from '#shared/schemas/community.ts'
import type { Db, Tx } from '../../db/client.ts'
import { notify } from '../notifications/notify.ts'
import { follows } from './community.tables.ts'
import { canSeeProfile, memberNotFound, standingOf } from './profiles.service.ts'

// Follows (issue 5): one row per pair (the primary key), so a double click or ten concurrent requests end with one
// row and one notification: the insert does nothing on a conflict and only an inserted row notifies.

async function followerCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(follows)
    .where(eq(follows.followeeId, userId))
  return row?.n ?? 0
}

/** PUT /api/follows/:userId. Not oneself, not across a block, only an approved member whose profile one may see. */
export async function followMember(db: Db, viewer: AuthUser, userId: string): Promise<FollowState> {
  if (userId === viewer.id) throw new AppError('BAD_REQUEST', 'You cannot follow yourself')
  return db.transaction(async (tx) => {
    const standing = await standingOf(tx, viewer, userId)
    if (!canSeeProfile(viewer, standing)) throw memberNotFound()
    if (standing.blockedByMe) throw new AppError('BAD_REQUEST', 'Unblock this member to follow them')
    const inserted = await tx
      .insert(follows)
      .values({ followerId: viewer.id, followeeId: userId })
      .onConflictDoNothing()
      .returning({ followeeId: follows.followeeId })
    if (inserted.length > 0) await notify(tx, { userId, actorId: viewer.id, kind: 'follow' })
    return { following: true, followers: await followerCount(tx, userId) }
  })
}

/** DELETE /api/follows/:userId: idempotent; unknown members and members who blocked the viewer 404. */
export async function unfollowMember(db: Db, viewer: AuthUser, userId: string): Promise<FollowState> {
  if (userId === viewer.id) throw new AppError('BAD_REQUEST', 'You cannot follow yourself')
  const standing = await standingOf(db, viewer, userId)
  if (!standing || standing.blockedMe) throw memberNotFound()
  await db.delete(follows).where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, userId)))
  return { following: false, followers: await followerCount(db, userId) }
}
