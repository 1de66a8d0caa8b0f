import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/** The outbox (ADR 011): one row per e-mail until it is handed over; a null `nextAttemptAt` waits for an admin. */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The mail's main link, logged when mail is written to files (a local run follows it from the log). */
    link: text('link'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    /** A sender holds the mail until then; a process that dies mid-send leaves it to be claimed again after. */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_queue_due_idx').on(t.nextAttemptAt).where(sql`next_attempt_at is not null`),
    index('mail_queue_failing_idx').on(t.lastAttemptAt).where(sql`last_error is not null`),
  ],
)
