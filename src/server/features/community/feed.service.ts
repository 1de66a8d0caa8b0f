import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { countLiteral } from '#server/db/literals.ts'
import { packedRows } from '#server/db/packed-rows.ts'
import { type PreparedStatement, preparedRows, preparedStatement } from '#server/db/prepared.ts'
import { blockedSql, canView, followsSql } from '#server/domain/visibility.ts'
import { cursorTimeOf, decodeCursor, encodeCursor, measurements } from '#server/features/measurements/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { CheckState, FeedTab } from '#shared/schemas/community.ts'
import { feedInbox, likes } from './community.tables.ts'
import { bodyColumnsSql, bodyOrKnownSql, cardJsonSql, type PagePost, type PostFigures } from './post-bodies.cache.ts'
import { MAX_KEPT_LIKES, type ViewerLikes } from './viewer-likes.cache.ts'

// Posts: the feed, one post, a member's posts on their profile. A page is ONE statement, cold or warm (ADR 023).

export type { PagePost, PostFigures } from './post-bodies.cache.ts'

export type PageQuery = { cursor?: string | undefined; limit: number }

/** `deep`: far from the newest posts, where a page is rarely read twice (its bodies are not kept). */
export type Page = { posts: PagePost[]; nextCursor: string | null; deep?: true }

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

