// The benchmark seed as steps (steps.ts): what loads a data set from nothing, then what finishes it (statistics,
// visibility maps, the indexes dropped for the load, the achievements and the leaderboards). The order of the lists is
// the order a free session prefers: the longest chain first (likes → counts → measurements → their indexes →
// awards → leaderboards → their indexes), the rest filling the sessions between.
import { sql } from 'drizzle-orm'
import type { Db } from '../../src/server/db/client.ts'
import { rebuildAllBoards } from '../../src/server/features/leaderboards/leaderboards.service.ts'
import { awardOne, type PendingAchievement } from './awards-seed.ts'
import {
  dropPlan,
  type SeedSpec,
  seedMembers,
  seedPlan,
  writeInboxes,
  writeMeasurements,
  writePhotos,
} from './base-seed.ts'
import { type Dropped, restoreDefinition } from './bulk-load.ts'
import {
  type Community,
  countFollows,
  countPosts,
  finishNotifications,
  seedComments,
  seedLikeNotifications,
  seedLikes,
  seedOtherNotifications,
  startCommunity,
} from './community-seed.ts'
import type { Step } from './steps.ts'

type Log = (line: string) => void

/** The load of a data set from nothing (after dropForBulkLoad, the sessions as replicas). */
export function loadSteps(spec: SeedSpec, log: Log): Step[] {
  let community: Community | undefined
  const started = () => {
    if (!community) throw new Error('the community was not started')
    return community
  }
  return [
    { name: 'plan', run: (db) => seedPlan(db, spec, log) },
    { name: 'members', run: (db) => seedMembers(db, spec, log) },
    {
      name: 'community',
      after: ['plan', 'members'],
      run: async (db) => {
        community = await startCommunity(db, spec, log)
      },
    },
    { name: 'likes', after: ['community'], run: (db) => seedLikes(db, started(), log) },
    { name: 'comments', after: ['community'], run: (db) => seedComments(db, started(), log) },
    { name: 'counts', after: ['likes', 'comments'], run: (db) => countPosts(db, log) },
    { name: 'measurements', after: ['counts'], run: (db) => writeMeasurements(db, log) },
    { name: 'notifications of likes', after: ['likes'], run: (db) => seedLikeNotifications(db, log) },
    { name: 'follow counts', after: ['community'], run: (db) => countFollows(db, log) },
    { name: 'feed inboxes', after: ['community'], run: (db) => writeInboxes(db, log) },
    { name: 'photos', after: ['plan'], run: (db) => writePhotos(db, log) },
    { name: 'other notifications', after: ['comments'], run: (db) => seedOtherNotifications(db, log) },
    {
      name: 'notifications read',
      after: ['notifications of likes', 'other notifications'],
      run: (db) => finishNotifications(db, log),
    },
    {
      name: 'plan dropped',
      after: ['measurements', 'photos', 'feed inboxes', 'other notifications'],
      run: (db) => dropPlan(db),
    },
  ]
}

/** The steps of the load (loadSteps) after which a table is complete. */
const LOADED_BY: Record<string, readonly string[]> = {
  users: ['members', 'follow counts'],
  sessions: ['members'],
  beta_requests: ['members'],
  measurements: ['measurements'],
  photos: ['photos'],
  likes: ['likes'],
  follows: ['community'],
  comments: ['comments'],
  size_checks: ['comments'],
  feed_inbox: ['feed inboxes'],
}
/** The tables the awards read, complete with their indexes before them (measurements' lead by member). */
const AWARDS_READ = ['measurements', 'likes', 'users', 'follows', 'size_checks', 'comments']

const analyze = (table: string) => async (db: Db) => {
  await db.execute(sql.raw(`analyze "${table}"`))
}

/**
 * What finishes a loaded data set (after vacuumQuietly): each loaded table's statistics, then its dropped indexes
 * made again; the awards (one step per achievement: the service's query of who qualifies, awards-seed.ts) once the
 * tables they read are complete and after the community's notifications are read (the bench member's newest 40 stay
 * unread, not its awards); every leaderboard from them (rebuildAllBoards, the service's own); then the indexes of
 * what those wrote.
 */
