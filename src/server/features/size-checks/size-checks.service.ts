import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, not, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '#server/db/client.ts'
import {
  afterMemberChange,
  beforeMeasurementWrite,
  type MeasurementWrite,
  type MemberChange,
  measurementChanged,
} from '#server/domain/member-events.ts'
import { notify } from '#server/domain/notify.ts'
import { blockedSql, canView, followsSql } from '#server/domain/visibility.ts'
import { users } from '#server/features/auth/index.ts'
import { sizeChecks } from '#server/features/community/index.ts'
import { measurements, notFound, photos } from '#server/features/measurements/index.ts'
import { checkState, effectiveEvidence } from '#shared/community/check-state.ts'
import { reportedValueFor, verdictRuledOut } from '#shared/community/verdict-rule.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type {
  CheckCounts,
  CheckState,
  Member,
  SaveSizeCheckSchema,
  SizeCheck,
  SizeChecks,
} from '#shared/schemas/community.ts'

// One verdict per member per measurement (docs/architecture.md §2). Every write locks the measurement row first, so
// its counts, state and evidence always match its size_checks rows. A changed verdict clears the owner's reply (it
// answered a verdict no longer given); a new estimate or note under the same verdict keeps it.

export type SaveSizeCheckBody = z.output<typeof SaveSizeCheckSchema>

export const CHECK_NOT_FOUND = 'Size check not found'

/** The measurement as the checks need it, with how the viewer stands to its owner. */
async function findMeasurement(db: Db | Tx, viewer: AuthUser, id: string, lock: boolean) {
  const query = db
    .select({
      userId: measurements.userId,
      visibility: measurements.visibility,
      hiddenAt: measurements.hiddenAt,
      reportedEvidence: measurements.reportedEvidence,
      checkState: measurements.checkState,
      confirmed: measurements.confirmedCount,
      plausible: measurements.plausibleCount,
      disputed: measurements.disputedCount,
      lengthIn: measurements.lengthIn,
      spreadIn: measurements.spreadIn,
      widthIn: measurements.widthIn,
      follows: followsSql(viewer.id, measurements.userId),
      blocked: blockedSql(viewer.id, measurements.userId),
      // Qualified by hand: in a one-table select Drizzle writes bare column names, and a bare "id" in the
      // subquery would be the photo's own.
      hasPhoto: sql<boolean>`exists (select 1 from ${photos} where ${photos.measurementId} = ${measurements}.${sql.identifier('id')})`,
    })
    .from(measurements)
    .where(eq(measurements.id, id))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw notFound()
  if (!canView(viewer, row, { follows: row.follows === true, blocked: row.blocked === true })) throw notFound()
  return row
}

/** A member as another sees them: a hidden profile keeps its name but not its picture (only for itself and admins). */
function memberAs(
  viewer: AuthUser,
  u: { id: string; firstName: string | null; lastName: string | null; image: string | null; hiddenAt: Date | null },
): Member {
  const showImage = !u.hiddenAt || viewer.id === u.id || viewer.isAdmin
  return { id: u.id, firstName: u.firstName, lastName: u.lastName, profileImageUrl: showImage ? u.image : null }
}

/** GET /api/measurements/:id/size-checks: visible measurements only (404); verdicts across a block are left out. */
export async function readSizeChecks(db: Db, viewer: AuthUser, id: string): Promise<SizeChecks> {
  const m = await findMeasurement(db, viewer, id, false)
  const rows = await db
    .select({
      check: sizeChecks,
      firstName: users.firstName,
      lastName: users.lastName,
      image: users.image,
      hiddenAt: users.hiddenAt,
    })
    .from(sizeChecks)
    .innerJoin(users, eq(users.id, sizeChecks.userId))
    .where(and(eq(sizeChecks.measurementId, id), not(blockedSql(viewer.id, sizeChecks.userId))))
    .orderBy(asc(sizeChecks.createdAt), asc(sizeChecks.id))
  const checks: SizeCheck[] = rows.map(({ check, ...checker }) => ({
    id: check.id,
    checker: memberAs(viewer, { id: check.userId, ...checker }),
    verdict: check.verdict,
    estimate: check.estimate,
    note: check.note,
    reply: check.reply,
    repliedAt: check.repliedAt?.toISOString() ?? null,
    createdAt: check.createdAt.toISOString(),
    updatedAt: check.updatedAt.toISOString(),
    isMine: check.userId === viewer.id,
  }))
  return {
    state: m.checkState,
    counts: { confirmed: m.confirmed, plausible: m.plausible, disputed: m.disputed },
    checks,
    canCheck: m.userId !== viewer.id && m.hasPhoto === true,
  }
}

/** Recounts the verdicts and writes them, the state and the evidence onto the measurement; returns the state. */
async function recount(
  tx: Tx,
  id: string,
  reportedEvidence: Parameters<typeof effectiveEvidence>[0],
): Promise<CheckState> {
  const rows = await tx
    .select({ verdict: sizeChecks.verdict, n: count() })
    .from(sizeChecks)
    .where(eq(sizeChecks.measurementId, id))
    .groupBy(sizeChecks.verdict)
  const counts: CheckCounts = { confirmed: 0, plausible: 0, disputed: 0 }
  for (const row of rows) counts[row.verdict] = row.n
  const state = checkState(counts)
  await tx
    .update(measurements)
    .set({
      confirmedCount: counts.confirmed,
      plausibleCount: counts.plausible,
      disputedCount: counts.disputed,
      checkState: state,
      evidence: effectiveEvidence(reportedEvidence, state),
    })
    .where(eq(measurements.id, id))
  return state
}

