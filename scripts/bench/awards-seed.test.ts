import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DbHandle, openPglite } from '#server/db/client.ts'
import { awardRetroactively } from '#server/features/achievements/retroactive.service.ts'
import { awardAll } from './awards-seed.ts'
import { dropPlan, type SeedSpec, seedBase, writeMeasurements, writePhotos } from './base-seed.ts'
import { loadingAsReplica } from './bulk-load.ts'
import { seedCommunity, seedNotifications } from './community-seed.ts'

// The seed awards the achievements of a new data set itself, several at once (awards-seed.ts): it must award exactly
// what the service's retroactive awards do on the same data. A small data set on PGlite, awarded both ways.

const SMALL: SeedSpec = {
  users: 1_000,
  sessions: 10,
  betaRequests: 10,
  measurements: 5_000,
  likes: 30_000,
  follows: 6_000,
  comments: 3_000,
  starFollowers: 200,
}
const TIMEOUT = 300_000

type Awarded = { awards: string[]; notifications: string[]; unevaluated: number }

async function awarded(handle: DbHandle): Promise<Awarded> {
  const lines = async (query: string) =>
    ((await handle.db.execute(sql.raw(query))) as unknown as { rows: { line: string }[] }).rows.map((r) => r.line)
  return {
    awards: await lines(`select user_id || ' ' || achievement_id as line from user_achievements order by 1`),
    notifications: await lines(
      `select concat_ws(' ', user_id, actor_id, kind, group_key, measurement_id, comment_id, achievement_id,
                        read_at) as line
       from notifications where kind = 'achievement' order by 1`,
    ),
    unevaluated: Number(
      (await lines(`select count(*)::text as line from achievements where evaluated_at is null and is_active`))[0],
    ),
  }
}

async function forgetAwards(handle: DbHandle): Promise<void> {
  for (const statement of [
    `delete from notifications where kind = 'achievement'`,
    'delete from user_achievements',
    'update achievements set evaluated_at = null',
  ]) {
    await handle.db.execute(sql.raw(statement))
  }
}

let handle: DbHandle
let byService: Awarded
let bySeed: Awarded
let seedCount: number

beforeAll(async () => {
  handle = await openPglite()
  await handle.migrate()
  const { db } = handle
  const quiet = () => {}
  await loadingAsReplica([db], async () => {
    await seedBase(db, SMALL, quiet)
    await seedCommunity(db, SMALL, quiet)
    await writeMeasurements(db, quiet)
    await writePhotos(db, quiet)
    await seedNotifications(db, quiet)
    await dropPlan(db)
  })
  await awardRetroactively(db)
  byService = await awarded(handle)
  await forgetAwards(handle)
  seedCount = (await awardAll([db])).awards
  bySeed = await awarded(handle)
}, TIMEOUT)

afterAll(async () => {
  await handle?.close()
})

describe("the seed's awards", () => {
  it('are those of the retroactive awards: the same members, achievements and notifications', () => {
    // Most achievements of the catalogue go to someone here, so a difference in any of them would show.
    const achievementsAwarded = new Set(byService.awards.map((line) => line.split(' ')[1]))
    expect(achievementsAwarded.size).toBeGreaterThan(10)
    expect(bySeed.awards).toEqual(byService.awards)
    expect(bySeed.notifications).toEqual(byService.notifications)
  })

  it('leave every active achievement evaluated and count what they awarded', () => {
    expect(bySeed.unevaluated).toBe(0)
    expect(byService.unevaluated).toBe(0)
    expect(seedCount).toBe(bySeed.awards.length)
  })
})
