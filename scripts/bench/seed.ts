// npm run bench:seed -- club|region [--community] — makes a benchmark data set (docs/measuring.md) inside the
// database, set-based, with its indexes made after the rows (bulk-load.ts). --community starts only the community
// part (likes, follows, comments, size checks, notifications) over, on the members and measurements already there.
// BENCH_SEED_SCALE=0.05 makes a twentieth of it, to try the seed quickly.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type Db, type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { awardRetroactively } from '../../src/server/features/achievements/retroactive.service.ts'
import { rebuildAllBoards, rebuildBoardsIfEmpty } from '../../src/server/features/leaderboards/leaderboards.service.ts'
import { countMeasurements, planFromMeasurements, seedBase, writeMeasurements } from './base-seed.ts'
import { dropForBulkLoad, loadingAsReplica, restoreAfterBulkLoad } from './bulk-load.ts'
import { seedCommunity } from './community-seed.ts'
import {
  DATASETS,
  type Dataset,
  type DatasetName,
  datasetArg,
  datasetLocation,
  describeDataset,
  SEED_VERSION,
} from './datasets.ts'
import { seedInbox } from './inbox-seed.ts'

/** The tables the seed fills, bare while it does. */
const BASE_TABLES = ['users', 'sessions', 'beta_requests', 'measurements', 'photos']
const COMMUNITY_TABLES = ['likes', 'follows', 'comments', 'size_checks', 'notifications', 'feed_inbox']
/** The big tables the awards and the leaderboards write, bare while they do (see finish). */
const AWARDS_WRITE = ['notifications', 'user_achievements', 'leaderboard_entries']

/**
 * BENCH_SEED_SCALE (0 < scale ≤ 1) makes every count that fraction of the data set's, for a quick trial of the seed
 * (the members a multiple of ten). Such a data set is never taken for the real one: `npm run bench` seeds again.
 */
function seedScale(): number {
  const scale = Number(process.env.BENCH_SEED_SCALE ?? 1)
  if (!(scale > 0 && scale <= 1)) throw new Error('BENCH_SEED_SCALE: a number above 0, at most 1')
  return scale
}

function specOf(name: DatasetName): Dataset {
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
  } as Dataset
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

/** The connections a seed works on: `db` for everything in order, `sessions` (db first) for index builds at once. */
type Seeding = { db: Db; sessions: Db[]; close: () => Promise<void> }

/** Index builds at once on PostgreSQL (pg_restore's --jobs); PostgreSQL adds its own workers to each. */
const SESSIONS = 3

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
  // One connection each, so that the settings (and the replica role of the load) are the session's.
  const handles: DbHandle[] = []
  for (let i = 0; i < SESSIONS; i++) handles.push(await openPostgres(databaseUrl, 1))
  const [main] = handles as [DbHandle]
  await main.migrate()
  for (const handle of handles) {
    for (const setting of SETTINGS) await handle.db.execute(sql.raw(`set ${setting}`))
  }
  return {
    db: main.db,
    sessions: handles.map((h) => h.db),
    close: async () => {
      await Promise.all(handles.map((h) => h.close()))
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

/**
 * After the load: a vacuum of what was loaded while there are no indexes to clean (visibility maps: the index-only
 * scans read them; autovacuum may be off, and PGlite has none) with statistics, then the indexes. Then the
 * achievements and the leaderboards, with the indexes of what they write made after them (user_achievements_once
 * stays: the awards insert against it); last, a vacuum and statistics for what they wrote.
 */
async function finish(seeding: Seeding): Promise<void> {
  const { db, sessions } = seeding
  await timed('vacuum analyze', () => db.execute(sql`vacuum analyze`))
  const beforeAwards = [...BASE_TABLES, ...COMMUNITY_TABLES].filter((t) => !AWARDS_WRITE.includes(t))
  await timed('indexes and keys', () => restoreAfterBulkLoad(sessions, beforeAwards))
  await dropForBulkLoad(db, AWARDS_WRITE, ['user_achievements_once'])
  await awardAndRank(db)
  await timed('indexes and keys of the awards and boards', () => restoreAfterBulkLoad(sessions))
  await timed('vacuum analyze', () =>
    db.execute(sql.raw(`vacuum analyze ${[...AWARDS_WRITE, 'leaderboard_species_totals', 'achievements'].join(', ')}`)),
  )
}

/**
 * The achievements every member earned, then the leaderboards from them, as the services make them: the awards write
 * every board themselves when they go to most members (rebuildAllBoards, which starts with a TRUNCATE: the table's
 * file changes), else only their members' boards, and then every board is written here. In a seed they always go to
 * most members (every approved member has measurements); the other way would fail loudly here, its upserts finding
 * no key on the bare leaderboard_entries.
 */
async function awardAndRank(db: Db): Promise<void> {
  const fileOfBoards = async () =>
    (
      (await db.execute(sql`select pg_relation_filenode('leaderboard_entries')::text as f`)) as unknown as {
        rows: { f: string }[]
      }
    ).rows[0]?.f
  const before = await fileOfBoards()
  const awarded = await timed('achievements', () => awardRetroactively(db))
  console.log(`  ${awarded.awards} awards to ${awarded.members} members`)
  if ((await fileOfBoards()) === before) {
    const boards = await timed('leaderboards', () => rebuildAllBoards(db))
    console.log(`  ${boards.entries} rows`)
  } else {
    console.log('  leaderboards: written by the awards')
  }
}

/**
 * The whole data set from nothing: members, sessions, requests and the plan of the measurements, the community on
 * it, then the measurements with their counts and photos, the feed's inboxes. All or nothing: a seed cut short is
 * made again from the start.
 */
export async function seed(name: DatasetName): Promise<void> {
  const started = performance.now()
  const seeding = await open(name, true)
  const { db } = seeding
  try {
    await dropForBulkLoad(db, [...BASE_TABLES, ...COMMUNITY_TABLES])
    await loadingAsReplica(db, async () => {
      await timed('base', () => seedBase(db, specOf(name), console.log))
      await fillCommunity(db, name)
      await timed('measurements and photos', () => writeMeasurements(db, console.log))
      await timed('feed inboxes', () => seedInbox(db))
    })
    await finish(seeding)
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
  const { db } = seeding
  try {
    await restoreAfterBulkLoad(seeding.sessions) // what a seed cut short left dropped, if any
    // measurements too: its counts are rewritten.
    await dropForBulkLoad(db, ['measurements', ...COMMUNITY_TABLES])
    await loadingAsReplica(db, async () => {
      await planFromMeasurements(db)
      await fillCommunity(db, name)
      await timed('counts', () => countMeasurements(db))
      await timed('vacuum full measurements', () => db.execute(sql`vacuum full measurements`))
      await timed('feed inboxes', () => seedInbox(db))
    })
    await finish(seeding)
    writeMarker(name, true)
  } finally {
    await seeding.close()
  }
  console.log(`seeded the community of ${describeDataset(name)} in ${seconds(started)}`)
}

async function fillCommunity(db: Db, name: DatasetName) {
  const started = performance.now()
  console.log('community:')
  const counts = await seedCommunity(db, specOf(name), console.log)
  console.log(
    `community: ${counts.likes} likes, ${counts.follows} follows, ${counts.comments} comments, ${counts.sizeChecks} size checks, ${counts.notifications} notifications in ${seconds(started)}`,
  )
}

if (import.meta.main) {
  const name = datasetArg()
  if (process.argv.includes('--community')) await reseedCommunity(name)
  else await seed(name)
}
