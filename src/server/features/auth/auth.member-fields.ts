import { APIError } from 'better-auth/api'
import { COMMUNITY_LIMITS, UpdateProfileSchema } from '#shared/schemas/community.ts'

// Names and pictures the identity provider writes keep the profile's rules (PATCH /api/profile).

/** better-auth endpoints that would write names, pictures or e-mail without those rules; PATCH /api/profile exists. */
export const CLOSED_IDENTITY_PATHS = ['/update-user', '/change-email']

const SignUpNamesSchema = UpdateProfileSchema.pick({ firstName: true, lastName: true }).required()

/** The sign-up body with names checked like the profile's and `name` built from them; refuses a picture (400). */
export function signUpBody(body: Record<string, unknown>): Record<string, unknown> {
  if (body.image !== undefined && body.image !== null) {
    throw new APIError('BAD_REQUEST', { message: 'image is set from a profile photo' })
  }
  // A missing name reads as '' so that it is refused as required, with the field named.
  const parsed = SignUpNamesSchema.safeParse({ firstName: body.firstName ?? '', lastName: body.lastName ?? '' })
  if (!parsed.success) {
    throw new APIError('BAD_REQUEST', { message: parsed.error.issues[0]?.message ?? 'Invalid name' })
  }
  const { firstName, lastName } = parsed.data
  return { ...body, firstName, lastName, name: `${firstName} ${lastName}` }
}

const DISPLAY_NAME_CHARS = 2 * COMMUNITY_LIMITS.nameChars + 1

function providerText(value: unknown, max: number): string {
  return typeof value === 'string' ? value.trim().slice(0, max).trim() : ''
}

/** An https URL, or null: a provider's `picture` must not become a javascript: or data: link. */
function httpsUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2_000) return null
  try {
    return new URL(value).protocol === 'https:' ? value : null
  } catch {
    return null
  }
}

/** A member from an OpenID Connect profile: names cut to the profile's length, a picture only from an https URL. */
export function memberFromOidcProfile(profile: Record<string, unknown>) {
  const firstName = providerText(profile.given_name, COMMUNITY_LIMITS.nameChars)
  const lastName = providerText(profile.family_name, COMMUNITY_LIMITS.nameChars)
  const fullName = providerText(profile.name, DISPLAY_NAME_CHARS)
  const mailbox = providerText(String(profile.email ?? '').split('@')[0], COMMUNITY_LIMITS.nameChars)
  return {
    firstName: firstName || null,
    lastName: lastName || null,
    name: fullName || `${firstName} ${lastName}`.trim() || mailbox,
    // Present even when undefined: better-auth spreads this over its own mapping, which copies `picture` as is.
    image: httpsUrl(profile.picture) ?? undefined,
  }
}
