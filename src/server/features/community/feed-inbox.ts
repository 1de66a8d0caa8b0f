import { sql } from 'drizzle-orm'
import type { Visibility } from '#shared/schemas/measurements.ts'
import type { Db, Tx } from '../../db/client.ts'

// The Following feed fanned out on write (migration 0005, feed_inbox in community.tables.ts): one row per
// (follower, post) for every public or followers-only post of a member they follow, so the Following tab reads one
// range of the follower's rows newest first. Every write that changes who follows whom or whether a post is shown
// to followers keeps the rows exact in its own transaction (the feed query still checks each row's post, so a row
// a later check must refuse is never shown).
//
// Concurrency (PostgreSQL, READ COMMITTED): a post written while its owner gains or loses a follower must not miss
// or keep a row. The follow's transaction updates the owner's users row (countFollow) before it copies or deletes
// rows, and the post's transaction takes a share lock on that same row before it reads the follows: whichever
// comes second waits for the first to commit, and its next statement sees what the first did.

/** Post visibilities that reach the owner's followers. */
export function reachesFollowers(visibility: Visibility): boolean {
  return visibility === 'public' || visibility === 'followers'
}

/**
 * A post now public or followers-only: one row per follower of its owner (rows already there are kept). Call it
 * in the transaction that created or changed the post, after the change.
 */
export async function deliverPost(tx: Tx, ownerId: string, measurementId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${ownerId} for share`)
  await tx.execute(sql`insert into feed_inbox (user_id, created_at, measurement_id, owner_id)
    select f.follower_id, m.created_at, m.id, m.user_id
    from follows f join measurements m on m.user_id = f.followee_id
    where f.followee_id = ${ownerId} and m.id = ${measurementId} and m.visibility in ('public', 'followers')
    on conflict do nothing`)
}

/** A post made private: no follower's inbox holds it (a deleted post's rows go with it, by the foreign key). */
export async function withdrawPost(tx: Tx, ownerId: string, measurementId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${ownerId} for share`)
  await tx.execute(sql`delete from feed_inbox where measurement_id = ${measurementId}`)
}

/**
 * A follow inserted: the followee's public and followers-only posts into the follower's inbox. Call it after
 * countFollow (which locks the followee's users row, see above).
 */
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

/**
 * Every inbox row the follows and posts call for, added to those there (migration 0005's backfill): for data
 * written around the services (the benchmark seed, tests that insert rows directly). One INSERT … SELECT.
 */
export async function fillAllInboxes(db: Db | Tx): Promise<void> {
  await db.execute(sql`insert into feed_inbox (user_id, created_at, measurement_id, owner_id)
    select f.follower_id, m.created_at, m.id, m.user_id
    from follows f join measurements m on m.user_id = f.followee_id
    where m.visibility in ('public', 'followers')
    on conflict do nothing`)
}
