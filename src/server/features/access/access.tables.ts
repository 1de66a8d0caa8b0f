import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '#server/features/auth/index.ts'

export const betaRequests = pgTable(
  'beta_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; matched against verified account e-mails. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    huntingExperience: text('hunting_experience', {
      enum: ['beginner', 'intermediate', 'advanced', 'expert'],
    }).notNull(),
    location: text('location').notNull(),
    reason: text('reason'),
    status: text('status', { enum: ['pending', 'approved', 'denied'] })
      .notNull()
      .default('pending'),
    reviewNotes: text('review_notes'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open request per address, enforced by the database so concurrent submissions cannot double up.
    uniqueIndex('beta_requests_one_pending_per_email').on(t.email).where(sql`status = 'pending'`),
    index('beta_requests_email_idx').on(t.email),
    index('beta_requests_status_created_idx').on(t.status, t.createdAt),
  ],
)

/** One-time links that create the first admin account (printed at start when no admin exists). */
export const adminSetupTokens = pgTable('admin_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
