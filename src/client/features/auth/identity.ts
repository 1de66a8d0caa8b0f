import { apiPaths, paths } from '#client/app/paths.ts'
import { apiJson } from '#client/lib/api.ts'
import { COMMUNITY_LIMITS } from '#shared/community/constants.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants.ts'
import type { SetupAdmin } from '#shared/schemas/access.ts'

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

/** The OpenID Connect provider, as the sign-in page and Settings name it. */
export const SINGLE_SIGN_ON = 'single sign-on'

/**
 * What the sign-in page says when an OpenID sign-in came back with `?error=<code>` (better-auth's codes, and
 * provider_unavailable from /api/login). Any other lower-case code is some failure of the round trip.
 */
export function singleSignOnErrorText(code: string): string | null {
  if (code === 'account_not_linked') {
    return `An account with this e-mail exists: sign in with your password, then connect ${SINGLE_SIGN_ON} in Settings.`
  }
  if (code === 'provider_unavailable') {
    return 'Single sign-on is not answering right now. Try again in a few minutes, or sign in with your e-mail.'
  }
  if (code === 'access_denied') return 'Single sign-on was cancelled. Try again, or sign in with your e-mail.'
  if (code === 'email_not_found') {
    return 'Single sign-on did not share your e-mail address, which Fieldmark needs. Sign in with your e-mail instead.'
  }
  if (/^[a-z][a-z_]*$/.test(code)) {
    return 'Single sign-on did not complete. Please try again, or sign in with your e-mail.'
  }
  return null
}

/** What Settings says when connecting the provider came back with `?error=<code>`. */
export function connectErrorText(code: string): string {
  if (code === 'email_does_not_match') {
    return `That ${SINGLE_SIGN_ON} account has a different e-mail address. Connect the one that uses your Fieldmark address.`
  }
  if (code === 'account_already_linked_to_different_user') {
    return `That ${SINGLE_SIGN_ON} account is already connected to another Fieldmark account.`
  }
  if (code === 'unable_to_link_account') {
    return `Your ${SINGLE_SIGN_ON} provider has not confirmed your e-mail address, so it cannot be connected.`
  }
  return singleSignOnErrorText(code) ?? `Could not connect ${SINGLE_SIGN_ON}. Please try again.`
}

/** One sign-in method of the signed-in member ('credential' is the password). */
export type LinkedAccount = { providerId: string; accountId: string }

/**
 * Starts connecting the OpenID Connect provider to the signed-in account: better-auth answers with the provider's
 * address, and the provider sends the browser back to Settings.
 */
export async function connectSingleSignOn(): Promise<void> {
  const { url } = await apiJson<{ url: string }>('POST', apiPaths.identity.linkSocial, {
    provider: 'oidc',
    callbackURL: `${paths.settings}?connected=oidc`,
    errorCallbackURL: paths.settings,
  })
  window.location.assign(url)
}
