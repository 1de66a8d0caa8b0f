// A measurement's write against the size of its owner's history: POST /api/measurements, a PATCH that moves the date
// taken, and DELETE, through app.inject, for a member with 10 and one with 1,000 measurements (inserted directly,
// then their boards built by the repair, refreshMemberBoards). Each round records, edits and deletes one measurement,
// so the history keeps its size.
//
//   node scripts/bench/history-writes.ts pglite .tmp/bench/club/db   (a copy: one process per PGlite directory)
//   node scripts/bench/history-writes.ts postgres postgres://postgres@127.0.0.1:5432/fm_history
import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { sessions, users } from '../../src/server/db/schema.ts'
import { rebuildAllBoards, refreshMemberBoards } from '../../src/server/features/leaderboards/leaderboards.service.ts'
import { aMeasurement, browserHeaders } from '../../tests/support/factories.ts'
import { startTestApp } from '../../tests/support/test-app.ts'
import { BENCH_SECRET } from './datasets.ts'

const WARMUP = 5
const ROUNDS = Number(process.env.ROUNDS ?? 40)
const FISH = ['largemouth-bass', 'walleye', 'bluegill', 'channel-catfish', 'tarpon', 'muskellunge']
const DAY = 86_400_000

const [kind, location] = process.argv.slice(2)
if ((kind !== 'pglite' && kind !== 'postgres') || !location) {
  console.error('usage: history-writes.ts pglite <dir> | postgres <url>')
  process.exit(2)
}
const handle: DbHandle = kind === 'pglite' ? await openPglite(location) : await openPostgres(location)
await handle.migrate()
const t = await startTestApp(handle.db, { config: { sessionSecret: BENCH_SECRET } })

async function member(label: string): Promise<{ id: string; cookie: string }> {
  const id = `hist${randomBytes(14).toString('hex')}`
  await t.db.insert(users).values({
    id,
    name: label,
    email: `${id}@bench.fieldmark.test`,
    emailVerified: true,
    firstName: label,
    lastName: 'History',
    betaApproved: true,
    gatePassed: true,
  })
  const token = randomBytes(24).toString('base64url')
  await t.db
    .insert(sessions)
    .values({ id: randomUUID(), token, userId: id, expiresAt: new Date(Date.now() + 30 * DAY) })
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64')
  return { id, cookie: `fieldmark.session_token=${encodeURIComponent(`${token}.${signature}`)}` }
}

function fishBody(i: number, takenAt: Date) {
  return aMeasurement({
    speciesId: FISH[i % FISH.length] as string,
    sheet: undefined,
    quick: { weightLbs: 1 + ((i * 7) % 40) / 2 },
    method: 'scale',
    visibility: 'public',
    takenAt: takenAt.toISOString(),
  })
}

/** Wall time and this process's CPU time (PGlite runs in it: the CPU time is its work, whatever else the machine runs). */
type Timing = { ms: number; cpuMs: number }

