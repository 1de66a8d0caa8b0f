import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { Db } from '#server/db/client.ts'
import type { EventHub } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { LEADERBOARD_ROWS, type LeaderboardRow } from '#shared/schemas/achievements.ts'
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

// Each process keeps boards' top rows and orders, unfiltered by blocks, until the database names them: ADR 024.

declare module 'fastify' {
  interface FastifyInstance {
    boardTops: BoardTops
  }
}

const MAX_BOARDS = 2_000
/** Boards whose whole order is kept for the viewers' ranks (an all-time board can be large). */
const MAX_ORDERS = 8
const ORDER_READ_EVERY_MS = 1_000

/** A board's rows first place first ([member, value, measurements, trophies]), and each member's place in them. */
type BoardOrder = { rows: [string, number, number, number][]; place: Map<string, number> }

/** A board as the triggers name it: 'board|bucket|species_id|evidence'. */
export const boardName = (key: BoardKey) => `${key.board}|${key.bucket}|${key.speciesId}|${key.evidence}`

export class BoardTops {
  readonly #db: Db
  readonly #live: boolean
  readonly #tops: DroppedCache<BoardRow[]>
  readonly #orders: DroppedCache<BoardOrder>
  readonly #orderReadAt = new LRUCache<string, number>({ max: MAX_BOARDS })

  /** `live`: this process hears every process's 'boards' events (EventHub.live); otherwise nothing is kept. */
  constructor(db: Db, options: { live: boolean }) {
    this.#db = db
    this.#live = options.live
    this.#tops = new DroppedCache({ live: options.live, maxEntries: MAX_BOARDS })
    this.#orders = new DroppedCache({ live: options.live, maxEntries: MAX_ORDERS })
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
    this.#orders.drop(name)
  }

  /** After this process commits a write: the database's event may come later, and the writer must see the change. */
  clear(): void {
    this.#tops.clear()
    this.#orders.clear()
  }

  async top(viewer: AuthUser, key: BoardKey): Promise<LeaderboardRow[]> {
    if (!this.#live) return listLeaderboard(this.#db, viewer, key)
    const name = boardName(key)
    let rows = this.#tops.get(name)
    if (!rows) {
      const generation = this.#tops.generation
      rows = await readBoardTop(this.#db, key)
      this.#tops.set(name, rows, generation)
    }
    const blocked = await readViewerBlocks(this.#db, viewer.id)
    const shown = blocked.size === 0 ? rows : rows.filter((row) => !blocked.has(row.id))
    // More blocked members near the top than rows kept: the board is read for this viewer alone.
    if (shown.length < LEADERBOARD_ROWS && rows.length === SHARED_TOP_ROWS) {
      return listLeaderboard(this.#db, viewer, key)
    }
    return shown.slice(0, LEADERBOARD_ROWS).map((row, i) => toRow(row, i + 1))
  }

  /** GET /api/leaderboards/me: rank from the kept order less members blocked either way, else counted (myRank). */
  async rank(viewer: AuthUser, key: BoardKey): Promise<{ row: LeaderboardRow | null }> {
    const name = boardName(key)
    const order = this.#orders.get(name) ?? (await this.#readOrder(name, key))
    if (!order) return myRank(this.#db, viewer, key)
    const me = await readViewerOnBoard(this.#db, viewer.id)
    const place = order.place.get(viewer.id)
    const mine = place === undefined ? undefined : order.rows[place]
    if (!me || me.hidden || place === undefined || !mine) return { row: null }
    let ahead = place
    for (const id of me.blocked ?? []) if ((order.place.get(id) ?? place) < place) ahead--
    const [, value, measurements, trophies] = mine
    const { firstName, lastName, image } = me
    return { row: toRow({ id: viewer.id, value, measurements, trophies, firstName, lastName, image }, ahead + 1) }
  }

  /** The board's order, read and kept; undefined without events, or when it was read less than a second ago. */
  async #readOrder(name: string, key: BoardKey): Promise<BoardOrder | undefined> {
    const now = Date.now()
    if (!this.#live || now - (this.#orderReadAt.get(name) ?? 0) < ORDER_READ_EVERY_MS) return undefined
    this.#orderReadAt.set(name, now)
    const generation = this.#orders.generation
    const rows = await readBoardOrder(this.#db, key)
    const order = { rows, place: new Map(rows.map((row, i) => [row[0], i])) }
    this.#orders.set(name, order, generation)
    return order
  }
}

/** onSend hook for routes whose writes may move boards: a successful write clears them before its answer leaves. */
export async function clearBoardsAfterWrites(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) req.server.boardTops.clear()
}
