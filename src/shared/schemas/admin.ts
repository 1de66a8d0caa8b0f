import { z } from 'zod'
import { BETA_REQUEST_STATUSES, EXPERIENCE_LEVELS } from '#shared/constants.ts'

/** docs/product.md §3 "Beta request (admin view)". Dates are ISO strings on the wire. */
export const BetaRequestSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  huntingExperience: z.enum(EXPERIENCE_LEVELS),
  location: z.string(),
  reason: z.string().nullable(),
  status: z.enum(BETA_REQUEST_STATUSES),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
})
export type BetaRequest = z.infer<typeof BetaRequestSchema>

export const ReviewBetaRequestSchema = z.object({
  status: z.enum(['approved', 'denied'], { error: 'status must be approved or denied' }),
  reviewNotes: z.string().trim().max(2000, 'Review notes must be at most 2000 characters').optional().nullable(),
})
export type ReviewBetaRequest = z.infer<typeof ReviewBetaRequestSchema>

export const RequestIdParamsSchema = z.object({ requestId: z.string().uuid('requestId must be a UUID') })
export const UserIdParamsSchema = z.object({ userId: z.string().min(1).max(100) })

/** A signed-up account waiting for approval (no approved request matches its e-mail). */
export const PendingUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
})
export type PendingUser = z.infer<typeof PendingUserSchema>
