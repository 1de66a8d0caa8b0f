import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { countLiteral } from '#server/db/literals.ts'
import { packedRows } from '#server/db/packed-rows.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { decodeCursor, measurements } from '#server/features/measurements/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { feedInbox, likes } from './community.tables.ts'
import {
  feedPage,
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
import {
  type HeldFigures,
  type Holders,
  type Listed,
  MAX_HOLDERS,
  MAX_LIKERS,
  type PublicFeed,
} from './public-feed.cache.ts'
import type { ViewerLikes } from './viewer-likes.cache.ts'

// The Everyone tab from what every process keeps (public-feed.cache.ts, ADR 119, ADR 120): the posts' order, figures,
// likers, authors' cards and bodies, the inbox holders of followers-only posts and every block come from memory. A
// page reads the database only for what is not kept, in ONE statement.

/** What a page is made of besides the statement: the process's kept posts, cards, bodies and likes. */
export type KeptParts = { feed: PublicFeed; cards: MemberCards; bodies: PostBodies; likes: ViewerLikes }

type KeptRow = PageRow & { likers: string; holders: string }

const MAX_TRIES = 3
/** At most this many posts of a page read by id; one that needs more is read by feedPage's range statement, which
 * costs less for many (on the Everyone tab, only deep pages: KEPT_FROM_TOP) */
export const MAX_NEEDED = 6
/** Pages within this many posts of the newest are read by id and kept, however many they need */
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
  const liked = plan.kind === 'liked' ? plan.liked : undefined
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  const place = after && { key: after.createdAt, id: after.id }
  const take = query.limit + 1
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const lists = await kept.feed.current(db)
    if (!lists) return undefined
    const across = lists.blocks.across(viewer.id)
    const skip = (userId: string) => userId === viewer.id || across.has(userId)
    const walk = lists.timeline.walk(place, skip, take)
    if (!walk) return undefined
    const floor = walk.end ? undefined : (walk.posts.at(-1) as Listed).key
    const inbox = inboxPosts(lists.followersOnly.window(place, floor, skip), kept.feed, viewer.id, take)
    if (!inbox) return undefined
    // The post past the page's end only tells that there is a next page: it need not be kept.
    const listed = newestFirstListed([...walk.posts, ...inbox.chosen])
    const parts = heldParts(listed.slice(0, query.limit), kept, viewer.id, liked)
    const generations = {
      figures: kept.feed.figures.generation,
      holders: kept.feed.holders.generation,
      cards: kept.cards.generation,
    }
    if (parts.need.length === 0 && inbox.ask.length === 0) return pageFrom(listed, parts.held, query.limit)
    // Deep in the feed, posts read one by one cost more than the statement's range of them, and a page is rarely
    // read twice: a page mostly not kept is read as a range. Near the top, where members scroll, it is read by id
    // and kept for the next reader.
    if (after && walk.from >= KEPT_FROM_TOP && parts.need.length + inbox.ask.length > MAX_NEEDED) {
      return { ...(await feedPage(db, viewer, { ...query, tab: 'everyone' }, kept.likes, known)), deep: true }
    }
    const [row] = await keptStatement().rows(db, {
      viewer: viewer.id,
      need: parts.need.join(' '),
      ask: inbox.ask.map((entry) => entry.id).join(' '),
      known: parts.known.join(' '),
    })
    if (!row) return undefined
    const read = postsFromText(row.figures)
    const holders = holdersFromText(row.holders)
    for (const [id, set] of holders) kept.feed.holders.set(id, set, generations.holders)
    const readIds = new Set(read.map((post) => post.id))
    const asked = inbox.ask.filter((entry) => holds(holders.get(entry.id), viewer.id, readIds.has(entry.id)))
    const gone = [...parts.need, ...asked.map((entry) => entry.id)].filter((id) => !readIds.has(id))
    if (gone.length > 0) {
      // No longer listed, or not in the viewer's inbox (its event is on its way): read the places again, walk again.
      lists.timeline.moved(gone)
      lists.followersOnly.moved(gone)
      for (const id of gone) kept.feed.holders.drop(id)
      continue
    }
    // Some asked were not the viewer's and the window has more past them: walk again, with their holders kept.
    if (inbox.cut && asked.length < inbox.ask.length) continue
    keepRead(read, likersFromText(row.likers), kept, generations)
    return pageFrom(newestFirstListed([...listed, ...asked]), [...parts.held, ...read], query.limit)
  }
  return undefined
}

