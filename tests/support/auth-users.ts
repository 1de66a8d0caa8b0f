import type { AuthUser } from '#shared/schemas/access.ts'

/** A signed-in member as the server sees one (an approved member past the gate), for calls below the routes. */
export function anAuthUser(id: string, overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id,
    email: `${id}@example.test`,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    betaApproved: true,
    isAdmin: false,
    gatePassed: true,
    ...overrides,
  }
}
