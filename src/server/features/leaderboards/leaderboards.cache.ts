import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Db } from '#server/db/client.ts'
import type { EventHub } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { LEADERBOARD_ROWS, type LeaderboardRow } from '#shared/schemas/achievements.ts'
import { type BoardOrder, membersAhead } from './leaderboards.order.ts'
import {
  type BoardKey,
  type BoardRow,
  listLeaderboard,
  myRank,
  readBoardOrder,
  readBoardTop,
  readViewerBlocks,
  readViewerOnBoard,
  SHARED_TOP_ROWS,
  toRow,
} from './leaderboards.queries.ts'

// Each process keeps boards' top rows and orders, unfiltered by blocks, until the database names them: ADR 024;
// a viewer's place may come from an order a few seconds old, their figures never (ADR 114).

declare module 'fastify' {
  interface FastifyInstance {
    boardTops: BoardTops
  }
}

const MAX_BOARDS = 2_000
/** Boards whose whole order is kept for the viewers' ranks (an all-time board can be large). */
const MAX_ORDERS = 8
const ORDER_READ_EVERY_MS = 1_000
/** An order is read again no sooner than this many times its last read's duration: a board's order reads then take at
 * most a twentieth of one connection, however large the board (ADR 114). */
const ORDER_READ_SPACING = 20

/** How long after a read of a board's order began the next may begin: a second, or 20 times the read's duration. */
export const orderReadSpacing = (readMs: number) => Math.max(ORDER_READ_EVERY_MS, ORDER_READ_SPACING * readMs)

/** A board as the triggers name it: 'board|bucket|species_id|evidence'. */
export const boardName = (key: BoardKey) => `${key.board}|${key.bucket}|${key.speciesId}|${key.evidence}`

export class BoardTops {
  readonly #db: Db
  readonly #live: boolean
  readonly #tops: DroppedCache<BoardRow[]>
  readonly #orders: LRUCache<string, BoardOrder>
  /** When each board's order may be read again at the soonest. */
  readonly #orderNextReadAt = new LRUCache<string, number>({ max: MAX_BOARDS })
  readonly #orderReads = new Map<string, Promise<BoardOrder | undefined>>()
  /** Boards dropped while their order was being read: that read is kept, stale. */
  readonly #droppedWhileRead = new Set<string>()

  /** `live`: this process hears every process's 'boards' events (EventHub.live); otherwise nothing is kept. */
  constructor(db: Db, options: { live: boolean }) {
    this.#db = db
    this.#live = options.live
    this.#tops = new DroppedCache({ live: options.live, maxEntries: MAX_BOARDS })
    this.#orders = new LRUCache({ max: MAX_ORDERS })
  }

  static listening(db: Db, events: EventHub): BoardTops {
    const tops = new BoardTops(db, { live: events.live })
    events.onBoards((names) => {
      if (names === 'all') tops.clear()
      else for (const name of names) tops.drop(name)
    })
    // The rows show each member's name, picture and hidden state.
    events.onMemberCard(() => tops.clear())
    events.onReconnect(() => tops.clear())
    return tops
  }

  get size(): number {
    return this.#tops.size
  }

  drop(name: string): void {
    this.#tops.drop(name)
    const order = this.#orders.get(name)
    if (order) order.stale = true
    if (this.#orderReads.has(name)) this.#droppedWhileRead.add(name)
  }

  /** After this process commits a write: the database's event may come later, and the writer must see the change. */
  clear(): void {
    this.#tops.clear()
    for (const order of this.#orders.values()) order.stale = true
    for (const name of this.#orderReads.keys()) this.#droppedWhileRead.add(name)
  }

  async top(viewer: AuthUser, key: BoardKey): Promise<LeaderboardRow[]> {
    if (!this.#live) return listLeaderboard(this.#db, viewer, key)
    const [rows, blocked] = await Promise.all([this.#top(key), readViewerBlocks(this.#db, viewer.id)])
    const shown = blocked.size === 0 ? rows : rows.filter((row) => !blocked.has(row.id))
    // More blocked members near the top than rows kept: the board is read for this viewer alone.
    if (shown.length < LEADERBOARD_ROWS && rows.length === SHARED_TOP_ROWS) {
      return listLeaderboard(this.#db, viewer, key)
    }
    return shown.slice(0, LEADERBOARD_ROWS).map((row, i) => toRow(row, i + 1))
  }

  /** The board's kept top rows, read when it has none (side by side with the viewer's blocks, by top()). */
  async #top(key: BoardKey): Promise<BoardRow[]> {
    const name = boardName(key)
    const kept = this.#tops.get(name)
    if (kept) return kept
    const generation = this.#tops.generation
    const rows = await readBoardTop(this.#db, key)
    this.#tops.set(name, rows, generation)
    return rows
  }

  /**
   * GET /api/leaderboards/me: the viewer's figures from their row, and their place at those figures among the others
   * of the kept order, less members blocked either way. Others may be seconds behind their changes (ADR 114); the
   * viewer never is, their own write included. An exact tie with another member is counted (myRank).
   */
  async rank(viewer: AuthUser, key: BoardKey): Promise<{ row: LeaderboardRow | null }> {
    if (!this.#live) return myRank(this.#db, viewer, key)
    const [order, me] = await Promise.all([
      this.#order(boardName(key), key),
      readViewerOnBoard(this.#db, viewer.id, key),
    ])
    if (!me || me.hidden || me.value === null || me.at === null || Number(me.value) <= 0) return { row: null }
    const standing = { id: viewer.id, value: Number(me.value), at: Number(me.at) }
    const ahead = order ? membersAhead(order, standing, me.blocked ?? []) : undefined
    if (ahead === undefined) return myRank(this.#db, viewer, key)
    const { firstName, lastName, image } = me
    const figures = { value: me.value, measurements: me.measurements ?? 0, trophies: me.trophies ?? 0 }
    return { row: toRow({ id: viewer.id, ...figures, firstName, lastName, image }, ahead + 1) }
  }

  /** The kept order, read again (once, in the background) when stale and its spacing since the last read is over. */
  async #order(name: string, key: BoardKey): Promise<BoardOrder | undefined> {
    const kept = this.#orders.get(name)
    if (kept && !kept.stale) return kept
    const now = Date.now()
    if (!this.#orderReads.has(name) && now >= (this.#orderNextReadAt.get(name) ?? 0)) {
      this.#orderNextReadAt.set(name, now + ORDER_READ_EVERY_MS)
      // Nobody may await a background read: a failed one gives no order (the viewer is counted), never a rejection.
      const read = this.#readOrder(name, key)
        .catch(() => undefined)
        .finally(() => this.#orderReads.delete(name))
      this.#orderReads.set(name, read)
    }
    return kept ?? (await this.#orderReads.get(name))
  }

  async #readOrder(name: string, key: BoardKey): Promise<BoardOrder> {
    this.#droppedWhileRead.delete(name)
    const started = Date.now()
    const order = await readBoardOrder(this.#db, key)
    this.#orderNextReadAt.set(name, started + orderReadSpacing(Date.now() - started))
    order.stale = this.#droppedWhileRead.delete(name)
    this.#orders.set(name, order)
    return order
  }
}

/** onSend hook for routes whose writes may move boards: a successful write clears them before its answer leaves. */
export async function clearBoardsAfterWrites(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) req.server.boardTops.clear()
}
