import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { preparedRows } from '#server/db/prepared.ts'
import {
  type BoardVersion,
  type Cell,
  type CellKey,
  cellsOf,
  EMPTY_CELL,
  keyText,
  moveCell,
  rollUp,
  samePart,
  totalsShard,
} from './leaderboards.cells.ts'
import { bucketsSql, counts, evidenceLevel, sizeOf } from './leaderboards.service.ts'

// A measurement's write moves only the cells of its old and new versions: ADR 020. Runs in the write's transaction,
// after it, under the member's lock (afterMemberChange).

// Prepared: the texts have a few shapes, and planning them cost as much as running them (ADR 028).
const rowsOf = <T>(tx: Tx, query: SQL): Promise<T[]> => preparedRows<T>(tx, query)

/** A moment as fixed-width ISO text with microseconds, in UTC (leaderboards.cells.ts compares them as text). */
const iso = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** A measurement's BoardVersion as JSON, with species, buckets and level as columns; no row when it does not count. */
const versionOf = (measurementId: string) => sql`select json_build_object('speciesId', m.species_id,
      'buckets', ${bucketsSql(sql`m.taken_at`)}, 'level', ${evidenceLevel}, 'trophy', m.trophy_class in ('trophy', 'record'),
      'size', ${sizeOf}, 'createdAt', ${iso(sql`m.created_at`)})::text as version,
      m.species_id, ${bucketsSql(sql`m.taken_at`)} as buckets, ${evidenceLevel} as level
    from measurements m join users u on u.id = m.user_id and u.hidden_at is null
    where m.id = ${measurementId} and ${counts}`

const parseVersion = (text: string | null | undefined): BoardVersion | null =>
  text ? (JSON.parse(text) as BoardVersion) : null

/** The measurement as the boards count it now (null: it does not); locks the row until the write commits. */
export async function readBoardVersion(tx: Tx, measurementId: string): Promise<BoardVersion | null> {
  const [row] = await rowsOf<{ version: string }>(tx, sql`${versionOf(measurementId)} for update of m`)
  return parseVersion(row?.version)
}

/** A member's 'trophies' or 'species' row: board, bucket, species, evidence, value, achieved_at, counts. */
type EntryRow = [string, string, string, number, number, string, number, number]

const entriesJson = (from: SQL) => sql`(select coalesce(json_agg(json_build_array(e.board, e.bucket, e.species_id,
    e.evidence, e.value, ${iso(sql`e.achieved_at`)}, e.measurements, e.trophies)), '[]')::text ${from})`

function cellsFromRows(rows: readonly EntryRow[]): Map<string, Cell> {
  const cells = new Map<string, Cell>()
  for (const [board, bucket, speciesId, evidence, value, at, measurements, trophies] of rows) {
    const key = keyText({ bucket, speciesId, evidence })
    const cell = { ...(cells.get(key) ?? EMPTY_CELL), measurements, trophies }
    if (board === 'trophies') cell.trophiesAt = at
    else {
      cell.best = value
      cell.bestAt = at
    }
    cells.set(key, cell)
  }
  return cells
}

const keyValues = (keys: readonly CellKey[]) =>
  sql.join(
    keys.map((k) => sql`(${k.bucket}::text, ${k.speciesId}::text, ${k.evidence}::smallint)`),
    sql`, `,
  )

/**
 * The version after the write and the member's rows of its cells and `before`'s. The LIMIT keeps each cell a key probe;
 * keys come from VALUES, not set functions, whose row estimates would wake PostgreSQL's JIT (ADR 020).
 */
async function readAfterAndCells(
  tx: Tx,
  userId: string,
  measurementId: string,
  before: readonly CellKey[],
): Promise<{ after: BoardVersion | null; current: Map<string, Cell> }> {
  const beforeKeys = before.length > 0 ? sql`union select * from (values ${keyValues(before)}) k(b, s, e)` : sql``
  const [row] = await rowsOf<{ version: string | null; cells: string }>(
    tx,
    sql`with v as materialized (${versionOf(measurementId)}),
      keys as (
        select b.b, s.s, e.e::smallint from v
          cross join lateral unnest(v.buckets) b(b)
          cross join lateral (values (''), (v.species_id)) s(s)
          cross join (values (0), (1), (2)) e(e)
        where e.e <= v.level
        ${beforeKeys})
    select (select version from v) as version, ${entriesJson(sql`from keys k
      join lateral (select * from leaderboard_entries x where x.user_id = ${userId}
        and x.board in ('trophies', 'species') and x.bucket = k.b and x.species_id = k.s and x.evidence = k.e
        limit 2) e on true`)}
      as cells`,
  )
  return { after: parseVersion(row?.version), current: cellsFromRows(JSON.parse(row?.cells ?? '[]') as EntryRow[]) }
}

