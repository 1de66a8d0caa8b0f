// npm run bench:seed -- club|region [--community] — makes a benchmark data set (docs/measuring.md) inside the
// database, set-based, with its indexes made after the rows (bulk-load.ts). --community starts only the community
// part (likes, follows, comments, size checks, notifications) over, on the members and measurements already there.
// BENCH_SEED_SCALE=0.05 makes a twentieth of it, to try the seed quickly.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { type Db, migratePostgres, openPglite } from '../../src/server/db/client.ts'
import * as schema from '../../src/server/db/schema.ts'
import { awardRetroactively } from '../../src/server/features/achievements/retroactive.service.ts'
import { rebuildBoardsIfEmpty } from '../../src/server/features/leaderboards/leaderboards.service.ts'
import { pendingAchievements } from './awards-seed.ts'
import { countMeasurements, planFromMeasurements, type SeedSpec } from './base-seed.ts'
import {
  dropForBulkLoad,
  droppedDefinitions,
  forgetDropped,
  loadingAsReplica,
  restoreAfterBulkLoad,
} from './bulk-load.ts'
import { seedCommunity, seedNotifications } from './community-seed.ts'
import { DATASETS, type DatasetName, datasetArg, datasetLocation, describeDataset, SEED_VERSION } from './datasets.ts'
import { seedInbox } from './inbox-seed.ts'
import { FINISH_WRITES, finishSteps, loadSteps, vacuumQuietly } from './seed-steps.ts'
import { runSteps } from './steps.ts'

/** The tables the seed fills, bare while it does. */
const BASE_TABLES = ['users', 'sessions', 'beta_requests', 'measurements', 'photos']
const COMMUNITY_TABLES = ['likes', 'follows', 'comments', 'size_checks', 'notifications', 'feed_inbox']

/**
 * BENCH_SEED_SCALE (0 < scale ≤ 1) makes every count that fraction of the data set's, for a quick trial of the seed
 * (the members a multiple of ten). Such a data set is never taken for the real one: `npm run bench` seeds again.
 */
function seedScale(): number {
  const scale = Number(process.env.BENCH_SEED_SCALE ?? 1)
  if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_SEED_SCALE: a number above 0, at most 1')
  return scale
}

function specOf(name: DatasetName): SeedSpec {
  const spec = DATASETS[name]
  const scale = seedScale()
  if (scale === 1) return spec
  const n = (count: number) => Math.max(1, Math.round(count * scale))
  return {
    ...spec,
    users: Math.max(1_000, Math.round((spec.users * scale) / 10) * 10),
    sessions: n(spec.sessions),
    betaRequests: n(spec.betaRequests),
    measurements: Math.max(1_000, n(spec.measurements)),
    likes: n(spec.likes),
    follows: n(spec.follows),
    comments: n(spec.comments),
    starFollowers: n(spec.starFollowers),
  }
}

async function recreatePostgres(url: string) {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  // PGlite's collation (the default deployment's): text in code point order, as C.UTF-8 orders it, but compared
  // byte by byte, so that the seed's sorts and index builds over member ids take a fraction of the time.
  await client.query(`create database "${name}" template template0 lc_collate 'C' lc_ctype 'C.UTF-8'`)
  await client.end()
}

/** What a data set holds, by the marker the seed leaves beside it (and, on PostgreSQL, its measurements). */
export type SeedState = 'complete' | 'base' | 'missing'

const markerFile = (name: DatasetName) => join(datasetLocation(name).dataDir, 'seed.json')

function writeMarker(name: DatasetName, community: boolean) {
  mkdirSync(datasetLocation(name).dataDir, { recursive: true })
  const scale = seedScale()
  writeFileSync(markerFile(name), `${JSON.stringify({ version: SEED_VERSION, community, scale })}\n`)
}

