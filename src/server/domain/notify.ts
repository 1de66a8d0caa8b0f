import { randomUUID } from 'node:crypto'
import { eq, type SQL, sql } from 'drizzle-orm'
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
  /** migrations 0023 and 0024: these measurements (or their likes) were written; `moved`: those whose place in the public feed may have moved */
  | { type: 'posts'; ids: string[]; moved: string[] }
  | { type: 'posts'; all: true }
  /** migration 0024: these posts' inbox rows were written or deleted; `all`: too many to name */
  | { type: 'inbox'; ids: string[] }
  | { type: 'inbox'; all: true }
  /** migration 0024: a block was made or lifted */
  | { type: 'blocks' }
  /** migration 0025: what these members' profiles show others changed; `all`: too many to name */
  | { type: 'profiles'; userIds: string[] }
  | { type: 'profiles'; all: true }
  /** migration 0026: what these members' progress towards achievements counts changed, beyond 'profiles' */
  | { type: 'progress'; userIds: string[] }
  | { type: 'progress'; all: true }
  /** migration 0025: what the achievement catalogue serves changed */
  | { type: 'catalogue' }
  /** EventHub.heard: every event committed before it has reached the process that sent it */
  | { type: 'marker'; id: string }

export async function publishEvent(db: Db | Tx, event: ServerEvent): Promise<void> {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`)
}

/** pg_notify of a 'notifications' event for each `user_id` of the rows `from` gives: a statement's select list. */
const announceSql = (from: SQL) =>
  sql`select r.user_id, r.n, pg_notify(${EVENTS_CHANNEL},
      json_build_object('type', 'notifications', 'userId', r.user_id)::text) from (${from}) r`

/**
 * Records notifications, never to the actor nor across a block, in the event's transaction, and tells each
 * recipient's processes: ONE statement, whatever the number; returns how many were recorded.
 */
export async function notify(db: Db | Tx, inputs: NotifyInput | readonly NotifyInput[]): Promise<number> {
  const list = (Array.isArray(inputs) ? inputs : [inputs]) as readonly NotifyInput[]
  const rows = list
    .filter((input) => input.actorId !== input.userId)
    .map(
      (input) =>
        sql`(${randomUUID()}::uuid, ${input.userId}::text, ${input.actorId}::text, ${input.kind}::text,
          ${groupKeyOf(input)}::text, ${input.measurementId ?? null}::uuid, ${input.commentId ?? null}::uuid,
          ${input.achievementId ?? null}::text, ${input.verdict ?? null}::text)`,
    )
  if (rows.length === 0) return 0
  const result = await db.execute(sql`with input (id, user_id, actor_id, kind, group_key, measurement_id, comment_id,
        achievement_id, verdict) as (values ${sql.join(rows, sql`, `)}),
      inserted as (
        insert into ${notifications} (id, user_id, actor_id, kind, group_key, measurement_id, comment_id,
          achievement_id, verdict)
        select i.* from input i
        where i.actor_id is null or not exists (select 1 from ${blocks} b
          where (b.blocker_id = i.user_id and b.blocked_id = i.actor_id)
            or (b.blocker_id = i.actor_id and b.blocked_id = i.user_id))
        returning user_id)
    ${announceSql(sql`select user_id, count(*)::int as n from inserted group by user_id`)}`)
  const announced = (result as unknown as { rows: { n: number }[] }).rows
  return announced.reduce((sum, row) => sum + Number(row.n), 0)
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
  const result = await db.execute(
    announceSql(sql`select ${notifications.userId} as user_id, 1 as n from ${notifications} where ${where}
      group by ${notifications.userId}`),
  )
  return (result as unknown as { rows: { user_id: string }[] }).rows.map((row) => row.user_id)
}
