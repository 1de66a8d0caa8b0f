import { type SQL, sql } from 'drizzle-orm'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { CheckState, FeedTab } from '#shared/schemas/community.ts'
import type { Db } from '../../db/client.ts'
import { type PreparedStatement, preparedRows, preparedStatement } from '../../db/prepared.ts'
import { cursorTimeOf, decodeCursor, encodeCursor } from '../measurements/measurements.service.ts'
import { measurements } from '../measurements/measurements.tables.ts'
import { blockedSql, canView, followsSql } from '../measurements/visibility.ts'
import { feedInbox, likes } from './community.tables.ts'
import { bodyColumnsSql, bodyOrKnownSql, cardJsonSql, type PagePost, type PostFigures } from './post-bodies.ts'
import { MAX_KEPT_LIKES, type ViewerLikes } from './viewer-likes.ts'

// Posts: the feed, one post, a member's posts on their profile. A page is ONE statement, cold or warm (ADR 023):
// it finds the posts with their community figures (counts, the viewer's like, a version), their authors' cards and
// the bodies' values and photos this process lacks (post-bodies.ts), and, when this process does not know what the
// viewer liked, that too (viewer-likes.ts). A member's first page thus costs no more round trips than their next.

export type { PagePost, PostFigures } from './post-bodies.ts'

export type PageQuery = { cursor?: string | undefined; limit: number }

/** A page: its posts in order and the cursor of the next one. */
export type Page = { posts: PagePost[]; nextCursor: string | null }

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

/** Separators of postsText: ASCII's unit and record separators, which none of the fields can hold. */
const FIELD = '\x1f'
const RECORD = '\x1e'
const FIELDS = 14

/**
 * A page's posts in ONE text value (postsText): one record per post, its fields in the order below. A driver
 * parses each field of each row apart (PGlite copies and decodes every one), which cost more than the query itself
 * for 21 rows of 12 fields; one text value is one field. Text rather than json_build_array for the figures, which
 * looks up how to write each value's type on every call: the query alone went from about 11,000 to 13,000
 * executions a second on region (pgbench, Following, 2 clients). The card and the body are JSON arrays, decoded
 * only when needed (post-bodies.ts). A record of another shape means the query and this disagree: an error.
 */
function postsFromText(text: string): PagePost[] {
  if (text === '') return []
  return text.split(RECORD).map((record) => {
    const f = record.split(FIELD)
    if (f.length !== FIELDS) throw new Error(`a page's posts: ${f.length} fields, expected ${FIELDS}`)
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
      card: f[12] as string,
      body: f[13] as string,
    }
  })
}

/**
 * What a page query reads of each measurement, in the subquery that finds it (from the row the index led to, so the
 * page needs no second look-up): the figures, and the body's columns (post-bodies.ts). The subquery names the table
 * `measurements`.
 */
const pageColumns = sql`${measurements.id} as id, ${measurements.userId} as user_id,
  ${measurements.createdAt} as created_at, ${measurements.createdAt}::text as cursor_at, ${measurements.updatedAt} as updated_at,
  ${measurements.visibility} as visibility, ${measurements.hiddenAt} as hidden_at,
  ${measurements.likeCount} as like_count, ${measurements.commentCount} as comment_count,
  ${measurements.confirmedCount} as confirmed_count, ${measurements.plausibleCount} as plausible_count,
  ${measurements.disputedCount} as disputed_count, ${measurements.checkState} as check_state`

/**
 * How a page's statement says which posts the viewer liked: `known` leaves it to the caller (the set is kept,
 * viewer-likes.ts), `load` does too and returns the viewer's set (`liked_ids`) to keep, `probe` asks per post.
 */
type LikesMode = 'known' | 'load' | 'probe'

/** The viewer's like of `page.id`: a probe of the likes, or false where the caller sets it from the set. */
function likedSql(viewerId: Value, mode: LikesMode): SQL {
  return mode === 'probe'
    ? sql`exists (select 1 from ${likes} where ${likes.measurementId} = page.id and ${likes.userId} = ${viewerId})`
    : sql`false`
}

/**
 * `load`: a column `liked_ids`, the measurements the viewer liked (at most one more than are kept, by an index-only
 * scan of likes_user_measurement_idx) separated by spaces; null for none.
 */
function likedIdsColumn(viewerId: Value, mode: LikesMode): SQL {
  if (mode !== 'load') return sql``
  return sql`, (select string_agg(l.measurement_id::text, ' ') from (select ${likes.measurementId} from ${likes}
      where ${likes.userId} = ${viewerId} limit ${literalCount(MAX_KEPT_LIKES + 1)}) l) as liked_ids`
}

/** What a page's statement returns: its posts as one text (postsText), and the viewer's likes in `load` mode. */
type PageRow = { figures: string; liked_ids?: string | null }

