import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { blockedSql, canView, followsSql, type Relation } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { countByMonth, DEFAULT_TIME_ZONE, lastMonths } from '#shared/measurements/calendar-months.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type {
  ListOrder,
  Measurement,
  MeasurementPage,
  MeasurementStats,
  Visibility,
} from '#shared/schemas/measurements.ts'
import type { System, TrophyClass } from '#shared/scoring/index.ts'
import { getSpecies } from '#shared/species/catalogue.ts'
import {
  type Audience,
  cursorTextOf,
  decodeCursor,
  encodeCursor,
  listColumns,
  notFound,
  type PhotoRow,
  toMeasurement,
} from './measurements.service.ts'
import { measurements, photos } from './measurements.tables.ts'

// The member's hot reads, each ONE prepared statement that also returns the version its body is cached under
// (ADR 022). The version's SQL is shared, so a body stored from one statement matches a version read alone later.

/** A value with the version it was read at (lib/versioned-cache.ts `read`). */
export type Versioned<T> = { version: string; value: T }

const m = measurements
const userId = sql.placeholder('userId')

type Columns = Record<string, Column>

/** Columns under their field names, so that a raw row maps back with `fromDriver`. */
function selectAs(columns: Columns): SQL {
  return sql.join(
    Object.entries(columns).map(([field, column]) => sql`${column} as ${sql.identifier(field)}`),
    sql`, `,
  )
}