export async function seedState(name: DatasetName): Promise<SeedState> {
  const file = markerFile(name)
  if (!existsSync(file)) return 'missing'
  const marker = JSON.parse(readFileSync(file, 'utf8')) as { version?: number; community?: boolean; scale?: number }
  if (marker.version !== SEED_VERSION || (marker.scale ?? 1) !== 1) return 'missing'
  const { databaseUrl } = datasetLocation(name)
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl })
    try {
      await client.connect()
      const { rows } = await client.query<{ n: string }>('select count(*) as n from measurements')
      if (Number(rows[0]?.n) !== DATASETS[name].measurements) return 'missing'
    } catch {
      return 'missing' // no database any more
    } finally {
      await client.end().catch(() => {})
    }
  }
  return marker.community ? 'complete' : 'base'
}

/** The connections a seed works on: `sessions` for its steps side by side, `db` (the first) for the rest. */
type Seeding = { db: Db; sessions: Db[]; close: () => Promise<void> }

/** Steps at once on PostgreSQL (pg_restore's --jobs); PostgreSQL adds its own workers to index builds. */
const SESSIONS = 4

// Commits need not wait for the disk (a crash loses the seed, which starts over); big sorts and index builds in
// memory; the pages index builds and rewrites log, compressed; no JIT, whose compiling of the seed's and the boards'
// big statements took longer than running them. PGlite keeps its defaults: its memory is the process's.
const SETTINGS = [
  'synchronous_commit = off',
  'jit = off',
  "work_mem = '256MB'",
  "maintenance_work_mem = '1GB'",
  'wal_compression = on',
]

async function open(name: DatasetName, fresh: boolean): Promise<Seeding> {
  const { dataDir, databaseUrl } = datasetLocation(name)
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true })
    if (databaseUrl) await recreatePostgres(databaseUrl)
  }
  if (!databaseUrl) {
    const handle = await openPglite(join(dataDir, 'db'))
    await handle.migrate()
    return { db: handle.db, sessions: [handle.db], close: handle.close }
  }
  // Connections of their own rather than pools, which would drop an idle one and with it the session's settings
  // (and the replica role of the load).
  await migratePostgres(databaseUrl)
  const clients: pg.Client[] = []
  for (let i = 0; i < SESSIONS; i++) {
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    for (const setting of SETTINGS) await client.query(`set ${setting}`)
    clients.push(client)
  }
  const sessions = clients.map((client) => drizzle({ client, schema }) as unknown as Db)
  return {
    db: sessions[0] as Db,
    sessions,
    close: async () => {
      await Promise.all(clients.map((c) => c.end()))
    },
  }
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`
const timed = async <T>(label: string, step: () => Promise<T>): Promise<T> => {
  const started = performance.now()
  const result = await step()
  console.log(`${label}: ${seconds(started)}`)
  return result
}

/**
 * Applies migrations committed since the data set was made (a backfill can take longer than a server start may),
 * then what the server would otherwise do when it starts on it: write the leaderboards if they never were, then
 * award the achievements not yet evaluated to every member who qualifies. Both do nothing once done.
 */
export async function migrateDataset(name: DatasetName): Promise<void> {
  const started = performance.now()
  const seeding = await open(name, false)
  try {
    const { db } = seeding
    await restoreAfterBulkLoad(seeding.sessions) // what a seed cut short left dropped, if any
    const rebuilt = await rebuildBoardsIfEmpty(db)
    const awarded = await awardRetroactively(db)
    if (rebuilt || awarded.awards > 0) await db.execute(sql`vacuum analyze`)
  } finally {
    await seeding.close()
  }
  console.log(`${name}: migrations, awards and leaderboards checked in ${seconds(started)}`)
}

/** The big tables the awards and the leaderboards write, bare while they do (user_achievements_once stays). */
const AWARDS_WRITE = ['user_achievements', 'leaderboard_entries']
const KEEP = ['user_achievements_once']

/**
 * A loaded data set finished: vacuumed (quietly: see vacuumQuietly), then statistics, indexes, awards and leaderboards
 * (finishSteps) on every session, then vacuumed again and the statistics of what those wrote.
 */
async function finish(seeding: Seeding, loaded: readonly string[]): Promise<void> {
  const { db, sessions } = seeding
  const tables = await tablesBySize(db)
  await timed('vacuum', () => vacuumQuietly(sessions, tables))
  const steps = finishSteps(await droppedDefinitions(db), await pendingAchievements(db))
  await timed('finished (indexes, awards, leaderboards)', () => runSteps(sessions, steps, log, loaded))
  await forgetDropped(db)
  // Every table again, quietly: what the awards and the boards wrote, and any page a vacuum beside our other
  // statements could not mark (the vacuum skips the pages already marked).
  await timed('vacuum, and statistics of what the awards and the boards wrote', async () => {
    await vacuumQuietly(sessions, await tablesBySize(db))
    for (const table of FINISH_WRITES) await db.execute(sql.raw(`analyze "${table}"`))
  })
  const visible = (await db.execute(sql`select coalesce(sum(relallvisible), 0)::bigint as v,
      coalesce(sum(relpages), 0)::bigint as n from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r'`)) as unknown as { rows: { v: string; n: string }[] }
  const { v, n } = visible.rows[0] ?? { v: '0', n: '0' }
  console.log(`all-visible: ${v} of ${n} pages (the index-only scans skip the table on those)`)
}