/**
 * Runs a page's statement in the mode the viewer's kept likes call for (viewer-likes.ts): the posts with the
 * viewer's likes set. A viewer with more likes than are kept, met in `load` mode, is asked again by probes.
 */
async function withViewerLikes<R extends PageRow>(
  likes: ViewerLikes,
  viewerId: string,
  run: (mode: LikesMode) => Promise<R | undefined>,
): Promise<{ row: R | undefined; posts: PagePost[] }> {
  const plan = likes.plan(viewerId)
  let row = await run(plan.kind === 'liked' ? 'known' : plan.kind)
  let liked = plan.kind === 'liked' ? plan.liked : undefined
  if (plan.kind === 'load' && row) {
    liked = likes.remember(viewerId, row.liked_ids ? row.liked_ids.split(' ') : [], plan.generation)
    if (liked === undefined) row = await run('probe')
  }
  const posts = postsFromText(row?.figures ?? '')
  if (liked) for (const post of posts) post.likedByMe = liked.has(post.id)
  return { row, posts }
}

/** The figures of the measurements in `page` (a CTE of pageColumns) as rows, with the viewer's like. */
function figuresOf(viewerId: Value): SQL {
  return sql`select page.id, page.user_id, page.cursor_at, page.visibility, page.updated_at::text as version,
      page.like_count, page.comment_count, page.confirmed_count, page.plausible_count, page.disputed_count,
      page.check_state, page.hidden_at is not null as hidden, ${likedSql(viewerId, 'probe')} as liked
    from page`
}

/**
 * The posts of `page` (a CTE of pageColumns and bodyColumnsSql), newest first, as one text (postsFromText); '' for
 * none; in `load` mode also the viewer's likes (likedIdsColumn). The version of a body is the measurement's
 * updated_at; the bodies of the posts in the placeholder `known` are left out (PostBodies.known). concat_ws leaves
 * out NULLs, so every field is one that cannot be NULL.
 */
function postsText(viewerId: Value, mode: LikesMode): SQL {
  return sql`select coalesce(string_agg(concat_ws(chr(31), page.id, page.cursor_at, page.updated_at::text,
        page.like_count, page.comment_count, page.confirmed_count, page.plausible_count, page.disputed_count,
        page.check_state, page.hidden_at is not null, ${likedSql(viewerId, mode)}, page.user_id,
        ${cardJsonSql}, ${bodyOrKnownSql(sql.placeholder('known'))}), chr(30)
      order by page.created_at desc nulls last, page.id desc nulls last), '') as figures${likedIdsColumn(viewerId, mode)}
    from page join users u on u.id = page.user_id`
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
  /** what this process keeps of the viewers' likes */
  likes: ViewerLikes,
  /** the posts whose bodies the statement may leave out (PostBodies.known) */
  known: string,
): Promise<Page> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const values = { viewer: viewer.id, afterAt: after?.createdAt, afterId: after?.id, known }
  const { posts } = await withViewerLikes(likes, viewer.id, async (mode) => {
    const statement = feedStatement(query.tab, after !== undefined, query.limit + 1, mode)
    return (await statement.rows(db, values))[0]
  })
  return pageOf(posts, query.limit)
}

/** The feed's statements, one per tab, with or without a cursor, page size and likes mode. */
const feedStatements = new Map<string, PreparedStatement<PageRow>>()

function feedStatement(tab: FeedTab, withCursor: boolean, take: number, mode: LikesMode): PreparedStatement<PageRow> {
  const key = `${tab}|${withCursor}|${take}|${mode}`
  let statement = feedStatements.get(key)
  if (!statement) {
    statement = preparedStatement<PageRow>(feedQuery(tab, withCursor, take, mode))
    feedStatements.set(key, statement)
  }
  return statement
}

/** A page's posts: what pageColumns reads, and what their bodies show. */
const postColumns = sql`${pageColumns}, ${bodyColumnsSql}`

/**
 * The feed page's query; its values are the placeholders viewer, afterAt and afterId. The inbox's rows are read
 * by an index-only scan of its primary key: the post's owner comes from the post (measurements.user_id), not from
 * the inbox row (owner_id), whose heap page a cold inbox would otherwise read for every row.
 */
