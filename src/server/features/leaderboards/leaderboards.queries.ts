import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { countLiteral } from '#server/db/literals.ts'
import { preparedStatement } from '#server/db/prepared.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import {
  EVIDENCE_FILTERS,
  type EvidenceFilter,
  LEADERBOARD_ROWS,
  type Leaderboard,
  type LeaderboardPeriod,
  type LeaderboardRow,
  periodBucket,
  type TopSpecies,
} from '#shared/schemas/achievements.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import { type BoardOrder, parseBoardOrder } from './leaderboards.order.ts'

// Board reads: each generic plan must stay one ordered range of the rank index (leaderboards.explain.test.ts).

export type BoardKey = { board: Leaderboard; bucket: string; speciesId: string; evidence: number }

export type BoardRow = {
  id: string
  value: number
  measurements: number
  trophies: number
  firstName: string | null
  lastName: string | null
  image: string | null
}

const placeholder = (name: string) => sql.placeholder(name)

/** Leaves out members blocked either way: a hashed NOT IN over the viewer's few blocks. */
const notBlocked = (column: 'e.user_id' | 'a.user_id') => sql`${sql.raw(column)} not in (
    select blocked_id from blocks where blocker_id = ${placeholder('viewer')}
    union all
    select blocker_id from blocks where blocked_id = ${placeholder('viewer')})`

/** A moment in whole microseconds since 1970, as the kept order compares them (exact in a double). */
const microsSql = (column: SQL) => sql`(extract(epoch from ${column}) * 1000000)::int8`

/** The board's key as a condition on the rows of `alias`: the rank index's leading columns. */
const keyOf = (alias: 'e' | 'a') => {
  const e = sql.raw(alias)
  return sql`${e}.board = ${placeholder('board')} and ${e}.bucket = ${placeholder('bucket')}
    and ${e}.species_id = ${placeholder('species')} and ${e}.evidence = ${placeholder('evidence')}`
}

/**
 * A board's top rows in the index's own order (`desc nulls last`). They are limited in a subquery of the entries alone,
 * then each member read by a lateral primary-key probe, so the plan stays an ordered range: no sort, no hash of users.
 */
const topQuery = (viewerBlocks: 'left out' | 'kept', limit: SQL): SQL => sql`select top.user_id as id, top.value,
    top.measurements, top.trophies, u.first_name as "firstName", u.last_name as "lastName", u.image
  from (
    select e.user_id, e.value, e.achieved_at, e.measurements, e.trophies from leaderboard_entries e
    where ${keyOf('e')} and e.value > 0${viewerBlocks === 'left out' ? sql` and ${notBlocked('e.user_id')}` : sql``}
    order by e.value desc nulls last, e.achieved_at, e.user_id
    limit ${limit}) top
  cross join lateral (
    select u.first_name, u.last_name, u.image from users u where u.id = top.user_id and u.hidden_at is null limit 1) u
  order by top.value desc nulls last, top.achieved_at, top.user_id`
export const boardQuery = topQuery('left out', countLiteral(LEADERBOARD_ROWS))
const boardStatement = preparedStatement<BoardRow>(boardQuery)

/** Rows a board's shared top holds: ten more than are shown, for viewers who blocked members near the top. */
export const SHARED_TOP_ROWS = LEADERBOARD_ROWS + 10

export const sharedTopQuery = topQuery('kept', countLiteral(SHARED_TOP_ROWS))
const sharedTopStatement = preparedStatement<BoardRow>(sharedTopQuery)

const viewerBlocksStatement = preparedStatement<{ id: string }>(
  sql`select blocked_id as id from blocks where blocker_id = ${placeholder('viewer')}
    union all
    select blocker_id from blocks where blocked_id = ${placeholder('viewer')}`,
)

/**
 * The viewer's row by primary key (a value condition inside `mine` made the generic plan scan the whole range), and
 * 1 + the rows ahead of it in index order, counted on one range up to its value, less members blocked either way.
 */
export const myRankQuery = sql`with mine as materialized (
    select e.user_id, e.value, e.achieved_at, e.measurements, e.trophies from leaderboard_entries e
    where ${keyOf('e')} and e.user_id = ${placeholder('viewer')})
  select mine.user_id as id, mine.value, mine.measurements, mine.trophies,
    u.first_name as "firstName", u.last_name as "lastName", u.image,
    1 + (select count(*) from leaderboard_entries a
      where ${keyOf('a')} and a.value >= mine.value
        and (a.value > mine.value or (a.achieved_at, a.user_id) < (mine.achieved_at, mine.user_id))
        and ${notBlocked('a.user_id')})::int as rank
  from mine
  join users u on u.id = mine.user_id and u.hidden_at is null
  where mine.value > 0`
const myRankStatement = preparedStatement<BoardRow & { rank: number }>(myRankQuery)

const topSpeciesStatement = preparedStatement<{ species: string; count: number }>(
  sql`select species_id as species, sum(measurements)::int as count from leaderboard_species_totals
    where bucket = ${placeholder('bucket')} and evidence = ${placeholder('evidence')}
    group by species_id having sum(measurements) > 0
    order by count desc, species_id`,
)

export function toRow(raw: BoardRow, rank: number): LeaderboardRow {
  return {
    id: raw.id,
    rank,
    value: Number(raw.value),
    totalMeasurements: Number(raw.measurements),
    totalTrophies: Number(raw.trophies),
    user: { id: raw.id, firstName: raw.firstName, lastName: raw.lastName, profileImageUrl: raw.image },
  }
}

const evidenceLevel = (evidence: EvidenceFilter) => EVIDENCE_FILTERS.indexOf(evidence)

function speciesError(message: string): AppError {
  return new AppError('BAD_REQUEST', `species: ${message}`, [{ path: 'species', message }])
}