/** The page of the first `limit` of `listed` (newest first), from `posts`, which hold at least those. */
export function pageFrom(listed: Listed[], posts: PagePost[], limit: number): Page {
  const byId = new Map(posts.map((post) => [post.id, post]))
  const shown = listed.slice(0, limit).map((entry) => byId.get(entry.id) as PagePost)
  return pageOf(shown, limit, listed.length > limit)
}

/** Newest first by (created_at, id), as the statements order them. */
export function newestFirstListed(listed: Listed[]): Listed[] {
  return listed.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? 1 : -1) : a.id < b.id ? 1 : a.id > b.id ? -1 : 0))
}

/**
 * The followers-only posts of `window` the viewer's inbox holds (`chosen`), and those whose holders are not kept
 * (`ask`); enough of them for a page; `cut`: the window has more past them. Undefined when the window went past what
 * the timeline keeps.
 */
function inboxPosts(window: Listed[] | undefined, feed: PublicFeed, viewerId: string, take: number) {
  if (!window) return undefined
  const chosen: Listed[] = []
  const ask: Listed[] = []
  let i = 0
  for (; i < window.length && chosen.length + ask.length < take; i++) {
    const entry = window[i] as Listed
    const holders = feed.holders.get(entry.id)
    if (holders === undefined || holders === 'many') ask.push(entry)
    else if (holders.has(viewerId)) chosen.push(entry)
  }
  return { chosen, ask, cut: i < window.length }
}

/** The viewer holds the post: as its holders were read, or (past MAX_HOLDERS) as its row was. */
function holds(holders: Holders | undefined, viewerId: string, rowRead: boolean): boolean {
  if (holders === 'many') return rowRead
  return holders?.has(viewerId) ?? false
}

/**
 * The listed posts whose figures, likers (or the viewer's likes), author's card and body are all kept, as page posts
 * (body '': PostBodies has it); `need`, the others, for the statement to read; `known`, those whose body may be left out.
 */
