import { useQuery } from '@tanstack/react-query'
import { apiPaths, paths } from '#client/app/paths.ts'
import { apiRequest } from '#client/lib/api.ts'
import { getQueryFn } from '#client/lib/query-client.ts'
import type { AuthConfig, AuthUser } from '#shared/schemas/access.ts'

export const AUTH_USER_KEY = [apiPaths.authUser] as const

/** The signed-in user, or null when signed out (401). docs/product.md §7: no retry; never stale until refetched. */
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

/**
 * Sign Out: POST /api/logout (another site cannot forge it, unlike a link to the GET), then a full page load of /.
 * If the POST fails, the same-origin GET navigation still signs out and returns to /.
 */
export function signOut() {
  apiRequest('POST', apiPaths.logout).then(
    () => window.location.assign(paths.home),
    () => window.location.assign(apiPaths.logout),
  )
}

/** docs/product.md §2: Beta Login navigates the whole browser to /api/login. */
export function betaLogin() {
  window.location.assign(apiPaths.login)
}
