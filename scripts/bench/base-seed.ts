// The base of a benchmark data set: members, sessions, beta requests, measurements and their photos, generated inside
// the database (INSERT … SELECT over generate_series) rather than sent row by row. The measurements draw on a pool of
// 400 sheets scored by the real engine (the only part made here in JavaScript); every other value of a row comes from
// a hash of its number (bench_random), so two runs make the same data set but for the ids and the dates.
import { hashPassword } from 'better-auth/crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client.ts'
import { accounts, users } from '../../src/server/db/schema.ts'
import { summarize } from '../../src/shared/measurements/summary.ts'
import { scoreSheet } from '../../src/shared/scoring/index.ts'
import { getSpecies } from '../../src/shared/species/catalogue.ts'
import { createRng, generateMeasurement } from '../demo/generate.ts'
import { MEMBER_FN } from './community-seed.ts'
import { BENCH_COLLECTION, BENCH_USER, memberId, STAR_MEMBER, STAR_POSTS } from './datasets.ts'

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
/** Drawn evenly: three public posts in five, one for followers, one private. */
const VISIBILITY = ['public', 'public', 'public', 'followers', 'private']
const PRECISION = ['exact', 'km', 'region', 'region', 'hidden']
const POOL = 400

// What the size checks decide (size-checks.service.ts): verified when over two thirds of at least two confirm,
// disputed when over a third dispute; verified raises the evidence to community-verified (official stays). `c` is a
// row of bench_seed_counts (absent: no checks), `m` has reported_evidence.
const CHECK_STATE = `case when coalesce(c.total, 0) < 2 then 'unverified'
    when 3 * c.confirmed > 2 * c.total then 'verified'
    when 3 * c.disputed > c.total then 'disputed' else 'unverified' end`
const EVIDENCE = `case when coalesce(c.total, 0) >= 2 and 3 * c.confirmed > 2 * c.total
    and m.reported_evidence <> 'official' then 'community-verified' else m.reported_evidence end`

/** A number in [0, 1) from a row number and a salt, the same every run (53 bits of PostgreSQL's 64-bit hash). */
const RANDOM_FN = `create or replace function bench_random(n bigint, salt bigint) returns double precision
  language sql immutable as $$
    select (hashint8extended(n, salt) & 9007199254740991)::double precision / 9007199254740992
  $$`

