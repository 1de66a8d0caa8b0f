import { z } from 'zod'
import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import { EXPERIENCE_LEVELS } from '#shared/constants.ts'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const required = (message: string) => z.string({ error: message }).trim().min(1, message)

/** docs/product.md §5: the beta request form. The same schema validates the form and the server route. */
export const BetaAccessRequestSchema = z.object({
  email: required('Email is required')
    .max(254, 'Email must be at most 254 characters')
    .regex(EMAIL_PATTERN, 'Please enter a valid email')
    .transform((v) => v.toLowerCase())
    .describe('Applicant e-mail; the account that verifies this address gets access once approved'),
  firstName: required('First name is required').max(100, 'First name must be at most 100 characters'),
  lastName: required('Last name is required').max(100, 'Last name must be at most 100 characters'),
  huntingExperience: z.enum(EXPERIENCE_LEVELS, { error: 'Please select your experience level' }),
  location: required('Location is required').max(200, 'Location must be at most 200 characters'),
  reason: z
    .string()
    .trim()
    .max(2000, 'Reason must be at most 2000 characters')
    .optional()
    .describe('Why the applicant wants access (optional)'),
})
export type BetaAccessRequest = z.input<typeof BetaAccessRequestSchema>

export const BetaAccessRequestResultSchema = z.object({
  id: z.string(),
  status: z.literal('pending'),
  message: z.string(),
})

export const AlphaAccessSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
})
export const AlphaAccessResultSchema = z.object({ granted: z.literal(true) })

/** docs/product.md §3 User, plus the access flags of §4. */
export const AuthUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  betaApproved: z.boolean(),
  isAdmin: z.boolean(),
  gatePassed: z.boolean(),
})
export type AuthUser = z.infer<typeof AuthUserSchema>

/** Live counts shown in the landing page's "beta community stats". */
export const CommunityStatsSchema = z.object({
  members: z.number().int(),
  requests: z.number().int(),
  regions: z.number().int(),
})
export type CommunityStats = z.infer<typeof CommunityStatsSchema>

export const AuthConfigSchema = z.object({
  oidc: z.boolean().describe('An OpenID Connect provider is configured'),
  alphaGate: z.boolean().describe('An alpha password is required after approval'),
})
export type AuthConfig = z.infer<typeof AuthConfigSchema>

export const SetupAdminSchema = z.object({
  token: z.string().min(1, 'Setup token is required'),
  // The account it makes keeps the profile's name rule, as every route that writes a member does.
  firstName: required('First name is required').max(
    COMMUNITY_LIMITS.nameChars,
    `First name must be at most ${COMMUNITY_LIMITS.nameChars} characters`,
  ),
  lastName: required('Last name is required').max(
    COMMUNITY_LIMITS.nameChars,
    `Last name must be at most ${COMMUNITY_LIMITS.nameChars} characters`,
  ),
  email: required('Email is required').regex(EMAIL_PATTERN, 'Please enter a valid email'),
  password: z.string().min(8, 'Password must be at least 8 characters').max(128),
})
export type SetupAdmin = z.infer<typeof SetupAdminSchema>