/** A page's posts from postsText's ONE text value (why one text, not rows or json_build_array: ADR 054). */
export function postsFromText(text: string): PagePost[] {
  return packedRows(text, 14, "a page's posts").map((f) => {
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

/** A page's columns, read in the subquery (over `measurements`) that finds the row, so there is no second look-up. */
const pageColumns = sql`${measurements.id} as id, ${measurements.userId} as user_id,
  ${measurements.createdAt} as created_at, ${measurements.createdAt}::text as cursor_at, ${measurements.updatedAt} as updated_at,
  ${measurements.visibility} as visibility, ${measurements.hiddenAt} as hidden_at,
  ${measurements.likeCount} as like_count, ${measurements.commentCount} as comment_count,
  ${measurements.confirmedCount} as confirmed_count, ${measurements.plausibleCount} as plausible_count,
  ${measurements.disputedCount} as disputed_count, ${measurements.checkState} as check_state`

/** `known`: the caller sets likes from its kept set; `load`: also returns that set (liked_ids); `probe`: per post. */
export type LikesMode = 'known' | 'load' | 'probe'

/** The viewer's like of `page.id`: a probe of the likes, or false where the caller sets it from the set. */
function likedSql(viewerId: Value, mode: LikesMode): SQL {
  return mode === 'probe'
    ? sql`exists (select 1 from ${likes} where ${likes.measurementId} = page.id and ${likes.userId} = ${viewerId})`
    : sql`false`
}

/** `load`: liked_ids, at most MAX_KEPT_LIKES + 1 liked measurements separated by spaces; null for none. */
function likedIdsColumn(viewerId: Value, mode: LikesMode): SQL {
  if (mode !== 'load') return sql``
  return sql`, (select string_agg(l.measurement_id::text, ' ') from (select ${likes.measurementId} from ${likes}
      where ${likes.userId} = ${viewerId} limit ${countLiteral(MAX_KEPT_LIKES + 1)}) l) as liked_ids`
}

export type PageRow = { figures: string; liked_ids?: string | null }

/** Runs a page's statement in the likes mode the kept likes call for; a viewer with too many to keep is probed. */
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

// The posts of the CTE `page`, newest first, as one text ('' for none), leaving out the bodies in `known`.
// concat_ws skips NULLs, so every field must be one that cannot be NULL.
export function postsText(viewerId: Value, mode: LikesMode): SQL {
  return sql`select coalesce(string_agg(concat_ws(chr(31), page.id, page.cursor_at, page.updated_at::text,
        page.like_count, page.comment_count, page.confirmed_count, page.plausible_count, page.disputed_count,
        page.check_state, page.hidden_at is not null, ${likedSql(viewerId, mode)}, page.user_id,
        ${cardJsonSql}, ${bodyOrKnownSql(sql.placeholder('known'))}), chr(30)
      order by page.created_at desc nulls last, page.id desc nulls last), '') as figures${likedIdsColumn(viewerId, mode)}
    from page join users u on u.id = page.user_id`
}

// NULLS LAST, as measurements_user_created_idx and measurements_public_created_idx are built: plain DESC means NULLS
// FIRST, which they cannot give without a sort.
export const newestFirst = sql`${measurements.createdAt} desc nulls last, ${measurements.id} desc nulls last`

/** A value in a query: itself, or a placeholder of a statement made once (db/prepared.ts). */
type Value = string | ReturnType<typeof sql.placeholder>

/** Keyset condition on the measurements of the subquery it is written in (createdAt, id: a decoded cursor). */
function afterCursor(after: { createdAt: Value; id: Value } | undefined): SQL {
  if (!after) return sql``
  return sql` and (${measurements.createdAt}, ${measurements.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
}

/**
 * A feed page's keyset conditions after the cursor (the afterAt and afterId placeholders): `cursor` on measurements
 * in the subquery it is written in, `inboxAfter` on the viewer's inbox rows `inbox`; both empty without a cursor.
 */
export function feedCursorSql(withCursor: boolean): { cursor: SQL; inboxAfter: SQL } {
  if (!withCursor) return { cursor: sql``, inboxAfter: sql`` }
  const at = sql`${sql.placeholder('afterAt')}::timestamptz`
  const id = sql`${sql.placeholder('afterId')}::uuid`
  return {
    cursor: afterCursor({ createdAt: sql.placeholder('afterAt'), id: sql.placeholder('afterId') }),
    inboxAfter: sql` and (inbox.created_at, inbox.measurement_id) < (${at}, ${id})`,
  }
}

/** The members across a block from the viewer (either way). */
export function blockedCte(viewerId: Value): SQL {
  return sql`blocked as (
      select blocked_id as user_id from blocks where blocker_id = ${viewerId}
      union all
      select blocker_id from blocks where blocked_id = ${viewerId})`
}

/**
 * GET /api/feed, newest first: never the viewer's own, hidden or private posts, nor any across a block. Following:
 * one backwards range of the viewer's feed_inbox (ADR 051). Everyone: public posts, plus followers-only ones from
 * the inbox down to the public page's `floor` (ADR 026).
 */
export async function feedPage(
  db: Db,
  viewer: AuthUser,
  query: PageQuery & { tab: FeedTab },
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

export const postColumns = sql`${pageColumns}, ${bodyColumnsSql}`

// The owner comes from the post, not the inbox row's owner_id, so the inbox range stays index-only (ADR 023).
function feedQuery(tab: FeedTab, withCursor: boolean, take: number, mode: LikesMode): SQL {
  const viewerId = sql.placeholder('viewer')
  const limit = countLiteral(take)
  const { cursor, inboxAfter } = feedCursorSql(withCursor)
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
        ${followersPostsCte(viewerId, withCursor, sql`coalesce((select at from floor), '-infinity')`, take)},
        page as (
          select * from public_posts
          union all
          select * from followers_posts
          order by created_at desc nulls last, id desc nulls last limit ${limit})`
  return sql`with ${blockedCte(viewerId)}, ${ctes} ${select}`
}

/**
 * The CTE followers_posts: the followers-only posts of the viewer's inbox (needs the CTE `blocked`) from `floor` (the
 * Everyone tab's oldest public post on the page) down to the cursor (afterAt, afterId placeholders).
 */
function followersPostsCte(viewerId: Value, withCursor: boolean, floor: SQL, take: number): SQL {
  const { inboxAfter } = feedCursorSql(withCursor)
  return sql`followers_posts as (
      select ${postColumns} from ${feedInbox} inbox
      join ${measurements} on ${measurements.id} = inbox.measurement_id
      where inbox.user_id = ${viewerId}${inboxAfter}
        and inbox.created_at >= ${floor}
        and ${measurements.visibility} = 'followers' and ${measurements.hiddenAt} is null
        and ${measurements.userId} <> ${viewerId}
        and ${measurements.userId} not in (select user_id from blocked)
      order by inbox.created_at desc, inbox.measurement_id desc
      limit ${countLiteral(take)})`
}

/** The first `limit` of `posts`, and the cursor after them when there are `more` (by default: a post past them). */
export function pageOf(posts: PagePost[], limit: number, more = posts.length > limit): Page {
  const items = posts.slice(0, limit)
  const last = items.at(-1)
  return { posts: items, nextCursor: more && last ? encodeCursor(cursorTimeOf(last.cursorAt), last.id) : null }
}

/** What memberPostsWithStanding needs of the profile's standing query: its select list over `users u`. */
export type StandingColumns = (viewerId: Value) => SQL

const memberPostsStatements = new Map<string, PreparedStatement<PageRow & { standing: unknown }>>()

/**
 * GET /api/profiles/:userId/measurements in ONE statement: the viewer's `standing` (undefined: no such member) and
 * the page it lets them see, by canSeeProfile's and canView's rules in SQL. Ids by index-only scan: ADR 055.
 */
export async function memberPostsWithStanding<S>(
  db: Db,
  viewer: AuthUser,
  userId: string,
  standing: StandingColumns,
  query: PageQuery,
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
            limit ${countLiteral(take)}) ids
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
