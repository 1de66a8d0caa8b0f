// What one write costs, by the writer's history and audience: a typical member (about ten measurements and ten
// followers), a member with a thousand measurements, and the member with the most followers each create, edit (the
// date taken moved) and delete measurements one after another with no other load; and how soon a follower of the
// busiest member sees a new post. The server runs with WRITE_RATE_LIMIT lifted for this part only.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { rebuildAllBoards } from '../../src/server/features/leaderboards/leaderboards.service.ts'
import { any, type Crowd, type Member } from './crowd.ts'
import { type DatasetName, datasetLocation, memberId, STAR_MEMBER } from './datasets.ts'

/** The member given a long history before the run (approved: 2 % 10 ≠ 0), and how long. */
export const HISTORY_MEMBER = 2
const HISTORY = 1_000
const WRITES = 30

const rowsOf = async <T>(handle: DbHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows

/**
 * Gives HISTORY_MEMBER a thousand measurements (copies of other members' rows), once per data set, and brings the
 * boards and awards up to date with the repair tool. Run before the server starts.
 */
export async function prepareHistory(name: DatasetName): Promise<void> {
  const { dataDir, databaseUrl } = datasetLocation(name)
  const handle: DbHandle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  try {
    const id = memberId(HISTORY_MEMBER)
    const [have] = await rowsOf<{ n: number }>(
      handle,
      sql`select count(*)::int as n from measurements where user_id = ${id}`,
    )
    const missing = HISTORY - (have?.n ?? 0)
    if (missing <= 0) return
    const columns = (
      await rowsOf<{ column_name: string }>(
        handle,
        sql`select column_name from information_schema.columns where table_name = 'measurements'
          and column_name not in ('id', 'user_id') order by ordinal_position`,
      )
    ).map((c) => `"${c.column_name}"`)
    const list = sql.raw(columns.join(', '))
    await handle.db.execute(sql`insert into measurements (id, user_id, ${list})
      select gen_random_uuid(), ${id}, ${list} from measurements
      where user_id <> ${id} and hidden_at is null limit ${missing}`)
    await rebuildAllBoards(handle.db)
    // As the seed leaves them: every page all-visible, so the boards' index-only scans do not read the table.
    await handle.db.execute(sql`vacuum (analyze) leaderboard_entries, leaderboard_species_totals, measurements`)
    console.log(`writes: gave ${memberId(HISTORY_MEMBER)} ${missing} more measurements and rebuilt the boards`)
  } finally {
    await handle.close()
  }
}

type Timed = { p50: number; p99: number }
export type WriteResult = {
  writer: string
  create: Timed
  edit: Timed
  remove: Timed
}
export type WritesResult = { writers: WriteResult[]; seenWithinMs: number[] }

function timed(times: number[]): Timed {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => Math.round((sorted[Math.floor(q * (sorted.length - 1))] ?? 0) * 10) / 10
  return { p50: at(0.5), p99: at(0.99) }
}

/**
 * One member's writes take turns: after each the member rests nine times its duration (docs/decisions/008). A write sent
 * before the rest ends waits it out, so each write here waits ten times the last one first: what is timed is the
 * write, not the rest.
 */
const rested = new Map<Member, number>()

async function call(base: string, member: Member, method: string, path: string, body?: unknown) {
  const rest = rested.get(member) ?? 0
  if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest))
  const started = performance.now()
  const res = await fetch(base + path, {
    method,
    headers: {
      cookie: member.cookie,
      origin: base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  rested.set(member, 10 * (performance.now() - started) + 20)
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`)
  return { ms: performance.now() - started, json: text ? (JSON.parse(text) as { id?: string }) : {} }
}

const bass = (daysAgo: number) => ({
  speciesId: 'largemouth-bass',
  method: 'tape',
  quick: { lengthIn: 18.5, weightLbs: 3.25 },
  takenAt: new Date(Date.now() - daysAgo * 86_400_000).toISOString(),
  visibility: 'public',
})

/** One writer's WRITES creates, then an edit of each (date taken moved a week back), then a delete of each. */
async function writerRun(base: string, writer: string, member: Member): Promise<WriteResult> {
  const ids: string[] = []
  const creates: number[] = []
  for (let i = 0; i < WRITES; i++) {
    const id = randomUUID()
    creates.push((await call(base, member, 'POST', '/api/measurements', { id, ...bass(i) })).ms)
    ids.push(id)
  }
  const edits: number[] = []
  for (const [i, id] of ids.entries())
    edits.push((await call(base, member, 'PATCH', `/api/measurements/${id}`, bass(i + 7))).ms)
  const removes: number[] = []
  for (const id of ids) removes.push((await call(base, member, 'DELETE', `/api/measurements/${id}`)).ms)
  return { writer, create: timed(creates), edit: timed(edits), remove: timed(removes) }
}

/** How long after the busiest member's POST answers a follower's Following tab shows it (polled every 25 ms). */
async function seenAfter(base: string, star: Member, follower: Member): Promise<number> {
  const id = randomUUID()
  await call(base, star, 'POST', '/api/measurements', { id, ...bass(0) })
  const posted = performance.now()
  for (;;) {
    const res = await fetch(`${base}/api/feed?tab=following&limit=5`, { headers: { cookie: follower.cookie } })
    const page = (await res.json()) as { items: { measurement: { id: string } }[] }
    if (page.items.some((item) => item.measurement.id === id)) break
    if (performance.now() - posted > 30_000) throw new Error('a follower did not see the post within 30 s')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  const ms = performance.now() - posted
  await call(base, star, 'DELETE', `/api/measurements/${id}`)
  return Math.round(ms)
}

export async function writeCosts(base: string, crowd: Crowd): Promise<WritesResult> {
  const find = (i: number) => {
    const member = crowd.members.find((m) => m.id === memberId(i))
    if (!member) throw new Error(`member ${i} has no session in the data set`)
    return member
  }
  const star = find(STAR_MEMBER)
  const special = new Set([memberId(STAR_MEMBER), memberId(HISTORY_MEMBER), crowd.bench.id])
  const typical = any(crowd.members.filter((m) => !special.has(m.id)))
  const writers: WriteResult[] = []
  for (const [writer, member] of [
    ['a typical member (about 11 measurements, 10 followers)', typical],
    [`a member with ${HISTORY} measurements`, find(HISTORY_MEMBER)],
    ['the member with the most followers', star],
  ] as const) {
    writers.push(await writerRun(base, writer, member))
  }
  const seenWithinMs: number[] = []
  for (let i = 0; i < 5; i++) seenWithinMs.push(await seenAfter(base, star, crowd.bench))
  return { writers, seenWithinMs }
}

export function writesReport(w: WritesResult, followers: number): string {
  return [
    `**Writes**, one after another with no other load (${WRITES} each; p50 / p99 ms):`,
    '',
    '| writer | create | edit (date taken moved) | delete |',
    '|---|---:|---:|---:|',
    ...w.writers.map(
      (r) =>
        `| ${r.writer} | ${r.create.p50} / ${r.create.p99} | ${r.edit.p50} / ${r.edit.p99} | ${r.remove.p50} / ${r.remove.p99} |`,
    ),
    '',
    `A follower of the member with the most followers (${followers}) saw each of 5 new posts in their Following tab ${w.seenWithinMs.join(', ')} ms after the POST answered.`,
    '',
  ].join('\n')
}
