import { sql } from 'drizzle-orm'
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { users } from '#server/features/auth/index.ts'
import type { PhotoMeasurement, QuickValues } from '#shared/schemas/measurements.ts'
import type { ScoreSheet } from '#shared/scoring/build-sheet.ts'
import type { ScoreResult } from '#shared/scoring/result.ts'

// A measurement is a catch or a trophy and, when not private, a post. The sheet and result are kept whole; the card's
// values and the score are copied into columns so lists and boards read plain indexes. Inches and pounds.

export const measurements = pgTable(
  'measurements',
  {
    /** Made by the client, so an offline draft synced twice is one measurement. */
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    speciesId: text('species_id').notNull(),
    /** Chart category or fish formula id; null for species without a chart. */
    category: text('category'),
    system: text('system'),
    sheet: jsonb('sheet').$type<ScoreSheet>(),
    quick: jsonb('quick').$type<QuickValues>(),
    result: jsonb('result').$type<ScoreResult>(),
    score: doublePrecision('score'),
    scoreText: text('score_text'),
    trophyClass: text('trophy_class', { enum: ['record', 'trophy', 'standard'] })
      .notNull()
      .default('standard'),
    lengthIn: doublePrecision('length_in'),
    widthIn: doublePrecision('width_in'),
    weightLbs: doublePrecision('weight_lbs'),
    weightEstimated: boolean('weight_estimated').notNull().default(false),
    spreadIn: doublePrecision('spread_in'),
    points: integer('points'),
    massIn: doublePrecision('mass_in'),
    /** What everyone sees: the reported evidence, raised to community-verified by the member size checks. */
    evidence: text('evidence', {
      enum: ['self-reported', 'photo-measured', 'ai-estimate', 'community-verified', 'official'],
    })
      .notNull()
      .default('self-reported'),
    /** How the owner measured it (measurements.compute.ts); `evidence` falls back to it when a verification is lost. */
    reportedEvidence: text('reported_evidence', {
      enum: ['self-reported', 'photo-measured', 'ai-estimate', 'community-verified', 'official'],
    })
      .notNull()
      .default('self-reported'),
    method: text('method', { enum: ['tape', 'scale', 'photo'] }).notNull(),
    photoMeasurements: jsonb('photo_measurements').$type<PhotoMeasurement[]>().notNull().default([]),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    notes: text('notes'),
    caption: text('caption'),
    visibility: text('visibility', { enum: ['private', 'followers', 'public'] })
      .notNull()
      .default('private'),
    region: text('region'),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    locationPrecision: text('location_precision', { enum: ['exact', 'km', 'region', 'hidden'] })
      .notNull()
      .default('region'),
    coverPhotoId: uuid('cover_photo_id'),
    // The community's figures, kept in the same transaction as the like, comment or verdict that changes
    // them, so the feed reads plain columns instead of counting.
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    confirmedCount: integer('confirmed_count').notNull().default(0),
    plausibleCount: integer('plausible_count').notNull().default(0),
    disputedCount: integer('disputed_count').notNull().default(0),
    checkState: text('check_state', { enum: ['unverified', 'verified', 'disputed'] })
      .notNull()
      .default('unverified'),
    /** A moderator hid it: only its owner and admins still see it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    // One member's rows, newest first; visibility and hidden_at ride along so a profile's posts find their page by
    // an index-only scan and read just those rows.
    index('measurements_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc(), t.visibility, t.hiddenAt),
    index('measurements_user_species_idx').on(t.userId, t.speciesId),
    // The collection as members read it: newest catch first (order=taken), and the months of the statistics.
    index('measurements_user_taken_idx').on(t.userId, t.takenAt.desc(), t.id.desc()),
    // The feed and leaderboards read public rows nobody hid.
    index('measurements_public_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`visibility = 'public' and hidden_at is null`),
    // The awards count trophies and better evidence only as far as a target (achievements/metrics.queries.ts): a
    // range of these few rows, not a scan of the member's whole history.
    index('measurements_user_trophies_idx')
      .on(t.userId, t.trophyClass)
      .where(sql`hidden_at is null and trophy_class in ('trophy', 'record')`),
    index('measurements_user_evidence_idx')
      .on(t.userId, t.evidence)
      .where(sql`hidden_at is null and evidence in ('photo-measured', 'community-verified', 'official')`),
    // The Everyone feed's followers-only posts: read newest first down to the page's oldest public post, keeping
    // those of members the viewer follows (far fewer entries than one index range per followee).
    index('measurements_followers_created_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`visibility = 'followers' and hidden_at is null`),
  ],
)

/** Stored photos, uploaded before their measurement (null until then); GPS and capture time are never stored. */
export const photos = pgTable(
  'photos',
  {
    id: uuid('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    measurementId: uuid('measurement_id').references(() => measurements.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The storage keys' common prefix; `{key}/display.webp` and `{key}/thumb.webp`. */
    storageKey: text('storage_key').notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A measurement's photos in order; what a card shows of each rides along, so lists read them from the index
    // alone (an index-only scan) instead of one table page per photo.
    index('photos_measurement_idx').on(t.measurementId, t.position, t.id, t.width, t.height),
    index('photos_user_idx').on(t.userId),
  ],
)

/** Per-member preferences (units, defaults for new measurements). A missing row means the defaults. */
export const userSettings = pgTable(
  'user_settings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    units: text('units', { enum: ['imperial', 'metric'] })
      .notNull()
      .default('imperial'),
    defaultVisibility: text('default_visibility', { enum: ['private', 'followers', 'public'] })
      .notNull()
      .default('private'),
    defaultLocationPrecision: text('default_location_precision', { enum: ['exact', 'km', 'region', 'hidden'] })
      .notNull()
      .default('region'),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.userId] })],
)