/** The bounds of a week or month bucket ('w2026-11-16', 'm2026-11'), as the UTC moments that start and end it. */
export function bucketRange(bucket: string): { from: string; to: string } {
  const kind = bucket[0]
  const start = new Date(`${kind === 'm' ? `${bucket.slice(1)}-01` : bucket.slice(1)}T00:00:00.000Z`)
  const end = new Date(start)
  if (kind === 'm') end.setUTCMonth(end.getUTCMonth() + 1)
  else end.setUTCDate(end.getUTCDate() + 7)
  return { from: start.toISOString(), to: end.toISOString() }
}

/** A cell read again from its measurements: its index among the keys, the latest, the best and its moment. */
type Refound = [number, string | null, number | null, string | null]

/** The aggregates of week and month cells from the member's measurements taken in them (as cellsCtes makes them). */
function measuredSql(userId: string, keys: readonly CellKey[]): SQL {
  if (keys.length === 0) return sql`'[]'`
  const cells = sql.join(
    keys.map((k, i) => {
      const { from, to } = bucketRange(k.bucket)
      return sql`(${i}::int, ${from}::timestamptz, ${to}::timestamptz, ${k.speciesId}::text, ${k.evidence}::int)`
    }),
    sql`, `,
  )
  return sql`(select json_agg(json_build_array(c.i, ${iso(sql`a.latest`)}, a.best, ${iso(sql`a.best_at`)}))::text
    from (values ${cells}) c(i, from_at, to_at, species_id, evidence)
    cross join lateral (
      select coalesce(max(x.created_at) filter (where x.trophy), max(x.created_at)) as latest, max(x.size) as best,
        (array_agg(x.created_at order by x.size desc, x.created_at) filter (where x.size is not null))[1] as best_at
      from (select m.created_at, m.trophy_class in ('trophy', 'record') as trophy, ${sizeOf} as size
        from measurements m
        where m.user_id = ${userId} and m.taken_at >= c.from_at and m.taken_at < c.to_at and ${counts}
          and (c.species_id = '' or m.species_id = c.species_id) and ${evidenceLevel} >= c.evidence) x) a)`
}

/** The member's rows a year is made of (its months) and all time (every year), for these species and levels. */
function childrenSql(userId: string, keys: readonly CellKey[]): SQL {
  if (keys.length === 0) return sql`'[]'`
  const months = keys
    .filter((k) => k.bucket.startsWith('y'))
    .flatMap((k) => Array.from({ length: 12 }, (_, m) => `m${k.bucket.slice(1)}-${String(m + 1).padStart(2, '0')}`))
  const list = (values: readonly (string | number)[]) =>
    sql.join(
      [...new Set(values)].map((v) => sql`${v}`),
      sql`, `,
    )
  // Years by range: 'y' and digits sort after every 'w…' bucket and before anything else.
  const buckets = [
    ...(months.length > 0 ? [sql`e.bucket in (${list(months)})`] : []),
    ...(keys.some((k) => k.bucket === 'all') ? [sql`(e.bucket >= 'y' and e.bucket < 'z')`] : []),
  ]
  return entriesJson(sql`from leaderboard_entries e where e.user_id = ${userId}
    and e.board in ('trophies', 'species') and e.species_id in (${list(keys.map((k) => k.speciesId))})
    and e.evidence in (${list(keys.map((k) => k.evidence))}) and (${sql.join(buckets, sql` or `)})`)
}

const childrenOf = (bucket: string) =>
  bucket === 'all' ? (b: string) => b.startsWith('y') : (b: string) => b.startsWith(`m${bucket.slice(1)}-`)

