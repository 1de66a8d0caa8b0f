import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Rate-limit windows, shared by every server process (DESIGN.md §4: app processes keep no state of their own). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
})