async function send(method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) {
  const started = performance.now()
  const cpu = process.cpuUsage()
  const res = await t.app.inject({ method, url, headers: browserHeaders(cookie, t.config.baseUrl), payload })
  const used = process.cpuUsage(cpu)
  const timing: Timing = { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 }
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`)
  return timing
}

/** `count` measurements: a few through the API (templates), the rest copies of them over three years. */
async function history(who: { id: string; cookie: string }, count: number) {
  const templates = Math.min(count, FISH.length)
  for (let i = 0; i < templates; i++) {
    await send('POST', '/api/measurements', who.cookie, fishBody(i, new Date(Date.now() - (i + 1) * DAY)))
  }
  if (count > templates) {
    await t.db.execute(sql`insert into measurements (id, user_id, species_id, category, system, sheet, quick, result,
        score, score_text, trophy_class, weight_lbs, evidence, reported_evidence, method, taken_at, visibility,
        location_precision, created_at, updated_at)
      select gen_random_uuid(), m.user_id, m.species_id, m.category, m.system, m.sheet, m.quick, m.result, m.score,
        m.score_text, m.trophy_class, m.weight_lbs * (0.5 + (g.i % 17) / 10.0), m.evidence, m.reported_evidence,
        m.method, now() - (g.i * interval '1 day') - interval '2 days',
        case when g.i % 5 = 0 then 'private' else m.visibility end, m.location_precision,
        now() - (g.i * interval '1 day'), now()
      from generate_series(1, ${count - templates}) g(i)
      join lateral (select * from measurements x where x.user_id = ${who.id}
        order by x.created_at offset (g.i % ${templates}) limit 1) m on true`)
  }
  await t.db.transaction((tx) => refreshMemberBoards(tx, who.id))
  // As autovacuum would soon: plans made without statistics of the rows just inserted are nobody's.
  await t.db.execute(sql`analyze measurements`)
}

/**
 * BACKGROUND=n (for an empty database, as a fresh PostgreSQL one): n more members with 25 measurements each, copies
 * of the big history's, and every board rebuilt, so that the tables have some size.
 */
async function background(source: { id: string }) {
  const n = Number(process.env.BACKGROUND ?? 0)
  if (n === 0) return
  const started = performance.now()
  await t.db.execute(sql`insert into users (id, name, email, email_verified, beta_approved, gate_passed)
    select 'bg' || lpad(g::text, 30, '0'), 'Background', 'bg' || g || '@bench.fieldmark.test', true, true, true
    from generate_series(1, ${n}) g on conflict do nothing`)
  await t.db.execute(sql`insert into measurements (id, user_id, species_id, category, system, sheet, quick, result,
      score, score_text, trophy_class, weight_lbs, evidence, reported_evidence, method, taken_at, visibility,
      location_precision, created_at, updated_at)
    select gen_random_uuid(), 'bg' || lpad(g::text, 30, '0'), m.species_id, m.category, m.system, m.sheet, m.quick,
      m.result, m.score, m.score_text, m.trophy_class, m.weight_lbs, m.evidence, m.reported_evidence, m.method,
      m.taken_at - (g % 300) * interval '1 day', m.visibility, m.location_precision, m.created_at, now()
    from generate_series(1, ${n}) g
    cross join lateral (select * from measurements x where x.user_id = ${source.id}
      order by x.created_at offset (g % 900) limit 25) m`)
  await rebuildAllBoards(t.db)
  await t.db.execute(sql`analyze measurements`)
  console.log(`background of ${n} members: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number
}

type Op = 'post' | 'patch' | 'delete'
const OPS: Op[] = ['post', 'patch', 'delete']

/** One round: record, move the date taken (3 to 16 days back: another week, often another month), delete. */
async function round(who: { id: string; cookie: string }, i: number): Promise<Record<Op, Timing>> {
  const body = fishBody(i, new Date(Date.now() - DAY))
  const post = await send('POST', '/api/measurements', who.cookie, body)
  const { id, ...rest } = body
  const moved = { ...rest, takenAt: new Date(Date.now() - (3 + (i % 14)) * DAY).toISOString() }
  const patch = await send('PATCH', `/api/measurements/${id}`, who.cookie, moved)
  return { post, patch, delete: await send('DELETE', `/api/measurements/${id}`, who.cookie) }
}

try {
  const sizes = [10, 1000]
  const members = []
  for (const size of sizes) {
    const who = await member(`H${size}`)
    const started = performance.now()
    await history(who, size)
    console.log(`history of ${size}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
    members.push(who)
  }
  await background(members[1] as { id: string })
  const times = sizes.map(() => ({ post: [] as Timing[], patch: [] as Timing[], delete: [] as Timing[] }))
  // The members take turns, so that whatever else the machine runs weighs on both alike.
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    for (const [m, who] of members.entries()) {
      const timing = await round(who, i)
      if (i >= WARMUP) for (const op of OPS) times[m]?.[op].push(timing[op])
    }
  }
  for (const op of OPS) {
    const of = (m: number, key: keyof Timing) =>
      percentile(
        (times[m]?.[op] ?? []).map((x) => x[key]),
        50,
      )
    const line = sizes.map(
      (size, m) =>
        `${size}: p50 ${of(m, 'ms').toFixed(1)} ms (cpu ${of(m, 'cpuMs').toFixed(1)}) p90 ${percentile(
          (times[m]?.[op] ?? []).map((x) => x.ms),
          90,
        ).toFixed(1)}`,
    )
    console.log(
      `${kind} ${op.padEnd(6)} ${line.join('   ')}   ratio ${(of(1, 'ms') / of(0, 'ms')).toFixed(2)} (cpu ${(of(1, 'cpuMs') / of(0, 'cpuMs')).toFixed(2)})`,
    )
  }
} finally {
  await t.close()
  await handle.close()
}