export function heldParts(listed: Listed[], kept: KeptParts, viewerId: string, liked: ReadonlySet<string> | undefined) {
  const held: PagePost[] = []
  const need: string[] = []
  const known: string[] = []
  for (const entry of listed) {
    const figures = kept.feed.figures.get(entry.id)
    const card = kept.cards.row(entry.userId)
    const likedByMe = figures?.likers ? figures.likers.has(viewerId) : liked?.has(entry.id)
    if (figures && likedByMe !== undefined && card && kept.bodies.holds(entry.id, 'member', figures.version)) {
      const { likers: _likers, ...shown } = figures
      held.push({ ...shown, likedByMe, card: cardText(card), body: '' })
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

/** Keeps the figures and likers of the posts read, and their authors' cards. */
export function keepRead(
  read: PagePost[],
  likers: ReadonlyMap<string, ReadonlySet<string>>,
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
    const { card: _card, body: _body, likedByMe: _liked, ...figures } = post
    const held: HeldFigures = { ...figures, likers: likers.get(post.id) }
    kept.feed.figures.set(post.id, held, generations.figures)
  }
}

/** 'id US likers... RS ...': the likers of each post read, those past MAX_LIKERS left out (the viewer's like decides). */
export function likersFromText(text: string): Map<string, ReadonlySet<string>> {
  const sets = new Map<string, ReadonlySet<string>>()
  for (const [id, members] of packedRows(text, 2, "a page's likers")) {
    const list = members === '' ? [] : (members as string).split(' ')
    if (list.length <= MAX_LIKERS) sets.set(id as string, new Set(list))
  }
  return sets
}

/** 'id US holders... RS ...': who holds each post asked for in their inbox; past MAX_HOLDERS, 'many'. */
function holdersFromText(text: string): Map<string, Holders> {
  const sets = new Map<string, Holders>()
  for (const [id, members] of packedRows(text, 2, "a page's inbox holders")) {
    const list = members === '' ? [] : (members as string).split(' ')
    sets.set(id as string, list.length > MAX_HOLDERS ? 'many' : new Set(list))
  }
  return sets
}

const keptStatements = new Map<boolean, PreparedStatement<KeptRow>>()

/** The statement of keptQuery: for the viewer's page, or (`forViewer` false) for warming, whoever may see them. */
export function keptStatement(forViewer = true): PreparedStatement<KeptRow> {
  let statement = keptStatements.get(forViewer)
  if (!statement) {
    statement = preparedStatement<KeptRow>(keptQuery(forViewer))
    keptStatements.set(forViewer, statement)
  }
  return statement
}

/**
 * The rows of the posts `need` and `ask` name that the viewer may see on the Everyone tab (public, or followers-only
 * in their inbox; not `forViewer`: any shown post), with their likers, and who holds each post of `ask` in their
 * inbox (ADR 120).
 */
function keptQuery(forViewer: boolean): SQL {
  const viewerId = sql.placeholder('viewer')
  const idsOf = (name: string) => sql`(select string_to_array(${sql.placeholder(name)}, ' ')::uuid[])`
  const inInbox = forViewer
    ? sql`exists (select 1 from ${feedInbox} inbox where inbox.user_id = ${viewerId}
        and inbox.created_at = ${measurements.createdAt} and inbox.measurement_id = ${measurements.id})`
    : sql`true`
  return sql`with page as (
        select ${postColumns} from ${measurements}
        where ${measurements.id} = any(${idsOf('need')} || ${idsOf('ask')})
          and ${measurements.hiddenAt} is null
          and (${measurements.visibility} = 'public' or (${measurements.visibility} = 'followers' and ${inInbox}))),
      likers as (
        select coalesce(string_agg(concat_ws(chr(31), page.id, (
          select coalesce(string_agg(l.user_id, ' '), '') from (select ${likes.userId} from ${likes}
            where ${likes.measurementId} = page.id limit ${countLiteral(MAX_LIKERS + 1)}) l)), chr(30)), '') as likers
        from page),
      holders as (
        select coalesce(string_agg(concat_ws(chr(31), asked.id, (
          select coalesce(string_agg(h.user_id, ' '), '') from (select inbox.user_id from ${feedInbox} inbox
            where inbox.measurement_id = asked.id limit ${countLiteral(MAX_HOLDERS + 1)}) h)), chr(30)), '') as holders
        from unnest(${idsOf('ask')}) as asked(id))
    select posts.*, likers.likers, holders.holders
    from (${postsText(viewerId, 'probe')}) posts, likers, holders`
}

// Posts read per statement while warming: few enough that a request waits little between two (about 10 ms on
// `club`), and that their ids stay a value a prepared statement takes (db/prepared.ts: 4,000 characters).
const WARM_CHUNK = 50

/**
 * Reads into memory the figures, likers, authors' cards and bodies of the newest `count` shown posts (public and
 * followers-only), a chunk at a time: what most members' first pages show on either tab (ADR 121). Returns how many
 * posts it read; `stop` is asked between chunks.
 */
export async function warmKept(db: Db, kept: KeptParts, count: number, stop: () => boolean): Promise<number> {
  if (!kept.feed.live) return 0
  let lists = await kept.feed.current(db)
  for (let waited = 0; !lists && waited < 60_000 && !stop(); waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50))
    lists = await kept.feed.current(db)
  }
  if (!lists) return 0
  const newest = newestFirstListed([...lists.timeline.newest(count), ...lists.followersOnly.newest(count)])
  let read = 0
  for (let i = 0; i < Math.min(count, newest.length) && !stop(); i += WARM_CHUNK) {
    const parts = heldParts(newest.slice(i, Math.min(i + WARM_CHUNK, count)), kept, '', undefined)
    if (parts.need.length === 0) continue
    const generations = { figures: kept.feed.figures.generation, cards: kept.cards.generation }
    const [row] = await keptStatement(false).rows(db, {
      viewer: '',
      need: parts.need.join(' '),
      ask: '',
      known: parts.known.join(' '),
    })
    const posts = postsFromText(row?.figures ?? '')
    keepRead(posts, likersFromText(row?.likers ?? ''), kept, generations)
    kept.bodies.keepForMembers(posts)
    read += posts.length
  }
  kept.feed.warmedTo = newest[Math.min(count, newest.length) - 1]?.key
  return read
}
