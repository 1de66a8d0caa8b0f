import { getTableColumns, inArray, type SQL, sql } from 'drizzle-orm'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { CheckState, FeedTab } from '#shared/schemas/community.ts'
import type { Db } from '../../db/client.ts'
import { type PreparedStatement, preparedRows, preparedStatement } from '../../db/prepared.ts'
import { VersionedCache } from '../../lib/versioned-cache.ts'
import {
  type Audience,
  cursorTimeOf,
  decodeCursor,
  encodeCursor,
  listColumns,
  type PhotoRow,
  photosOf,
  toMeasurement,
} from '../measurements/measurements.service.ts'
import { measurements } from '../measurements/measurements.tables.ts'
import { blockedSql, canView, followsSql } from '../measurements/visibility.ts'
import { feedInbox, likes } from './community.tables.ts'
import type { CardAudience, MemberCards } from './member-cards.ts'

// Posts (DESIGN.md §2): the feed, one post, a member's posts on their profile. A page is ONE query that finds the
// posts with their community figures (counts, the viewer's like) and a version; each post's measurement body is
// kept serialized per version (lib/versioned-cache.ts), so a warm page costs that query alone. Bodies missing from
// the cache cost one more query for the rows and one for their photos.

/** What a page query returns per post: all but the measurement body, which depends only on `version`. */
export type PostFigures = {
  id: string
  userId: string
  /** created_at as PostgreSQL writes it as text (cursorTimeOf makes the cursor's time of it) */
  cursorAt: string
  /** the measurement's updated_at: its body (all but the author's card) changes with nothing else */
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

export type PageQuery = { cursor?: string | undefined; limit: number }

type RawFigures = {
  id: string
  user_id: string
  cursor_at: string
  version: string
  like_count: number
  comment_count: number
  confirmed_count: number
  plausible_count: number
  disputed_count: number
  check_state: CheckState
  hidden: boolean
  liked: boolean
}

/**
 * A page size or count as an SQL literal: the queries run as prepared statements with a generic plan (made without
 * the values), which would have to guess a LIMIT given as a parameter.
 */
function literalCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`)
  return sql.raw(String(n))
}

function toFigures(row: RawFigures): PostFigures {
  return {
    id: row.id,
    userId: row.user_id,
    cursorAt: row.cursor_at,
    version: row.version,
    likeCount: Number(row.like_count),
    commentCount: Number(row.comment_count),
    confirmed: Number(row.confirmed_count),
    plausible: Number(row.plausible_count),
    disputed: Number(row.disputed_count),
    checkState: row.check_state,
    hidden: row.hidden === true,
    likedByMe: row.liked === true,
  }
}

/** Separators of figuresText: ASCII's unit and record separators, which none of the fields can hold. */
const FIELD = '\x1f'
const RECORD = '\x1e'
const FIELDS = 12

/**
 * A page's figures in ONE text value (figuresText): one record per post, its fields in the order below. A driver
 * parses each field of each row apart (PGlite copies and decodes every one), which cost more than the query itself
 * for 21 rows of 12 fields; one text value is one field. Text rather than json_build_array, which looks up how to
 * write each value's type on every call: the query alone went from about 11,000 to 13,000 executions a second on
 * region (pgbench, Following, 2 clients). A record of another shape means the query and this disagree: an error.
 */
function figuresFromText(text: string): PostFigures[] {
  if (text === '') return []
  return text.split(RECORD).map((record) => {
    const f = record.split(FIELD)
    if (f.length !== FIELDS) throw new Error(`a page's figures: ${f.length} fields, expected ${FIELDS}`)
    return {
      id: f[0] as string,
      cursorAt: f[1] as string,
      version: f[2] as string,
      likeCount: Number(f[3]),
      commentCount: Number(f[4]),
      confirmed: Number(f[5]),
      plausible: Number(f[6]),
      disputed: Number(f[7]),
      checkState: f[8] as CheckState,
      hidden: f[9] === 't',
      likedByMe: f[10] === 't',
      userId: f[11] as string,
    }
  })
}

