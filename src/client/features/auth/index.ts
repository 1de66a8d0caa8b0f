// What other features may use of auth: they import it from here, never from its files (biome.json).

export { AUTH_USER_KEY, useAuth, useAuthConfig } from './api.ts'
export type { LinkedAccount } from './identity.ts'
export { connectErrorText, connectSingleSignOn } from './identity.ts'
