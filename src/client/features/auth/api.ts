import { useQuery } from '@tanstack/react-query'
import type { AuthConfig, AuthUser } from '#shared/schemas/access.ts'
import { apiPaths } from '../../app/paths.ts'
import { getQueryFn } from '../../lib/query-client.ts'

export const AUTH_USER_KEY = [apiPaths.authUser] as const

/** The signed-in user, or null when signed out (401). Spec §7: no retry; never stale until refetched. */
export function useAuth() {
  const query = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_KEY,
    queryFn: getQueryFn<AuthUser | null>({ on401: 'returnNull' }),
  })
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error, refetch: query.refetch }
}

export function useAuthConfig() {
  return useQuery<AuthConfig>({ queryKey: [apiPaths.authConfig] })
}

/** Spec §2: Sign Out is a full page navigation to /api/logout, which ends the session and returns to /. */
export function signOut() {
  window.location.assign(apiPaths.logout)
}

/** Spec §2: Beta Login navigates the whole browser to /api/login. */
export function betaLogin() {
  window.location.assign(apiPaths.login)
}