/** A species filter of a query string: '' for every species ('all' or none), else a catalogue species (else 400). */
function speciesFilter(species: string | undefined): string {
  if (species === undefined || species === 'all') return ''
  if (!getSpecies(species)) throw speciesError('unknown species')
  return species
}

export type BoardQuery = { period: LeaderboardPeriod; evidence: EvidenceFilter; species?: string | undefined }

/** The board's key for these filters at `now`; points have no evidence or species, so those filters are ignored. */
export function boardKey(board: Leaderboard, query: BoardQuery, now: Date): BoardKey {
  const bucket = periodBucket(query.period, now)
  if (board === 'points') return { board, bucket, speciesId: '', evidence: 0 }
  const speciesId = speciesFilter(query.species)
  if (board === 'species' && speciesId === '') throw speciesError('choose a species for the species board')
  return { board, bucket, speciesId, evidence: evidenceLevel(query.evidence) }
}

const valuesOf = (key: BoardKey, viewer: AuthUser) => ({
  board: key.board,
  bucket: key.bucket,
  species: key.speciesId,
  evidence: key.evidence,
  viewer: viewer.id,
})

/** GET /api/leaderboards/points|trophies|species/{species}: the top 10, ranked 1..n as the viewer sees them. */
export async function listLeaderboard(db: Db, viewer: AuthUser, key: BoardKey): Promise<LeaderboardRow[]> {
  const rows = await boardStatement.rows(db, valuesOf(key, viewer))
  return rows.map((raw, i) => toRow(raw, i + 1))
}

// The members in index order, as three texts (ids, values, moments): an index-only range with no sort (an ordered
// aggregate sorts, and JSON of every row cost ten times more on 90,000 rows). Each aggregate takes the rows in the
// subquery's order. The viewer's own figures come from their row (readViewerOnBoard).
const orderStatement = preparedStatement<{ ids: string | null; values: string | null; ats: string | null }>(
  sql`select string_agg(o.user_id, ' ') as ids, string_agg(o.value::text, ' ') as values,
      string_agg(o.at::text, ' ') as ats from (
      select e.user_id, e.value, ${microsSql(sql`e.achieved_at`)} as at
      from leaderboard_entries e where ${keyOf('e')} and e.value > 0
      order by e.value desc nulls last, e.achieved_at, e.user_id) o`,
)

/** The board's members, first place first, with what they are ranked by (leaderboards.order.ts). */
export async function readBoardOrder(db: Db, key: BoardKey): Promise<BoardOrder> {
  const { board, bucket, speciesId: species, evidence } = key
  const [row] = await orderStatement.rows(db, { board, bucket, species, evidence })
  return parseBoardOrder(row ?? { ids: null, values: null, ats: null })
}

const viewerOnBoardStatement = preparedStatement<{
  firstName: string | null
  lastName: string | null
  image: string | null
  hidden: boolean
  blocked: string[] | null
  value: number | null
  /** achieved_at in microseconds since 1970, as text */
  at: string | null
  measurements: number | null
  trophies: number | null
}>(
  sql`select u.first_name as "firstName", u.last_name as "lastName", u.image, u.hidden_at is not null as hidden,
      array(select blocked_id from blocks where blocker_id = u.id
        union all select blocker_id from blocks where blocked_id = u.id) as blocked,
      e.value, ${microsSql(sql`e.achieved_at`)}::text as at, e.measurements, e.trophies
    from users u
    left join leaderboard_entries e on ${keyOf('e')} and e.user_id = u.id
    where u.id = ${placeholder('viewer')}`,
)

/** The viewer's name, blocks either way and figures on the board (null when they have no row there). */
export async function readViewerOnBoard(db: Db, viewerId: string, key: BoardKey) {
  const { board, bucket, speciesId: species, evidence } = key
  const [row] = await viewerOnBoardStatement.rows(db, { viewer: viewerId, board, bucket, species, evidence })
  return row
}

export function readBoardTop(db: Db, key: BoardKey): Promise<BoardRow[]> {
  const { board, bucket, speciesId: species, evidence } = key
  return sharedTopStatement.rows(db, { board, bucket, species, evidence })
}

export async function readViewerBlocks(db: Db, viewerId: string): Promise<ReadonlySet<string>> {
  const rows = await viewerBlocksStatement.rows(db, { viewer: viewerId })
  return new Set(rows.map((row) => row.id))
}

/** GET /api/leaderboards/species/{species}: 404 for an id that is not in the catalogue. */
export function speciesBoardKey(species: string, query: BoardQuery, now: Date): BoardKey {
  if (!getSpecies(species)) throw new AppError('NOT_FOUND', 'Species not found')
  return boardKey('species', { ...query, species }, now)
}

/** GET /api/leaderboards/me: the viewer's row with their rank on that board, or null when they have no value there. */
export async function myRank(db: Db, viewer: AuthUser, key: BoardKey): Promise<{ row: LeaderboardRow | null }> {
  const [raw] = await myRankStatement.rows(db, valuesOf(key, viewer))
  return { row: raw ? toRow(raw, Number(raw.rank)) : null }
}

/** GET /api/leaderboards/top-species: species with counted measurements in the period, most first, then by id. */
export async function topSpecies(
  db: Db,
  query: { period: LeaderboardPeriod; evidence: EvidenceFilter },
  now: Date,
): Promise<TopSpecies[]> {
  const rows = await topSpeciesStatement.rows(db, {
    bucket: periodBucket(query.period, now),
    evidence: evidenceLevel(query.evidence),
  })
  return rows.map((r) => ({
    species: r.species,
    name: getSpecies(r.species)?.name ?? r.species,
    count: Number(r.count),
  }))
}