const array = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`
/** One of `values`, drawn by bench_random(n, salt). */
const drawn = (values: readonly string[], n: string, salt: number) =>
  `(${array(values)})[1 + floor(bench_random(${n}, ${salt}) * ${values.length})::int]`

type Log = (line: string) => void

/** How much a seed makes (a data set of datasets.ts, or a fraction of one). */
export type SeedSpec = {
  users: number
  sessions: number
  betaRequests: number
  measurements: number
  likes: number
  follows: number
  comments: number
  starFollowers: number
}

const timedRun = (db: Db, log: Log) => async (label: string, statements: string[]) => {
  const started = performance.now()
  for (const statement of statements) await db.execute(sql.raw(statement))
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

/** The base, one step after the other: the members (seedMembers), the plan of the measurements (seedPlan). */
export async function seedBase(db: Db, spec: SeedSpec, log: Log): Promise<void> {
  await seedMembers(db, spec, log)
  await seedPlan(db, spec, log)
}

/** The measurements to be written: their pool of scored sheets, and the plan of every row (writeMeasurements). */
export async function seedPlan(db: Db, spec: SeedSpec, log: Log): Promise<void> {
  const run = timedRun(db, log)
  const approved = (spec.users / 10) * 9
  const bench = `'${BENCH_USER.id}'`
  const star = `'${memberId(STAR_MEMBER)}'`
  await run('helpers', [MEMBER_FN, RANDOM_FN])

  // Measurements: the pool of scored sheets goes in as one JSON value, then the plan numbers each row and draws what
  // it takes (its sheet by its hash, its owner, dates, visibility …). The bench member has a collection of
  // BENCH_COLLECTION with photos (list pages, detail and statistics are real), the star STAR_POSTS more than anyone;
  // the rest go round the approved members. One in five hundred is hidden by a moderator. The plan is unlogged: it
  // lives only until writeMeasurements.
  await run('measurement pool', [
    `drop table if exists bench_seed_pool, bench_seed_plan`,
    `create table bench_seed_pool as select * from jsonb_to_recordset('${JSON.stringify(scoredPool()).replace(/'/g, "''")}'::jsonb)
       as p(k int, species_id text, category text, system text, sheet jsonb, quick jsonb, result jsonb,
            score double precision, score_text text, trophy_class text, length_in double precision,
            width_in double precision, weight_lbs double precision, weight_estimated boolean,
            spread_in double precision, points int, mass_in double precision, method text)`,
  ])
  await run('measurement plan', [
    `create unlogged table bench_seed_plan as
     select gen_random_uuid() as id, o.user_id, p.k as pool_k, p.length_in, p.spread_in,
       'self-reported'::text as reported_evidence, t.taken_at,
       case when bench_random(i, 3) < 0.5 then 'Opening morning, finally.' end as caption,
       ${drawn(VISIBILITY, 'i', 4)} as visibility, ${drawn(REGIONS, 'i', 5)} as region,
       44 + bench_random(i, 6) * 4 as lat, -110 + bench_random(i, 7) * 6 as lon,
       ${drawn(PRECISION, 'i', 8)} as location_precision,
       case when o.user_id <> ${bench} and bench_random(i, 9) < 0.002 then now() end as hidden_at,
       t.taken_at + interval '1 hour' as created_at
     from generate_series(0::bigint, ${spec.measurements - 1}) i
       cross join lateral (select case when i < ${BENCH_COLLECTION} then ${bench}
                                       when i < ${BENCH_COLLECTION + STAR_POSTS} then ${star}
                                       else bench_member(i, ${approved}) end as user_id) o
       cross join lateral (select now() - floor(bench_random(i, 2) * 730) * interval '1 day'
                                  - floor(bench_random(i, 10) * 86400000) * interval '1 millisecond' as taken_at) t
       join bench_seed_pool p on p.k = floor(bench_random(i, 1) * ${POOL})::int`,
    `analyze bench_seed_plan`,
    `drop function bench_random(bigint, bigint)`,
  ])
}

/** The measurements of the plan (seedBase's), each written once with the community's counts (bench_seed_counts). */
export async function writeMeasurements(db: Db, log: Log): Promise<void> {
  await timedRun(db, log)('measurements', [
    `insert into measurements (id, user_id, species_id, category, system, sheet, quick, result, score, score_text,
       trophy_class, length_in, width_in, weight_lbs, weight_estimated, spread_in, points, mass_in, evidence,
       reported_evidence, method, taken_at, caption, visibility, region, lat, lon, location_precision, like_count,
       comment_count, confirmed_count, plausible_count, disputed_count, check_state, hidden_at, created_at)
     select m.id, m.user_id, p.species_id, p.category, p.system, p.sheet, p.quick, p.result, p.score, p.score_text,
       p.trophy_class, p.length_in, p.width_in, p.weight_lbs, p.weight_estimated, p.spread_in, p.points, p.mass_in,
       ${EVIDENCE}, m.reported_evidence, p.method, m.taken_at, m.caption, m.visibility, m.region, m.lat, m.lon,
       m.location_precision, coalesce(c.likes, 0), coalesce(c.comments, 0), coalesce(c.confirmed, 0),
       coalesce(c.plausible, 0), coalesce(c.disputed, 0), ${CHECK_STATE}, m.hidden_at, m.created_at
     from bench_seed_plan m join bench_seed_pool p on p.k = m.pool_k
       left join bench_seed_counts c on c.measurement_id = m.id`,
  ])
}

/**
 * The photos of the plan's measurements: two for each of the bench member's, one for everyone else's and a second
 * for a quarter of them, so the feed carries photos as it will.
 */
export async function writePhotos(db: Db, log: Log): Promise<void> {
  const bench = `'${BENCH_USER.id}'`
  await timedRun(db, log)('photos', [
    `insert into photos (id, user_id, measurement_id, position, width, height, storage_key, bytes)
     select gen_random_uuid(), ${bench}, m.id, p.position, 2048, 1536, 'bench/' || (m.n * 2 + p.position), 180000
     from (select id, row_number() over (order by id) - 1 as n from bench_seed_plan where user_id = ${bench}) m,
       (values (0), (1)) as p(position)`,
    `insert into photos (id, user_id, measurement_id, position, width, height, storage_key, bytes, created_at)
     select gen_random_uuid(), m.user_id, m.id, p.position, 2048, 1536, 'bench/' || m.id || '/' || p.position, 180000,
       m.created_at
     from bench_seed_plan m, (values (0), (1)) as p(position)
     where m.user_id <> ${bench} and (p.position = 0 or get_byte(uuid_send(m.id), 15) % 4 = 0)`,
  ])
}

/**
 * Every follower's Following feed inbox, from the plan: what fillAllInboxes (feed-inbox.service.ts) makes from the
 * measurements once they are written (awards-seed.test.ts checks it), without waiting for them.
 */
export async function writeInboxes(db: Db, log: Log): Promise<void> {
  await timedRun(db, log)('feed inboxes', [
    `insert into feed_inbox (user_id, created_at, measurement_id, owner_id)
     select f.follower_id, m.created_at, m.id, m.user_id
     from follows f join bench_seed_plan m on m.user_id = f.followee_id
     where m.visibility in ('public', 'followers')`,
  ])
}

/** The plan, the pool and the counts, once the measurements are written. */
export async function dropPlan(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists bench_seed_plan, bench_seed_pool, bench_seed_counts`)
}

