// The members a benchmark run asks as: every approved member with a session, each with the ids and cursors their
// requests use (a random measurement of their own, a random point in their collection and in their feeds), read
// from the data set before the server starts (PGlite has one process). docs/benchmarking.md says why.
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { type DbHandle, openPglite, openPostgres } from '../../src/server/db/client.ts'
import { encodeCursor } from '../../src/server/features/measurements/measurements.service.ts'
import { BENCH_USER, type DatasetName, datasetLocation } from './datasets.ts'
import { sessionCookie } from './noisy.ts'

export type Member = {
  id: string
  cookie: string
  /** a measurement of their own, and a cursor into their collection (undefined: they have none) */
  measurementId?: string
  collectionCursor?: string
  /** a cursor into their Following tab (undefined: their inbox is empty) */
  followingCursor?: string
}

export type Crowd = {
  members: Member[]
  /** the bench member, whose one-member figures stand beside the crowd's (cookie: set once signed in) */
  bench: Member
  /** members whose profile has posts, each with a cursor into those posts */
  profiles: { id: string; cursor: string }[]
  /** points in the Everyone tab: cursors of random public posts */
  feedCursors: string[]
  /** ids of random public posts (to like and comment on) */
  publicPosts: string[]
}

type MemberRow = {
  id: string
  token: string | null
  measurement_id: string | null
  collection_at: string | null
  collection_id: string | null
  inbox_at: string | null
  inbox_id: string | null
}