/**
 * What a page query reads of each measurement, in the subquery that finds it (from the row the index led to, so the
 * page needs no second look-up). The subquery names the table `measurements`.
 */
const pageColumns = sql`${measurements.id} as id, ${measurements.userId} as user_id,
  ${measurements.createdAt} as created_at, ${measurements.createdAt}::text as cursor_at, ${measurements.updatedAt} as updated_at,
  ${measurements.visibility} as visibility, ${measurements.hiddenAt} as hidden_at,
  ${measurements.likeCount} as like_count, ${measurements.commentCount} as comment_count,
  ${measurements.confirmedCount} as confirmed_count, ${measurements.plausibleCount} as plausible_count,
  ${measurements.disputedCount} as disputed_count, ${measurements.checkState} as check_state`

/**
 * The viewer's like of `page.id` (a probe of the likes, or false when the caller knows the viewer's likes:
 * viewer-likes.ts, withLikes), and the version of the body: the measurement's updated_at (the author's card is kept
 * apart, member-cards.ts).
 */
function likedAndVersion(viewerId: Value, probeLikes = true): { liked: SQL; version: SQL } {
  return {
    liked: probeLikes
      ? sql`exists (select 1 from ${likes} where ${likes.measurementId} = page.id and ${likes.userId} = ${viewerId})`
      : sql`false`,
    version: sql`page.updated_at::text`,
  }
}

/** The figures with the viewer's likes set from what they liked (when known, the query did not probe). */
function withLikes(figures: PostFigures[], liked: ReadonlySet<string> | undefined): PostFigures[] {
  if (liked) for (const f of figures) f.likedByMe = liked.has(f.id)
  return figures
}

/** The figures of the measurements in `page` (a CTE of pageColumns) as rows, with the viewer's like. */
function figuresOf(viewerId: Value): SQL {
  const { liked, version } = likedAndVersion(viewerId)
  return sql`select page.id, page.user_id, page.cursor_at, page.visibility, ${version} as version,
      page.like_count, page.comment_count, page.confirmed_count, page.plausible_count, page.disputed_count,
      page.check_state, page.hidden_at is not null as hidden, ${liked} as liked
    from page`
}

/**
 * The figures of the measurements in `page`, newest first, as one text (figuresFromText); '' for none. concat_ws
 * leaves out NULLs, so every field is one that cannot be NULL.
 */
function figuresText(viewerId: Value, probeLikes: boolean): SQL {
  const { liked, version } = likedAndVersion(viewerId, probeLikes)
  return sql`select coalesce(string_agg(concat_ws(chr(31), page.id, page.cursor_at, ${version},
        page.like_count, page.comment_count, page.confirmed_count, page.plausible_count, page.disputed_count,
        page.check_state, page.hidden_at is not null, ${liked}, page.user_id), chr(30)
      order by page.created_at desc nulls last, page.id desc nulls last), '') as figures
    from page`
}

/**
 * The order of measurements_user_created_idx and measurements_public_created_idx: drizzle writes `.desc()` as
 * DESC NULLS LAST, and PostgreSQL's plain DESC means NULLS FIRST, which these indexes cannot give without a sort.
 */
const newestFirst = sql`${measurements.createdAt} desc nulls last, ${measurements.id} desc nulls last`

/** A value in a query: itself, or a placeholder of a statement made once (db/prepared.ts). */
type Value = string | ReturnType<typeof sql.placeholder>

