import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ADMIN_STALE_TIME_MS } from '#shared/constants.ts'
import type { BetaRequest, PendingUser, ReviewBetaRequest } from '#shared/schemas/admin.ts'
import { apiPaths } from '../../app/paths.ts'
import { apiJson } from '../../lib/api.ts'

const BETA_REQUESTS_KEY = [apiPaths.adminBetaRequests]
const PENDING_USERS_KEY = [apiPaths.adminPendingUsers]

/** Spec §7: the admin list is the one query that goes stale, after 30 s. */
export function useBetaRequests() {
  return useQuery<BetaRequest[]>({ queryKey: BETA_REQUESTS_KEY, staleTime: ADMIN_STALE_TIME_MS })
}

export function usePendingUsers() {
  return useQuery<PendingUser[]>({ queryKey: PENDING_USERS_KEY, staleTime: ADMIN_STALE_TIME_MS })
}

export type ReviewInput = { requestId: string } & ReviewBetaRequest

/** An approval can approve a waiting account too, so both lists are refreshed. */
function useRefreshAdminLists() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: BETA_REQUESTS_KEY }),
      queryClient.invalidateQueries({ queryKey: PENDING_USERS_KEY }),
    ])
}

export function useReviewBetaRequest() {
  const refresh = useRefreshAdminLists()
  return useMutation({
    mutationFn: ({ requestId, status, reviewNotes }: ReviewInput) =>
      apiJson<BetaRequest>('POST', apiPaths.adminReview(requestId), { status, reviewNotes }),
    onSuccess: refresh,
  })
}

export function useApproveUser() {
  const refresh = useRefreshAdminLists()
  return useMutation({
    mutationFn: (userId: string) => apiJson<{ ok: true }>('POST', apiPaths.adminApproveUser(userId)),
    onSuccess: refresh,
  })
}