/**
 * For measurements already there (a community made again): the plan the community part reads, a copy of what it
 * needs of them.
 */
export async function planFromMeasurements(db: Db): Promise<void> {
  await db.execute(sql`drop table if exists bench_seed_plan`)
  await db.execute(sql`create unlogged table bench_seed_plan as
    select id, user_id, length_in, spread_in, reported_evidence, visibility, hidden_at, created_at from measurements`)
  await db.execute(sql`analyze bench_seed_plan`)
}

/** The measurements already there take the community's counts (planFromMeasurements, then the community part). */
export async function countMeasurements(db: Db): Promise<void> {
  await db.execute(
    sql.raw(`update measurements m set like_count = coalesce(c.likes, 0),
      comment_count = coalesce(c.comments, 0), confirmed_count = coalesce(c.confirmed, 0),
      plausible_count = coalesce(c.plausible, 0), disputed_count = coalesce(c.disputed, 0),
      check_state = ${CHECK_STATE}, evidence = ${EVIDENCE}
    from measurements m2 left join bench_seed_counts c on c.measurement_id = m2.id
    where m.id = m2.id`),
  )
  await dropPlan(db)
}

/** The bench member (verified, approved, past the gate, with a password), the members, sessions and requests. */
export async function seedMembers(db: Db, spec: SeedSpec, log: Log): Promise<void> {
  const run = timedRun(db, log)
  await db.insert(users).values({
    id: BENCH_USER.id,
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
    id: crypto.randomUUID(),
    accountId: BENCH_USER.id,
    providerId: 'credential',
    userId: BENCH_USER.id,
    password: await hashPassword(BENCH_USER.password),
  })
  // Members: one in ten still waits for approval (and never posts or interacts). Sessions: 24 random bytes in
  // base64url, as better-auth makes them.
  await run('members, sessions, requests', [
    `insert into users (id, name, email, email_verified, first_name, last_name, beta_approved, gate_passed, region,
       bio, created_at)
     select 'bench' || lpad(i::text, 27, '0'), 'Member ' || i, 'member' || i || '@bench.fieldmark.test', true,
       'Member', i::text, i % 10 <> 0, i % 10 <> 0, (${array(REGIONS)})[1 + i % ${REGIONS.length}],
       case when i % 3 = 0 then 'Bowhunter, mostly public land. Catch and release on the river.' end,
       now() - (i % 365) * interval '1 day'
     from generate_series(0::bigint, ${spec.users - 1}) i`,
    `insert into sessions (id, token, user_id, expires_at, user_agent)
     select gen_random_uuid()::text,
       translate(encode(substring(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()) from 1 for 24),
                        'base64'), '+/', '-_'),
       'bench' || lpad((i % ${spec.users})::text, 27, '0'), now() + interval '30 days', 'bench'
     from generate_series(0::bigint, ${spec.sessions - 1}) i`,
    `insert into beta_requests (email, first_name, last_name, hunting_experience, location, status, created_at)
     select 'applicant' || i || '@bench.fieldmark.test', 'Applicant', i::text,
       (${array(EXPERIENCE)})[1 + i % ${EXPERIENCE.length}], (${array(REGIONS)})[1 + i % ${REGIONS.length}],
       (array['pending', 'approved', 'denied'])[1 + i % 3], now() - (i % 90) * interval '1 day'
     from generate_series(0::bigint, ${spec.betaRequests - 1}) i`,
    `analyze users`,
  ])
}

/** The sheets the measurements draw on, scored by the engine, as the columns of a measurement. */
function scoredPool() {
  const rng = createRng(2026)
  return Array.from({ length: POOL }, (_, k) => {
    const generated = generateMeasurement(rng)
    const species = getSpecies(generated.speciesId)
    const result = generated.sheet ? scoreSheet(generated.sheet, { trophyWeightLbs: species?.trophyWeightLbs }) : null
    const summary = summarize(result, generated.quick ?? null)
    return {
      k,
      species_id: generated.speciesId,
      category: generated.sheet?.category ?? null,
      system: generated.sheet?.system ?? null,
      sheet: generated.sheet ?? null,
      quick: generated.quick ?? null,
      result,
      score: result?.score ?? null,
      score_text: result?.scoreText ?? null,
      trophy_class: result?.trophyClass ?? 'standard',
      length_in: summary.lengthIn,
      width_in: summary.widthIn,
      weight_lbs: summary.weightLbs,
      weight_estimated: summary.weightEstimated,
      spread_in: summary.spreadIn,
      points: summary.points,
      mass_in: summary.massIn,
      method: generated.method,
    }
  })
}
