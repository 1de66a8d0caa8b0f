import { asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { AppError } from '#shared/errors.ts'
import type { FailingMail } from '#shared/schemas/mail.ts'
import { mailQueue } from './mail.tables.ts'

const FAILING_LIST_MAX = 200

type Row = typeof mailQueue.$inferSelect

function toFailingMail(r: Row): FailingMail {
  return {
    id: r.id,
    recipient: r.recipient,
    subject: r.subject,
    attempts: r.attempts,
    lastError: r.lastError ?? '',
    lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }
}

/** Mails whose last attempt failed, oldest first (delivered mails leave the table). */
export async function listFailingMails(db: Db): Promise<FailingMail[]> {
  const rows = await db
    .select()
    .from(mailQueue)
    .where(isNotNull(mailQueue.lastError))
    .orderBy(asc(mailQueue.createdAt))
    .limit(FAILING_LIST_MAX)
  return rows.map(toFailingMail)
}

/** Makes a mail due now (the caller wakes the sender). 404 when it was delivered meanwhile. */
export async function resendMail(db: Db, mailId: string): Promise<FailingMail> {
  const [row] = await db
    .update(mailQueue)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailQueue.id, mailId))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', 'This mail is no longer waiting: it was delivered')
  return toFailingMail(row)
}
