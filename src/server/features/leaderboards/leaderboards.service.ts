import { type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { idListLiteral } from '#server/db/literals.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import { totalsShard } from './leaderboards.cells.ts'

// The boards computed from scratch; a write's delta (leaderboards.delta.ts) must arrive at the same rows. What counts
// and each row's value: ADR 068, ADR 071. A hidden member has no rows at all, so no read needs to filter them.

/** Fish rank by weight when they have no score. */
const FISH_IDS = SPECIES.filter((s) => s.fishFormulas !== undefined).map((s) => s.id)
const fishList = idListLiteral(FISH_IDS)

/** A moment's buckets as periodBucket writes them, in UTC; leaderboards.buckets.test.ts checks that the two agree. */
export function bucketsSql(at: SQL): SQL {
  const utc = sql`(${at} at time zone 'UTC')`
  return sql`array['all', 'y' || to_char(${utc}, 'YYYY'), 'm' || to_char(${utc}, 'YYYY-MM'),
    'w' || to_char(date_trunc('week', ${utc}), 'YYYY-MM-DD')]`
}

export const evidenceLevel = sql`case
    when m.evidence in ('community-verified', 'official') then 2
    when m.evidence = 'photo-measured' then 1
    else 0 end`

/** What a measurement `m` ranks by on its species board: its score, or for a fish without a score its weight. */
export const sizeOf = sql`coalesce(m.score, case when m.species_id in (${fishList}) then m.weight_lbs end)`

/** Whether a measurement `m` counts (its owner's profile aside: a hidden member has no rows at all). */
export const counts = sql`m.visibility = 'public' and m.hidden_at is null and m.check_state <> 'disputed'`

/** CTEs `counted` (the counted measurements of the members `who` selects) and `cells` (one row per member and cell). */
function cellsCtes(who: SQL): SQL {
  return sql`counted as (
      select m.user_id, m.species_id, m.created_at,
        m.trophy_class in ('trophy', 'record') as trophy,
        ${sizeOf} as size,
        ${bucketsSql(sql`m.taken_at`)} as buckets,
        ${evidenceLevel} as level
      from measurements m
      join users u on u.id = m.user_id and u.hidden_at is null
      where ${who} and ${counts}),
    cells as (
      select c.user_id, b.bucket, s.species_id, e.evidence,
        count(*)::int as measurements,
        (count(*) filter (where c.trophy))::int as trophies,
        coalesce(max(c.created_at) filter (where c.trophy), max(c.created_at)) as trophies_at,
        max(c.size) as best,
        (array_agg(c.created_at order by c.size desc, c.created_at) filter (where c.size is not null))[1] as best_at
      from counted c
      cross join lateral unnest(c.buckets) b(bucket)
      cross join lateral (values (''), (c.species_id)) s(species_id)
      cross join lateral generate_series(0, c.level) e(evidence)
      group by c.user_id, b.bucket, s.species_id, e.evidence)`
}

/** CTE `fresh`: every row of the members `who` selects, as their records make them now. */
function freshCtes(who: (column: SQL) => SQL): SQL {
  return sql`${cellsCtes(who(sql`m.user_id`))},
    points as (
      select ua.user_id, b.bucket, sum(a.points)::float8 as value, max(ua.earned_at) as achieved_at
      from user_achievements ua
      join achievements a on a.id = ua.achievement_id and a.is_active
      join users u on u.id = ua.user_id and u.hidden_at is null
      cross join lateral unnest(${bucketsSql(sql`ua.earned_at`)}) b(bucket)
      where ${who(sql`ua.user_id`)}
      group by ua.user_id, b.bucket),
    fresh as (
      select 'trophies' as board, bucket, species_id, evidence, user_id, trophies::float8 as value,
          trophies_at as achieved_at, measurements, trophies
        from cells
      union all
      select 'species', bucket, species_id, evidence, user_id, best, best_at, measurements, trophies
        from cells where species_id <> '' and best is not null
      union all
      select 'points', p.bucket, '', 0, p.user_id, p.value, p.achieved_at,
          coalesce(c.measurements, 0), coalesce(c.trophies, 0)
        from points p
        left join cells c on c.user_id = p.user_id and c.bucket = p.bucket and c.species_id = '' and c.evidence = 0)`
}

const ENTRY_COLUMNS = sql`(board, bucket, species_id, evidence, user_id, value, achieved_at, measurements, trophies)`

/** Rewrites the member's rows and totals to what their records make them; call under their lock (afterMemberChange). */
export async function refreshMemberBoards(tx: Tx, userId: string): Promise<void> {
  // A busy member's estimate wakes PostgreSQL's JIT, whose compiling dwarfs the query (a no-op on PGlite).
  await tx.execute(sql`set local jit = off`)
  await tx.execute(sql`with ${freshCtes((column) => sql`${column} = ${userId}`)},
    change as (
      select bucket, evidence, species_id, sum(n)::int as n from (
        select bucket, evidence, species_id, measurements as n from cells where species_id <> ''
        union all
        select bucket, evidence, species_id, -measurements from leaderboard_entries
          where user_id = ${userId} and board = 'trophies' and species_id <> ''
      ) d
      group by bucket, evidence, species_id
      having sum(n) <> 0),
    totals as (
      insert into leaderboard_species_totals as t (bucket, evidence, species_id, shard, measurements)
      select bucket, evidence, species_id, ${totalsShard(userId)}::smallint, n from change
      order by bucket, evidence, species_id
      on conflict (bucket, evidence, species_id, shard) do update set measurements = t.measurements + excluded.measurements),
    gone as (
      delete from leaderboard_entries e
      where e.user_id = ${userId} and not exists (select 1 from fresh f
        where (f.board, f.bucket, f.species_id, f.evidence) = (e.board, e.bucket, e.species_id, e.evidence)))
    insert into leaderboard_entries as e ${ENTRY_COLUMNS}
    select board, bucket, species_id, evidence, user_id, value, achieved_at, measurements, trophies from fresh
    on conflict (board, bucket, species_id, evidence, user_id) do update
      set value = excluded.value, achieved_at = excluded.achieved_at,
        measurements = excluded.measurements, trophies = excluded.trophies
      where (e.value, e.achieved_at, e.measurements, e.trophies)
        is distinct from (excluded.value, excluded.achieved_at, excluded.measurements, excluded.trophies)`)
}

/** Two processes starting on one database rebuild once, one after the other. */
const REBUILD_LOCK = 'leaderboards:rebuild'

async function rebuild(tx: Tx): Promise<number> {
  await tx.execute(sql`truncate leaderboard_entries, leaderboard_species_totals`)
  await tx.execute(sql`with ${freshCtes(() => sql`true`)}
    insert into leaderboard_entries ${ENTRY_COLUMNS}
    select board, bucket, species_id, evidence, user_id, value, achieved_at, measurements, trophies from fresh`)
  await tx.execute(sql`insert into leaderboard_species_totals (bucket, evidence, species_id, measurements)
    select bucket, evidence, species_id, sum(measurements)::int from leaderboard_entries
    where board = 'trophies' and species_id <> ''
    group by bucket, evidence, species_id`)
  // A table rewritten whole would keep the planner's old statistics (forever where autovacuum is off).
  await tx.execute(sql`analyze leaderboard_entries`)
  await tx.execute(sql`analyze leaderboard_species_totals`)
  return Number((await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from leaderboard_entries`))[0]?.n ?? 0)
}

async function rowsOf<T>(tx: Tx | Db, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows
}

/** Every row and total from scratch, in one transaction; call it after writing counted data around the services. */
export async function rebuildAllBoards(db: Db): Promise<{ entries: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${REBUILD_LOCK}, 0))`)
    return { entries: await rebuild(tx) }
  })
}

/** Rebuilds every board when none is written but something counts (a database older than them); else undefined. */
export async function rebuildBoardsIfEmpty(db: Db): Promise<{ entries: number } | undefined> {
  const needed = sql`select
      not exists (select 1 from leaderboard_entries)
      and (exists (select 1 from measurements m join users u on u.id = m.user_id and u.hidden_at is null
                   where m.visibility = 'public' and m.hidden_at is null and m.check_state <> 'disputed')
        or exists (select 1 from user_achievements)) as needed`
  const [first] = await rowsOf<{ needed: boolean }>(db, needed)
  if (first?.needed !== true) return undefined
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${REBUILD_LOCK}, 0))`)
    // Another process may have rebuilt meanwhile.
    const [again] = await rowsOf<{ needed: boolean }>(tx, needed)
    return again?.needed === true ? { entries: await rebuild(tx) } : undefined
  })
}
