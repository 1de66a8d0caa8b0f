// npm run bench:seed -- club|region — bulk-inserts a benchmark data set (BENCHMARKING.md).
import { randomBytes, randomUUID } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { hashPassword } from 'better-auth/crypto'
import pg from 'pg'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { accounts, betaRequests, measurements, photos, sessions, users } from '../../src/server/db/schema.ts'
import { summarize } from '../../src/shared/measurements/summary.ts'
import type { LocationPrecision, Visibility } from '../../src/shared/schemas/measurements.ts'
import { scoreSheet } from '../../src/shared/scoring/index.ts'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { createRng, generateMeasurement, pick, type Rng } from '../demo/generate.ts'
import { BENCH_USER, DATASETS, type DatasetName, datasetArg, datasetLocation } from './datasets.ts'

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

/** The bench member's own measurements: three pages of 20 and some. */
const BENCH_COLLECTION = 65
const VISIBILITY: readonly Visibility[] = ['public', 'public', 'public', 'followers', 'private']
const PRECISION: readonly LocationPrecision[] = ['exact', 'km', 'region', 'region', 'hidden']

function scoredMeasurement(rng: Rng) {
  const generated = generateMeasurement(rng)
  const species = getSpecies(generated.speciesId)
  const result = generated.sheet ? scoreSheet(generated.sheet, { trophyWeightLbs: species?.trophyWeightLbs }) : null
  return { generated, result, summary: summarize(result, generated.quick ?? null) }
}

function measurementRow(rng: Rng, entry: ReturnType<typeof scoredMeasurement>, userId: string, now: number) {
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
    createdAt: new Date(takenAt.getTime() + 3_600_000),
  }
}

export async function seed(name: DatasetName): Promise<void> {
  const spec = DATASETS[name]
  const { dataDir, databaseUrl } = datasetLocation(name)
  const started = performance.now()
  let handle: DbHandle
  if (databaseUrl) {
    await recreatePostgres(databaseUrl)
    handle = await openPostgres(databaseUrl)
  } else {
    rmSync(dataDir, { recursive: true, force: true })
    handle = await openPglite(join(dataDir, 'db'))
  }
  await handle.migrate()
  const { db } = handle
  const now = Date.now()

  // The member the benchmark signs in as: verified, approved, past the gate.
  const benchId = randomUUID()
  await db.insert(users).values({
    id: benchId,
    name: 'Bench Hunter',
    email: BENCH_USER.email,
    emailVerified: true,
    firstName: 'Bench',
    lastName: 'Hunter',
    betaApproved: true,
    gatePassed: true,
  })
  await db.insert(accounts).values({
    id: randomUUID(),
    accountId: benchId,
    providerId: 'credential',
    userId: benchId,
    password: await hashPassword(BENCH_USER.password),
  })

  const userIds: string[] = []
  await insertInBatches(
    spec.users,
    (i) => {
      const id = randomUUID()
      userIds.push(id)
      return {
        id,
        name: `Member ${i}`,
        email: `member${i}@bench.fieldmark.test`,
        emailVerified: true,
        firstName: 'Member',
        lastName: String(i),
        betaApproved: i % 10 !== 0,
        gatePassed: i % 10 !== 0,
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
      userId: userIds[i % userIds.length] as string,
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
  // Measurements: a pool of scored sheets (the engine runs once per pool entry), spread over the members; the
  // bench member has a collection of BENCH_COLLECTION with photos, so list pages, detail and statistics are real.
  const rng = createRng(2026)
  const pool = Array.from({ length: 400 }, () => scoredMeasurement(rng))
  const owners = [benchId, ...userIds]
  const benchRows: string[] = []
  await insertInBatches(
    spec.measurements,
    (i) => {
      const ownerId = i < BENCH_COLLECTION ? benchId : (owners[1 + (i % (owners.length - 1))] as string)
      const row = measurementRow(rng, pick(rng, pool), ownerId, now)
      if (ownerId === benchId) benchRows.push(row.id)
      return row
    },
    (rows) => db.insert(measurements).values(rows),
  )
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
  await handle.close()
  console.log(
    `seeded ${name} (${spec.backend}): ${spec.users} users, ${spec.sessions} sessions, ${spec.betaRequests} requests, ${spec.measurements} measurements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

if (import.meta.main) await seed(datasetArg())
