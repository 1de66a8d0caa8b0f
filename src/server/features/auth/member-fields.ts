import { APIError } from 'better-auth/api'
import { COMMUNITY_LIMITS, UpdateProfileSchema } from '#shared/schemas/community.ts'

// The member fields the identity provider writes (sign-up, OpenID Connect) keep the profile's rules
// (PATCH /api/profile), so other members never receive a name or picture the profile would have refused.

/** better-auth endpoints that would write names, pictures or e-mail without those rules; PATCH /api/profile exists. */
export const CLOSED_IDENTITY_PATHS = ['/update-user', '/change-email']

const SignUpNamesSchema = UpdateProfileSchema.pick({ firstName: true, lastName: true }).required()

/**
 * The sign-up body with its names checked and trimmed like the profile's, and `name` built from them as the
 * profile builds it. A picture comes only from the photo pipeline. Throws a 400 naming the first bad field.
 */
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

/** A display name holds both names, as PATCH /api/profile builds it. */
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

/**
 * A member from an OpenID Connect profile: names cut to the profile's length (a sign-in is not refused for a long
 * name) and a picture only when it is an https URL.
 */
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