/**
 * What a verdict moves: a saved one, the checker's checks given and agreed; a changed state (so evidence), the owner's
 * measurement and boards and every checker's agreed checks. Members go in id order, as afterMemberChange locks them.
 */
async function afterVerdict(
  tx: Tx,
  write: MeasurementWrite,
  who: { owner: string; checker: string },
  saved: boolean,
  stateChanged: boolean,
): Promise<void> {
  const { id } = write
  const changes = new Map<string, MemberChange>()
  if (stateChanged) {
    changes.set(who.owner, measurementChanged(write))
    const checkers = await tx
      .select({ userId: sizeChecks.userId })
      .from(sizeChecks)
      .where(eq(sizeChecks.measurementId, id))
    for (const { userId } of checkers) changes.set(userId, { metrics: ['checks-agreed'], boards: false })
  }
  if (saved) changes.set(who.checker, { metrics: ['checks-given', 'checks-agreed'], boards: false })
  for (const userId of [...changes.keys()].sort()) {
    await afterMemberChange(tx, userId, changes.get(userId) as MemberChange)
  }
}

/** PUT /api/measurements/:id/size-check: records or changes the viewer's verdict; the owner is told of a new one. */
export async function saveSizeCheck(db: Db, viewer: AuthUser, id: string, body: SaveSizeCheckBody) {
  await db.transaction(async (tx) => {
    const m = await findMeasurement(tx, viewer, id, true)
    if (m.userId === viewer.id) throw new AppError('BAD_REQUEST', 'You cannot check your own measurement')
    if (m.hasPhoto !== true) throw new AppError('BAD_REQUEST', 'Only a measurement with a photo can be checked')
    const ruledOut = verdictRuledOut(body.verdict, body.estimate, reportedValueFor(m, body.estimate))
    if (ruledOut) throw new AppError('BAD_REQUEST', `verdict: ${ruledOut}`, [{ path: 'verdict', message: ruledOut }])
    const [before] = await tx
      .select({ verdict: sizeChecks.verdict })
      .from(sizeChecks)
      .where(and(eq(sizeChecks.measurementId, id), eq(sizeChecks.userId, viewer.id)))
    const verdictChanged = before !== undefined && before.verdict !== body.verdict
    const now = new Date()
    const values = { verdict: body.verdict, estimate: body.estimate, note: body.note, updatedAt: now }
    await tx
      .insert(sizeChecks)
      .values({ id: randomUUID(), measurementId: id, userId: viewer.id, ...values, createdAt: now })
      .onConflictDoUpdate({
        target: [sizeChecks.measurementId, sizeChecks.userId],
        set: verdictChanged ? { ...values, reply: null, repliedAt: null } : values,
      })
    // What the boards counted of it, before the verdicts move its state and evidence.
    const write = await beforeMeasurementWrite(tx, id)
    const state = await recount(tx, id, m.reportedEvidence)
    if (!before || verdictChanged) {
      await notify(tx, {
        userId: m.userId,
        actorId: viewer.id,
        kind: 'size-check',
        measurementId: id,
        verdict: body.verdict,
      })
    }
    await afterVerdict(tx, write, { owner: m.userId, checker: viewer.id }, true, state !== m.checkState)
  })
  return readSizeChecks(db, viewer, id)
}

/** DELETE /api/measurements/:id/size-check: withdraws the viewer's verdict (nothing to withdraw is no error). */
export async function withdrawSizeCheck(db: Db, viewer: AuthUser, id: string) {
  await db.transaction(async (tx) => {
    const m = await findMeasurement(tx, viewer, id, true)
    const removed = await tx
      .delete(sizeChecks)
      .where(and(eq(sizeChecks.measurementId, id), eq(sizeChecks.userId, viewer.id)))
      .returning({ id: sizeChecks.id })
    if (removed.length > 0) {
      const write = await beforeMeasurementWrite(tx, id)
      const state = await recount(tx, id, m.reportedEvidence)
      await afterVerdict(tx, write, { owner: m.userId, checker: viewer.id }, false, state !== m.checkState)
    }
  })
  return readSizeChecks(db, viewer, id)
}

/** POST /api/measurements/:id/size-checks/:checkId/reply: the owner answers one verdict; the checker is told. */
export async function replyToSizeCheck(db: Db, viewer: AuthUser, id: string, checkId: string, reply: string) {
  await db.transaction(async (tx) => {
    const m = await findMeasurement(tx, viewer, id, true)
    if (m.userId !== viewer.id) throw notFound()
    const [check] = await tx
      .select({
        userId: sizeChecks.userId,
        verdict: sizeChecks.verdict,
        blocked: blockedSql(viewer.id, sizeChecks.userId),
      })
      .from(sizeChecks)
      .where(and(eq(sizeChecks.id, checkId), eq(sizeChecks.measurementId, id)))
    if (!check || check.blocked === true) throw new AppError('NOT_FOUND', CHECK_NOT_FOUND)
    // updated_at stays the checker's last change of the verdict.
    await tx
      .update(sizeChecks)
      .set({ reply, repliedAt: new Date(), updatedAt: sql`${sizeChecks.updatedAt}` })
      .where(eq(sizeChecks.id, checkId))
    await notify(tx, {
      userId: check.userId,
      actorId: viewer.id,
      kind: 'size-check-reply',
      measurementId: id,
      verdict: check.verdict,
    })
  })
  return readSizeChecks(db, viewer, id)
}
