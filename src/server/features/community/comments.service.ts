import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, isNull, not, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { type NotifyInput, notify, publishEvent } from '#server/domain/notify.ts'
import { blockedSql, canView } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { decodeCursor, encodeCursor, measurements } from '#server/features/measurements/index.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { COMMUNITY_LIMITS, type Comment, type CommentPage, MENTION_PATTERN } from '#shared/schemas/community.ts'
import { blocks, comments, follows, notifications } from './community.tables.ts'
import {
  memberColumns,
  type Outcome,
  toMember,
  type VisibleMeasurement,
  visibleMeasurement,
} from './interactions.service.ts'

// Comments, oldest first. Bodies are stored as sent (trimmed) and shown as text, never HTML. A mentioned member is
// told only if approved and able to see the post themselves, so a mention never leaks one (ADR 058).

export const COMMENT_NOT_FOUND = 'Comment not found'

const commentCursorText = sql<string>`to_char(${comments.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

type CommentRow = {
  id: string
  measurementId: string
  userId: string
  body: string
  hiddenAt: Date | null
  createdAt: Date
}
type Author = Parameters<typeof toMember>[0]

function toComment(row: CommentRow, author: Author, viewer: AuthUser): Comment {
  return {
    id: row.id,
    measurementId: row.measurementId,
    author: toMember(author, viewer),
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    canDelete: row.userId === viewer.id || viewer.isAdmin,
    hidden: row.hiddenAt !== null,
  }
}

/** GET /api/measurements/:id/comments: a keyset page, oldest first; `total` counts the comments nobody hid. */
export async function listComments(
  db: Db,
  viewer: AuthUser,
  measurementId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<CommentPage> {
  const measurement = await visibleMeasurement(db, viewer, measurementId)
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const rows = await db
    .select({
      comment: comments,
      cursorAt: commentCursorText,
      author: memberColumns,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      and(
        eq(comments.measurementId, measurementId),
        after
          ? sql`(${comments.createdAt}, ${comments.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
        viewer.isAdmin ? undefined : or(isNull(comments.hiddenAt), eq(comments.userId, viewer.id)),
        not(blockedSql(viewer.id, comments.userId)),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(query.limit + 1)
  const page = rows.slice(0, query.limit)
  const last = page.at(-1)
  return {
    items: page.map((row) => toComment(row.comment, row.author, viewer)),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.comment.id) : null,
    total: measurement.commentCount,
  }
}

/** POST /api/measurements/:id/comments: the owner is notified, and every member the body mentions who may see it. */
export async function createComment(
  db: Db,
  viewer: AuthUser,
  measurementId: string,
  body: string,
): Promise<Outcome<Comment>> {
  return db.transaction(async (tx) => {
    const measurement = await visibleMeasurement(tx, viewer, measurementId)
    const [row] = await tx
      .insert(comments)
      .values({ id: randomUUID(), measurementId, userId: viewer.id, body })
      .returning()
    if (!row) throw new Error('comment not stored')
    await tx
      .update(measurements)
      .set({ commentCount: sql`${measurements.commentCount} + 1` })
      .where(eq(measurements.id, measurementId))
    const about = { measurementId, commentId: row.id }
    const inputs: NotifyInput[] = [{ userId: measurement.userId, actorId: viewer.id, kind: 'comment', ...about }]
    for (const userId of await mentionRecipients(tx, measurement, body)) {
      inputs.push({ userId, actorId: viewer.id, kind: 'mention', ...about })
    }
    await notify(tx, inputs)
    return {
      result: toComment(row, { ...viewer, image: viewer.profileImageUrl }, viewer),
      // notify() leaves out the author and blocks: announcing one more member only costs them a recount.
      changed: [...new Set(inputs.map((input) => input.userId))].filter((id) => id !== viewer.id),
    }
  })
}

/** The member ids a body mentions, in order, each once, at most COMMUNITY_LIMITS.mentionsPerComment. */
export function mentionedIds(body: string): string[] {
  const ids: string[] = []
  for (const match of body.matchAll(MENTION_PATTERN)) {
    const id = match[2] as string
    if (!ids.includes(id)) ids.push(id)
    if (ids.length === COMMUNITY_LIMITS.mentionsPerComment) break
  }
  return ids
}

/** The mentioned members who may see the measurement themselves (canView), but the owner, told of the comment. */
async function mentionRecipients(tx: Tx, measurement: VisibleMeasurement, body: string): Promise<string[]> {
  const ids = mentionedIds(body).filter((id) => id !== measurement.userId)
  if (ids.length === 0) return []
  const candidates = await tx
    .select({
      id: users.id,
      isAdmin: users.isAdmin,
      follows: sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${users.id} and ${follows.followeeId} = ${measurement.userId})`,
      blocked: sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${users.id} and ${blocks.blockedId} = ${measurement.userId}) or (${blocks.blockerId} = ${measurement.userId} and ${blocks.blockedId} = ${users.id}))`,
    })
    .from(users)
    .where(and(inArray(users.id, ids), or(eq(users.betaApproved, true), eq(users.isAdmin, true))))
  const allowed = new Set(
    candidates
      .filter((c) =>
        canView({ id: c.id, isAdmin: c.isAdmin }, measurement, {
          follows: c.follows === true,
          blocked: c.blocked === true,
        }),
      )
      .map((c) => c.id),
  )
  return ids.filter((id) => allowed.has(id))
}

/** DELETE …/comments/:commentId: its author or an admin, anyone else 404; returns the members whose bells changed. */
export async function deleteComment(
  db: Db,
  viewer: AuthUser,
  measurementId: string,
  commentId: string,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [comment] = await tx
      .select({ userId: comments.userId, hiddenAt: comments.hiddenAt })
      .from(comments)
      .where(and(eq(comments.id, commentId), eq(comments.measurementId, measurementId)))
      .for('update')
    if (!comment || (comment.userId !== viewer.id && !viewer.isAdmin)) {
      throw new AppError('NOT_FOUND', COMMENT_NOT_FOUND)
    }
    // Its notifications go with it (the foreign key cascades); their recipients' bells are told.
    const told = await tx
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(eq(notifications.commentId, commentId))
    await tx.delete(comments).where(eq(comments.id, commentId))
    if (comment.hiddenAt === null) {
      await tx
        .update(measurements)
        .set({ commentCount: sql`greatest(${measurements.commentCount} - 1, 0)` })
        .where(eq(measurements.id, measurementId))
    }
    for (const { userId } of told) await publishEvent(tx, { type: 'notifications', userId })
    return told.map(({ userId }) => userId)
  })
}
