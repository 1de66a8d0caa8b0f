// A club evening: 1,000 random members, about nine reads in ten and one write (a measurement, a like, a comment or a
// follow), 50 connections each sending its next request when the last is answered, for 30 s. Reads and writes are
// timed apart: the writes must not push the reads past their targets.
import { randomUUID } from 'node:crypto'
import { Agent } from 'node:http'
import { any, type Crowd, type Member, sample } from './crowd.ts'
import { pick, type ReadRoute } from './hot-reads.ts'
import { send } from './open-loop.ts'

export const MIXED_MEMBERS = 1_000
const CONNECTIONS = 50
const SECONDS = 30
const WRITE_SHARE = 0.1

type Kind = 'read' | 'measurement' | 'like' | 'comment' | 'follow'
type Outcome = { kind: Kind; route: string; ms: number; status: number }
type Req = { kind: Kind; method: string; path: string; body?: string; member: Member }

type Times = { count: number; p50: number; p99: number; non2xx: number }

function writeRequest(crowd: Crowd, member: Member): Req {
  const roll = Math.random()
  if (roll < 0.4) {
    const body = {
      id: randomUUID(),
      speciesId: 'largemouth-bass',
      method: 'tape',
      quick: {
        lengthIn: 14 + Math.round(Math.random() * 64) / 8,
        weightLbs: 1 + Math.round(Math.random() * 500) / 100,
      },
      takenAt: new Date(Date.now() - Math.floor(Math.random() * 400) * 86_400_000).toISOString(),
      visibility: 'public',
    }
    return { kind: 'measurement', method: 'POST', path: '/api/measurements', body: JSON.stringify(body), member }
  }
  const post = any(crowd.publicPosts)
  if (roll < 0.7) return { kind: 'like', method: 'PUT', path: `/api/measurements/${post}/like`, member }
  if (roll < 0.9) {
    const body = JSON.stringify({ body: 'Nice one, what did it go on?' })
    return { kind: 'comment', method: 'POST', path: `/api/measurements/${post}/comments`, body, member }
  }
  return { kind: 'follow', method: 'PUT', path: `/api/follows/${any(crowd.profiles).id}`, member }
}

export type MixedResult = {
  seconds: number
  members: number
  byKind: Record<Kind, Times>
  /** The read routes by their p99 under the mix, slowest first: where the reads' time goes. */
  slowestReads: (Times & { route: string })[]
  errors: number
}

function timesOf(outcomes: readonly Outcome[]): Times {
  const times = outcomes.map((o) => o.ms).sort((a, b) => a - b)
  const at = (q: number) => Math.round(times[Math.floor(q * (times.length - 1))] ?? 0)
  const non2xx = outcomes.filter((o) => o.status < 200 || o.status > 299).length
  return { count: times.length, p50: at(0.5), p99: at(0.99), non2xx }
}

/** How many read routes the report lists. */
const SLOWEST_SHOWN = 6

/** The mixed run over these read routes (the members of the crowd must be signed in: signInCrowd). */
export async function mixedLoad(base: string, crowd: Crowd, reads: ReadRoute[]): Promise<MixedResult> {
  const members = sample(crowd.members, MIXED_MEMBERS)
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS })
  const outcomes: Outcome[] = []
  let errors = 0
  const until = performance.now() + SECONDS * 1000
  const connection = async () => {
    while (performance.now() < until) {
      const member = any(members)
      let r: Req
      let route: string
      if (Math.random() < WRITE_SHARE) {
        r = writeRequest(crowd, member)
        route = r.kind
      } else {
        const read = any(reads)
        r = { kind: 'read', method: 'GET', path: pick(read, [member]).path, member }
        route = read.name
      }
      const started = performance.now()
      try {
        const headers: Record<string, string> = { cookie: r.member.cookie, origin: base }
        if (r.body) headers['content-type'] = 'application/json'
        const status = await send(agent, base, { method: r.method, path: r.path, headers, body: r.body })
        outcomes.push({ kind: r.kind, route, ms: performance.now() - started, status })
      } catch {
        errors += 1
      }
    }
  }
  await Promise.all(Array.from({ length: CONNECTIONS }, connection))
  agent.destroy()
  const kinds: Kind[] = ['read', 'measurement', 'like', 'comment', 'follow']
  const byKind = Object.fromEntries(
    kinds.map((kind) => [kind, timesOf(outcomes.filter((o) => o.kind === kind))]),
  ) as MixedResult['byKind']
  const readRoutes = [...new Set(outcomes.filter((o) => o.kind === 'read').map((o) => o.route))]
  const slowestReads = readRoutes
    .map((route) => ({ route, ...timesOf(outcomes.filter((o) => o.kind === 'read' && o.route === route)) }))
    .sort((a, b) => b.p99 - a.p99)
    .slice(0, SLOWEST_SHOWN)
  return { seconds: SECONDS, members: MIXED_MEMBERS, byKind, slowestReads, errors }
}

export function mixedReport(m: MixedResult): string {
  const rows = Object.entries(m.byKind).map(
    ([kind, k]) => `| ${kind} | ${k.count} | ${(k.count / m.seconds).toFixed(0)} | ${k.p50} | ${k.p99} | ${k.non2xx} |`,
  )
  return [
    `**Mixed load**: ${m.members} random members, about ${Math.round((1 - WRITE_SHARE) * 100)} % reads (every hot read route, with each member's own ids and cursors) and ${Math.round(WRITE_SHARE * 100)} % writes (4 in 10 a new measurement, 3 a like, 2 a comment, 1 a follow), ${CONNECTIONS} connections, each sending its next request when the last is answered, ${m.seconds} s; ${m.errors} errors.`,
    '',
    '| kind | requests | per second | p50 ms | p99 ms | non-2xx |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `The slowest reads under the mix (by p99):`,
    '',
    '| read | requests | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...m.slowestReads.map((r) => `| \`${r.route}\` | ${r.count} | ${r.p50} | ${r.p99} |`),
    '',
  ].join('\n')
}