/** A timestamp as the app's cursors write it (measurements.service.ts cursorTimeOf). */
const cursorTime = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`)

export async function readCrowd(name: DatasetName): Promise<Crowd> {
  const { dataDir, databaseUrl } = datasetLocation(name)
  const handle: DbHandle = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(join(dataDir, 'db'))
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows
  try {
    // One session each, then per member a random own measurement and a random point a few rows into their
    // collection and their inbox (an index lookup each: this stays quick with 100,000 members).
    const found = await rows<MemberRow>(sql`
      with member as (
        select distinct on (u.id) u.id, s.token from users u
        left join sessions s on s.user_id = u.id and s.expires_at > now()
        where u.beta_approved and u.gate_passed and u.hidden_at is null and (s.token is not null or u.id = ${BENCH_USER.id})
        order by u.id, s.expires_at desc)
      select member.id, member.token, own.id as measurement_id,
        ${cursorTime('deep.created_at')} as collection_at, deep.id as collection_id,
        ${cursorTime('inbox.created_at')} as inbox_at, inbox.measurement_id as inbox_id
      from member
      left join lateral (select m.id from measurements m where m.user_id = member.id and m.hidden_at is null
        order by m.created_at desc offset floor(random() * 5)::int limit 1) own on true
      left join lateral (select m.id, m.created_at from measurements m where m.user_id = member.id
        order by m.created_at desc, m.id desc offset floor(random() * 8)::int limit 1) deep on true
      left join lateral (select f.created_at, f.measurement_id from feed_inbox f where f.user_id = member.id
        order by f.created_at desc offset floor(random() * 60)::int limit 1) inbox on true`)
    const all = found.map((r) => ({
      id: r.id,
      // The bench member signs in with a password (bench.ts) and gets their cookie then.
      cookie: r.token ? sessionCookie(r.token) : '',
      ...(r.measurement_id ? { measurementId: r.measurement_id } : {}),
      ...(r.collection_at && r.collection_id
        ? { collectionCursor: encodeCursor(r.collection_at, r.collection_id) }
        : {}),
      ...(r.inbox_at && r.inbox_id ? { followingCursor: encodeCursor(r.inbox_at, r.inbox_id) } : {}),
    }))
    const bench = all.find((m) => m.id === BENCH_USER.id)
    if (!bench) throw new Error('the bench member is not in the data set: seed it again')
    const members = all.filter((m) => m !== bench)
    const profiles = await rows<{ id: string; at: string; post_id: string }>(sql`
      select p.user_id as id, ${cursorTime('p.created_at')} as at, p.id as post_id
      from (select m.user_id, m.id, m.created_at, row_number() over (partition by m.user_id order by random()) as n
        from measurements m tablesample system (20)
        where m.visibility = 'public' and m.hidden_at is null) p
      join users u on u.id = p.user_id and u.hidden_at is null and u.beta_approved
      where p.n = 1 limit 5000`)
    const posts = await rows<{ at: string; id: string }>(sql`
      select ${cursorTime('m.created_at')} as at, m.id from measurements m tablesample system (5)
      where m.visibility = 'public' and m.hidden_at is null limit 5000`)
    return {
      members,
      bench,
      profiles: profiles.map((p) => ({ id: p.id, cursor: encodeCursor(p.at, p.post_id) })),
      feedCursors: posts.map((p) => encodeCursor(p.at, p.id)),
      publicPosts: posts.map((p) => p.id),
    }
  } finally {
    await handle.close()
  }
}

/** A uniformly random element (the arrays here are never empty when asked). */
export function any<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)] as T
}

/** `count` members drawn without replacement (a fixed group: "random of 1,000"). */
export function sample<T>(items: readonly T[], count: number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j] as T, copy[i] as T]
  }
  return copy.slice(0, count)
}

/** Until when each member's access cookie holds (signInCrowd). */
const accessUntil = new WeakMap<Member, number>()

// A cookie is renewed only once it has ended (a valid one skips the check that issues a new one): members whose
// cookie would end during the next run wait for that, then sign in again (docs/benchmarking.md).
const RUN_HORIZON_MS = 60_000
const ACCESS_COOKIE = 'fieldmark.access'
const FALLBACK_LIFETIME_MS = 5 * 60_000

/** Until when the access cookie among `setCookie` holds (its Max-Age), or undefined when none was set. */
function accessCookieUntil(setCookie: string[], now: number): number | undefined {
  const access = setCookie.find((c) => c.startsWith(`${ACCESS_COOKIE}=`))
  const maxAge = access && /Max-Age=(\d+)/i.exec(access)
  return maxAge ? now + Number(maxAge[1]) * 1000 : undefined
}

/**
 * Each member's first request, as a browser's would: it gets whatever cookies the server sets with a checked
 * session (the signed access cookie), so that later requests carry them too.
 */
export async function signInCrowd(base: string, members: Member[], parallel = 16): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < members.length) {
      const member = members[next++] as Member
      const at = Date.now()
      const res = await fetch(`${base}/api/auth/user`, { headers: { cookie: member.cookie } })
      await res.arrayBuffer()
      if (!res.ok) throw new Error(`member ${member.id}: /api/auth/user answered ${res.status}`)
      const setCookie = res.headers.getSetCookie()
      accessUntil.set(member, accessCookieUntil(setCookie, at) ?? at + FALLBACK_LIFETIME_MS)
      const set = setCookie.map((c) => c.split(';')[0] as string)
      if (set.length === 0) continue
      const jar = new Map(member.cookie.split('; ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair]))
      for (const pair of set) jar.set(pair.slice(0, pair.indexOf('=')), pair)
      member.cookie = [...jar.values()].join('; ')
    }
  }
  await Promise.all(Array.from({ length: parallel }, worker))
}

/**
 * Outside any timed window: the members whose access cookie ends within the next run wait for its end (at most a
 * minute, once in 5) and are signed in again, so that the server checks their session and sends a new cookie.
 */
export async function keepSignedIn(base: string, members: readonly Member[]): Promise<void> {
  const now = Date.now()
  const ending = members.filter((member) => (accessUntil.get(member) ?? 0) - now < RUN_HORIZON_MS)
  if (ending.length === 0) return
  const last = ending.reduce((latest, member) => Math.max(latest, accessUntil.get(member) ?? 0), 0)
  if (last > now) await new Promise((resolve) => setTimeout(resolve, last - now + 1_000))
  await signInCrowd(base, ending)
}
