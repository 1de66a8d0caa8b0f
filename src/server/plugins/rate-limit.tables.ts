import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/** Rate-limit windows, shared by all server processes (docs/architecture.md §4: they keep no state of their own). */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
})
