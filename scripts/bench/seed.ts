// npm run bench:seed -- club|region [--community] — bulk-inserts a benchmark data set (BENCHMARKING.md).
// --community starts only the community part (likes, follows, comments, size checks, notifications) over, on the
// members and measurements already there.
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { hashPassword } from 'better-auth/crypto'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { accounts, betaRequests, measurements, photos, sessions, users } from '../../src/server/db/schema.ts'
import { awardRetroactively } from '../../src/server/features/achievements/retroactive.service.ts'
import { rebuildBoardsIfEmpty } from '../../src/server/features/leaderboards/leaderboards.service.ts'
import { summarize } from '../../src/shared/measurements/summary.ts'
import type { LocationPrecision, Visibility } from '../../src/shared/schemas/measurements.ts'
import { scoreSheet } from '../../src/shared/scoring/index.ts'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { createRng, generateMeasurement, pick, type Rng } from '../demo/generate.ts'
import { seedCommunity } from './community-seed.ts'
import {
  BENCH_COLLECTION,
  BENCH_USER,
  DATASETS,
  type DatasetName,
  datasetArg,
  datasetLocation,
  describeDataset,
  isApproved,
  memberId,
  SEED_VERSION,
  STAR_MEMBER,
  STAR_POSTS,
} from './datasets.ts'

const BATCH = 2_000
const EXPERIENCE = ['beginner', 'intermediate', 'advanced', 'expert'] as const
const REGIONS = [
  'Montana',
  'Texas',
  'Alberta',
  'Ontario',
  'Wisconsin',
  'Florida',
  'Maine',
  'Colorado',
  'Idaho',
  'Georgia',
]