/** A raw row's columns as drizzle reads them (both drivers: timestamps as Date, json parsed, numbers as numbers). */
function fromDriver<T>(columns: Columns, raw: Record<string, unknown>): T {
  const row: Record<string, unknown> = {}
  for (const [field, column] of Object.entries(columns)) {
    const value = raw[field]
    row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as T
}

/** The photos of the measurement in the current row, in order, as a JSON array (a correlated subquery). */
const photosJson = sql`(select coalesce(json_agg(json_build_object('id', ${photos.id}, 'width', ${photos.width},
  'height', ${photos.height}) order by ${photos.position}), '[]'::json) from ${photos}
  where ${photos.measurementId} = ${m.id})`

type PhotoJson = { id: string; width: number; height: number }
const toPhotoRows = (measurementId: string, list: PhotoJson[] | null): PhotoRow[] =>
  (list ?? []).map((photo, position) => ({ ...photo, measurementId, position }))

// The collection's version: its count, its latest updated_at, and the owner's users.updated_at (name, picture).

const versionParts = sql`count(*)::int as v_n, max(${m.updatedAt})::text as v_at,
  (select ${users.updatedAt}::text from ${users} where ${users.id} = ${userId}) as v_owner`
type VersionPartsRow = { v_n: number | string; v_at: string | null; v_owner: string | null }
const versionText = (row: VersionPartsRow | undefined) => `${row?.v_n ?? 0}|${row?.v_at ?? ''}|${row?.v_owner ?? ''}`

const collectionVersionStatement = preparedStatement<VersionPartsRow>(
  sql`select ${versionParts} from ${m} where ${m.userId} = ${userId}`,
)

export async function collectionVersion(db: Db, memberId: string): Promise<string> {
  const [row] = await collectionVersionStatement.rows(db, { userId: memberId })
  return versionText(row)
}

// GET /api/measurements: keyset pages over (time desc, id desc), read from measurements_user_created/taken_idx.

type PageRow = Record<string, unknown> & { id: string; cursorAt: string; photoRows: PhotoJson[] | null }
type ListRow = VersionPartsRow & { page: PageRow[] | null }

/** A shape per order and first-or-later page, prepared once each. */
const listStatements = new Map<string, PreparedStatement<ListRow>>()

function listStatement(order: ListOrder, after: boolean): PreparedStatement<ListRow> {
  const shape = `${order}|${after}`
  let statement = listStatements.get(shape)
  if (!statement) {
    const time = order === 'taken' ? m.takenAt : m.createdAt
    // nulls last, as the indexes are ordered: plain desc (nulls first) cannot read them in order, only sort.
    const pageOrder = sql`order by ${time} desc nulls last, ${m.id} desc nulls last`
    const keyset = after
      ? sql`and (${time}, ${m.id}) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
      : sql``
    // The page's rows come as one JSON value: PGlite decodes every field of a result apart (ADR 022).
    statement = preparedStatement<ListRow>(sql`
      with page as (
        select ${selectAs(listColumns)},
          ${cursorTextOf(time)} as "cursorAt",
          ${photosJson} as "photoRows",
          row_number() over (${pageOrder}) as ord
        from ${m} where ${m.userId} = ${userId} ${keyset}
        ${pageOrder} limit ${sql.placeholder('take')}
      )
      select ${versionParts}, (select json_agg(page order by page.ord) from page) as page
      from ${m} where ${m.userId} = ${userId}`)
    listStatements.set(shape, statement)
  }
  return statement
}

type ListRowValues = Omit<typeof m.$inferSelect, 'result'>

/** A page of the member's collection (without the engine's result: cards show the summary), with its version. */
export async function listMeasurements(
  db: Db,
  user: AuthUser,
  query: { cursor?: string | undefined; limit: number; order?: ListOrder | undefined },
): Promise<Versioned<MeasurementPage>> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const [read] = await listStatement(query.order ?? 'added', after !== undefined).rows(db, {
    userId: user.id,
    take: query.limit + 1,
    ...(after ? { afterAt: after.createdAt, afterId: after.id } : {}),
  })
  const found = read?.page ?? []
  const page = found.slice(0, query.limit)
  const last = page.at(-1)
  return {
    version: versionText(read),
    value: {
      items: page.map((raw) => {
        const row = fromDriver<ListRowValues>(listColumns, raw)
        return toMeasurement({ ...row, result: null }, user, toPhotoRows(row.id, raw.photoRows), 'owner')
      }),
      nextCursor: found.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
      total: Number(read?.v_n ?? 0),
    },
  }
}

const CLASS_RANK: Record<TrophyClass, number> = { record: 0, trophy: 1, standard: 2 }
/** UTC offsets stay within 14 hours: a day before the oldest month's first UTC day reaches it in every zone. */
const ZONE_MARGIN_MS = 24 * 60 * 60 * 1000
/** An instant as ISO text in UTC to the millisecond (as Date.toISOString writes it). */
const isoText = (column: Column) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

type Best = {
  speciesId: string
  measurementId: string
  score: number | null
  scoreText: string | null
  system: System | null
  category: string | null
  weightLbs: number | null
  lengthIn: number | null
  trophyClass: TrophyClass
  takenAt: string
}
type StatsRow = VersionPartsRow & {
  trophies: number
  records: number
  species: number
  bests: Best[]
  taken: string[]
}

// Per species the best by score, then weight, then length (then the newest); the months from the dates taken
// around the window (a few hundred at most), bucketed in the member's zone afterwards.
const statsStatement = preparedStatement<StatsRow>(sql`
  select ${versionParts},
    (count(*) filter (where ${m.trophyClass} in ('trophy', 'record')))::int as trophies,
    (count(*) filter (where ${m.trophyClass} = 'record'))::int as records,
    count(distinct ${m.speciesId})::int as species,
    (select coalesce(json_agg(b order by b."speciesId"), '[]'::json) from (
      select distinct on (${m.speciesId}) ${m.speciesId} as "speciesId", ${m.id} as "measurementId",
        ${m.score} as score, ${m.scoreText} as "scoreText", ${m.sheet}->>'system' as system,
        ${m.sheet}->>'category' as category, ${m.weightLbs} as "weightLbs", ${m.lengthIn} as "lengthIn",
        ${m.trophyClass} as "trophyClass", ${isoText(m.takenAt)} as "takenAt"
      from ${m} where ${m.userId} = ${userId}
      order by ${m.speciesId}, ${m.score} desc nulls last, ${m.weightLbs} desc nulls last,
        ${m.lengthIn} desc nulls last, ${m.createdAt} desc) b) as bests,
    (select coalesce(json_agg(${isoText(m.takenAt)}), '[]'::json) from ${m}
      where ${m.userId} = ${userId} and ${m.takenAt} >= ${sql.placeholder('start')}::timestamptz) as taken
  from ${m} where ${m.userId} = ${userId}`)

/**
 * The member's statistics and the collection's version. perMonth: the last 12 calendar months in `timeZone` by date
 * taken; thisMonth is its last entry, so the card and the chart cannot disagree (ADR 016).
 */
export async function measurementStats(
  db: Db,
  user: AuthUser,
  timeZone = DEFAULT_TIME_ZONE,
  now = new Date(),
): Promise<Versioned<MeasurementStats>> {
  const [oldest] = lastMonths(now, timeZone)
  const [year = 0, month = 1] = (oldest ?? '').split('-').map(Number)
  const start = new Date(Date.UTC(year, month - 1, 1) - ZONE_MARGIN_MS)
  const [row] = await statsStatement.rows(db, { userId: user.id, start: start.toISOString() })
  const total = Number(row?.v_n ?? 0)
  const trophies = row?.trophies ?? 0
  const records = row?.records ?? 0
  const perMonth = countByMonth(
    (row?.taken ?? []).map((at) => new Date(at)),
    now,
    timeZone,
  )
  const bestTrophyClass: TrophyClass | null =
    total === 0 ? null : records > 0 ? 'record' : trophies > 0 ? 'trophy' : 'standard'
  return {
    version: versionText(row),
    value: {
      total,
      trophies,
      records,
      species: row?.species ?? 0,
      thisMonth: perMonth.at(-1)?.count ?? 0,
      bestTrophyClass,
      personalBests: (row?.bests ?? [])
        .map(({ system, category, ...best }) => ({
          ...best,
          species: getSpecies(best.speciesId)?.name ?? best.speciesId,
          sheet: system && category ? { system, category } : null,
        }))
        .sort(
          (a, b) =>
            CLASS_RANK[a.trophyClass] - CLASS_RANK[b.trophyClass] ||
            (b.score ?? -1) - (a.score ?? -1) ||
            a.species.localeCompare(b.species),
        )
        .map((best) => ({
          speciesId: best.speciesId,
          species: best.species,
          measurementId: best.measurementId,
          score: best.score,
          scoreText: best.scoreText,
          sheet: best.sheet,
          weightLbs: best.weightLbs,
          lengthIn: best.lengthIn,
          trophyClass: best.trophyClass,
          takenAt: best.takenAt,
        })),
      perMonth,
    },
  }
}

// GET /api/measurements/:id: the version (its and its owner's updated_at) comes with what decides whether the
// viewer may see it.

const viewerId = sql.placeholder('viewerId')
const relationAndVersion = sql`${followsSql(viewerId, m.userId)} as follows,
  ${blockedSql(viewerId, m.userId)} as blocked, ${m.updatedAt}::text || '|' || ${users.updatedAt}::text as version`

type VersionRow = {
  user_id: string
  visibility: Visibility
  hidden_at: string | null
  follows: boolean
  blocked: boolean
  version: string
}

/** The version alone, prepared once: planning it costs far more than running it. */
const versionStatement = preparedStatement<VersionRow>(
  sql`select ${m.userId} as user_id, ${m.visibility} as visibility, ${m.hiddenAt}::text as hidden_at,
      ${relationAndVersion}
    from ${m} inner join ${users} on ${users.id} = ${m.userId}
    where ${m.id} = ${sql.placeholder('id')}`,
)

export async function measurementVersion(
  db: Db,
  id: string,
  viewer: string,
): Promise<
  { userId: string; visibility: Visibility; hiddenAt: string | null; relation: Relation; version: string } | undefined
> {
  const [v] = await versionStatement.rows(db, { id, viewerId: viewer })
  if (!v) return undefined
  return {
    userId: v.user_id,
    visibility: v.visibility,
    hiddenAt: v.hidden_at,
    relation: { follows: v.follows === true, blocked: v.blocked === true },
    version: v.version,
  }
}

const allColumns: Columns = getTableColumns(m)
type DetailRow = Record<string, unknown> & {
  follows: boolean
  blocked: boolean
  version: string
  ownerFirstName: string | null
  ownerLastName: string | null
  ownerImage: string | null
  photoRows: PhotoJson[]
}

const detailStatement = preparedStatement<DetailRow>(
  sql`select ${selectAs(allColumns)}, ${relationAndVersion},
      ${users.firstName} as "ownerFirstName", ${users.lastName} as "ownerLastName", ${users.image} as "ownerImage",
      ${photosJson} as "photoRows"
    from ${m} inner join ${users} on ${users.id} = ${m.userId}
    where ${m.id} = ${sql.placeholder('id')}`,
)

/** One measurement as the viewer may see it (visibility.ts), with its version and owner; else not found. */
export async function readVersionedMeasurement(
  db: Db,
  viewer: AuthUser,
  id: string,
): Promise<Versioned<Measurement> & { ownerId: string }> {
  const [raw] = await detailStatement.rows(db, { id, viewerId: viewer.id })
  if (!raw) throw notFound()
  const row = fromDriver<typeof m.$inferSelect>(allColumns, raw)
  const relation = { follows: raw.follows === true, blocked: raw.blocked === true }
  if (!canView(viewer, row, relation)) throw notFound()
  const owner = {
    id: row.userId,
    firstName: raw.ownerFirstName,
    lastName: raw.ownerLastName,
    profileImageUrl: raw.ownerImage,
  }
  const audience: Audience = viewer.id === row.userId ? 'owner' : 'member'
  return {
    version: raw.version,
    value: toMeasurement(row, owner, toPhotoRows(row.id, raw.photoRows), audience),
    ownerId: row.userId,
  }
}
