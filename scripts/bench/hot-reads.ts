// The hot read routes under load from a crowd of members (crowd.ts): each request from a random member, with that
// member's own ids and cursors, as every member of the data set, as a fixed 1,000 of them, and as the bench member
// alone (beside the others only: one member repeating one URL measures a warm cache). Also each route's cold cost:
// a member's first request to it, one request at a time. docs/benchmarking.md describes the method.
import autocannon from 'autocannon'
import { LEADERBOARD_PERIODS } from '../../src/shared/achievements/constants.ts'
import { any, type Crowd, keepSignedIn, type Member, sample } from './crowd.ts'

const CONNECTIONS = 50
const DURATION_S = 10
const WARMUP_S = 2
/** Members timed per route for its cold cost, none of them asked before by any route. */
const COLD_MEMBERS = 60

export type ReadRoute = {
  name: string
  /** the path this member asks; undefined when the member has nothing to ask it with (no posts of their own) */
  path: (member: Member) => string | undefined
  auth: boolean
}
export type Figures = { rps: number; p50: number; p99: number; errors: number; non2xx: number; runs: number[] }
export type Who = 'every member' | 'random of 1,000' | 'one member'
export type RouteResult = { route: string; cold?: { p50: number; p90: number }; by: Partial<Record<Who, Figures>> }

/** Every hot read of the app (the species board: the species with the most counted measurements). */
export function hotReadRoutes(crowd: Crowd, species: string): ReadRoute[] {
  const fixed = (path: string, auth = true): ReadRoute => ({ name: path, path: () => path, auth })
  const profile = () => any(crowd.profiles)
  const routes: ReadRoute[] = [
    fixed('/api/bench/bare', false),
    fixed('/api/bench/one-row'),
    fixed('/api/auth/user'),
    fixed('/api/community-stats', false),
    fixed('/api/measurements'),
    {
      name: '/api/measurements?cursor=(a random point of their own)',
      path: (m) => m.collectionCursor && `/api/measurements?cursor=${m.collectionCursor}`,
      auth: true,
    },
    {
      name: '/api/measurements/:id',
      path: (m) => m.measurementId && `/api/measurements/${m.measurementId}`,
      auth: true,
    },
    fixed('/api/measurements/stats'),
    fixed('/api/feed?tab=everyone'),
    {
      name: '/api/feed?tab=everyone&cursor=(a random public post)',
      path: () => `/api/feed?tab=everyone&cursor=${any(crowd.feedCursors)}`,
      auth: true,
    },
    fixed('/api/feed?tab=following'),
    {
      name: '/api/feed?tab=following&cursor=(a random point of their inbox)',
      path: (m) => m.followingCursor && `/api/feed?tab=following&cursor=${m.followingCursor}`,
      auth: true,
    },
    { name: '/api/profiles/:random', path: () => `/api/profiles/${profile().id}`, auth: true },
    {
      name: '/api/profiles/:random/measurements',
      path: () => `/api/profiles/${profile().id}/measurements`,
      auth: true,
    },
    {
      name: '/api/profiles/:random/measurements?cursor=(one of their posts)',
      path: () => {
        const p = profile()
        return `/api/profiles/${p.id}/measurements?cursor=${p.cursor}`
      },
      auth: true,
    },
    fixed('/api/notifications'),
    fixed('/api/achievements'),
    fixed('/api/user/achievements'),
    fixed('/api/user/achievement-progress'),
  ]
  for (const period of LEADERBOARD_PERIODS) {
    routes.push(
      fixed(`/api/leaderboards/points?period=${period}`),
      fixed(`/api/leaderboards/trophies?period=${period}`),
      {
        ...fixed(`/api/leaderboards/species/${species}?period=${period}`),
        name: `/api/leaderboards/species/:species?period=${period}`,
      },
    )
  }
  routes.push(fixed('/api/leaderboards/top-species'), fixed('/api/leaderboards/me?board=trophies&period=all-time'))
  return routes
}

/** A member of the pool who has something to ask this route with, and the path (a few tries, then any). */
export function pick(route: ReadRoute, pool: readonly Member[]): { member: Member; path: string } {
  for (let i = 0; i < 20; i++) {
    const member = any(pool)
    const path = route.path(member)
    if (path) return { member, path }
  }
  throw new Error(`${route.name}: no member of the pool has anything to ask it with`)
}

/** `route` under load for `seconds`: each request from a random member of `pool` (one member: the same URL). */
export async function load(base: string, route: ReadRoute, pool: readonly Member[], seconds: number) {
  const one = pool.length === 1 ? pick(route, pool) : undefined
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const { member, path } = one ?? pick(route, pool)
          return { ...req, path, headers: { ...req.headers, ...(route.auth ? { cookie: member.cookie } : {}) } }
        },
      },
    ],
  })
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