function feedQuery(tab: FeedTab, withCursor: boolean, take: number, mode: LikesMode): SQL {
  const viewerId = sql.placeholder('viewer')
  const limit = literalCount(take)
  const cursor = afterCursor(
    withCursor ? { createdAt: sql.placeholder('afterAt'), id: sql.placeholder('afterId') } : undefined,
  )
  const inboxAfter = withCursor
    ? sql` and (inbox.created_at, inbox.measurement_id) < (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterId')}::uuid)`
    : sql``
  const select = postsText(viewerId, mode)
  if (tab === 'following') {
    return sql`with page as (
        select ${postColumns} from ${feedInbox} inbox
        join ${measurements} on ${measurements.id} = inbox.measurement_id
        where inbox.user_id = ${viewerId}${inboxAfter}
          and ${measurements.visibility} in ('public', 'followers') and ${measurements.hiddenAt} is null
          and ${measurements.userId} <> ${viewerId}
          and not exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = ${measurements.userId})
          and not exists (select 1 from blocks where blocker_id = ${measurements.userId} and blocked_id = ${viewerId})
        order by inbox.created_at desc, inbox.measurement_id desc
        limit ${limit})
      ${select}`
  }
  const ctes = sql`public_posts as (
          select ${postColumns} from ${measurements}
          where ${measurements.visibility} = 'public' and ${measurements.hiddenAt} is null
            and ${measurements.userId} <> ${viewerId}
            and ${measurements.userId} not in (select user_id from blocked)${cursor}
          order by ${newestFirst}
          limit ${limit}),
        floor as (select min(created_at) as at from public_posts having count(*) = ${limit}),
        followers_posts as (
          select ${postColumns} from ${feedInbox} inbox
          join ${measurements} on ${measurements.id} = inbox.measurement_id
          where inbox.user_id = ${viewerId}${inboxAfter}
            and inbox.created_at >= coalesce((select at from floor), '-infinity')
            and ${measurements.visibility} = 'followers' and ${measurements.hiddenAt} is null
            and ${measurements.userId} <> ${viewerId}
            and ${measurements.userId} not in (select user_id from blocked)
          order by inbox.created_at desc, inbox.measurement_id desc
          limit ${limit}),
        page as (
          select * from public_posts
          union all
          select * from followers_posts
          order by created_at desc nulls last, id desc nulls last limit ${limit})`
  return sql`with ${blockedCte(viewerId)}, ${ctes} ${select}`
}

function pageOf(posts: PagePost[], limit: number): Page {
  const items = posts.slice(0, limit)
  const last = items.at(-1)
  return {
    posts: items,
    nextCursor: posts.length > limit && last ? encodeCursor(cursorTimeOf(last.cursorAt), last.id) : null,
  }
}

/** What memberPostsWithStanding needs of the profile's standing query: its select list over `users u`. */
export type StandingColumns = (viewerId: Value) => SQL

const memberPostsStatements = new Map<string, PreparedStatement<PageRow & { standing: unknown }>>()

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
  /** what this process keeps of the viewers' likes */
  likes: ViewerLikes,
  /** the posts whose bodies the statement may leave out (PostBodies.known) */
  known: string,
): Promise<{ standing: S | undefined } & Page> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const values = {
    viewerId: viewer.id,
    userId,
    known,
    ...(after ? { cursorAt: after.createdAt, cursorId: after.id } : {}),
  }
  const { row, posts } = await withViewerLikes(likes, viewer.id, async (mode) => {
    const statement = memberPostsStatement(viewer.isAdmin, after !== undefined, query.limit + 1, mode, standing)
    return (await statement.rows(db, values))[0]
  })
  if (!row) return { standing: undefined, posts: [], nextCursor: null }
  return { standing: row.standing as S, ...pageOf(posts, query.limit) }
}

function memberPostsStatement(
  isAdmin: boolean,
  withCursor: boolean,
  take: number,
  mode: LikesMode,
  standing: StandingColumns,
): PreparedStatement<PageRow & { standing: unknown }> {
  const key = `${isAdmin}|${withCursor}|${take}|${mode}`
  let statement = memberPostsStatements.get(key)
  if (!statement) {
    const viewerId = sql.placeholder('viewerId')
    const hiddenToo = isAdmin
      ? sql` or (${measurements.hiddenAt} is not null and ${measurements.visibility} <> 'private')`
      : sql``
    const seesProfile = isAdmin ? sql`true` : sql`not s.hidden`
    const cursor = afterCursor(
      withCursor ? { createdAt: sql.placeholder('cursorAt'), id: sql.placeholder('cursorId') } : undefined,
    )
    statement = preparedStatement(
      sql`with s as (select ${standing(viewerId)} from users u where u.id = ${sql.placeholder('userId')}),
        page as (
          select ${postColumns} from s cross join lateral (
            select ${measurements.id} as id from ${measurements}
            where ${measurements.userId} = s.id
              and (s.id = ${viewerId}
                or (s.approved and not s."blockedMe" and not s."blockedByMe" and ${seesProfile}
                  and ((${measurements.hiddenAt} is null and (${measurements.visibility} = 'public'
                    or (${measurements.visibility} = 'followers' and s."isFollowing")))${hiddenToo})))${cursor}
            order by ${newestFirst}
            limit ${literalCount(take)}) ids
          join ${measurements} on ${measurements.id} = ids.id)
        select row_to_json(s.*) as standing, posts.* from s cross join lateral (${postsText(viewerId, mode)}) posts`,
    )
    memberPostsStatements.set(key, statement)
  }
  return statement
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
