// The community's constants without zod, so a page needing a counter or a pattern does not load it.

export const COMMUNITY_LIMITS = {
  commentChars: 2000,
  bioChars: 500,
  nameChars: 60,
  regionChars: 80,
  reportDetailsChars: 1000,
  checkNoteChars: 1000,
  checkReplyChars: 1000,
  /** posts per feed page; members, comments and followers per page */
  pageSize: 20,
  maxPageSize: 50,
  /** notification groups in the bell */
  notificationGroups: 30,
  /** mentions notified per comment */
  mentionsPerComment: 10,
} as const

export const FEED_TABS = ['following', 'everyone'] as const
export type FeedTab = (typeof FEED_TABS)[number]

/** A mention in a comment's body: `@[Display Name](userId)`. */
export const MENTION_PATTERN = /@\[([^\]\n]{1,80})\]\(([A-Za-z0-9_-]{1,64})\)/g

export const REPORT_TARGETS = ['measurement', 'comment', 'user'] as const
export type ReportTarget = (typeof REPORT_TARGETS)[number]
export const REPORT_REASONS = ['spam', 'harassment', 'location', 'false-size', 'inappropriate', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  harassment: 'Harassment or abuse',
  location: 'Reveals a location',
  'false-size': 'False size or score',
  inappropriate: 'Inappropriate content',
  other: 'Something else',
}