/** The tables in public (but the seed's own), the biggest first. */
async function tablesBySize(db: Db): Promise<string[]> {
  const result = (await db.execute(sql`select relname as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r' and relname not like 'bench_seed%'
    order by pg_total_relation_size(oid) desc`)) as unknown as {
    rows: { name: string }[]
  }
  return result.rows.map((r) => r.name)
}

const log = (line: string) => console.log(`  ${line}`)

/**
 * The whole data set from nothing: members, sessions, requests and the plan of the measurements, the community on
 * it, then the measurements with their counts, their photos, the notifications and the feed's inboxes, side by side
 * (loadSteps); then finish. All or nothing: a seed cut short is made again from the start.
 */
export async function seed(name: DatasetName): Promise<void> {
  const started = performance.now()
  const seeding = await open(name, true)
  const { db, sessions } = seeding
  try {
    await dropForBulkLoad(db, [...BASE_TABLES, ...COMMUNITY_TABLES, ...AWARDS_WRITE], KEEP)
    const load = loadSteps(specOf(name), log)
    await timed('loaded', () => loadingAsReplica(sessions, () => runSteps(sessions, load, log)))
    await finish(
      seeding,
      load.map((s) => s.name),
    )
    writeMarker(name, true)
  } finally {
    await seeding.close()
  }
  console.log(`seeded ${describeDataset(name)} on ${DATASETS[name].backend} in ${seconds(started)}`)
}

/** The community part only, over the members and measurements already there (started over if it was made). */
export async function reseedCommunity(name: DatasetName): Promise<void> {
  const started = performance.now()
  const seeding = await open(name, false)
  const { db, sessions } = seeding
  try {
    await restoreAfterBulkLoad(sessions) // what a seed cut short left dropped, if any
    // measurements too: its counts are rewritten.
    await dropForBulkLoad(db, ['measurements', ...COMMUNITY_TABLES, ...AWARDS_WRITE], KEEP)
    await loadingAsReplica(sessions, async () => {
      await planFromMeasurements(db)
      const counts = await seedCommunity(db, specOf(name), log)
      console.log(`community: ${counts.likes} likes, ${counts.follows} follows, ${counts.comments} comments`)
      await seedNotifications(db, log)
      await timed('counts', () => countMeasurements(db))
      await timed('vacuum full measurements', () => db.execute(sql`vacuum full measurements`))
      await timed('feed inboxes', () => seedInbox(db))
    })
    await finish(
      seeding,
      loadSteps(specOf(name), log).map((s) => s.name),
    )
    writeMarker(name, true)
  } finally {
    await seeding.close()
  }
  console.log(`seeded the community of ${describeDataset(name)} in ${seconds(started)}`)
}

if (import.meta.main) {
  const name = datasetArg()
  if (process.argv.includes('--community')) await reseedCommunity(name)
  else await seed(name)
}
