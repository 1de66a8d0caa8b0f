import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiPaths } from '#client/app/paths.ts'
import { apiJson } from '#client/lib/api.ts'
import type { SaveSizeCheck, SizeChecks } from '#shared/schemas/community.ts'

// The member size check of one measurement (docs/architecture.md §2): its verdicts, recording or withdrawing one's own, and
// the owner's replies. Each answer is the whole SizeChecks again.

export const sizeChecksKey = (measurementId: string) => [apiPaths.sizeChecks(measurementId)] as const

export function useSizeChecks(measurementId: string) {
  return useQuery<SizeChecks>({ queryKey: sizeChecksKey(measurementId) })
}

/** Stores the answer, and has the post and the measurement read again: the state and evidence level may change. */
function useSettle(measurementId: string) {
  const queryClient = useQueryClient()
  return (checks: SizeChecks) => {
    queryClient.setQueryData(sizeChecksKey(measurementId), checks)
    return Promise.all([
      queryClient.invalidateQueries({ queryKey: [apiPaths.post(measurementId)] }),
      queryClient.invalidateQueries({ queryKey: [apiPaths.measurement(measurementId)] }),
    ])
  }
}

export function useSaveSizeCheck(measurementId: string) {
  const settle = useSettle(measurementId)
  return useMutation({
    mutationFn: (input: SaveSizeCheck) => apiJson<SizeChecks>('PUT', apiPaths.sizeCheck(measurementId), input),
    onSuccess: settle,
  })
}

export function useWithdrawSizeCheck(measurementId: string) {
  const settle = useSettle(measurementId)
  return useMutation({
    mutationFn: () => apiJson<SizeChecks>('DELETE', apiPaths.sizeCheck(measurementId)),
    onSuccess: settle,
  })
}

export function useReplyToSizeCheck(measurementId: string) {
  const settle = useSettle(measurementId)
  return useMutation({
    mutationFn: ({ checkId, reply }: { checkId: string; reply: string }) =>
      apiJson<SizeChecks>('POST', apiPaths.sizeCheckReply(measurementId, checkId), { reply }),
    onSuccess: settle,
  })
}
