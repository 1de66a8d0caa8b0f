import type { z } from 'zod'
import { apiPaths } from '#client/app/paths.ts'
import { apiJson } from '#client/lib/api.ts'
import type {
  AlphaAccessResultSchema,
  BetaAccessRequest,
  BetaAccessRequestResultSchema,
} from '#shared/schemas/access.ts'

export function submitBetaAccessRequest(input: BetaAccessRequest) {
  return apiJson<z.infer<typeof BetaAccessRequestResultSchema>>('POST', apiPaths.betaAccessRequest, input)
}

export function submitAlphaPassword(password: string) {
  return apiJson<z.infer<typeof AlphaAccessResultSchema>>('POST', apiPaths.alphaAccess, { password })
}
