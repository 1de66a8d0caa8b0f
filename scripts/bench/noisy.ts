// The noisy-neighbour run: one member floods PATCH /api/measurements/:id while many other members, each request from
// a random one, open the feed's first page. The others' latency is measured with and without a flood: a typical
// member re-sending an unchanged edit, another moving the date taken back and forth (an edit every board and
// achievement must follow), and the busiest member doing that.
import { createHmac } from 'node:crypto'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import autocannon from 'autocannon'
import { sql } from 'drizzle-orm'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { BENCH_SECRET, BENCH_USER, type DatasetName, datasetLocation, memberId, STAR_MEMBER } from './datasets.ts'
import type { FloodJob } from './flood-worker.ts'
import { type Latency, openLoop, type Run, summarize } from './open-loop.ts'

/** The others: this many members, each request from one picked at random (at least 1,000, as a club uses the app). */
const OTHERS = 1_000
const OTHERS_CONNECTIONS = 50
/** The others' pace: a busy club evening, well below what the server can answer, so the flood's cost shows. */
const OTHERS_RATE = 50
/** The flood: as the reported incident, 200 PATCHes a second. */
const FLOOD_RATE = 200
const WARMUP_S = 2
/** Flood and pause alternately, SLICE_S seconds each, ROUNDS times: about a thousand of the others' loads a side. */
const SLICE_S = 5
const ROUNDS = 4
/**
 * Idle before each flood: longer than a checked session is kept (30 s, plugins/session-cache.ts), so every flood's
 * warm-up checks each member's session afresh and its whole run meets them cached.
 */
const SETTLE_S = 31
const FEED = '/api/feed?tab=everyone'

/** A member who floods: their cookie, and what makes their PATCH cost what it does. */
export type Flooder = { cookie: string; posts: number; followers: number }
/** What the flood sends: the post's own values again, or each PATCH another date taken within two weeks before. */
export type FloodEdit = 'unchanged' | 'date taken'
type Flood = { flooder: Flooder; edit: FloodEdit }
export type NoisySessions = { flooders: Flooder[]; others: string[] }

