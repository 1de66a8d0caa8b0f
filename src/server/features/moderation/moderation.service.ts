import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '#server/db/client.ts'
import {
  afterMemberChange,
  beforeMeasurementWrite,
  type MemberChange,
  measurementChanged,
  measurementRemoved,
} from '#server/domain/member-events.ts'
import { tellRecipients } from '#server/domain/notify.ts'
import { blockedSql, canView, followsSql } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { comments, reports } from '#server/features/community/index.ts'
import { measurements } from '#server/features/measurements/index.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type {
  CreateReportSchema,
  Member,
  REPORT_ACTIONS,
  Report,
  ReportListSchema,
  ReportTarget,
} from '#shared/schemas/community.ts'

// Moderation: members report a post, a comment or a profile; admins hide, restore or dismiss. Hidden
// content disappears for everyone but its author and admins (visibility.ts for measurements; the comment and profile
// routes read hidden_at). One report per member and target: reporting again updates it and opens it again.

export type CreateReportBody = z.output<typeof CreateReportSchema>
export type ReportAction = (typeof REPORT_ACTIONS)[number]
type ReportList = z.infer<typeof ReportListSchema>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NOT_FOUND: Record<ReportTarget, string> = {
  measurement: 'Measurement not found',
  comment: 'Comment not found',
  user: 'Member not found',
}
const OWN_CONTENT = 'You cannot report your own content'
/** Open reports are the admin's work list; the latest resolved ones are for reference. */
const OPEN_LIMIT = 200
const RESOLVED_LIMIT = 100

/** A column of `table` qualified by hand: in a one-table select Drizzle writes bare names, ambiguous in a subquery. */
const qualified = (table: typeof measurements | typeof users, column: string) => sql`${table}.${sql.identifier(column)}`

// Reporting

/** Who wrote the target, when the reporter may see it; throws 404 naming the target otherwise. */
async function authorOfVisible(db: Db, reporter: AuthUser, type: ReportTarget, id: string): Promise<string> {
  const notFound = () => new AppError('NOT_FOUND', NOT_FOUND[type])
  if (type === 'user') {
    const [u] = await db
      .select({
        approved: sql<boolean>`${users.betaApproved} or ${users.isAdmin}`,
        blocked: blockedSql(reporter.id, qualified(users, 'id')),
      })
      .from(users)
      .where(eq(users.id, id))
    if (u?.approved !== true || u.blocked === true) throw notFound()
    return id
  }
  if (!UUID.test(id)) throw notFound()
  if (type === 'measurement') {
    const [m] = await db
      .select({
        userId: measurements.userId,
        visibility: measurements.visibility,
        hiddenAt: measurements.hiddenAt,
        follows: followsSql(reporter.id, qualified(measurements, 'user_id')),
        blocked: blockedSql(reporter.id, qualified(measurements, 'user_id')),
      })
      .from(measurements)
      .where(eq(measurements.id, id))
    if (!m || !canView(reporter, m, { follows: m.follows === true, blocked: m.blocked === true })) throw notFound()
    return m.userId
  }
  const [c] = await db
    .select({
      authorId: comments.userId,
      hiddenAt: comments.hiddenAt,
      userId: measurements.userId,
      visibility: measurements.visibility,
      measurementHiddenAt: measurements.hiddenAt,
      follows: followsSql(reporter.id, measurements.userId),
      blocked: blockedSql(reporter.id, measurements.userId),
      authorBlocked: blockedSql(reporter.id, comments.userId),
    })
    .from(comments)
    .innerJoin(measurements, eq(measurements.id, comments.measurementId))
    .where(eq(comments.id, id))
  if (!c) throw notFound()
  const measurementVisible = canView(
    reporter,
    { userId: c.userId, visibility: c.visibility, hiddenAt: c.measurementHiddenAt },
    { follows: c.follows === true, blocked: c.blocked === true },
  )
  const commentVisible = !c.hiddenAt || c.authorId === reporter.id || reporter.isAdmin
  if (!measurementVisible || !commentVisible || c.authorBlocked === true) throw notFound()
  return c.authorId
}

