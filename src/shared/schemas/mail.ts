import { z } from 'zod'

/** A mail the outbox could not deliver (admin view). `nextAttemptAt` null: no more retries until resent. */
export const FailingMailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  attempts: z.number().int(),
  lastError: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
})
export type FailingMail = z.infer<typeof FailingMailSchema>

export const MailIdParamsSchema = z.object({ mailId: z.string().uuid('mailId must be a UUID') })
