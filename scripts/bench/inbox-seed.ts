import { fillAllInboxes } from '#server/features/community/feed-inbox.service.ts'
import type { Db } from '../../src/server/db/client.ts'

// The bench seed inserts follows and measurements in bulk, around the services that keep feed_inbox (the Following
// feed fanned out on write, migration 0005): once both are in, this fills every follower's inbox in one
// INSERT … SELECT (what the migration's backfill does). Run it after the community seed, before measuring.

/** Fills feed_inbox from follows × non-private measurements (rows already there are kept). */
export async function seedInbox(db: Db): Promise<void> {
  await fillAllInboxes(db)
}