export function sessionCookie(token: string): string {
  // As better-auth signs it: the token, a dot and its HMAC-SHA256 under the session secret, URI-encoded.
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64')
  return `fieldmark.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

type FlooderRow = { id: string; token: string; posts: number; followers: number }

/**
 * Two random members with a public post and the one with the most posts and followers (the worst case), as flooders,
 * and OTHERS random approved members; read before the server starts (PGlite has one process). The flooders'
 * rate-limit counters are cleared, so a run soon after another starts from a fresh window.
 */
export async function noisySessions(name: DatasetName): Promise<NoisySessions> {
  const { dataDir, databaseUrl } = datasetLocation(name)
  const handle: DbHandle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows
  try {
    const star = memberId(STAR_MEMBER)
    const flooder = (where: ReturnType<typeof sql>) =>
      rows<FlooderRow>(sql`
        select u.id, s.token,
          (select count(*)::int from measurements m where m.user_id = u.id) as posts,
          (select count(*)::int from follows f where f.followee_id = u.id) as followers
        from users u join sessions s on s.user_id = u.id
        where u.beta_approved and u.gate_passed and s.expires_at > now() and ${where}
          and exists (select 1 from measurements m where m.user_id = u.id and m.visibility = 'public')
        order by random() limit 1`)
    const [typical] = await flooder(sql`u.id not in (${star}, ${BENCH_USER.id})`)
    // Another one for the second flood: the first's write limit still counts its minute.
    const [typical2] = typical ? await flooder(sql`u.id not in (${star}, ${BENCH_USER.id}, ${typical.id})`) : []
    const [worst] = await flooder(sql`u.id = ${star}`)
    if (!typical || !typical2 || !worst) throw new Error('the data set has no member to flood with')
    const others = await rows<{ token: string }>(sql`
      select s.token from sessions s join users u on u.id = s.user_id
      where u.beta_approved and u.gate_passed and u.id not in (${star}, ${typical.id}, ${typical2.id})
        and s.expires_at > now()
      order by random() limit ${OTHERS}`)
    if (others.length < OTHERS) throw new Error(`the data set needs sessions for ${OTHERS} other members`)
    for (const f of [typical, typical2, worst]) {
      await handle.db.execute(sql`delete from rate_limit_hits where key like ${`%|user:${f.id}`}`)
    }
    return {
      flooders: [typical, typical2, worst].map((f) => ({
        cookie: sessionCookie(f.token),
        posts: f.posts,
        followers: f.followers,
      })),
      others: others.map((r) => sessionCookie(r.token)),
    }
  } finally {
    await handle.close()
  }
}

type Measurement = {
  id: string
  speciesId: string
  sheet: unknown
  quick: unknown
  method: string
  takenAt: string
  caption: string | null
  notes: string | null
  visibility: string
  photos: { id: string }[]
  coverPhotoId: string | null
}

/**
 * The flooder's newest public post and the PATCH bodies of the flood: the one its edit form would send back
 * unchanged, and (for 'date taken') that one with the date taken 1 to 13 days earlier, so that nearly every accepted
 * edit moves the post to other weeks (and often months) of the boards.
 */
export async function floodTarget(
  base: string,
  cookie: string,
  edit: FloodEdit,
): Promise<{ path: string; bodies: string[] }> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(base + path, { headers: { cookie } })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`)
    return (await res.json()) as T
  }
  const page = await get<{ items: Measurement[] }>('/api/measurements?limit=50')
  const post = page.items.find((m) => m.visibility === 'public')
  if (!post) throw new Error('the flooder has no public post on its first page')
  const m = await get<Measurement>(`/api/measurements/${post.id}`)
  const body = {
    speciesId: m.speciesId,
    ...(m.sheet ? { sheet: m.sheet } : {}),
    ...(m.quick ? { quick: m.quick } : {}),
    method: m.method,
    takenAt: m.takenAt,
    ...(m.caption ? { caption: m.caption } : {}),
    ...(m.notes ? { notes: m.notes } : {}),
    visibility: m.visibility,
    photoIds: m.photos.map((p) => p.id),
    ...(m.coverPhotoId ? { coverPhotoId: m.coverPhotoId } : {}),
  }
  const path = `/api/measurements/${m.id}`
  const res = await fetch(base + path, {
    method: 'PATCH',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (res.status !== 200) throw new Error(`PATCH ${path}: ${res.status} ${(await res.text()).slice(0, 300)}`)
  if (edit === 'unchanged') return { path, bodies: [JSON.stringify(body)] }
  const daysEarlier = (days: number) => new Date(Date.parse(m.takenAt) - days * 86_400_000).toISOString()
  const dates = Array.from({ length: 14 }, (_, days) => daysEarlier(days))
  return { path, bodies: dates.map((takenAt) => JSON.stringify({ ...body, takenAt })) }
}

/** Every other member's feed once, OTHERS_CONNECTIONS at a time, before each flood: their sessions checked and cached. */
export async function warmUp(base: string, cookies: string[]): Promise<void> {
  let next = 0
  await autocannon({
    url: base + FEED,
    connections: OTHERS_CONNECTIONS,
    amount: cookies.length,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, cookie: cookies[next++ % cookies.length] as string },
        }),
      },
    ],
  })
}

/** The others' feed loads for `seconds`, each request as a random member, OTHERS_RATE a second on average. */
export function othersLoad(base: string, cookies: string[], seconds: number): Promise<Run> {
  return openLoop({
    base,
    rate: OTHERS_RATE,
    seconds,
    next: () => ({ path: FEED, headers: { cookie: cookies[Math.floor(Math.random() * cookies.length)] as string } }),
  })
}

/** One flood: who, the others' latency without and during it, and how the flood was answered (status → count). */
export type FloodResult = Flood & { alone: Latency; during: Latency; answers: Record<string, number> }
export type NoisyResult = { floods: FloodResult[] }

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000))

/**
 * One flood: after a pause and a warm-up, the flooder floods every other slice while the others load; their requests
 * are pooled by whether they were sent during a flood, so both sides meet the machine's drift (BENCHMARKS.md).
 */
