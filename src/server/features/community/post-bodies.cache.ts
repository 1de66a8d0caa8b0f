import { type Column, getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { Db } from '#server/db/client.ts'
import { packedRows } from '#server/db/packed-rows.ts'
import { preparedStatement } from '#server/db/prepared.ts'
import {
  type Audience,
  type listColumns,
  measurements,
  type PhotoRow,
  photosOf,
  toMeasurement,
} from '#server/features/measurements/index.ts'
import { VersionedCache } from '#server/lib/versioned-cache.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { CheckState } from '#shared/schemas/community.ts'
import { type CardAudience, cardJson, type MemberCards } from './member-cards.cache.ts'

// A post as pages send it: the author's card, the body (toMeasurement for the audience) and the figures. Bodies are
// kept per (measurement, audience) and version; a page's statement leaves out those it showed last time (ADR 023).

/** A post's figures: all but the body, which depends only on `version`. */
export type PostFigures = {
  id: string
  userId: string
  /** created_at as PostgreSQL writes it as text (cursorTimeOf makes the cursor's time of it) */
  cursorAt: string
  /** the measurement's updated_at */
  version: string
  likeCount: number
  commentCount: number
  confirmed: number
  plausible: number
  disputed: number
  checkState: CheckState
  hidden: boolean
  likedByMe: boolean
}

/** A page's post: figures, then card and body as JSON arrays (cardJsonSql, bodyJsonSql); body '' when left out. */
export type PagePost = PostFigures & { card: string; body: string }

type MeasurementRow = typeof measurements.$inferSelect

// The columns a body shows (toMeasurement), in bodyJsonSql's order: a column missing here shows empty (ADR 023).
const BODY_KEYS = [
  'id',
  'speciesId',
  'sheet',
  'quick',
  'score',
  'scoreText',
  'trophyClass',
  'lengthIn',
  'widthIn',
  'weightLbs',
  'weightEstimated',
  'spreadIn',
  'points',
  'massIn',
  'evidence',
  'method',
  'photoMeasurements',
  'takenAt',
  'createdAt',
  'updatedAt',
  'notes',
  'caption',
  'visibility',
  'region',
  'lat',
  'lon',
  'locationPrecision',
  'coverPhotoId',
] as const satisfies readonly (keyof typeof listColumns)[]

const bodyAlias = (column: Column) => sql.identifier(`b_${column.name}`)

export const bodyColumnsSql: SQL = sql.join(
  BODY_KEYS.map((key) => sql`${measurements[key]} as ${bodyAlias(measurements[key])}`),
  sql`, `,
)

// The body of `page` as one JSON array: BODY_KEYS, then [id, width, height] per photo. JSON escapes control
// characters, so it never holds the separators of a page's text.
export const bodyJsonSql: SQL = sql`json_build_array(${sql.join(
  BODY_KEYS.map((key) => sql`page.${bodyAlias(measurements[key])}`),
  sql`, `,
)}, (select coalesce(json_agg(json_build_array(p.id, p.width, p.height) order by p.position), '[]')
      from photos p where p.measurement_id = page.id))`

/**
 * bodyJsonSql as text, or '' for a post among `known` (a placeholder: ids separated by spaces). The list is parsed
 * once as a subquery: parsed per row, it cost a page a third of its time on the embedded database.
 */
export function bodyOrKnownSql(known: ReturnType<typeof sql.placeholder>): SQL {
  return sql`case when page.id = any((select string_to_array(${known}, ' ')::uuid[])::uuid[]) then ''
    else ${bodyJsonSql}::text end`
}

/** The author `u` (a users row) as a JSON array: first and last name, picture, hidden by a moderator. */
export const cardJsonSql: SQL = sql`json_build_array(u.first_name, u.last_name, u.image, u.hidden_at is not null)`

/** jsonb columns come as the JSON they hold; drizzle maps the others from their driver value. */
const JSON_COLUMNS = new Set<string>(['sheet', 'quick', 'photoMeasurements'])

/** A body's values (bodyJsonSql) as the measurement row and photos toMeasurement takes. */
function bodyRowOf(json: string): { row: MeasurementRow; photos: PhotoRow[] } {
  const values = JSON.parse(json) as unknown[]
  if (values.length !== BODY_KEYS.length + 1) throw new Error(`a post's body: ${values.length} values`)
  const row: Record<string, unknown> = { result: null }
  BODY_KEYS.forEach((key, i) => {
    const value = values[i]
    row[key] = value === null || JSON_COLUMNS.has(key) ? value : measurements[key].mapFromDriverValue(value)
  })
  const photos = (values[BODY_KEYS.length] as [string, number, number][]).map(([id, width, height], position) => ({
    id,
    width,
    height,
    measurementId: row.id as string,
    position,
  }))
  return { row: row as MeasurementRow, photos }
}

const NO_OWNER = { id: '', firstName: null, lastName: null, profileImageUrl: null }
const POST_OPEN = Buffer.from('{"measurement":{"owner":')
const COMMA = Buffer.from(',')

/** The body without `owner` and without its opening brace: `"id":…}`. */
function bodyBytes(row: MeasurementRow, photos: PhotoRow[], audience: Audience): Buffer {
  const { owner: _, ...measurement } = toMeasurement(row, NO_OWNER, photos, audience)
  return Buffer.from(JSON.stringify(measurement)).subarray(1)
}

/** A Post as UTF-8 JSON parts: the author's card, the body, then the figures. */
function postParts(figures: PostFigures, card: Buffer, body: Buffer): Buffer[] {
  const rest =
    `,"likeCount":${figures.likeCount},"commentCount":${figures.commentCount},` +
    `"likedByMe":${figures.likedByMe},"checkState":${JSON.stringify(figures.checkState)},` +
    `"checkCounts":{"confirmed":${figures.confirmed},"plausible":${figures.plausible},"disputed":${figures.disputed}},` +
    `"hidden":${figures.hidden}}`
  return [POST_OPEN, card, COMMA, body, Buffer.from(rest)]
}

const MAX_PAGES_KNOWN = 10_000

/** One per route plugin: bodies kept as UTF-8 Buffers, which a page concatenates (why Buffers: ADR 052). */
export class PostBodies {
  readonly #list = new VersionedCache<Buffer>({ maxEntries: 20_000 })
  readonly #full = new VersionedCache<Buffer>({ maxEntries: 5_000 })
  /** per page key (whatever decides its posts), the ids it showed last time */
  readonly #pages = new LRUCache<string, string>({ max: MAX_PAGES_KNOWN })
  readonly #cards: MemberCards

  constructor(cards: MemberCards) {
    this.#cards = cards
  }

  /** The body of this version is kept: a page need not read it. */
  holds(id: string, audience: CardAudience, version: string): boolean {
    return this.#list.get(`${id}|${audience}`, version) !== undefined
  }

  /** A body of some version is kept: a page may leave it out and read it again only if it has changed. */
  holdsAny(id: string, audience: CardAudience): boolean {
    return this.#list.has(`${id}|${audience}`)
  }

  /** Keeps the bodies a statement wrote (not left out) of posts as any member but their author sees them. */
  keepForMembers(posts: readonly PagePost[]): void {
    for (const post of posts) if (post.body !== '') this.#keep(post.id, 'member', post.version, post.body)
  }

  /** The ids `page` showed last time, separated by spaces: its statement may leave their bodies out. */
  known(page: string): string {
    return this.#pages.get(page) ?? ''
  }

  /** PostPage JSON of a page's posts (page order kept); `key` names the page for known(). */
  async pageJson(
    db: Db,
    viewer: AuthUser,
    page: { posts: PagePost[]; nextCursor: string | null; deep?: true },
    key: string,
  ) {
    const audiences = page.posts.map((post): CardAudience => (post.userId === viewer.id ? 'owner' : 'member'))
    // A deep page's bodies are not kept: they would push out those most pages show (ADR 121).
    const keep = page.deep !== true
    const bodies = page.posts.map((post, i) => {
      const kept = this.#list.get(`${post.id}|${audiences[i]}`, post.version)
      if (kept !== undefined || post.body === '') return kept
      return this.#keep(post.id, audiences[i] as CardAudience, post.version, post.body, keep)
    })
    const missing = page.posts.filter((_, i) => bodies[i] === undefined).map((post) => post.id)
    if (missing.length > 0) {
      const read = await bodiesOf(db, missing)
      page.posts.forEach((post, i) => {
        const body = read.get(post.id)
        if (bodies[i] === undefined && body) {
          bodies[i] = this.#keep(post.id, audiences[i] as CardAudience, body.version, body.json, keep)
        }
      })
    }
    this.#pages.set(key, page.posts.map((post) => post.id).join(' '))
    const parts: Buffer[] = [Buffer.from('{"items":[')]
    page.posts.forEach((post, i) => {
      const body = bodies[i]
      // A measurement deleted between the statements is left out.
      if (body === undefined) return
      const [firstName, lastName, image, hidden] = JSON.parse(post.card) as [
        string | null,
        string | null,
        string | null,
        boolean,
      ]
      const card = cardJson({ id: post.userId, firstName, lastName, image, hidden }, audiences[i] as CardAudience)
      if (parts.length > 1) parts.push(COMMA)
      parts.push(...postParts(post, card, body))
    })
    parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(page.nextCursor)}}`))
    return Buffer.concat(parts)
  }

  #keep(id: string, audience: CardAudience, version: string, json: string, keep = true): Buffer {
    const { row, photos } = bodyRowOf(json)
    const body = bodyBytes(row, photos, audience)
    if (keep) this.#list.set(`${id}|${audience}`, version, body)
    return body
  }

  /** Post JSON of one measurement with the engine's result; undefined if it was deleted meanwhile. */
  async postJson(db: Db, viewer: AuthUser, figures: PostFigures): Promise<Buffer | undefined> {
    const audience: CardAudience = figures.userId === viewer.id ? 'owner' : 'member'
    const key = `${figures.id}|${audience}`
    let body = this.#full.get(key, figures.version)
    const [cards, read] = await Promise.all([
      this.#cards.cards(db, [figures.userId]),
      body === undefined ? fullBody(db, figures.id, audience) : undefined,
    ])
    if (read !== undefined) {
      body = read
      this.#full.set(key, figures.version, read)
    }
    const card = cards.get(figures.userId)?.[audience]
    // A measurement (or its author) deleted between the queries is left out.
    return body === undefined || card === undefined ? undefined : Buffer.concat(postParts(figures, card, body))
  }
}

const bodiesStatement = preparedStatement<{ bodies: string }>(
  sql`select coalesce(string_agg(concat_ws(chr(31), page.id, page.updated_at::text, ${bodyJsonSql}), chr(30)), '')
      as bodies
    from (select ${measurements.id} as id, ${measurements.updatedAt} as updated_at, ${bodyColumnsSql}
      from ${measurements} where ${measurements.id} = any(string_to_array(${sql.placeholder('ids')}, ' ')::uuid[])) page`,
)

/** The bodies' values (bodyJsonSql) and versions of these measurements, by id; those that no longer exist left out. */
async function bodiesOf(db: Db, ids: string[]): Promise<Map<string, { version: string; json: string }>> {
  const [row] = await bodiesStatement.rows(db, { ids: ids.join(' ') })
  const found = new Map<string, { version: string; json: string }>()
  for (const [id, version, json] of packedRows(row?.bodies ?? '', 3, "posts' bodies") as [string, string, string][]) {
    found.set(id, { version, json })
  }
  return found
}

/** One measurement's body with the engine's result; undefined when it does not exist. */
async function fullBody(db: Db, id: string, audience: Audience): Promise<Buffer | undefined> {
  const [[row], photos] = await Promise.all([
    db
      .select(getTableColumns(measurements))
      .from(measurements)
      .where(inArray(measurements.id, [id])),
    photosOf(db, [id]),
  ])
  return row && bodyBytes(row, photos, audience)
}