/** POST /api/reports: a new report, or the member's earlier one on the same target updated and open again. */
export async function createReport(db: Db, reporter: AuthUser, body: CreateReportBody): Promise<{ id: string }> {
  const targetId = body.targetType === 'user' ? body.targetId : body.targetId.toLowerCase()
  if (body.targetType === 'user' && targetId === reporter.id) throw new AppError('BAD_REQUEST', OWN_CONTENT)
  const authorId = await authorOfVisible(db, reporter, body.targetType, targetId)
  if (authorId === reporter.id) throw new AppError('BAD_REQUEST', OWN_CONTENT)
  // created_at is when the member last reported it, so a report opened again comes back to the top of the list.
  const [row] = await db
    .insert(reports)
    .values({
      id: randomUUID(),
      reporterId: reporter.id,
      targetType: body.targetType,
      targetId,
      reason: body.reason,
      details: body.details,
    })
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      set: {
        reason: body.reason,
        details: body.details,
        status: 'open',
        resolvedBy: null,
        resolvedAt: null,
        createdAt: new Date(),
      },
    })
    .returning({ id: reports.id })
  return { id: (row as { id: string }).id }
}

// The admin's list

type ReportRow = typeof reports.$inferSelect
type Person = { id: string; firstName: string | null; lastName: string | null; image: string | null }
const person = { id: users.id, firstName: users.firstName, lastName: users.lastName, image: users.image }
const toMember = (p: Person): Member => ({
  id: p.id,
  firstName: p.firstName,
  lastName: p.lastName,
  profileImageUrl: p.image,
})

const GONE: Report['target'] = { author: null, text: null, href: null, hidden: false }

/** The reported content as an admin sees it, for each report (one query per kind of target). */
async function targetsOf(db: Db, rows: readonly ReportRow[]): Promise<Map<string, Report['target']>> {
  const ids = (type: ReportTarget) => [
    ...new Set(
      rows.filter((r) => r.targetType === type && (type === 'user' || UUID.test(r.targetId))).map((r) => r.targetId),
    ),
  ]
  const measurementIds = ids('measurement')
  const commentIds = ids('comment')
  const userIds = ids('user')
  const [ms, cs, us] = await Promise.all([
    measurementIds.length === 0
      ? []
      : db
          .select({
            id: measurements.id,
            caption: measurements.caption,
            hiddenAt: measurements.hiddenAt,
            author: person,
          })
          .from(measurements)
          .innerJoin(users, eq(users.id, measurements.userId))
          .where(inArray(measurements.id, measurementIds)),
    commentIds.length === 0
      ? []
      : db
          .select({
            id: comments.id,
            measurementId: comments.measurementId,
            body: comments.body,
            hiddenAt: comments.hiddenAt,
            author: person,
          })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(inArray(comments.id, commentIds)),
    userIds.length === 0
      ? []
      : db
          .select({ ...person, name: users.name, bio: users.bio, hiddenAt: users.hiddenAt })
          .from(users)
          .where(inArray(users.id, userIds)),
  ])
  const targets = new Map<string, Report['target']>()
  for (const m of ms) {
    targets.set(`measurement:${m.id}`, {
      author: toMember(m.author),
      text: m.caption,
      href: `/measurements/${m.id}`,
      hidden: m.hiddenAt !== null,
    })
  }
  for (const c of cs) {
    targets.set(`comment:${c.id}`, {
      author: toMember(c.author),
      text: c.body,
      href: `/measurements/${c.measurementId}`,
      hidden: c.hiddenAt !== null,
    })
  }
  for (const u of us) {
    targets.set(`user:${u.id}`, {
      author: toMember(u),
      text: u.bio?.trim() ? u.bio : u.name,
      href: `/profile/${u.id}`,
      hidden: u.hiddenAt !== null,
    })
  }
  return targets
}

/** Reports with their reporter and target, in the order of the query. */
async function reportsWhere(db: Db, where: SQL | undefined, order: SQL[], limit: number): Promise<Report[]> {
  const rows = await db
    .select({ report: reports, reporter: person })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
  const targets = await targetsOf(
    db,
    rows.map((r) => r.report),
  )
  return rows.map(({ report, reporter }) => ({
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    reason: report.reason,
    details: report.details,
    status: report.status,
    reporter: toMember(reporter),
    target: targets.get(`${report.targetType}:${report.targetId}`) ?? GONE,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  }))
}

/** GET /api/admin/reports: open reports newest first (the first 200), or the latest 100 resolved. */
export async function listReports(db: Db, status: 'open' | 'resolved'): Promise<ReportList> {
  const [items, [open]] = await Promise.all([
    status === 'open'
      ? reportsWhere(db, eq(reports.status, 'open'), [desc(reports.createdAt), desc(reports.id)], OPEN_LIMIT)
      : reportsWhere(db, ne(reports.status, 'open'), [desc(reports.resolvedAt), desc(reports.id)], RESOLVED_LIMIT),
    db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
  ])
  return { items, openCount: open?.n ?? 0 }
}