/** Milliseconds of each member's first request to the route, one request at a time: median and 90th percentile. */
async function coldCost(base: string, route: ReadRoute, members: readonly Member[]) {
  const times: number[] = []
  for (const member of members) {
    const path = route.path(member)
    if (!path) continue
    const started = performance.now()
    const res = await fetch(base + path, { headers: route.auth ? { cookie: member.cookie } : {} })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (!res.ok) throw new Error(`${route.name} as ${member.id}: ${res.status}`)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => Math.round((times[Math.floor(q * (times.length - 1))] ?? 0) * 10) / 10
  return { p50: at(0.5), p90: at(0.9) }
}

export type HotReadOptions = {
  who: readonly Who[]
  /** the p99 target of the backend (ms), for deciding which routes are near a target */
  p99Target: number
  log: (line: string) => void
}

/**
 * Cold costs first (members no route has asked yet), then each route under load as each group of members. A
 * route near a target (0.35–0.75 of one-row, or p99 within half to twice the target) is measured three times and
 * its median kept; one-row itself is measured at the start, the middle and the end, and its median is the ratio's
 * denominator.
 */
export async function measureHotReads(base: string, crowd: Crowd, routes: ReadRoute[], options: HotReadOptions) {
  const results = new Map<string, RouteResult>(routes.map((r) => [r.name, { route: r.name, by: {} }]))
  const fresh = sample(crowd.members, crowd.members.length)
  // Code paths warm once (as the bench member) before any member is timed: the first request after a start pays
  // for compiling, not for the route.
  for (const route of routes) await load(base, route, [crowd.bench], 1)
  for (const [i, route] of routes.entries()) {
    const members = fresh.slice(i * COLD_MEMBERS, (i + 1) * COLD_MEMBERS)
    if (members.length === 0) continue
    await keepSignedIn(base, members)
    const cold = await coldCost(base, route, members)
    ;(results.get(route.name) as RouteResult).cold = cold
    options.log(`${route.name}: cold p50 ${cold.p50} ms, p90 ${cold.p90} ms`)
  }
  const pools: Record<Who, readonly Member[]> = {
    'every member': crowd.members,
    'random of 1,000': sample(crowd.members, 1_000),
    'one member': [crowd.bench],
  }
  const oneRow = routes.find((r) => r.name.endsWith('/one-row')) as ReadRoute
  for (const who of options.who) {
    const pool = pools[who]
    const oneRowRuns: number[] = []
    const measureOnce = async (route: ReadRoute) => {
      await keepSignedIn(base, pool)
      await load(base, route, pool, WARMUP_S)
      return load(base, route, pool, DURATION_S)
    }
    oneRowRuns.push((await measureOnce(oneRow)).rps)
    for (const [i, route] of routes.entries()) {
      if (i === Math.floor(routes.length / 2)) oneRowRuns.push((await measureOnce(oneRow)).rps)
      const first = await measureOnce(route)
      const runs = [first]
      const ratio = first.rps / (oneRowRuns[0] ?? 1)
      const near =
        (ratio >= 0.35 && ratio <= 0.75) || (first.p99 >= options.p99Target / 2 && first.p99 <= options.p99Target * 2)
      if (near && route.name.startsWith('/api/bench/') === false)
        runs.push(await measureOnce(route), await measureOnce(route))
      const figures: Figures = {
        rps: median(runs.map((r) => r.rps)),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        errors: runs.reduce((n, r) => n + r.errors, 0),
        non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
        runs: runs.map((r) => r.rps),
      }
      ;(results.get(route.name) as RouteResult).by[who] = figures
      options.log(`${who}: ${route.name}: ${figures.rps} req/s (${figures.runs.join(', ')}), p99 ${figures.p99} ms`)
    }
    oneRowRuns.push((await measureOnce(oneRow)).rps)
    const row = (results.get(oneRow.name) as RouteResult).by[who] as Figures
    row.runs = oneRowRuns
    row.rps = median(oneRowRuns)
  }
  return [...results.values()]
}

/** The report's table: every member first, then 1,000 of them, then one member; cold costs last. */
export function hotReadsTable(results: RouteResult[], who: readonly Who[]): string[] {
  const ref = (w: Who, name: string) => results.find((r) => r.route.endsWith(name))?.by[w]?.rps ?? 1
  const heads = who.map((w) => `${w}: req/s · p50 · p99 ms · vs one-row · vs bare`)
  const lines = [
    `| route | ${heads.join(' | ')} | cold p50 / p90 ms | errors / non-2xx |`,
    `|---|${who.map(() => '---:').join('|')}|---:|---:|`,
  ]
  for (const r of results) {
    const cells = who.map((w) => {
      const f = r.by[w]
      if (!f) return '—'
      const runs = f.runs.length > 1 ? ` (runs ${f.runs.join(', ')})` : ''
      return `${f.rps}${runs} · ${f.p50} · ${f.p99} · ${(f.rps / ref(w, '/one-row')).toFixed(2)} · ${(f.rps / ref(w, '/bare')).toFixed(2)}`
    })
    const bad = who.map((w) => `${r.by[w]?.errors ?? 0}/${r.by[w]?.non2xx ?? 0}`).join(', ')
    const cold = r.cold ? `${r.cold.p50} / ${r.cold.p90}` : '—'
    lines.push(`| \`${r.route}\` | ${cells.join(' | ')} | ${cold} | ${bad} |`)
  }
  return lines
}
