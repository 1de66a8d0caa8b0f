import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { blocks, notifications } from '#server/features/community/community.tables.ts'
import type { NotificationKind, Verdict } from '#shared/schemas/community.ts'

// Notifications and events are written in the transaction of their change, so pg_notify reaches every process on
// commit and never for a rollback (ADR 064).

export const EVENTS_CHANNEL = 'fieldmark_events'

export type NotifyInput = {
  /** the recipient */
  userId: string
  /** who did it; null for the system (an achievement) */
  actorId: string | null
  kind: NotificationKind
  measurementId?: string | null
  commentId?: string | null
  achievementId?: string | null
  verdict?: Verdict | null
}

/** The bell's line a notification joins: one per kind and item ('Sam and 3 others liked your Elk'). */
export function groupKeyOf(input: NotifyInput): string {
  switch (input.kind) {
    case 'follow':
      return 'follow'
    case 'mention':
      return `mention:${input.commentId ?? ''}`
    case 'achievement':
      return `achievement:${input.achievementId ?? ''}`
    default:
      return `${input.kind}:${input.measurementId ?? ''}`
  }
}

/** An event for every process's hub (notifications.events.ts); all but 'notifications' come from database triggers. */
export type ServerEvent =
  | { type: 'notifications'; userId: string }
  /** migration 0016: a user row changed or was deleted, a session ended */
  | { type: 'user-changed'; userId: string }
  /** migration 0012: the member's name, picture or hidden state changed */
  | { type: 'member-card'; userId: string }
  /** migration 0013: these members' likes changed; `all`: too many to name */
  | { type: 'likes'; userIds: string[] }
  | { type: 'likes'; all: true }
  /** migration 0020: these boards' rows changed; `all`: too many to name */
  | { type: 'boards'; keys: string[] }
  | { type: 'boards'; all: true }

export async function publishEvent(db: Db | Tx, event: ServerEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`)
}

/** Records notifications, never to the actor nor across a block, in the event's transaction; returns how many. */
export async function notify(db: Db | Tx, inputs: NotifyInput | readonly NotifyInput[]): Promise<number> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]) as readonly NotifyInput[]
  let created = 0
  const recipients = new Set<string>()
  for (const input of list) {
    if (input.actorId === input.userId) continue
    if (input.actorId !== null) {
      const blocked = await db
        .select({ one: sql`1` })
        .from(blocks)
        .where(
          sql`(${blocks.blockerId} = ${input.userId} and ${blocks.blockedId} = ${input.actorId}) or (${blocks.blockerId} = ${input.actorId} and ${blocks.blockedId} = ${input.userId})`,
        )
        .limit(1)
      if (blocked.length > 0) continue
    }
    await db.insert(notifications).values({
      id: randomUUID(),
      userId: input.userId,
      actorId: input.actorId,
      kind: input.kind,
      groupKey: groupKeyOf(input),
      measurementId: input.measurementId ?? null,
      commentId: input.commentId ?? null,
      achievementId: input.achievementId ?? null,
      verdict: input.verdict ?? null,
    })
    created += 1
    recipients.add(input.userId)
  }
  for (const userId of recipients) await publishEvent(db, { type: 'notifications', userId })
  return created
}

/**
 * Tells the members holding a notification about this target that their list may have changed (ADR 063). Call it
 * in the change's transaction, before a delete (the cascade takes the rows); returns them to announce.
 */
export async function tellRecipients(
  db: Db | Tx,
  target: { measurementId: string } | { commentId: string },
): Promise<string[]> {
  const where =
    'measurementId' in target
      ? eq(notifications.measurementId, target.measurementId)
      : eq(notifications.commentId, target.commentId)
  const recipients = await db.selectDistinct({ userId: notifications.userId }).from(notifications).where(where)
  for (const { userId } of recipients) await publishEvent(db, { type: 'notifications', userId })
  return recipients.map(({ userId }) => userId)
}
