import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { apiPaths } from '#client/app/paths.ts'
import { apiJson } from '#client/lib/api.ts'
import { ADMIN_STALE_TIME_MS } from '#shared/constants.ts'
import type { BetaRequest, PendingUser, ReviewBetaRequest } from '#shared/schemas/admin.ts'
import type { REPORT_ACTIONS, Report, ReportListSchema } from '#shared/schemas/community.ts'
import type { FailingMail } from '#shared/schemas/mail.ts'

const BETA_REQUESTS_KEY = [apiPaths.adminBetaRequests]
const PENDING_USERS_KEY = [apiPaths.adminPendingUsers]

/** docs/product.md §7: the admin list is the one query that goes stale, after 30 s. */
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

// The outbox: mails that keep failing, and a new attempt now.

const FAILING_MAILS_KEY = [apiPaths.adminFailingMails]

export function useFailingMails() {
  return useQuery<FailingMail[]>({ queryKey: FAILING_MAILS_KEY, staleTime: ADMIN_STALE_TIME_MS })
}

export function useResendMail() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mailId: string) => apiJson<FailingMail>('POST', apiPaths.adminResendMail(mailId)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FAILING_MAILS_KEY }),
  })
}

// Reports: members report posts, comments and profiles; admins hide, restore or dismiss.

export type ReportView = 'open' | 'resolved'
export type ReportList = z.infer<typeof ReportListSchema>
export type ReportAction = (typeof REPORT_ACTIONS)[number]

const REPORTS_KEY = (view: ReportView) => [apiPaths.adminReports(view)] as const

export function useReports(view: ReportView) {
  return useQuery<ReportList>({ queryKey: REPORTS_KEY(view), staleTime: ADMIN_STALE_TIME_MS })
}

/** A resolution moves the report from Open to Resolved (and may resolve the other reports of the same content). */
export function useResolveReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ report, action }: { report: Report; action: ReportAction }) =>
      apiJson<Report>('POST', apiPaths.adminResolveReport(report.id), { action }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: REPORTS_KEY('open') }),
        queryClient.invalidateQueries({ queryKey: REPORTS_KEY('resolved') }),
      ]),
  })
}
