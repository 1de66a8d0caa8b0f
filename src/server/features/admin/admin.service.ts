import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { approvedEmail, betaRequests, deniedEmail } from '#server/features/access/index.ts'
import { users } from '#server/features/auth/index.ts'
import { enqueueMail, type MailSender } from '#server/features/mail/index.ts'
import { AppError } from '#shared/errors.ts'
import type { BetaRequest, PendingUser, ReviewBetaRequest } from '#shared/schemas/admin.ts'

type BetaRequestRow = typeof betaRequests.$inferSelect

function toBetaRequest(r: BetaRequestRow): BetaRequest {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    huntingExperience: r.huntingExperience,
    location: r.location,
    reason: r.reason,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
    reviewNotes: r.reviewNotes,
  }
}

export async function listBetaRequests(db: Db): Promise<BetaRequest[]> {
  const rows = await db.select().from(betaRequests).orderBy(desc(betaRequests.createdAt)).limit(1000)
  return rows.map(toBetaRequest)
}

export type ReviewOutcome = { request: BetaRequest; approvedUserIds: string[] }

/**
 * Approves or denies a pending request. Approval also approves an existing account whose *verified* e-mail
 * matches (accounts created later are approved when they verify). Either way the applicant gets an e-mail,
 * written to the outbox with the decision: both are stored or neither, and the mail server is not waited on.
 */
export async function reviewBetaRequest(
  db: Db,
  mailSender: MailSender,
  baseUrl: string,
  reviewerId: string,
  requestId: string,
  input: ReviewBetaRequest,
): Promise<ReviewOutcome> {
  const outcome = await db.transaction((tx) => reviewInTransaction(tx, baseUrl, reviewerId, requestId, input))
  mailSender.wake()
  return outcome
}

async function reviewInTransaction(
  db: Tx,
  baseUrl: string,
  reviewerId: string,
  requestId: string,
  input: ReviewBetaRequest,
): Promise<ReviewOutcome> {
  const notes = input.reviewNotes?.trim() ? input.reviewNotes.trim() : null
  const [row] = await db
    .update(betaRequests)
    .set({ status: input.status, reviewNotes: notes, reviewedAt: new Date(), reviewedBy: reviewerId })
    .where(and(eq(betaRequests.id, requestId), eq(betaRequests.status, 'pending')))
    .returning()
  if (!row) {
    const [exists] = await db
      .select({ status: betaRequests.status })
      .from(betaRequests)
      .where(eq(betaRequests.id, requestId))
    if (!exists) throw new AppError('NOT_FOUND', 'Beta request not found')
    throw new AppError('CONFLICT', `This request has already been ${exists.status}`)
  }
  let approvedUserIds: string[] = []
  if (row.status === 'approved') {
    const approved = await db
      .update(users)
      .set({ betaApproved: true, approvedAt: new Date() })
      .where(
        and(sql`lower(${users.email}) = ${row.email}`, eq(users.emailVerified, true), eq(users.betaApproved, false)),
      )
      .returning({ id: users.id })
    approvedUserIds = approved.map((u) => u.id)
    await enqueueMail(db, approvedEmail(row.email, row.firstName, baseUrl))
  } else {
    await enqueueMail(db, deniedEmail(row.email, row.firstName, notes))
  }
  return { request: toBetaRequest(row), approvedUserIds }
}

/** Verified accounts that are not approved yet: an admin can approve them directly. */
export async function listPendingUsers(db: Db): Promise<PendingUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(eq(users.betaApproved, false), eq(users.isAdmin, false)))
    .orderBy(desc(users.createdAt))
    .limit(500)
  return rows.map((u) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    emailVerified: u.emailVerified,
    createdAt: u.createdAt.toISOString(),
  }))
}

export async function approveUser(db: Db, mailSender: MailSender, baseUrl: string, userId: string): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  if (!user) throw new AppError('NOT_FOUND', 'User not found')
  if (!user.emailVerified) throw new AppError('CONFLICT', 'This account has not verified its email yet')
  if (user.betaApproved) return
  const approved = await db.transaction(async (tx) => {
    // Only the call that flips the flag writes the mail, so two admins approving at once send one.
    const rows = await tx
      .update(users)
      .set({ betaApproved: true, approvedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.betaApproved, false)))
      .returning({ id: users.id })
    if (rows.length > 0) await enqueueMail(tx, approvedEmail(user.email, user.firstName ?? user.name, baseUrl))
    return rows.length > 0
  })
  if (approved) mailSender.wake()
}
