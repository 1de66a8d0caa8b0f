import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AuthUser } from '#shared/schemas/access.ts'
import { LEADERBOARD_ROWS, type LeaderboardRow } from '#shared/schemas/achievements.ts'
import type { Db } from '../../db/client.ts'
import { DroppedCache } from '../../lib/dropped-cache.ts'
import type { EventHub } from '../notifications/events.ts'
import {
  type BoardKey,
  type BoardRow,
  listLeaderboard,
  readBoardTop,
  readViewerBlocks,
  SHARED_TOP_ROWS,
  toRow,
} from './leaderboards.queries.ts'

// A board's top 10 is the same for every viewer but for the members they blocked, and a club reads the same few
// boards over and over: each process keeps every board's top rows, as no viewer's blocks filter them, until the
// database says the board changed (the triggers of migration 0020 name it, whoever wrote it; ADR 024). A request
// then reads only the viewer's blocks and leaves those members out of the kept rows.

declare module 'fastify' {
  interface FastifyInstance {
    boardTops: BoardTops
  }
}

const MAX_BOARDS = 2_000

/** A board as the triggers name it: 'board|bucket|species_id|evidence'. */
export const boardName = (key: BoardKey) => `${key.board}|${key.bucket}|${key.speciesId}|${key.evidence}`

export class BoardTops {
  readonly #db: Db
  readonly #live: boolean
  readonly #tops: DroppedCache<BoardRow[]>

  /** `live`: this process hears every process's 'boards' events (EventHub.live); otherwise nothing is kept. */
  constructor(db: Db, options: { live: boolean }) {
    this.#db = db
    this.#live = options.live
    this.#tops = new DroppedCache({ live: options.live, maxEntries: MAX_BOARDS })
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
  }

  /**
   * Forget every board: this process committed a change that may move some (the database's event follows, a moment
   * later on PostgreSQL; the member who wrote it should see it at once).
   */
  clear(): void {
    this.#tops.clear()
  }

  /** GET /api/leaderboards/points|trophies|species/{species}: the top 10, ranked 1..n as the viewer sees them. */
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
}

/**
 * An onSend hook for the routes whose writes may move boards (measurements, size checks, moderation, awards): a
 * write that succeeded clears this process's boards before its answer leaves, so its member sees it on the board.
 */
export async function clearBoardsAfterWrites(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD' && reply.statusCode < 400) req.server.boardTops.clear()
}
