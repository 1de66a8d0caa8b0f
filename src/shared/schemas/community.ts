import { z } from 'zod'
import { COMMUNITY_LIMITS, FEED_TABS, REPORT_REASONS, REPORT_TARGETS } from '#shared/community/constants.ts'
import { MeasurementOwnerSchema, MeasurementSchema, UNIT_SYSTEMS, VISIBILITIES } from './measurements.ts'

// The constants without zod live in ../community/constants.ts, so pages that need only them stay free of zod.
export {
  COMMUNITY_LIMITS,
  FEED_TABS,
  type FeedTab,
  MENTION_PATTERN,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORT_TARGETS,
  type ReportReason,
  type ReportTarget,
} from '#shared/community/constants.ts'

// The community's contract (a non-private measurement is a post, docs/architecture.md §2): the server validates
// every body with these schemas and the client reads its answers through them.

const uuid = (field: string) => z.string().uuid(`${field} must be a UUID`)
/** better-auth user ids: 32 url-safe characters; anything else is not a member. */
const userId = (field: string) =>
  z
    .string()
    .min(1, `${field} is required`)
    .max(64, `${field} is not a member id`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} is not a member id`)

const text = (field: string, max: number, min = 0) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, min === 1 ? `${field} is required` : `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max.toLocaleString('en-US')} characters`)

export const MemberSchema = MeasurementOwnerSchema
export type Member = z.infer<typeof MemberSchema>

export const CursorQuerySchema = z.object({
  cursor: z.string().max(200, 'cursor is too long').optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(COMMUNITY_LIMITS.maxPageSize, `limit must be at most ${COMMUNITY_LIMITS.maxPageSize}`)
    .default(COMMUNITY_LIMITS.pageSize),
})

export const UserIdParamsSchema = z.object({ userId: userId('userId') })
export const MeasurementParamsSchema = z.object({ id: uuid('id') })
export const CommentParamsSchema = z.object({ id: uuid('id'), commentId: uuid('commentId') })

// Size checks (docs/architecture.md §2)

export const VERDICTS = ['confirmed', 'plausible', 'disputed'] as const
export type Verdict = (typeof VERDICTS)[number]
export const CHECK_STATES = ['unverified', 'verified', 'disputed'] as const
export type CheckState = (typeof CHECK_STATES)[number]
export const ESTIMATE_SOURCES = ['photo-tool', 'ai-estimate'] as const

/** The checker's own estimate of one value of the measurement (inches, or pounds for a weight). */
export const EstimateSchema = z.object({
  /** the value estimated: a card row (length, spread…) or a score-sheet line id */
  field: text('estimate.field', 60, 1),
  label: text('estimate.label', 80, 1),
  value: z
    .number({ error: 'estimate.value must be a number' })
    .positive('estimate.value must be positive')
    .max(10_000, 'estimate.value is too large'),
  unit: z.enum(['in', 'lbs'], { error: 'estimate.unit must be in or lbs' }),
  /** ± in the same unit, from the measuring tool */
  uncertainty: z.number().min(0).max(10_000).nullable().default(null),
  source: z.enum(ESTIMATE_SOURCES, { error: `estimate.source must be one of ${ESTIMATE_SOURCES.join(', ')}` }),
})
export type Estimate = z.infer<typeof EstimateSchema>

export const SaveSizeCheckSchema = z.object({
  verdict: z.enum(VERDICTS, { error: `verdict must be one of ${VERDICTS.join(', ')}` }),
  estimate: EstimateSchema,
  note: text('note', COMMUNITY_LIMITS.checkNoteChars).default(''),
})
export type SaveSizeCheck = z.input<typeof SaveSizeCheckSchema>

export const SizeCheckReplySchema = z.object({ reply: text('reply', COMMUNITY_LIMITS.checkReplyChars, 1) })

export const SizeCheckSchema = z.object({
  id: z.string(),
  checker: MemberSchema,
  verdict: z.enum(VERDICTS),
  estimate: EstimateSchema,
  note: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isMine: z.boolean(),
})
export type SizeCheck = z.infer<typeof SizeCheckSchema>

export const CheckCountsSchema = z.object({ confirmed: z.number(), plausible: z.number(), disputed: z.number() })
export type CheckCounts = z.infer<typeof CheckCountsSchema>

export const SizeChecksSchema = z.object({
  state: z.enum(CHECK_STATES),
  counts: CheckCountsSchema,
  checks: z.array(SizeCheckSchema),
  /** the viewer may record a verdict: not the owner, and the measurement has a photo */
  canCheck: z.boolean(),
})
export type SizeChecks = z.infer<typeof SizeChecksSchema>

// Posts and the feed

export const FeedQuerySchema = CursorQuerySchema.extend({
  tab: z.enum(FEED_TABS, { error: `tab must be one of ${FEED_TABS.join(', ')}` }).default('everyone'),
})

/** A post: a measurement without the engine's result, with its community figures for the viewer. */
export const PostSchema = z.object({
  measurement: MeasurementSchema,
  likeCount: z.number(),
  commentCount: z.number(),
  likedByMe: z.boolean(),
  checkState: z.enum(CHECK_STATES),
  checkCounts: CheckCountsSchema,
  /** hidden by a moderator: only its author and admins still see it */
  hidden: z.boolean(),
})
export type Post = z.infer<typeof PostSchema>

export const PostPageSchema = z.object({ items: z.array(PostSchema), nextCursor: z.string().nullable() })
export type PostPage = z.infer<typeof PostPageSchema>

export const LikeStateSchema = z.object({ liked: z.boolean(), likeCount: z.number() })
export type LikeState = z.infer<typeof LikeStateSchema>

// Comments. A mention is written `@[Display Name](userId)` (the composer inserts it from the member picker); the
// server notifies each mentioned member and the client renders it as a link, never as HTML.

export const CreateCommentSchema = z.object({ body: text('body', COMMUNITY_LIMITS.commentChars, 1) })

export const CommentSchema = z.object({
  id: z.string(),
  measurementId: z.string(),
  author: MemberSchema,
  body: z.string(),
  createdAt: z.string(),
  /** the viewer may delete it: its author, or an admin */
  canDelete: z.boolean(),
  hidden: z.boolean(),
})
export type Comment = z.infer<typeof CommentSchema>

export const CommentPageSchema = z.object({
  /** oldest first */
  items: z.array(CommentSchema),
  nextCursor: z.string().nullable(),
  total: z.number(),
})
export type CommentPage = z.infer<typeof CommentPageSchema>

export const MemberSearchQuerySchema = z.object({
  q: text('q', 60, 1),
  limit: z.coerce.number().int().min(1).max(20, 'limit must be at most 20').default(8),
})
export const MemberListSchema = z.object({ items: z.array(MemberSchema) })

// Profiles and follows

export const ProfileSchema = z.object({
  user: MemberSchema.extend({
    bio: z.string().nullable(),
    region: z.string().nullable(),
    memberSince: z.string(),
  }),
  counts: z.object({
    /** what the viewer may see of them: all of one's own; a follower public and followers-only, others public */
    measurements: z.number(),
    trophies: z.number(),
    species: z.number(),
    /** on one's own profile, how many of one's measurements a follower and another member see; otherwise null */
    visibleToOthers: z.object({ followers: z.number(), members: z.number() }).nullable(),
    followers: z.number(),
    following: z.number(),
    achievementPoints: z.number(),
  }),
  isSelf: z.boolean(),
  /** the viewer follows them */
  isFollowing: z.boolean(),
  /** they follow the viewer */
  followsYou: z.boolean(),
  /** the viewer blocked them: the profile shows only the way to unblock */
  blockedByMe: z.boolean(),
  hidden: z.boolean(),
})
export type Profile = z.infer<typeof ProfileSchema>

export const FollowStateSchema = z.object({ following: z.boolean(), followers: z.number() })
export type FollowState = z.infer<typeof FollowStateSchema>

export const MemberPageSchema = z.object({ items: z.array(MemberSchema), nextCursor: z.string().nullable() })
export type MemberPage = z.infer<typeof MemberPageSchema>

export const UpdateProfileSchema = z.object({
  firstName: text('firstName', COMMUNITY_LIMITS.nameChars, 1).optional(),
  lastName: text('lastName', COMMUNITY_LIMITS.nameChars, 1).optional(),
  bio: text('bio', COMMUNITY_LIMITS.bioChars).optional(),
  region: text('region', COMMUNITY_LIMITS.regionChars).optional(),
  /** a photo the member uploaded (POST /api/photos) and not attached to a measurement; null removes the picture */
  photoId: uuid('photoId').nullable().optional(),
  units: z.enum(UNIT_SYSTEMS, { error: 'units must be imperial or metric' }).optional(),
  defaultVisibility: z
    .enum(VISIBILITIES, { error: `defaultVisibility must be one of ${VISIBILITIES.join(', ')}` })
    .optional(),
})
export type UpdateProfile = z.input<typeof UpdateProfileSchema>

// Notifications

export const NOTIFICATION_KINDS = [
  'like',
  'comment',
  'mention',
  'follow',
  'achievement',
  'size-check',
  'size-check-reply',
] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/** One line of the bell: notifications of one kind about one item, newest first. */
export const NotificationGroupSchema = z.object({
  /** `{kind}:{target}`; pass it to mark the group read */
  key: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** the latest actors, newest first (at most 3) */
  actors: z.array(MemberSchema),
  actorCount: z.number(),
  measurementId: z.string().nullable(),
  species: z.string().nullable(),
  commentId: z.string().nullable(),
  achievementName: z.string().nullable(),
  verdict: z.enum(VERDICTS).nullable(),
  latestAt: z.string(),
  unread: z.boolean(),
})
export type NotificationGroup = z.infer<typeof NotificationGroupSchema>

export const NotificationListSchema = z.object({
  groups: z.array(NotificationGroupSchema),
  unreadCount: z.number(),
})
export type NotificationList = z.infer<typeof NotificationListSchema>

export const MarkReadSchema = z.object({
  /** a group's key; omitted marks everything read */
  key: z.string().max(200, 'key is too long').optional(),
})

/** Server-Sent Events on GET /api/notifications/stream: `event: notification`, data {unreadCount}. */
export const NotificationEventSchema = z.object({ unreadCount: z.number() })

// Moderation

export const REPORT_STATUSES = ['open', 'hidden', 'dismissed'] as const
export type ReportStatus = (typeof REPORT_STATUSES)[number]

export const CreateReportSchema = z.object({
  targetType: z.enum(REPORT_TARGETS, { error: `targetType must be one of ${REPORT_TARGETS.join(', ')}` }),
  targetId: z.string().min(1, 'targetId is required').max(64, 'targetId is too long'),
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` }),
  details: text('details', COMMUNITY_LIMITS.reportDetailsChars).default(''),
})
export type CreateReport = z.input<typeof CreateReportSchema>

export const ReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(REPORT_STATUSES),
  reporter: MemberSchema,
  /** the reported content as the admin sees it */
  target: z.object({
    author: MemberSchema.nullable(),
    /** a caption, a comment's text, a profile's bio; null when the content is gone */
    text: z.string().nullable(),
    href: z.string().nullable(),
    hidden: z.boolean(),
  }),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
})
export type Report = z.infer<typeof ReportSchema>

export const ReportListQuerySchema = z.object({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).default('open'),
})
export const ReportListSchema = z.object({ items: z.array(ReportSchema), openCount: z.number() })

export const REPORT_ACTIONS = ['hide', 'restore', 'dismiss'] as const
export const ResolveReportSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: `action must be one of ${REPORT_ACTIONS.join(', ')}` }),
})
export const ReportParamsSchema = z.object({ reportId: uuid('reportId') })

export const BlockStateSchema = z.object({ blocked: z.boolean() })
