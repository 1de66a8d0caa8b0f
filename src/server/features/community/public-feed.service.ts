import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { countLiteral } from '#server/db/literals.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { cursorTimeOf, decodeCursor, measurements } from '#server/features/measurements/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { feedInbox } from './community.tables.ts'
import {
  blockedCte,
  feedCursorSql,
  feedPage,
  type LikesMode,
  newestFirst,
  type Page,
  type PageQuery,
  type PageRow,
  pageOf,
  postColumns,
  postsFromText,
  postsText,
} from './feed.service.ts'
import type { CardRow, MemberCards } from './member-cards.cache.ts'
import type { PagePost, PostBodies } from './post-bodies.cache.ts'
import type { HeldFigures, Listed, PublicFeed } from './public-feed.cache.ts'
import type { ViewerLikes } from './viewer-likes.cache.ts'

// The Everyone tab from what every process keeps (public-feed.cache.ts, ADR 119): the public posts' order, figures,
// authors' cards and bodies come from memory; ONE statement reads what is the viewer's own (the members across a
// block, the followers-only posts of their inbox, their likes) and whatever of the page is not kept.

/** What a page is made of besides the statement: the process's kept posts, cards, bodies and likes. */
export type KeptParts = { feed: PublicFeed; cards: MemberCards; bodies: PostBodies; likes: ViewerLikes }

type KeptRow = PageRow & { blocked: string }

const MAX_TRIES = 3
/** At most this many posts of a later page read by id; one that needs more is read by feedPage's statement */
const MAX_NEEDED = 6
/** Later pages within this many posts of the newest keep what they read (see keptEveryonePage) */
const KEPT_FROM_TOP = 1_000

/** GET /api/feed?tab=everyone as feedPage answers it; undefined when this process cannot (feedPage asks the database). */
export async function keptEveryonePage(
  db: Db,
  viewer: AuthUser,
  query: PageQuery,
  kept: KeptParts,
  /** the posts whose bodies feedPage's statement may leave out (PostBodies.known) */
  known: string,
): Promise<Page | undefined> {
  const plan = kept.likes.plan(viewer.id)
  if (plan.kind === 'probe') return undefined
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const place = after && { key: after.createdAt, id: after.id }
  const take = query.limit + 1
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const timeline = await kept.feed.current(db)
    if (!timeline) return undefined
    const blocked = kept.feed.blocked.get(viewer.id) ?? NO_ONE
    const walk = timeline.walk(place, (userId) => userId === viewer.id || blocked.has(userId), take)
    if (!walk) return undefined
    const parts = heldParts(walk.posts, kept)
    const generations = { figures: kept.feed.figures.generation, cards: kept.cards.generation }
    // Posts read one by one cost more than the statement's range of them: a later page mostly not kept is read as
    // a range. What it shows is kept for the next reader near the top, where members scroll; deeper, a page is
    // rarely read twice. The first page is always read by id.
    if (after && parts.need.length > MAX_NEEDED) {
      const page = await feedPage(db, viewer, { ...query, tab: 'everyone' }, kept.likes, known)
      if (walk.from >= KEPT_FROM_TOP) return page
      keepRead(
        page.posts,
        new Set(page.posts.filter((post) => timeline.lists(post.id)).map((post) => post.id)),
        kept,
        generations,
      )
      return page
    }
    const floor = walk.end ? '-infinity' : (walk.posts.at(-1) as Listed).key
    const mode: LikesMode = plan.kind === 'liked' ? 'known' : 'load'
    const [row] = await keptStatement(after !== undefined, take, mode).rows(db, {
      viewer: viewer.id,
      afterAt: after?.createdAt,
      afterId: after?.id,
      head: timeline.head,
      floor,
      need: parts.need.join(' '),
      known: parts.known.join(' '),
    })
    if (!row) return undefined
    const actuallyBlocked = new Set(row.blocked === '' ? [] : row.blocked.split(' '))
    kept.feed.blocked.set(viewer.id, actuallyBlocked)
    // The walk guessed the members across a block: a different answer may change the page, so it is walked again.
    if (!sameSet(blocked, actuallyBlocked)) continue
    const read = postsFromText(row.figures)
    const readIds = new Set(read.map((post) => post.id))
    const gone = parts.need.filter((id) => !readIds.has(id))
    if (gone.length > 0) {
      // No longer public (its event is on its way): the walk takes the next post instead.
      for (const id of gone) timeline.remove(id)
      continue
    }
    keepRead(read, new Set(parts.need), kept, generations)
    const liked =
      plan.kind === 'liked'
        ? plan.liked
        : kept.likes.remember(viewer.id, row.liked_ids ? row.liked_ids.split(' ') : [], plan.generation)
    if (liked === undefined) return undefined
    const posts = newestFirstPosts(uniqueById([...parts.held, ...read])).slice(0, take)
    for (const post of posts) post.likedByMe = liked.has(post.id)
    return pageOf(posts, query.limit)
  }
  return undefined
}

const NO_ONE: ReadonlySet<string> = new Set()

