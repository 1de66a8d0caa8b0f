import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { users } from '#server/features/auth/index.ts'
import { measurements } from '#server/features/measurements/index.ts'
import type { Estimate } from '#shared/schemas/community.ts'

// The community. A like, a follow, a verdict and a block are one row per pair, so a double click or two
// concurrent requests end with one row (the primary key or unique constraint decides, never a read-then-write).

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })
const measurementRef = () =>
  uuid('measurement_id')
    .notNull()
    .references(() => measurements.id, { onDelete: 'cascade' })

export const follows = pgTable(
  'follows',
  {
    followerId: userRef('follower_id'),
    followeeId: userRef('followee_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.followeeId] }),
    // followers of a member, newest first
    index('follows_followee_idx').on(t.followeeId, t.createdAt.desc()),
  ],
)

export const likes = pgTable(
  'likes',
  {
    measurementId: measurementRef(),
    userId: userRef('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.measurementId, t.userId] }),
    // a member's likes, read whole by an index-only scan (viewer-likes.cache.ts)
    index('likes_user_measurement_idx').on(t.userId, t.measurementId),
  ],
)

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey(),
    measurementId: measurementRef(),
    userId: userRef('user_id'),
    body: text('body').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_measurement_idx').on(t.measurementId, t.createdAt, t.id),
    index('comments_user_idx').on(t.userId),
  ],
)

export const sizeChecks = pgTable(
  'size_checks',
  {
    id: uuid('id').primaryKey(),
    measurementId: measurementRef(),
    userId: userRef('user_id'),
    verdict: text('verdict', { enum: ['confirmed', 'plausible', 'disputed'] }).notNull(),
    estimate: jsonb('estimate').$type<Estimate>().notNull(),
    note: text('note').notNull().default(''),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    unique('size_checks_one_per_member').on(t.measurementId, t.userId),
    index('size_checks_user_idx').on(t.userId),
  ],
)

/** One row per event and recipient; `groupKey` gathers the bell's lines, the actor lets a block hide theirs. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: userRef('user_id'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: ['like', 'comment', 'mention', 'follow', 'achievement', 'size-check', 'size-check-reply'],
    }).notNull(),
    groupKey: text('group_key').notNull(),
    measurementId: uuid('measurement_id').references(() => measurements.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    achievementId: text('achievement_id'),
    verdict: text('verdict', { enum: ['confirmed', 'plausible', 'disputed'] }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Carries every column the bell reads, so its window is an index-only scan (ADR 022).
    index('notifications_user_created_idx').on(
      t.userId,
      t.createdAt.desc(),
      t.kind,
      t.groupKey,
      t.actorId,
      t.measurementId,
      t.commentId,
      t.achievementId,
      t.verdict,
      t.readAt,
    ),
    index('notifications_user_unread_idx').on(t.userId, t.groupKey).where(sql`read_at is null`),
    // for the cascades, and to find the recipients when a measurement or comment changes
    index('notifications_measurement_idx').on(t.measurementId),
    index('notifications_comment_idx').on(t.commentId),
  ],
)

export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey(),
    reporterId: userRef('reporter_id'),
    targetType: text('target_type', { enum: ['measurement', 'comment', 'user'] }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason', {
      enum: ['spam', 'harassment', 'location', 'false-size', 'inappropriate', 'other'],
    }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'hidden', 'dismissed'] })
      .notNull()
      .default('open'),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // one open report per member and target: reporting twice updates the reason
    unique('reports_one_per_reporter').on(t.reporterId, t.targetType, t.targetId),
    index('reports_status_created_idx').on(t.status, t.createdAt.desc()),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
)

export const blocks = pgTable(
  'blocks',
  {
    blockerId: userRef('blocker_id'),
    blockedId: userRef('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
)

/** The achievement catalogue and each member's awards (features/achievements fills and awards them). */
export const achievements = pgTable('achievements', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  iconType: text('icon_type').notNull().default('award'),
  points: integer('points').notNull(),
  category: text('category').notNull(),
  type: text('type').notNull(),
  targetValue: integer('target_value'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  /** what it counts (ACHIEVEMENT_METRICS of src/shared/achievements/constants.ts) and its argument (a species group) */
  metric: text('metric').notNull().default('measurements'),
  metricArg: text('metric_arg'),
  /** the catalogue's order */
  position: integer('position').notNull().default(0),
  /** last awarded to every qualifying member; null once added, re-activated or retargeted (retroactive.service.ts) */
  evaluatedAt: timestamp('evaluated_at', { withTimezone: true }),
})

export const userAchievements = pgTable(
  'user_achievements',
  {
    id: uuid('id').primaryKey(),
    userId: userRef('user_id'),
    achievementId: text('achievement_id')
      .notNull()
      .references(() => achievements.id, { onDelete: 'cascade' }),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('user_achievements_once').on(t.userId, t.achievementId),
    // the points board of a period adds a member's points by the moment they were earned
    index('user_achievements_earned_idx').on(t.earnedAt),
  ],
)

/** The Following feed fanned out on write (feed-inbox.service.ts, ADR 051): one row per follower and followed post. */
export const feedInbox = pgTable(
  'feed_inbox',
  {
    userId: userRef('user_id'),
    /** the post's created_at, copied: the feed's order */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    measurementId: measurementRef(),
    ownerId: userRef('owner_id'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.createdAt, t.measurementId] }),
    index('feed_inbox_measurement_idx').on(t.measurementId),
    index('feed_inbox_owner_idx').on(t.ownerId, t.userId),
  ],
)

/** Inbox deliveries still to make (ADR 018). No foreign keys: deleting a post never waits on a claimed job. */
export const feedDeliveries = pgTable(
  'feed_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    measurementId: uuid('measurement_id').notNull(),
    /** the last follower (by id) whose row is written; '' before the first batch */
    afterFollower: text('after_follower').notNull().default(''),
    /** claims take the earliest; a partial batch moves it to now, so a long delivery takes turns with the others */
    turnAt: timestamp('turn_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_deliveries_turn_idx').on(t.turnAt)],
)