/** Reads again the maxima the removed part held, in one statement; years roll up from `next` over the stored rows. */
async function refind(tx: Tx, userId: string, keys: readonly CellKey[], next: Map<string, Cell>) {
  if (keys.length === 0) return
  const measured = keys.filter((k) => k.bucket.startsWith('w') || k.bucket.startsWith('m'))
  const rolled = keys
    .filter((k) => k.bucket.startsWith('y') || k.bucket === 'all')
    .sort((a, b) => (a.bucket === 'all' ? 1 : 0) - (b.bucket === 'all' ? 1 : 0))
  const [row] = await rowsOf<{ measured: string | null; children: string }>(
    tx,
    sql`select ${measuredSql(userId, measured)} as measured, ${childrenSql(userId, rolled)} as children`,
  )
  for (const [i, latest, found, bestAt] of JSON.parse(row?.measured ?? '[]') as Refound[]) {
    const key = measured[i] as CellKey
    const cell = next.get(keyText(key)) as Cell
    const best = key.speciesId === '' ? null : found
    next.set(keyText(key), { ...cell, trophiesAt: latest, best, bestAt: best === null ? null : bestAt })
  }
  const stored = cellsFromRows(JSON.parse(row?.children ?? '[]') as EntryRow[])
  for (const key of rolled) {
    const isChild = childrenOf(key.bucket)
    const children = new Map<string, Cell>()
    for (const [text, cell] of [...stored, ...next]) {
      const [bucket, speciesId, evidence] = text.split('|')
      if (bucket && isChild(bucket) && speciesId === key.speciesId && Number(evidence) === key.evidence) {
        children.set(text, cell)
      }
    }
    const rolledUp = rollUp(next.get(keyText(key)) as Cell, [...children.values()])
    next.set(keyText(key), key.speciesId === '' ? { ...rolledUp, best: null, bestAt: null } : rolledUp)
  }
}

const sameCell = (a: Cell, b: Cell) =>
  a.measurements === b.measurements &&
  a.trophies === b.trophies &&
  a.trophiesAt === b.trophiesAt &&
  a.best === b.best &&
  a.bestAt === b.bestAt