/** Keyset condition on the measurements of the subquery it is written in (createdAt, id: a decoded cursor). */
function afterCursor(after: { createdAt: Value; id: Value } | undefined): SQL {
  if (!after) return sql``
  return sql` and (${measurements.createdAt}, ${measurements.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
}

/** The members across a block from the viewer (either way). */
function blockedCte(viewerId: Value): SQL {
  return sql`blocked as (
      select blocked_id as user_id from blocks where blocker_id = ${viewerId}
      union all
      select blocker_id from blocks where blocked_id = ${viewerId})`
}

/**
 * GET /api/feed. Never the viewer's own, never hidden, never private, never across a block. Newest first.
 * - everyone: public posts of others (the partial index measurements_public_created_idx, whose predicate the WHERE
 *   repeats), and followers-only posts of the members the viewer follows, read from the viewer's feed_inbox (below):
 *   they can only enter the page when not older than the page's public posts (`floor`), so that range of the inbox
 *   is short, and each of its rows is joined to its post by primary key. This replaced reading every follow of the
 *   viewer and filtering the followers-only index with them: on region (the bench member follows 100) the query
 *   alone went from about 5,060 to 5,680 executions a second (pgbench, 2 clients, prepared).
 * - following: public and followers-only posts of the members the viewer follows, from the viewer's feed_inbox
 *   (feed-inbox.ts keeps it on every post, follow and block): one range of its primary key (user_id, created_at,
 *   measurement_id) read backwards after the cursor, each row joined to its measurement by primary key and kept only
 *   while still shown (not hidden, not private, not across a block), limit take: no per-followee probe, no sort.
 * One prepared statement per tab, with or without a cursor, and page size, rendered once (db/prepared.ts); the plans
 * are generic.
 */
export async function feedPage(
  db: Db,
  viewer: AuthUser,
  query: PageQuery & { tab: FeedTab },
  /** the measurements the viewer liked, when known (viewer-likes.ts); else the query probes the likes */
  liked?: ReadonlySet<string>,
): Promise<{ figures: PostFigures[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const statement = feedStatement(query.tab, after !== undefined, query.limit + 1, liked === undefined)
  const [row] = await statement.rows(db, { viewer: viewer.id, afterAt: after?.createdAt, afterId: after?.id })
  return pageOf(withLikes(figuresFromText(row?.figures ?? ''), liked), query.limit)
}

/** The feed's statements, one per tab, with or without a cursor, and page size. */
type FiguresRow = { figures: string }

const feedStatements = new Map<string, PreparedStatement<FiguresRow>>()

function feedStatement(
  tab: FeedTab,
  withCursor: boolean,
  take: number,
  probeLikes: boolean,
): PreparedStatement<FiguresRow> {
  const key = `${tab}|${withCursor}|${take}|${probeLikes}`
  let statement = feedStatements.get(key)
  if (!statement) {
    statement = preparedStatement<FiguresRow>(feedQuery(tab, withCursor, take, probeLikes))
    feedStatements.set(key, statement)
  }
  return statement
}

/** The feed page's query; its values are the placeholders viewer, afterAt and afterId. */
function feedQuery(tab: FeedTab, withCursor: boolean, take: number, probeLikes: boolean): SQL {
  const viewerId = sql.placeholder('viewer')
  const limit = literalCount(take)
  const cursor = afterCursor(
    withCursor ? { createdAt: sql.placeholder('afterAt'), id: sql.placeholder('afterId') } : undefined,
  )
  if (tab === 'following') {
    const after = withCursor
      ? sql` and (inbox.created_at, inbox.measurement_id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
      : sql``
    return sql`with page as (
        select ${pageColumns} from ${feedInbox} inbox
        join ${measurements} on ${measurements.id} = inbox.measurement_id
        where inbox.user_id = ${viewerId}${after}
          and ${measurements.visibility} in ('public', 'followers') and ${measurements.hiddenAt} is null
          and inbox.owner_id <> ${viewerId}
          and not exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = inbox.owner_id)
          and not exists (select 1 from blocks where blocker_id = inbox.owner_id and blocked_id = ${viewerId})
        order by inbox.created_at desc, inbox.measurement_id desc
        limit ${limit})
      ${figuresText(viewerId, probeLikes)}`
  }
  const inboxAfter = withCursor
    ? sql` and (inbox.created_at, inbox.measurement_id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
    : sql``
  const ctes = sql`public_posts as (
          select ${pageColumns} from ${measurements}
          where ${measurements.visibility} = 'public' and ${measurements.hiddenAt} is null
            and ${measurements.userId} <> ${viewerId}
            and ${measurements.userId} not in (select user_id from blocked)${cursor}
          order by ${newestFirst}
          limit ${limit}),
        floor as (select min(created_at) as at from public_posts having count(*) = ${limit}),
        followers_posts as (
          select ${pageColumns} from ${feedInbox} inbox
          join ${measurements} on ${measurements.id} = inbox.measurement_id
          where inbox.user_id = ${viewerId}${inboxAfter}
            and inbox.created_at >= coalesce((select at from floor), '-infinity')
            and ${measurements.visibility} = 'followers' and ${measurements.hiddenAt} is null
            and inbox.owner_id <> ${viewerId}
            and inbox.owner_id not in (select user_id from blocked)
          order by inbox.created_at desc, inbox.measurement_id desc
          limit ${limit}),
        page as (
          select * from public_posts
          union all
          select * from followers_posts
          order by created_at desc nulls last, id desc nulls last limit ${limit})`
  return sql`with ${blockedCte(viewerId)}, ${ctes} ${figuresText(viewerId, probeLikes)}`
}

function pageOf(figures: PostFigures[], limit: number): { figures: PostFigures[]; nextCursor: string | null } {
  const items = figures.slice(0, limit)
  const last = items.at(-1)
  return {
    figures: items,
    nextCursor: figures.length > limit && last ? encodeCursor(cursorTimeOf(last.cursorAt), last.id) : null,
  }
}

/** What memberPostsWithStanding needs of the profile's standing query: its select list over `users u`. */
export type StandingColumns = (viewerId: Value) => SQL

const memberPostsStatements = new Map<string, PreparedStatement<FiguresRow & { standing: unknown }>>()

/**
 * GET /api/profiles/:userId/measurements in ONE query: how the viewer stands to the member (`standing`, the select
 * list of profiles.service.ts) and, in the same statement, the page of the member's posts the viewer may see given
 * that standing: none when the profile is not theirs to see or a block stands between them; the member all of
 * their own; others public ones and, when following, followers-only ones, not hidden (admins: hidden ones that are
 * not private too). The same rules as canSeeProfile and canView, decided by the database. `standing` is the
 * first row's (undefined when the member does not exist). The page's ids come from an index-only scan of
 * measurements_user_created_idx (which carries visibility and hidden_at), newest first, stopping at the page size;
 * only those rows are then read. Filtering the member's rows themselves let the generic plan (which guesses ten rows
 * per member) read every post of the member and sort them.
 */
export async function memberPostsWithStanding<S>(
  db: Db,
  viewer: AuthUser,
  userId: string,
  standing: StandingColumns,
  query: PageQuery,
  /** the measurements the viewer liked, when known (viewer-likes.ts); else the query probes the likes */
  liked?: ReadonlySet<string>,
): Promise<{ standing: S | undefined; figures: PostFigures[]; nextCursor: string | null }> {
  const take = query.limit + 1
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const probeLikes = liked === undefined
  const key = `${viewer.isAdmin}|${after !== undefined}|${take}|${probeLikes}`
  let statement = memberPostsStatements.get(key)
  if (!statement) {
    const viewerId = sql.placeholder('viewerId')
    const hiddenToo = viewer.isAdmin
      ? sql` or (${measurements.hiddenAt} is not null and ${measurements.visibility} <> 'private')`
      : sql``
    const seesProfile = viewer.isAdmin ? sql`true` : sql`not s.hidden`
    statement = preparedStatement(
      sql`with s as (select ${standing(viewerId)} from users u where u.id = ${sql.placeholder('userId')}),
        page as (
          select ${pageColumns} from s cross join lateral (
            select ${measurements.id} as id from ${measurements}
            where ${measurements.userId} = s.id
              and (s.id = ${viewerId}
                or (s.approved and not s."blockedMe" and not s."blockedByMe" and ${seesProfile}
                  and ((${measurements.hiddenAt} is null and (${measurements.visibility} = 'public'
                    or (${measurements.visibility} = 'followers' and s."isFollowing")))${hiddenToo})))${afterCursor(
                      after ? { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') } : undefined,
                    )}
            order by ${newestFirst}
            limit ${literalCount(take)}) ids
          join ${measurements} on ${measurements.id} = ids.id)
        select row_to_json(s.*) as standing, (${figuresText(viewerId, probeLikes)}) as figures from s`,
    )
    memberPostsStatements.set(key, statement)
  }
  const rows = await statement.rows(db, {
    viewerId: viewer.id,
    userId,
    ...(after ? { cursorAt: after.createdAt, cursorId: after.id } : {}),
  })
  const [row] = rows
  if (!row) return { standing: undefined, figures: [], nextCursor: null }
  return { standing: row.standing as S, ...pageOf(withLikes(figuresFromText(row.figures), liked), query.limit) }
}

/** GET /api/measurements/:id/post: the figures and whether the viewer may see it; undefined when it does not exist. */
export async function postFigures(
  db: Db,
  viewer: AuthUser,
  id: string,
): Promise<(PostFigures & { visible: boolean }) | undefined> {
  const [row] = await preparedRows<
    RawFigures & { visibility: 'private' | 'followers' | 'public'; follows: boolean; blocked: boolean }
  >(
    db,
    sql`with page as (select ${pageColumns} from ${measurements} where ${measurements.id} = ${id})
      select f.*, ${followsSql(viewer.id, sql`f.user_id`)} as follows, ${blockedSql(viewer.id, sql`f.user_id`)} as blocked
      from (${figuresOf(viewer.id)}) f`,
  )
  if (!row) return undefined
  const relation = { follows: row.follows === true, blocked: row.blocked === true }
  const hiddenAt = row.hidden ? 'hidden' : null
  const visible = canView(viewer, { userId: row.user_id, visibility: row.visibility, hiddenAt }, relation)
  return { ...toFigures(row), visible }
}

// ---------------------------------------------------------------------------------------------------------------
// Bodies

/**
 * The measurements' bodies as the audience sees them, without the author (`owner`, added from MemberCards) and
 * without the opening brace: `"id":…}`. `full` with the engine's result (one post's page).
 */
async function measurementBodies(
  db: Db,
  ids: readonly string[],
  audience: Audience,
  full: boolean,
): Promise<Map<string, Buffer>> {
  const [rows, photoRows] = await Promise.all([
    db
      .select(full ? getTableColumns(measurements) : listColumns)
      .from(measurements)
      .where(inArray(measurements.id, [...ids])),
    photosOf(db, ids),
  ])
  const photosBy = new Map<string, PhotoRow[]>()
  for (const photo of photoRows) {
    const list = photosBy.get(photo.measurementId ?? '') ?? []
    list.push(photo)
    photosBy.set(photo.measurementId ?? '', list)
  }
  const bodies = new Map<string, Buffer>()
  for (const row of rows as (typeof measurements.$inferSelect)[]) {
    const { owner: _, ...measurement } = toMeasurement(
      { ...row, result: full ? row.result : null },
      NO_OWNER,
      photosBy.get(row.id) ?? [],
      audience,
    )
    bodies.set(row.id, Buffer.from(JSON.stringify(measurement)).subarray(1))
  }
  return bodies
}

const NO_OWNER = { id: '', firstName: null, lastName: null, profileImageUrl: null }
const POST_OPEN = Buffer.from('{"measurement":{"owner":')
const COMMA = Buffer.from(',')

/** A Post as UTF-8 JSON parts: the author's card, the cached measurement body, then the figures. */
function postParts(figures: PostFigures, card: Buffer, body: Buffer): Buffer[] {
  const rest =
    `,"likeCount":${figures.likeCount},"commentCount":${figures.commentCount},` +
    `"likedByMe":${figures.likedByMe},"checkState":${JSON.stringify(figures.checkState)},` +
    `"checkCounts":{"confirmed":${figures.confirmed},"plausible":${figures.plausible},"disputed":${figures.disputed}},` +
    `"hidden":${figures.hidden}}`
  return [POST_OPEN, card, COMMA, body, Buffer.from(rest)]
}

/**
 * Serialized measurement bodies per (measurement, audience), valid while the measurement's updated_at is unchanged;
 * the author's card (MemberCards, shared by the routes) and the figures are added per request. One per route
 * plugin. Bodies are kept as UTF-8 Buffers and a page is their concatenation: a page of about 28 KB sent as one
 * string was encoded (and measured for its Content-Length) on every request, which cost more than copying the bytes.
 */
export class PostBodies {
  readonly #list = new VersionedCache<Buffer>({ maxEntries: 20_000 })
  readonly #full = new VersionedCache<Buffer>({ maxEntries: 5_000 })
  readonly #cards: MemberCards

  constructor(cards: MemberCards) {
    this.#cards = cards
  }

  /** PostPage JSON for these figures (page order kept). */
  async pageJson(
    db: Db,
    viewer: AuthUser,
    page: { figures: PostFigures[]; nextCursor: string | null },
  ): Promise<Buffer> {
    const posts = await this.#posts(db, viewer, page.figures, false)
    const parts: Buffer[] = [Buffer.from('{"items":[')]
    posts.forEach((post, i) => {
      if (i > 0) parts.push(COMMA)
      parts.push(...post)
    })
    parts.push(Buffer.from(`],"nextCursor":${JSON.stringify(page.nextCursor)}}`))
    return Buffer.concat(parts)
  }

  /** Post JSON of one measurement with the engine's result; undefined if it was deleted meanwhile. */
  async postJson(db: Db, viewer: AuthUser, figures: PostFigures): Promise<Buffer | undefined> {
    const [post] = await this.#posts(db, viewer, [figures], true)
    return post && Buffer.concat(post)
  }

  async #posts(db: Db, viewer: AuthUser, figures: PostFigures[], full: boolean): Promise<Buffer[][]> {
    const cache = full ? this.#full : this.#list
    // Per post, once: its audience, its cache key and its body if kept.
    const audiences = figures.map((f): CardAudience => (f.userId === viewer.id ? 'owner' : 'member'))
    const keys = figures.map((f, i) => `${f.id}|${audiences[i]}`)
    const bodies = figures.map((f, i) => cache.get(keys[i] as string, f.version))
    const fill = async (audience: CardAudience) => {
      const missing = figures.flatMap((_, i) => (audiences[i] === audience && bodies[i] === undefined ? [i] : []))
      if (missing.length === 0) return
      const fresh = await measurementBodies(
        db,
        missing.map((i) => (figures[i] as PostFigures).id),
        audience,
        full,
      )
      for (const i of missing) {
        const f = figures[i] as PostFigures
        const body = fresh.get(f.id)
        if (body === undefined) continue
        cache.set(keys[i] as string, f.version, body)
        bodies[i] = body
      }
    }
    const cardsRead = this.#cards.cards(
      db,
      figures.map((f) => f.userId),
    )
    const [cards] = bodies.includes(undefined)
      ? await Promise.all([cardsRead, fill('owner'), fill('member')])
      : [await cardsRead]
    // A measurement (or its author) deleted between the queries is left out.
    return figures.flatMap((f, i) => {
      const body = bodies[i]
      const card = cards.get(f.userId)?.[audiences[i] as CardAudience]
      return body === undefined || card === undefined ? [] : [postParts(f, card, body)]
    })
  }
}
