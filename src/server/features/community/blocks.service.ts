import { and, desc, eq, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/features/auth/index.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { Member } from '#shared/schemas/community.ts'
import { blocks, follows } from './community.tables.ts'
import { emptyInbox } from './feed-inbox.service.ts'
import { countFollow } from './follows.service.ts'
import { memberNotFound, toMember } from './profiles.service.ts'

// Blocks: neither member sees the other's content or notifications. Blocking ends the follows both ways, with
// their counters and inbox rows, in the same transaction.

const BLOCKS_LISTED = 500

async function memberExists(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
  return row !== undefined
}

/** PUT /api/blocks/:userId (idempotent). */
export async function blockMember(db: Db, viewer: AuthUser, userId: string): Promise<{ blocked: boolean }> {
  if (userId === viewer.id) throw new AppError('BAD_REQUEST', 'You cannot block yourself')
  if (!(await memberExists(db, userId))) throw memberNotFound()
  await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: viewer.id, blockedId: userId }).onConflictDoNothing()
    const ended = await tx
      .delete(follows)
      .where(
        or(
          and(eq(follows.followerId, viewer.id), eq(follows.followeeId, userId)),
          and(eq(follows.followerId, userId), eq(follows.followeeId, viewer.id)),
        ),
      )
      .returning({ followerId: follows.followerId, followeeId: follows.followeeId })
    for (const follow of ended) {
      await countFollow(tx, follow.followerId, follow.followeeId, -1)
      await emptyInbox(tx, follow.followerId, follow.followeeId)
    }
  })
  return { blocked: true }
}

/** DELETE /api/blocks/:userId (idempotent). */
export async function unblockMember(db: Db, viewer: AuthUser, userId: string): Promise<{ blocked: boolean }> {
  if (userId === viewer.id) throw new AppError('BAD_REQUEST', 'You cannot block yourself')
  if (!(await memberExists(db, userId))) throw memberNotFound()
  await db.delete(blocks).where(and(eq(blocks.blockerId, viewer.id), eq(blocks.blockedId, userId)))
  return { blocked: false }
}

/** GET /api/blocks: whom the viewer blocked, latest first. */
export async function listBlocked(db: Db, viewer: AuthUser): Promise<{ items: Member[] }> {
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      hidden: users.hiddenAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, viewer.id))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(BLOCKS_LISTED)
  return { items: rows.map((row) => toMember({ ...row, hidden: row.hidden !== null }, viewer)) }
}
