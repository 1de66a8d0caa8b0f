import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { countLiteral } from '#server/db/literals.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { decodeCursor } from '#server/features/measurements/index.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { feedInbox } from './community.tables.ts'
import { feedCursorSql, feedPage, type Page, type PageQuery, postsFromText } from './feed.service.ts'
import type { Listed } from './public-feed.cache.ts'
import {
  heldParts,
  type KeptParts,
  keepRead,
  keptStatement,
  likersFromText,
  MAX_NEEDED,
  pageFrom,
} from './public-feed.service.ts'

// The Following tab with what every process keeps (ADR 121): the viewer's inbox is theirs alone, so ONE small
// statement reads the ids of its next rows; which of them are still shown, their authors, figures, likers, cards
// and bodies come from memory (public-feed.cache.ts), and a second statement reads the posts not kept.

/** Inbox rows read past the page's own: rows memory leaves out (the viewer's own, across a block) seldom need more. */
const SPARE_ROWS = 4

/** GET /api/feed?tab=following as feedPage answers it; undefined when this process cannot (feedPage asks the database). */
export async function keptFollowingPage(
  db: Db,
  viewer: AuthUser,
  query: PageQuery,
  kept: KeptParts,
  /** the posts whose bodies feedPage's statement may leave out (PostBodies.known) */
  known: string,
): Promise<Page | undefined> {
  const after = query.cursor ? decodeCursor(query.cursor) : undefined
  // Past the posts warmed, few are kept: the range statement alone costs less than the inbox's ids and then it.
  const warmedTo = kept.feed.warmedTo
  if (after && warmedTo !== undefined && after.createdAt < warmedTo) {
    return { ...(await feedPage(db, viewer, { ...query, tab: 'following' }, kept.likes, known)), deep: true }
  }
  const lists = await kept.feed.current(db)
  if (!lists?.timeline.complete || !lists.followersOnly.complete) return undefined
  const take = query.limit + 1
  const rows = take + SPARE_ROWS
  const [inbox] = await inboxStatement(after !== undefined, rows).rows(db, {
    viewer: viewer.id,
    afterAt: after?.createdAt,
    afterId: after?.id,
  })
  const ids = inbox?.ids ? inbox.ids.split(' ') : []
  const across = lists.blocks.across(viewer.id)
  const listed: Listed[] = []
  for (const id of ids) {
    const entry = lists.timeline.entry(id) ?? lists.followersOnly.entry(id)
    // Not listed: hidden, made private, or new and its event still on its way. The range statement decides.
    if (!entry) return undefined
    if (entry.userId !== viewer.id && !across.has(entry.userId)) listed.push(entry)
  }
  // So many rows left out that the page may need more: the range statement reads it.
  if (listed.length < take && ids.length === rows) return undefined
  const page = listed.slice(0, take)
  const plan = kept.likes.plan(viewer.id)
  const parts = heldParts(page.slice(0, query.limit), kept, viewer.id, plan.kind === 'liked' ? plan.liked : undefined)
  if (parts.need.length === 0) return pageFrom(page, parts.held, query.limit)
  if (parts.need.length > MAX_NEEDED) return undefined
  const generations = { figures: kept.feed.figures.generation, cards: kept.cards.generation }
  const [row] = await keptStatement().rows(db, {
    viewer: viewer.id,
    need: parts.need.join(' '),
    ask: '',
    known: parts.known.join(' '),
  })
  const read = postsFromText(row?.figures ?? '')
  // A post no longer shown (its event is on its way): the range statement reads the page.
  if (read.length !== parts.need.length) return undefined
  keepRead(read, likersFromText(row?.likers ?? ''), kept, generations)
  return pageFrom(page, [...parts.held, ...read], query.limit)
}

const inboxStatements = new Map<string, PreparedStatement<{ ids: string }>>()

function inboxStatement(withCursor: boolean, rows: number): PreparedStatement<{ ids: string }> {
  const key = `${withCursor}|${rows}`
  let statement = inboxStatements.get(key)
  if (!statement) {
    statement = preparedStatement(inboxQuery(withCursor, rows))
    inboxStatements.set(key, statement)
  }
  return statement
}

/** The ids of the viewer's next inbox rows, newest first, as one text: an index-only range (ADR 051). */
function inboxQuery(withCursor: boolean, rows: number): SQL {
  const { inboxAfter } = feedCursorSql(withCursor)
  return sql`select coalesce(string_agg(inbox.measurement_id::text, ' '
      order by inbox.created_at desc, inbox.measurement_id desc), '') as ids
    from (select inbox.created_at, inbox.measurement_id from ${feedInbox} inbox
      where inbox.user_id = ${sql.placeholder('viewer')}${inboxAfter}
      order by inbox.created_at desc, inbox.measurement_id desc
      limit ${countLiteral(rows)}) inbox`
}
