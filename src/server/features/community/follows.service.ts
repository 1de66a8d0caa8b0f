import { and, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { afterMemberChange } from '#server/domain/member-events.ts'
import { notify } from '#server/domain/notify.ts'
import { users } from '#server/features/auth/index.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { FollowState } from '#shared/schemas/community.ts'
import { follows } from './community.tables.ts'
import { emptyInbox, fillInbox } from './feed-inbox.service.ts'
import { canSeeProfile, memberNotFound, standingOf } from './profiles.service.ts'

// Follows: one row per pair; only an inserted or deleted row moves the counters, the inbox and the notification, in
// its transaction, so concurrent requests end with one row, the right counts and one notification.

/**
 * Moves both members' follow counters. Raw SQL: drizzle's $onUpdate would move users.updated_at, and so every cached
 * body showing the member. Locked in id order, so two members following each other at once cannot deadlock.
 */
export async function countFollow(tx: Tx, followerId: string, followeeId: string, delta: 1 | -1): Promise<void> {
  const sides = [
    { id: followerId, column: sql.raw('following_count') },
    { id: followeeId, column: sql.raw('followers_count') },
  ].sort((a, b) => (a.id < b.id ? -1 : 1))
  for (const side of sides) {
    await tx.execute(sql`update users set ${side.column} = ${side.column} + ${delta} where id = ${side.id}`)
  }
}

async function followerCount(db: Db | Tx, userId: string): Promise<number> {
  const [row] = await db.select({ n: users.followersCount }).from(users).where(eq(users.id, userId))
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
    if (inserted.length > 0) {
      await countFollow(tx, viewer.id, userId, 1)
      await fillInbox(tx, viewer.id, userId)
      await notify(tx, { userId, actorId: viewer.id, kind: 'follow' })
      // The followee's 'followers' achievements (an unfollow never takes one away).
      await afterMemberChange(tx, userId, { metrics: ['followers'], boards: false })
    }
    return { following: true, followers: await followerCount(tx, userId) }
  })
}

/** DELETE /api/follows/:userId: idempotent; unknown members and members who blocked the viewer 404. */
export async function unfollowMember(db: Db, viewer: AuthUser, userId: string): Promise<FollowState> {
  if (userId === viewer.id) throw new AppError('BAD_REQUEST', 'You cannot follow yourself')
  const standing = await standingOf(db, viewer, userId)
  if (!standing || standing.blockedMe) throw memberNotFound()
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(follows)
      .where(and(eq(follows.followerId, viewer.id), eq(follows.followeeId, userId)))
      .returning({ followeeId: follows.followeeId })
    if (deleted.length > 0) {
      await countFollow(tx, viewer.id, userId, -1)
      await emptyInbox(tx, viewer.id, userId)
    }
    return { following: false, followers: await followerCount(tx, userId) }
  })
}
