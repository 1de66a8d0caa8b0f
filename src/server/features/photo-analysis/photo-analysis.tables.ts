import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '#server/features/auth/index.ts'
import { photos } from '#server/features/measurements/index.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'

/** Answered analyses, so a measurement naming one (`aiAnalysisId`) is known real, the member's and of its photo. */
export const photoAnalyses = pgTable(
  'photo_analyses',
  {
    id: uuid('id').primaryKey(),
    photoId: uuid('photo_id')
      .notNull()
      .references(() => photos.id, { onDelete: 'cascade' }),
    /** Who asked for it (the photo may be another member's, for a member size check). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The answer as sent (PhotoAnalysisSchema). */
    result: jsonb('result').$type<PhotoAnalysis>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The cascades from photos and users look rows up by these columns.
  (t) => [index('photo_analyses_photo_idx').on(t.photoId), index('photo_analyses_user_idx').on(t.userId)],
)