async function flood(base: string, { flooder, edit }: Flood, others: string[]): Promise<FloodResult> {
  const target = await floodTarget(base, flooder.cookie, edit)
  await sleep(SETTLE_S)
  await warmUp(base, others)
  const start = Date.now() + 1_000 // the worker's own start
  const slice = SLICE_S * 1000
  const windows = Array.from({ length: ROUNDS }, (_, k): [number, number] => [
    start + (2 * k + 1) * slice,
    start + (2 * k + 2) * slice,
  ])
  const job: FloodJob = {
    base,
    path: target.path,
    headers: { cookie: flooder.cookie, origin: base, 'content-type': 'application/json' },
    bodies: target.bodies,
    rate: FLOOD_RATE,
    windows,
  }
  const worker = new Worker(new URL('./flood-worker.ts', import.meta.url), { workerData: job })
  const flooding = new Promise<Record<string, number>>((resolve, reject) => {
    worker.once('message', resolve)
    worker.once('error', reject)
  })
  await sleep((start - Date.now()) / 1000)
  const run = await othersLoad(base, others, ROUNDS * 2 * SLICE_S)
  const answers = await flooding
  await worker.terminate()
  const flooded = (at: number) => windows.some(([from, to]) => at >= from && at < to)
  return {
    flooder,
    edit,
    alone: summarize(run.samples.filter((sample) => !flooded(sample.at))),
    during: summarize(
      run.samples.filter((sample) => flooded(sample.at)),
      run.errors,
    ),
    answers,
  }
}

/** Each flood in turn (flood). */
export async function noisyNeighbour(base: string, sessions: NoisySessions): Promise<NoisyResult> {
  await othersLoad(base, sessions.others, WARMUP_S)
  const [typical, typical2, busiest] = sessions.flooders as [Flooder, Flooder, Flooder]
  const plan: Flood[] = [
    { flooder: typical, edit: 'unchanged' },
    { flooder: typical2, edit: 'date taken' },
    { flooder: busiest, edit: 'date taken' },
  ]
  const floods: FloodResult[] = []
  for (const f of plan) floods.push(await flood(base, f, sessions.others))
  return { floods }
}

/** The report's paragraph: the others' p50/p99 without and during each flood, and the ratios (target p99 ≤ 2×). */
export function noisyReport(r: NoisyResult): string {
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '—')
  const answers = (a: Record<string, number>) =>
    Object.entries(a)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ')
  const rows = r.floods.flatMap((f) => [
    `| without a flood | ${f.alone.requests} | ${f.alone.p50} | ${f.alone.p99} | | | ${f.alone.errors} / ${f.alone.non2xx} | |`,
    `| during a flood (${f.edit}) by a member with ${f.flooder.posts} posts and ${f.flooder.followers} followers | ${f.during.requests} | ${f.during.p50} | ${f.during.p99} | ${ratio(f.during.p50, f.alone.p50)} | ${ratio(f.during.p99, f.alone.p99)} | ${f.during.errors} / ${f.during.non2xx} | ${answers(f.answers)} |`,
  ])
  return [
    `Noisy neighbour: one member floods \`PATCH /api/measurements/:id\` with valid bodies, either unchanged or moving the date taken within two weeks (${FLOOD_RATE} req/s, WRITE_RATE_LIMIT at its default) while ${OTHERS.toLocaleString('en-US')} other members, each request from a random one, open \`${FEED}\` (${OTHERS_RATE} req/s); both at random moments (Poisson arrivals), the flood from a thread of its own, each request timed from when it was sent; before each flood, ${SETTLE_S} s idle and one load each to warm up; then ${ROUNDS} rounds of ${SLICE_S} s without and ${SLICE_S} s with the flood, the others' loads pooled by whether they were sent during one (target: p99 during a flood ≤ 2 × without).`,
    '',
    '| the others | requests | p50 ms | p99 ms | p50 ratio | p99 ratio | errors / non-2xx | the flood answered |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n')
}
