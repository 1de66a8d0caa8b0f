import { doublePrecision, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import { users } from '#server/features/auth/index.ts'

/** Precomputed boards: a row per board, bucket, species ('' for all), evidence and member (ADR 067, ADR 020). */
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
    // A member's rows: all (refreshMemberBoards), a write's cells, or a cell's months or years (leaderboards.delta.ts).
    index('leaderboard_entries_member_idx').on(t.userId, t.board, t.speciesId, t.evidence, t.bucket),
  ],
)

/**
 * Counted measurements per bucket, evidence and species, all members (Top Species); written in key order (ADR 075).
 * Each species' count is split over TOTALS_SHARDS rows by member and summed when read (ADR 113).
 */
export const leaderboardSpeciesTotals = pgTable(
  'leaderboard_species_totals',
  {
    bucket: text('bucket').notNull(),
    evidence: smallint('evidence').notNull(),
    speciesId: text('species_id').notNull(),
    shard: smallint('shard').notNull().default(0),
    measurements: integer('measurements').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.evidence, t.speciesId, t.shard] })],
)