/** Writes the changed cells in one statement; species totals in key order, so members lock shared rows in one order. */
async function writeCells(
  tx: Tx,
  userId: string,
  before: Map<string, Cell>,
  after: Map<string, Cell>,
  keys: CellKey[],
) {
  const upserts: SQL[] = []
  const deletes: SQL[] = []
  const points: SQL[] = []
  const totals: [string, number, string, number][] = []
  for (const key of keys) {
    const old = before.get(keyText(key)) ?? EMPTY_CELL
    const cell = after.get(keyText(key)) ?? EMPTY_CELL
    if (sameCell(old, cell)) continue
    const { bucket, speciesId, evidence } = key
    const row = (board: string, value: number, at: string | null) =>
      sql`(${board}, ${bucket}, ${speciesId}, ${evidence}::smallint, ${userId}, ${value}::float8, ${at}::timestamptz,
        ${cell.measurements}::int, ${cell.trophies}::int)`
    const gone = (board: string) => sql`(${board}, ${bucket}, ${speciesId}, ${evidence}::smallint)`
    if (cell.measurements === 0) deletes.push(gone('trophies'))
    else upserts.push(row('trophies', cell.trophies, cell.trophiesAt))
    if (speciesId !== '') {
      if (cell.best !== null) upserts.push(row('species', cell.best, cell.bestAt))
      else if (old.best !== null) deletes.push(gone('species'))
      if (cell.measurements !== old.measurements)
        totals.push([bucket, evidence, speciesId, cell.measurements - old.measurements])
    } else if (evidence === 0 && (cell.measurements !== old.measurements || cell.trophies !== old.trophies)) {
      points.push(sql`(${bucket}, ${cell.measurements}::int, ${cell.trophies}::int)`)
    }
  }
  const ctes: SQL[] = []
  if (upserts.length > 0) {
    ctes.push(sql`upserted as (
      insert into leaderboard_entries as e (board, bucket, species_id, evidence, user_id, value, achieved_at,
        measurements, trophies)
      values ${sql.join(upserts, sql`, `)}
      on conflict (board, bucket, species_id, evidence, user_id) do update
        set value = excluded.value, achieved_at = excluded.achieved_at, measurements = excluded.measurements,
          trophies = excluded.trophies
        where (e.value, e.achieved_at, e.measurements, e.trophies)
          is distinct from (excluded.value, excluded.achieved_at, excluded.measurements, excluded.trophies))`)
  }
  if (deletes.length > 0) {
    ctes.push(sql`deleted as (
      delete from leaderboard_entries e where e.user_id = ${userId}
        and (e.board, e.bucket, e.species_id, e.evidence) in (${sql.join(deletes, sql`, `)}))`)
  }
  if (points.length > 0) {
    ctes.push(sql`pointed as (
      update leaderboard_entries e set measurements = p.measurements, trophies = p.trophies
      from (values ${sql.join(points, sql`, `)}) p(bucket, measurements, trophies)
      where e.board = 'points' and e.bucket = p.bucket and e.species_id = '' and e.evidence = 0
        and e.user_id = ${userId})`)
  }
  if (totals.length > 0) {
    const shard = totalsShard(userId)
    const values = totals.map(([b, e, s, n]) => sql`(${b}, ${e}::smallint, ${s}, ${shard}::smallint, ${n}::int)`)
    ctes.push(sql`totalled as (
      insert into leaderboard_species_totals as t (bucket, evidence, species_id, shard, measurements)
      select * from (values ${sql.join(values, sql`, `)}) v(bucket, evidence, species_id, shard, n) order by 1, 2, 3
      on conflict (bucket, evidence, species_id, shard) do update set measurements = t.measurements + excluded.measurements)`)
  }
  if (ctes.length > 0) await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`)
}

/** Moves the member's rows and species totals from the version `before` the write (null: uncounted) to the current. */
export async function moveMeasurementCells(
  tx: Tx,
  userId: string,
  measurementId: string,
  before: BoardVersion | null,
): Promise<void> {
  const removed = cellsOf(before)
  const { after, current } = await readAfterAndCells(
    tx,
    userId,
    measurementId,
    [...removed.values()].map((c) => c.key),
  )
  const added = cellsOf(after)
  const keys: CellKey[] = []
  const next = new Map<string, Cell>()
  const again: CellKey[] = []
  for (const [text, { key }] of [...removed, ...added]) {
    if (next.has(text)) continue
    const pair = { removed: removed.get(text)?.part, added: added.get(text)?.part }
    if (samePart(pair.removed, pair.added)) continue
    const moved = moveCell(current.get(text) ?? EMPTY_CELL, pair.removed, pair.added)
    next.set(text, moved.cell)
    keys.push(key)
    if (moved.refindLatest || moved.refindBest) again.push(key)
  }
  if (keys.length === 0) return
  await refind(tx, userId, again, next)
  await writeCells(tx, userId, current, next, keys)
}

/** Recomputes the points rows of the buckets of `moments` (awards earned or revoked then) from the member's awards. */
export async function refreshPointsCells(tx: Tx, userId: string, moments: SQL): Promise<void> {
  await tx.execute(sql`with buckets as (
      select distinct unnest(${bucketsSql(sql`t.at`)}) as bucket from (${moments}) t(at)),
    fresh as (
      select b.bucket, sum(a.points)::float8 as value, max(ua.earned_at) as achieved_at
      from user_achievements ua
      join achievements a on a.id = ua.achievement_id and a.is_active
      join users u on u.id = ua.user_id and u.hidden_at is null
      cross join lateral unnest(${bucketsSql(sql`ua.earned_at`)}) b(bucket)
      where ua.user_id = ${userId} and b.bucket in (select bucket from buckets)
      group by b.bucket),
    gone as (
      delete from leaderboard_entries e
      where e.board = 'points' and e.user_id = ${userId} and e.species_id = '' and e.evidence = 0
        and e.bucket in (select bucket from buckets) and e.bucket not in (select bucket from fresh))
    insert into leaderboard_entries as e (board, bucket, species_id, evidence, user_id, value, achieved_at,
      measurements, trophies)
    select 'points', f.bucket, '', 0, ${userId}, f.value, f.achieved_at, coalesce(c.measurements, 0),
      coalesce(c.trophies, 0)
    from fresh f
    left join leaderboard_entries c on c.board = 'trophies' and c.bucket = f.bucket and c.species_id = ''
      and c.evidence = 0 and c.user_id = ${userId}
    on conflict (board, bucket, species_id, evidence, user_id) do update
      set value = excluded.value, achieved_at = excluded.achieved_at
      where (e.value, e.achieved_at) is distinct from (excluded.value, excluded.achieved_at)`)
}