// Resolving

/** A hidden member has no leaderboard rows and gets them back when restored; achievements do not depend on it. */
const PROFILE_SHOWN_OR_HIDDEN: MemberChange = { metrics: [], boards: true }

/**
 * Hides (at) or restores (null) the target. A comment's measurement is locked first and its comment_count counted
 * again in this transaction: the count is of comments nobody hid.
 */
/** Hides or shows the target; returns the members to announce and the measurement whose post changed, if any. */
async function setHidden(
  tx: Tx,
  type: ReportTarget,
  id: string,
  at: Date | null,
): Promise<{ told: string[]; post?: { id: string; moved: boolean } }> {
  if (type === 'user') {
    const changed = await tx
      .update(users)
      .set({ hiddenAt: at })
      .where(and(eq(users.id, id), at ? isNull(users.hiddenAt) : sql`true`))
      .returning({ id: users.id })
    if (changed.length > 0) await afterMemberChange(tx, id, PROFILE_SHOWN_OR_HIDDEN)
    return { told: [] }
  }
  if (!UUID.test(id)) return { told: [] }
  if (type === 'measurement') {
    const write = await beforeMeasurementWrite(tx, id)
    const [changed] = await tx
      .update(measurements)
      .set({ hiddenAt: at })
      .where(and(eq(measurements.id, id), at ? isNull(measurements.hiddenAt) : sql`true`))
      .returning({ ownerId: measurements.userId })
    const told = await tellRecipients(tx, { measurementId: id })
    // It leaves (or comes back to) its owner's leaderboards, in this transaction.
    if (changed) await afterMemberChange(tx, changed.ownerId, (at ? measurementRemoved : measurementChanged)(write))
    return { told, post: { id, moved: true } }
  }
  const [comment] = await tx.select({ measurementId: comments.measurementId }).from(comments).where(eq(comments.id, id))
  if (!comment) return { told: [] }
  await tx
    .select({ id: measurements.id })
    .from(measurements)
    .where(eq(measurements.id, comment.measurementId))
    .for('update')
  await tx.update(comments).set({ hiddenAt: at }).where(eq(comments.id, id))
  const told = await tellRecipients(tx, { commentId: id })
  const [visible] = await tx
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.measurementId, comment.measurementId), isNull(comments.hiddenAt)))
  await tx
    .update(measurements)
    .set({ commentCount: visible?.n ?? 0 })
    .where(eq(measurements.id, comment.measurementId))
  return { told, post: { id: comment.measurementId, moved: false } }
}

/**
 * POST /api/admin/reports/:reportId/resolve:
 * - hide: the target is hidden; this report and every open one on the target become `hidden`;
 * - restore: the target is shown again; this report and the target's open and `hidden` ones become `dismissed`;
 * - dismiss: nothing changes on the target; this report and the target's open ones become `dismissed`.
 */
export async function resolveReport(
  db: Db,
  admin: AuthUser,
  reportId: string,
  action: ReportAction,
  /** Called once committed: each member whose bell may change (EventHub.announce), the post that changed. */
  after: { announce?: (userId: string) => void; postChanged?: (id: string, moved: boolean) => void } = {},
): Promise<Report> {
  let changed: Awaited<ReturnType<typeof setHidden>> = { told: [] }
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update')
    if (!report) throw new AppError('NOT_FOUND', 'Report not found')
    const now = new Date()
    if (action === 'hide') changed = await setHidden(tx, report.targetType, report.targetId, now)
    if (action === 'restore') changed = await setHidden(tx, report.targetType, report.targetId, null)
    const affected = action === 'restore' ? inArray(reports.status, ['open', 'hidden']) : eq(reports.status, 'open')
    await tx
      .update(reports)
      .set({ status: action === 'hide' ? 'hidden' : 'dismissed', resolvedBy: admin.id, resolvedAt: now })
      .where(
        or(
          eq(reports.id, reportId),
          and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId), affected),
        ),
      )
  })
  for (const userId of changed.told) after.announce?.(userId)
  if (changed.post) after.postChanged?.(changed.post.id, changed.post.moved)
  const [report] = await reportsWhere(db, eq(reports.id, reportId), [], 1)
  return report as Report
}
