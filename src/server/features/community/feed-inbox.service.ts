import { type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'
import { feedDeliveries } from './community.tables.ts'

// The Following feed fanned out on write (ADR 051): follows, unfollows and blocks change feed_inbox in their own
// transaction, posts queue a delivery (ADR 018). Both lock the owner's users row first, so neither misses the other.

export function reachesFollowers(visibility: Visibility): boolean {
  return visibility === 'public' || visibility === 'followers'
}

/** The channel that wakes the delivery workers of every process once a queuing transaction commits. */
export const FEED_DELIVERY_CHANNEL = 'fieldmark_feed_delivery'

/** Queues bringing the post's inbox rows in line with its visibility; call it in the transaction that changed it. */
export async function queuePostDelivery(tx: Tx, measurementId: string): Promise<void> {
  await tx.execute(sql`with queued as (insert into ${feedDeliveries} (measurement_id) values (${measurementId})
      returning 1)
    select pg_notify(${FEED_DELIVERY_CHANNEL}, '') from queued`)
}

/**
 * One batch of a delivery: rows for up to `limit` followers after `afterFollower`, or up to `limit` rows deleted when
 * the post no longer reaches followers. `last` is where the next batch starts; `wrote`: it may have changed rows.
 */
export async function deliveryBatch(
  tx: Tx,
  measurementId: string,
  afterFollower: string,
  limit: number,
): Promise<{ done: boolean; last: string; wrote: boolean }> {
  const [owner] = await rowsOf<{ user_id: string }>(
    tx,
    sql`select user_id from measurements where id = ${measurementId}`,
  )
  if (!owner) return { done: true, last: afterFollower, wrote: false } // deleted: its rows went with it
  // The owner's row first, then the post's: an edit of its visibility waits for this batch, or this reads its write.
  await tx.execute(sql`select 1 from users where id = ${owner.user_id} for share`)
  const [post] = await rowsOf<{ visibility: Visibility }>(
    tx,
    sql`select visibility from measurements where id = ${measurementId} for key share`,
  )
  if (!post) return { done: true, last: afterFollower, wrote: false }
  if (!reachesFollowers(post.visibility)) {
    const [removed] = await rowsOf<{ n: number }>(
      tx,
      sql`with gone as (
          delete from feed_inbox where (user_id, created_at, measurement_id) in (
            select user_id, created_at, measurement_id from feed_inbox where measurement_id = ${measurementId}
            limit ${limit})
          returning 1)
        select count(*)::int as n from gone`,
    )
    return { done: (removed?.n ?? 0) < limit, last: afterFollower, wrote: (removed?.n ?? 0) > 0 }
  }
  // In follower order, so two batches of the same post (two queued deliveries) never wait on each other crosswise.
  const [batch] = await rowsOf<{ n: number; last: string | null }>(
    tx,
    sql`with batch as (
        select follower_id from follows where followee_id = ${owner.user_id} and follower_id > ${afterFollower}
        order by follower_id limit ${limit}),
      written as (
        insert into feed_inbox (user_id, created_at, measurement_id, owner_id)
        select b.follower_id, m.created_at, m.id, m.user_id from batch b cross join measurements m
        where m.id = ${measurementId} order by b.follower_id
        on conflict do nothing)
      select count(*)::int as n, max(follower_id) as last from batch`,
  )
  const n = batch?.n ?? 0
  return { done: n < limit, last: batch?.last ?? afterFollower, wrote: n > 0 }
}

async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = await tx.execute(query)
  return (result as unknown as { rows: T[] }).rows
}

/** A follow inserted: the followee's posts into the follower's inbox. Call it after countFollow (the lock above). */
export async function fillInbox(tx: Tx, followerId: string, followeeId: string): Promise<void> {
  await tx.execute(sql`insert into feed_inbox (user_id, created_at, measurement_id, owner_id)
    select ${followerId}, m.created_at, m.id, m.user_id from measurements m
    where m.user_id = ${followeeId} and m.visibility in ('public', 'followers')
    on conflict do nothing`)
}

/** A follow deleted (unfollow, or ended by a block): the followee's posts out of the follower's inbox. */
export async function emptyInbox(tx: Tx, followerId: string, followeeId: string): Promise<void> {
  await tx.execute(sql`delete from feed_inbox where user_id = ${followerId} and owner_id = ${followeeId}`)
}

/** Adds every inbox row the follows and posts call for: for data written around the services (seed, tests). */
export async function fillAllInboxes(db: Db | Tx): Promise<void> {
  await db.execute(sql`insert into feed_inbox (user_id, created_at, measurement_id, owner_id)
    select f.follower_id, m.created_at, m.id, m.user_id
    from follows f join measurements m on m.user_id = f.followee_id
    where m.visibility in ('public', 'followers')
    on conflict do nothing`)
}
