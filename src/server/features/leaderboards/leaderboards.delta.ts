import { type SQL, sql } from 'drizzle-orm'
import type { Tx } from '../../db/client.ts'
import {
  type BoardVersion,
  type Cell,
  type CellKey,
  cellsOf,
  EMPTY_CELL,
  keyText,
  moveCell,
  type Part,
  rollUp,
  samePart,
} from './leaderboards.cells.ts'
import { bucketsSql, counts, evidenceLevel, sizeOf } from './leaderboards.service.ts'

// One measurement's write moves only the cells its old and new versions fall in (ADR 020): their counts by one, the
// species totals by the net change, and a latest or best the old version held is read again over that cell alone:
// a week or a month from the member's measurements taken in it (measurements_user_taken_idx), a year from its
// months' rows, all time from its years' (leaderboard_entries_user_idx). Nothing reads the member's whole history;
// refreshMemberBoards (leaderboards.service.ts) stays the full recomputation, for member-wide changes and repairs.
// Runs under the member's lock (afterMemberChange), after the write, in its transaction.

type Rows<T> = { rows: T[] }
async function rowsOf<T>(tx: Tx, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as Rows<T>).rows
}

/** A moment as fixed-width ISO text with microseconds, in UTC (leaderboards.cells.ts compares them as text). */
const iso = (at: SQL) => sql`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

type VersionRow = {
  species_id: string
  buckets: string
  level: number
  trophy: boolean
  size: number | null
  at: string
}

/**
 * The measurement as the boards count it now, or null when it does not count (not public, hidden, disputed, its
 * owner hidden, or gone). Locks the row, so that it stays what was read until the write that follows commits.
 */
export async function readBoardVersion(tx: Tx, measurementId: string): Promise<BoardVersion | null> {
  const [row] = await rowsOf<VersionRow>(
    tx,
    sql`select m.species_id, array_to_string(${bucketsSql(sql`m.taken_at`)}, ' ') as buckets, ${evidenceLevel} as level,
      m.trophy_class in ('trophy', 'record') as trophy, ${sizeOf} as size, ${iso(sql`m.created_at`)} as at
    from measurements m join users u on u.id = m.user_id and u.hidden_at is null
    where m.id = ${measurementId} and ${counts}
    for update of m`,
  )
  if (!row) return null
  return {
    speciesId: row.species_id,
    buckets: row.buckets.split(' '),
    level: Number(row.level),
    trophy: row.trophy,
    size: row.size === null ? null : Number(row.size),
    createdAt: row.at,
  }
}

type EntryRow = {
  board: string
  bucket: string
  species_id: string
  evidence: number
  value: number
  at: string
  measurements: number
  trophies: number
}

/** Puts a member's 'trophies' and 'species' rows together into their cells. */
function cellsFromRows(rows: readonly EntryRow[]): Map<string, Cell> {
  const cells = new Map<string, Cell>()
  for (const row of rows) {
    const key = keyText({ bucket: row.bucket, speciesId: row.species_id, evidence: Number(row.evidence) })
    const cell = { ...(cells.get(key) ?? EMPTY_CELL) }
    cell.measurements = Number(row.measurements)
    cell.trophies = Number(row.trophies)
    if (row.board === 'trophies') cell.trophiesAt = row.at
    else {
      cell.best = Number(row.value)
      cell.bestAt = row.at
    }
    cells.set(key, cell)
  }
  return cells
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )
const distinct = <T>(values: readonly T[]) => [...new Set(values)]

/** The member's rows of these buckets, species and evidence levels (a superset of the keys: one index probe each). */
async function readCells(tx: Tx, userId: string, keys: readonly CellKey[], buckets?: SQL): Promise<Map<string, Cell>> {
  if (keys.length === 0) return new Map()
  const inBuckets = buckets ?? sql`e.bucket in (${list(distinct(keys.map((k) => k.bucket)))})`
  return cellsFromRows(
    await rowsOf<EntryRow>(
      tx,
      sql`select e.board, e.bucket, e.species_id, e.evidence, e.value, ${iso(sql`e.achieved_at`)} as at,
        e.measurements, e.trophies
      from leaderboard_entries e
      where e.user_id = ${userId} and e.board in ('trophies', 'species')
        and e.species_id in (${list(distinct(keys.map((k) => k.speciesId)))})
        and e.evidence in (${list(distinct(keys.map((k) => k.evidence)))}) and ${inBuckets}`,
    ),
  )
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

type Refound = { i: number; latest: string | null; best: number | null; best_at: string | null }

/** Week and month cells read again from the member's measurements taken in them (as cellsCtes aggregates them). */
async function refindFromMeasurements(tx: Tx, userId: string, keys: readonly CellKey[], next: Map<string, Cell>) {
  if (keys.length === 0) return
  const cells = sql.join(
    keys.map((k, i) => {
      const { from, to } = bucketRange(k.bucket)
      return sql`(${i}::int, ${from}::timestamptz, ${to}::timestamptz, ${k.speciesId}::text, ${k.evidence}::int)`
    }),
    sql`, `,
  )
  const rows = await rowsOf<Refound>(
    tx,
    sql`select c.i, ${iso(sql`a.latest`)} as latest, a.best, ${iso(sql`a.best_at`)} as best_at
    from (values ${cells}) c(i, from_at, to_at, species_id, evidence)
    cross join lateral (
      select coalesce(max(x.created_at) filter (where x.trophy), max(x.created_at)) as latest, max(x.size) as best,
        (array_agg(x.created_at order by x.size desc, x.created_at) filter (where x.size is not null))[1] as best_at
      from (select m.created_at, m.trophy_class in ('trophy', 'record') as trophy, ${sizeOf} as size
        from measurements m
        where m.user_id = ${userId} and m.taken_at >= c.from_at and m.taken_at < c.to_at and ${counts}
          and (c.species_id = '' or m.species_id = c.species_id) and ${evidenceLevel} >= c.evidence) x) a`,
  )
  for (const row of rows) {
    const key = keys[Number(row.i)] as CellKey
    const cell = next.get(keyText(key)) as Cell
    const best = key.speciesId === '' || row.best === null ? null : Number(row.best)
    next.set(keyText(key), { ...cell, trophiesAt: row.latest, best, bestAt: best === null ? null : row.best_at })
  }
}

/** The cells a year or all time is made of: its months, or every year. */
const childrenOf = (bucket: string) =>
  bucket === 'all' ? (b: string) => b.startsWith('y') : (b: string) => b.startsWith(`m${bucket.slice(1)}-`)

/**
 * Years read again from their months' rows, then all time from its years' (a year's first: all time is made of the
 * years as this write leaves them). The rows read are those before the write, overridden by the cells it moved.
 */
async function refindFromRollUps(tx: Tx, userId: string, keys: readonly CellKey[], next: Map<string, Cell>) {
  const years = keys.filter((k) => k.bucket.startsWith('y'))
  const allTime = keys.filter((k) => k.bucket === 'all')
  if (years.length === 0 && allTime.length === 0) return
  const months = years.flatMap((k) =>
    Array.from({ length: 12 }, (_, m) => `m${k.bucket.slice(1)}-${String(m + 1).padStart(2, '0')}`),
  )
  // Years by range: a bucket of a year is 'y' and digits, after every 'w…' and before anything else used.
  const inBuckets = sql`(${months.length > 0 ? sql`e.bucket in (${list(distinct(months))})` : sql`false`}
    or ${allTime.length > 0 ? sql`(e.bucket >= 'y' and e.bucket < 'z')` : sql`false`})`
  const stored = await readCells(tx, userId, [...years, ...allTime], inBuckets)
  for (const key of [...years, ...allTime]) {
    const isChild = childrenOf(key.bucket)
    const children = new Map<string, Cell>()
    for (const [text, cell] of [...stored, ...next]) {
      const [bucket, speciesId, evidence] = text.split('|')
      if (bucket && isChild(bucket) && speciesId === key.speciesId && Number(evidence) === key.evidence) {
        children.set(text, cell)
      }
    }
    const cell = next.get(keyText(key)) as Cell
    const rolled = rollUp(cell, [...children.values()])
    next.set(keyText(key), key.speciesId === '' ? { ...rolled, best: null, bestAt: null } : rolled)
  }
}

const sameCell = (a: Cell, b: Cell) =>
  a.measurements === b.measurements &&
  a.trophies === b.trophies &&
  a.trophiesAt === b.trophiesAt &&
  a.best === b.best &&
  a.bestAt === b.bestAt

/**
 * Writes the cells that changed in one statement: their rows upserted or deleted, the points rows of the same bucket
 * given their new totals, the species totals moved by the net change in key order (as refreshMemberBoards does, so
 * that members' transactions take the shared rows' locks in one order).
 */
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
    const values = totals.map(([b, e, s, n]) => sql`(${b}, ${e}::smallint, ${s}, ${n}::int)`)
    ctes.push(sql`totalled as (
      insert into leaderboard_species_totals as t (bucket, evidence, species_id, measurements)
      select * from (values ${sql.join(values, sql`, `)}) v(bucket, evidence, species_id, n) order by 1, 2, 3
      on conflict (bucket, evidence, species_id) do update set measurements = t.measurements + excluded.measurements)`)
  }
  if (ctes.length > 0) await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select 1`)
}