async function recreatePostgres(url: string) {
  const target = new URL(url)
  const name = target.pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists "${name}" with (force)`)
  await client.query(`create database "${name}"`)
  await client.end()
}

async function insertInBatches<T>(total: number, make: (i: number) => T, insert: (rows: T[]) => Promise<unknown>) {
  for (let start = 0; start < total; start += BATCH) {
    const rows: T[] = []
    for (let i = start; i < Math.min(total, start + BATCH); i++) rows.push(make(i))
    await insert(rows)
  }
}

const VISIBILITY: readonly Visibility[] = ['public', 'public', 'public', 'followers', 'private']
const PRECISION: readonly LocationPrecision[] = ['exact', 'km', 'region', 'region', 'hidden']

function scoredMeasurement(rng: Rng) {
  const generated = generateMeasurement(rng)
  const species = getSpecies(generated.speciesId)
  const result = generated.sheet ? scoreSheet(generated.sheet, { trophyWeightLbs: species?.trophyWeightLbs }) : null
  return { generated, result, summary: summarize(result, generated.quick ?? null) }
}

function measurementRow(
  rng: Rng,
  entry: ReturnType<typeof scoredMeasurement>,
  userId: string,
  now: number,
  hidden: boolean,
) {
  const { generated, result, summary } = entry
  const takenAt = new Date(now - Math.floor(rng() * 730) * 86_400_000 - Math.floor(rng() * 86_400_000))
  return {
    id: randomUUID(),
    userId,
    speciesId: generated.speciesId,
    category: generated.sheet?.category ?? null,
    system: generated.sheet?.system ?? null,
    sheet: generated.sheet ?? null,
    quick: generated.quick ?? null,
    result,
    score: result?.score ?? null,
    scoreText: result?.scoreText ?? null,
    trophyClass: result?.trophyClass ?? ('standard' as const),
    lengthIn: summary.lengthIn,
    widthIn: summary.widthIn,
    weightLbs: summary.weightLbs,
    weightEstimated: summary.weightEstimated,
    spreadIn: summary.spreadIn,
    points: summary.points,
    massIn: summary.massIn,
    method: generated.method,
    takenAt,
    caption: rng() < 0.5 ? 'Opening morning, finally.' : null,
    visibility: pick(rng, VISIBILITY),
    region: pick(rng, REGIONS),
    lat: 44 + rng() * 4,
    lon: -110 + rng() * 6,
    locationPrecision: pick(rng, PRECISION),
    hiddenAt: hidden ? new Date(now) : null,
    createdAt: new Date(takenAt.getTime() + 3_600_000),
  }
}

/** What a data set holds, by the marker the seed leaves beside it (and, on PostgreSQL, its measurements). */
export type SeedState = 'complete' | 'base' | 'missing'

const markerFile = (name: DatasetName) => join(datasetLocation(name).dataDir, 'seed.json')

function writeMarker(name: DatasetName, community: boolean) {
  mkdirSync(datasetLocation(name).dataDir, { recursive: true })
  writeFileSync(markerFile(name), `${JSON.stringify({ version: SEED_VERSION, community })}\n`)
}

export async function seedState(name: DatasetName): Promise<SeedState> {
  const file = markerFile(name)
  if (!existsSync(file)) return 'missing'
  const marker = JSON.parse(readFileSync(file, 'utf8')) as { version?: number; community?: boolean }
  if (marker.version !== SEED_VERSION) return 'missing'
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

async function open(name: DatasetName, fresh: boolean): Promise<DbHandle> {
  const { dataDir, databaseUrl } = datasetLocation(name)
  if (fresh) {
    rmSync(dataDir, { recursive: true, force: true })
    if (databaseUrl) await recreatePostgres(databaseUrl)
  }
  const handle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  return handle
}

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`

/**
 * Applies migrations committed since the data set was made (a backfill can take longer than a server start may),
 * then what the server would otherwise do when it starts on it: award the achievements not yet evaluated to every
 * member who qualifies, and write the leaderboards if they never were (issue 6). Both do nothing once done.
 */
export async function migrateDataset(name: DatasetName): Promise<void> {
  const started = performance.now()
  const handle = await open(name, false)
  try {
    await awardAndRank(handle)
  } finally {
    await handle.close()
  }
  console.log(`${name}: migrations, awards and leaderboards checked in ${seconds(started)}`)
}

/**
 * The leaderboards of what the data set holds, then the achievements it earns (in the server's order: the awards
 * rewrite only their members' boards, or every board when they are many).
 */
async function awardAndRank(handle: DbHandle): Promise<void> {
  const started = performance.now()
  const rebuilt = await rebuildBoardsIfEmpty(handle.db)
  if (rebuilt) console.log(`  leaderboards: ${rebuilt.entries} rows in ${seconds(started)}`)
  const awarded = await awardRetroactively(handle.db)
  if (awarded.awards > 0) {
    console.log(`  achievements: ${awarded.awards} awards to ${awarded.members} members in ${seconds(started)}`)
  }
  if (rebuilt || awarded.awards > 0) {
    // Fresh statistics and visibility maps for what was just written (autovacuum may be off, and PGlite has none):
    // without them the planner guesses, and the boards' index-only scans visit the heap.
    for (const table of ['leaderboard_entries', 'leaderboard_species_totals', 'user_achievements', 'notifications']) {
      await handle.db.execute(sql.raw(`vacuum analyze ${table}`))
    }
    console.log(`  vacuum analyze: ${seconds(started)}`)
  }
}

/** The whole data set from nothing: members, sessions, requests, measurements with photos, then the community. */
export async function seed(name: DatasetName): Promise<void> {
  const started = performance.now()
  const handle = await open(name, true)
  try {
    await seedBase(handle, name)
    writeMarker(name, false)
    await fillCommunity(handle, name)
    await awardAndRank(handle)
    writeMarker(name, true)
  } finally {
    await handle.close()
  }
  console.log(`seeded ${describeDataset(name)} on ${DATASETS[name].backend} in ${seconds(started)}`)
}

/** The community part only, over the members and measurements already there (started over if it was made). */
export async function reseedCommunity(name: DatasetName): Promise<void> {
  const started = performance.now()
  const handle = await open(name, false)
  try {
    await fillCommunity(handle, name)
    await awardAndRank(handle)
    writeMarker(name, true)
  } finally {
    await handle.close()
  }
  console.log(`seeded the community of ${describeDataset(name)} in ${seconds(started)}`)
}

async function fillCommunity(handle: DbHandle, name: DatasetName) {
  const started = performance.now()
  console.log('community:')
  const counts = await seedCommunity(handle.db, DATASETS[name], console.log)
  console.log(
    `community: ${counts.likes} likes, ${counts.follows} follows, ${counts.comments} comments, ${counts.sizeChecks} size checks, ${counts.notifications} notifications, ${counts.inbox} feed inbox rows in ${seconds(started)}`,
  )
}

async function seedBase(handle: DbHandle, name: DatasetName): Promise<void> {
  const spec = DATASETS[name]
  const { db } = handle
  const started = performance.now()
  const now = Date.now()

  // The member the benchmark signs in as: verified, approved, past the gate.
  const benchId = BENCH_USER.id
  await db.insert(users).values({
    id: benchId,
    name: 'Bench Hunter',
    email: BENCH_USER.email,
    emailVerified: true,
    firstName: 'Bench',
    lastName: 'Hunter',
    betaApproved: true,
    gatePassed: true,
    region: 'Montana',
    bio: 'Elk in September, walleye the rest of the year.',
  })
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: benchId,
    providerId: 'credential',
    userId: benchId,
    password: await hashPassword(BENCH_USER.password),
  })

  // Members: one in ten still waits for approval (and never posts or interacts).
  const approvedIds: string[] = []
  await insertInBatches(
    spec.users,
    (i) => {
      const id = memberId(i)
      if (isApproved(i)) approvedIds.push(id)
      return {
        id,
        name: `Member ${i}`,
        email: `member${i}@bench.fieldmark.test`,
        emailVerified: true,
        firstName: 'Member',
        lastName: String(i),
        betaApproved: isApproved(i),
        gatePassed: isApproved(i),
        region: REGIONS[i % REGIONS.length] as string,
        bio: i % 3 === 0 ? 'Bowhunter, mostly public land. Catch and release on the river.' : null,
        createdAt: new Date(now - (i % 365) * 86_400_000),
      }
    },
    (rows) => db.insert(users).values(rows),
  )
  await insertInBatches(
    spec.sessions,
    (i) => ({
      id: randomUUID(),
      token: randomBytes(24).toString('base64url'),
      userId: memberId(i % spec.users),
      expiresAt: new Date(now + 30 * 86_400_000),
      userAgent: 'bench',
    }),
    (rows) => db.insert(sessions).values(rows),
  )
  await insertInBatches(
    spec.betaRequests,
    (i) => ({
      email: `applicant${i}@bench.fieldmark.test`,
      firstName: 'Applicant',
      lastName: String(i),
      huntingExperience: EXPERIENCE[i % EXPERIENCE.length] as (typeof EXPERIENCE)[number],
      location: REGIONS[i % REGIONS.length] as string,
      status: (['pending', 'approved', 'denied'] as const)[i % 3] as 'pending' | 'approved' | 'denied',
      createdAt: new Date(now - (i % 90) * 86_400_000),
    }),
    (rows) => db.insert(betaRequests).values(rows),
  )
  console.log(`  members, sessions, requests: ${seconds(started)}`)
  // Measurements: a pool of scored sheets (the engine runs once per pool entry). The bench member has a collection
  // of BENCH_COLLECTION with photos (list pages, detail and statistics are real), the star STAR_POSTS more than
  // anyone; the rest go round the approved members. One in five hundred is hidden by a moderator.
  const measured = performance.now()
  const rng = createRng(2026)
  const pool = Array.from({ length: 400 }, () => scoredMeasurement(rng))
  const star = memberId(STAR_MEMBER)
  const benchRows: string[] = []
  await insertInBatches(
    spec.measurements,
    (i) => {
      const ownerId =
        i < BENCH_COLLECTION
          ? benchId
          : i < BENCH_COLLECTION + STAR_POSTS
            ? star
            : (approvedIds[i % approvedIds.length] as string)
      const hidden = ownerId !== benchId && rng() < 0.002
      const row = measurementRow(rng, pick(rng, pool), ownerId, now, hidden)
      if (ownerId === benchId) benchRows.push(row.id)
      return row
    },
    (rows) => db.insert(measurements).values(rows),
  )
  console.log(`  measurements: ${seconds(measured)}`)
  // Photos: two for each of the bench member's, one for everyone else's and a second for a quarter of them, so
  // the feed carries photos as it will.
  const photographed = performance.now()
  await insertInBatches(
    benchRows.length * 2,
    (i) => ({
      id: randomUUID(),
      userId: benchId,
      measurementId: benchRows[i >> 1] as string,
      position: i & 1,
      width: 2048,
      height: 1536,
      storageKey: `bench/${i}`,
      bytes: 180_000,
    }),
    (rows) => db.insert(photos).values(rows),
  )
  await db.execute(sql`
    insert into photos (id, user_id, measurement_id, position, width, height, storage_key, bytes, created_at)
    select gen_random_uuid(), m.user_id, m.id, p.position, 2048, 1536, 'bench/' || m.id || '/' || p.position, 180000,
      m.created_at
    from measurements m, (values (0), (1)) as p(position)
    where m.user_id <> ${benchId} and (p.position = 0 or get_byte(uuid_send(m.id), 15) % 4 = 0)`)
  console.log(`  photos: ${seconds(photographed)}`)
}

if (import.meta.main) {
  const name = datasetArg()
  if (process.argv.includes('--community')) await reseedCommunity(name)
  else await seed(name)
}
