import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '../auth/auth.tables.ts'

/**
 * Leaderboards (issue 6), precomputed: one row per board, period bucket, species, minimum evidence and member,
 * kept in the same transaction as whatever changed their standing (a measurement written, hidden, restored, disputed
 * or verified moves its cells; an achievement earned or revoked its points: ADR 020). A board is then one range of
 * leaderboard_entries_rank_idx read in rank order and stopped after ten rows: nothing is aggregated per request.
 *
 * - board: points | trophies | species
 * - bucket: 'all', 'y2026', 'm2026-11', 'w2026-11-16' (periodBucket of src/shared/achievements/constants.ts): a
 *   measurement counts in the buckets of its date taken, points in those of the moment they were earned
 * - species_id: '' for every species (points and trophies boards), else one catalogue species
 * - evidence: 0 any, 1 photo-measured or better, 2 community-verified or better (a row of level n counts only
 *   measurements of at least that level)
 * - value: points, trophies, or the best score (best weight in pounds for a fish) of the species
 * - achieved_at: when the member reached this value (ties: earlier first, then user id)
 * - measurements, trophies: the member's counted measurements and trophies in the same bucket, species and evidence
 */
export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    board: text('board').notNull(),
    bucket: text('bucket').notNull(),
    speciesId: text('species_id').notNull().default(''),
    evidence: smallint('evidence').notNull().default(0),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
    achievedAt: timestamp('achieved_at', { withTimezone: true }).notNull(),
    measurements: integer('measurements').notNull().default(0),
    trophies: integer('trophies').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.board, t.bucket, t.speciesId, t.evidence, t.userId] }),
    index('leaderboard_entries_rank_idx').on(
      t.board,
      t.bucket,
      t.speciesId,
      t.evidence,
      t.value.desc(),
      t.achievedAt,
      t.userId,
    ),
    // a member's rows: all of them (refreshMemberBoards), a few cells (a write's delta), a species' years or the
    // months of a year (a best or latest read again, leaderboards.delta.ts)
    index('leaderboard_entries_member_idx').on(t.userId, t.board, t.speciesId, t.evidence, t.bucket),
  ],
)

/**
 * How many counted measurements each species has per period bucket and minimum evidence, over every member: the
 * Top Species list (GET /api/leaderboards/top-species) reads one bucket's few rows instead of adding up the
 * 'trophies' rows of every member per request. Kept in the same transaction as the rows (a write's delta, or
 * refreshMemberBoards): the member's net change per key, written in key order (two members' transactions take the
 * row locks in the same order: no deadlock).
 * Rebuilt whole by rebuildAllBoards. A species whose count falls to 0 keeps its row (0 is never listed).
 */
export const leaderboardSpeciesTotals = pgTable(
  'leaderboard_species_totals',
  {
    bucket: text('bucket').notNull(),
    evidence: smallint('evidence').notNull(),
    speciesId: text('species_id').notNull(),
    measurements: integer('measurements').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.evidence, t.speciesId] })],
)