/**
 * Moves the member's rows and the species totals from the measurement's version `before` the write to the one
 * `after` it (null: it did not, or no longer does, count).
 */
export async function moveMeasurementCells(
  tx: Tx,
  userId: string,
  before: BoardVersion | null,
  after: BoardVersion | null,
): Promise<void> {
  const removed = cellsOf(before)
  const added = cellsOf(after)
  const keys: CellKey[] = []
  const parts = new Map<string, { removed: Part | undefined; added: Part | undefined }>()
  for (const [text, { key }] of [...removed, ...added]) {
    if (parts.has(text)) continue
    const pair = { removed: removed.get(text)?.part, added: added.get(text)?.part }
    if (samePart(pair.removed, pair.added)) continue
    parts.set(text, pair)
    keys.push(key)
  }
  if (keys.length === 0) return
  const current = await readCells(tx, userId, keys)
  const next = new Map<string, Cell>()
  const fromMeasurements: CellKey[] = []
  const fromRollUps: CellKey[] = []
  for (const key of keys) {
    const text = keyText(key)
    const pair = parts.get(text) as { removed: Part | undefined; added: Part | undefined }
    const moved = moveCell(current.get(text) ?? EMPTY_CELL, pair.removed, pair.added)
    next.set(text, moved.cell)
    if (moved.refindLatest || moved.refindBest) {
      ;(key.bucket.startsWith('w') || key.bucket.startsWith('m') ? fromMeasurements : fromRollUps).push(key)
    }
  }
  await refindFromMeasurements(tx, userId, fromMeasurements, next)
  await refindFromRollUps(tx, userId, fromRollUps, next)
  await writeCells(tx, userId, current, next, keys)
}

/**
 * The points rows of the buckets of `moments` (when achievements were earned or taken back) computed again from the
 * member's awards earned in them: a few dozen at most, whatever their history. Measurements and trophies come from
 * the 'trophies' row of the same bucket, as refreshMemberBoards writes them. A hidden member has no rows.
 */
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
