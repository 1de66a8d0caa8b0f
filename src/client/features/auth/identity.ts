import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants.ts'
import type { SetupAdmin } from '#shared/schemas/access.ts'
import { apiPaths, paths } from '../../app/paths.ts'
import { apiJson } from '../../lib/api.ts'

/**
 * The better-auth JSON endpoints, called with plain fetch (no client library: it would add ~11 KB gzip).
 * Errors arrive as ApiError with better-auth's `code` (EMAIL_NOT_VERIFIED, INVALID_EMAIL_OR_PASSWORD …).
 */

export type SignUpInput = { email: string; password: string; firstName: string; lastName: string }

export function signUpWithEmail(input: SignUpInput) {
  const firstName = input.firstName.trim()
  const lastName = input.lastName.trim()
  return apiJson<unknown>('POST', apiPaths.identity.signUp, {
    email: input.email.trim(),
    password: input.password,
    name: `${firstName} ${lastName}`,
    firstName,
    lastName,
    callbackURL: paths.home,
  })
}

export function signInWithEmail(email: string, password: string) {
  return apiJson<unknown>('POST', apiPaths.identity.signIn, { email: email.trim(), password })
}

export function resendVerificationEmail(email: string) {
  return apiJson<unknown>('POST', apiPaths.identity.sendVerification, { email: email.trim(), callbackURL: paths.home })
}

export function requestPasswordReset(email: string) {
  return apiJson<unknown>('POST', apiPaths.identity.requestPasswordReset, {
    email: email.trim(),
    redirectTo: paths.resetPassword,
  })
}

export function resetPassword(newPassword: string, token: string) {
  return apiJson<unknown>('POST', apiPaths.identity.resetPassword, { newPassword, token })
}

export function createFirstAdmin(input: SetupAdmin) {
  return apiJson<{ ok: true }>('POST', apiPaths.setupAdmin, input)
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailError(email: string): string | undefined {
  if (!email.trim()) return 'Email is required'
  return EMAIL_PATTERN.test(email.trim()) ? undefined : 'Please enter a valid email'
}

/** The profile's name rule (the server refuses the same at sign-up), in words for the form. */
export function nameError(label: string, value: string): string | undefined {
  const trimmed = value.trim()
  if (!trimmed) return `${label} is required`
  const max = COMMUNITY_LIMITS.nameChars
  return trimmed.length > max ? `${label} must be at most ${max} characters` : undefined
}

export function passwordError(password: string): string | undefined {
  if (!password) return 'Password is required'
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
  return undefined
}

/** Verification-link failures better-auth reports by redirecting to '/?error=CODE'. */
export const VERIFY_LINK_ERRORS = ['TOKEN_EXPIRED', 'INVALID_TOKEN', 'USER_NOT_FOUND', 'INVALID_USER'] as const