function uniqueById(posts: PagePost[]): PagePost[] {
  const seen = new Set<string>()
  return posts.filter((post) => !seen.has(post.id) && seen.add(post.id))
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false
  for (const x of a) if (!b.has(x)) return false
  return true
}

/** Newest first by (created_at, id), as the statements order them. */
function newestFirstPosts(posts: PagePost[]): PagePost[] {
  const keys = new Map(posts.map((post) => [post.id, cursorTimeOf(post.cursorAt)]))
  return posts.sort((a, b) => {
    const ka = keys.get(a.id) as string
    const kb = keys.get(b.id) as string
    if (ka !== kb) return ka < kb ? 1 : -1
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0
  })
}

/**
 * The walked posts whose figures, author's card and body are all kept, as page posts (body '': PostBodies has it);
 * `need`, the others, for the statement to read; `known`, those of them whose body may be left out.
 */
function heldParts(walked: Listed[], kept: KeptParts) {
  const held: PagePost[] = []
  const need: string[] = []
  const known: string[] = []
  for (const entry of walked) {
    const figures = kept.feed.figures.get(entry.id)
    const card = kept.cards.row(entry.userId)
    if (figures && card && kept.bodies.holds(entry.id, 'member', figures.version)) {
      held.push({ ...figures, likedByMe: false, card: cardText(card), body: '' })
      continue
    }
    need.push(entry.id)
    if (kept.bodies.holdsAny(entry.id, 'member')) known.push(entry.id)
  }
  return { held, need, known }
}

/** A card as the statement writes it (cardJsonSql). */
function cardText(row: CardRow): string {
  return JSON.stringify([row.firstName, row.lastName, row.image, row.hidden])
}

/** Keeps the figures of the public posts read for `need` (as the timeline lists them), and every author's card. */
function keepRead(
  read: PagePost[],
  need: ReadonlySet<string>,
  kept: KeptParts,
  generations: { figures: number; cards: number },
): void {
  for (const post of read) {
    if (kept.cards.row(post.userId) === undefined) {
      const [firstName, lastName, image, hidden] = JSON.parse(post.card) as [
        string | null,
        string | null,
        string | null,
        boolean,
      ]
      kept.cards.keep({ id: post.userId, firstName, lastName, image, hidden }, generations.cards)
    }
    if (!need.has(post.id) || kept.feed.figures.get(post.id) !== undefined) continue
    const { card: _card, body: _body, likedByMe: _liked, ...figures } = post
    kept.feed.figures.set(post.id, figures satisfies HeldFigures, generations.figures)
  }
}

const keptStatements = new Map<string, PreparedStatement<KeptRow>>()

function keptStatement(withCursor: boolean, take: number, mode: LikesMode): PreparedStatement<KeptRow> {
  const key = `${withCursor}|${take}|${mode}`
  let statement = keptStatements.get(key)
  if (!statement) {
    statement = preparedStatement<KeptRow>(keptQuery(withCursor, take, mode))
    keptStatements.set(key, statement)
  }
  return statement
}

/**
 * The page's ids (public posts newer than the timeline knows, the walked posts not kept, the inbox's followers-only
 * posts down to the floor), then the rows of those alone, and the members across a block (ADR 119).
 */
function keptQuery(withCursor: boolean, take: number, mode: LikesMode): SQL {
  const viewerId = sql.placeholder('viewer')
  const limit = countLiteral(take)
  const { cursor, inboxAfter } = feedCursorSql(withCursor)
  const listed = sql`${measurements.visibility} = 'public' and ${measurements.hiddenAt} is null`
  return sql`with ${blockedCte(viewerId)},
      ids as (
        (select ${measurements.id} as id from ${measurements}
          where ${listed} and ${measurements.createdAt} > ${sql.placeholder('head')}::timestamptz
            and ${measurements.userId} <> ${viewerId}
            and ${measurements.userId} not in (select user_id from blocked)${cursor}
          order by ${newestFirst}
          limit ${limit})
        union all
        select ${measurements.id} from ${measurements}
          where ${measurements.id} = any((select string_to_array(${sql.placeholder('need')}, ' ')::uuid[])::uuid[])
            and ${listed}
        union all
        (select inbox.measurement_id from ${feedInbox} inbox
          join ${measurements} on ${measurements.id} = inbox.measurement_id
          where inbox.user_id = ${viewerId}${inboxAfter}
            and inbox.created_at >= ${sql.placeholder('floor')}::timestamptz
            and ${measurements.visibility} = 'followers' and ${measurements.hiddenAt} is null
            and ${measurements.userId} <> ${viewerId}
            and ${measurements.userId} not in (select user_id from blocked)
          order by inbox.created_at desc, inbox.measurement_id desc
          limit ${limit})),
      page as (select ${postColumns} from ids join ${measurements} on ${measurements.id} = ids.id)
    select posts.*, (select coalesce(string_agg(user_id, ' '), '') from blocked) as blocked
    from (${postsText(viewerId, mode)}) posts`
}