export function finishSteps(dropped: readonly Dropped[], achievements: readonly PendingAchievement[]): Step[] {
  const tables = [...new Set([...Object.keys(LOADED_BY), ...dropped.map((d) => d.table)])]
  const indexSteps = (table: string): Step[] =>
    dropped
      .filter((d) => d.table === table)
      .map((d) => ({
        name: `index ${d.n} of ${table}`,
        after: [`analyze ${table}`],
        run: (db) => restoreDefinition(db, d),
      }))
  const indexesOf = (names: readonly string[]) => names.flatMap(indexSteps).map((s) => s.name)
  const awards = achievements.map((a) => `award ${a.id}`)
  const readFirst = AWARDS_READ.filter((t) => tables.includes(t))
  const awardAfter = [...readFirst.map((t) => `analyze ${t}`), ...indexesOf(readFirst), 'notifications read']
  const tableSteps = (table: string, after: readonly string[]): Step[] => [
    { name: `analyze ${table}`, after, run: analyze(table) },
    ...indexSteps(table),
  ]
  return [
    ...readFirst.flatMap((t) => tableSteps(t, LOADED_BY[t] ?? [])),
    ...achievements.map((a) => ({
      name: `award ${a.id}`,
      after: awardAfter,
      run: (db: Db) => awardOne(db, a),
    })),
    { name: 'leaderboards', after: awards, run: (db: Db) => rebuildAllBoards(db) },
    ...tableSteps('leaderboard_entries', ['leaderboards']),
    ...tableSteps('notifications', ['notifications read', ...awards]),
    // After the leaderboards, which read it: its key would wait for them (and hold up the indexes queued behind).
    ...tableSteps('user_achievements', ['leaderboards']),
    { name: 'analyze achievements', after: awards, run: analyze('achievements') },
    ...tables
      .filter(
        (t) => !readFirst.includes(t) && !['leaderboard_entries', 'notifications', 'user_achievements'].includes(t),
      )
      .flatMap((t) => tableSteps(t, LOADED_BY[t] ?? [])),
  ]
}

/** The tables finishSteps writes (their visibility maps come last). */
export const FINISH_WRITES = [
  'notifications',
  'user_achievements',
  'achievements',
  'leaderboard_entries',
  'leaderboard_species_totals',
]

/**
 * Plain VACUUM of `tables`, several at once, while nothing else runs on the database: it marks a page all-visible
 * (the index-only scans read that) only when no transaction of the database could still miss a row of it, and a
 * statement of ours running beside it would hold a snapshot as old as the oldest transaction of the whole server
 * (other databases' long ones included). VACUUMs ignore one another. It also gives the rows their hint bits, before
 * the index builds read them. A table left with pages not all-visible is vacuumed again (see commitsOnDisk).
 */
export async function vacuumQuietly(sessions: readonly Db[], tables: readonly string[]): Promise<void> {
  const [first] = sessions
  if (!first) return
  let left = [...tables]
  for (let round = 1; left.length > 0; round++) {
    await commitsOnDisk(first)
    const queue = [...left]
    const work = async (db: Db) => {
      for (let table = queue.shift(); table; table = queue.shift()) {
        await db.execute(sql.raw(`vacuum (parallel 0) "${table}"`))
      }
    }
    await Promise.all(sessions.map(work))
    if (round === VACUUM_ROUNDS) return
    left = await notAllVisible(first, left)
  }
}

const VACUUM_ROUNDS = 5

async function notAllVisible(db: Db, tables: readonly string[]): Promise<string[]> {
  const result = (await db.execute(sql`select relname as name from pg_class
    where relnamespace = 'public'::regnamespace and relkind = 'r' and relallvisible < relpages
      and relname in (${sql.join(
        tables.map((t) => sql`${t}`),
        sql`, `,
      )})`)) as unknown as { rows: { name: string }[] }
  return result.rows.map((r) => r.name)
}

/**
 * Waits for the commits before it to be on disk. A row gets no hint bit, and its page no all-visible mark, while the
 * commit log's group of its transaction (32 consecutive ids, any database's) holds a commit not yet on disk; the
 * seed commits without waiting (synchronous_commit = off), and so may others. A commit that waits, a second for the
 * WAL writer to write the others' (it does within a fifth of one), and one more.
 */
async function commitsOnDisk(db: Db): Promise<void> {
  const commitWaiting = () =>
    db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = on`)
      await tx.execute(sql`select txid_current()`)
    })
  await commitWaiting()
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  await commitWaiting()
}
