import { type QueryClient, useQuery } from '@tanstack/react-query'
import { ApiError, apiJson } from '#client/lib/api.ts'
import type { AiStatus } from '#shared/schemas/assistant.ts'
import type { PhotoAnalysis } from '#shared/schemas/photo-analysis.ts'

// AI photo analysis: what this server can do (GET /api/ai/status) and the analysis of one photo the
// member may see (POST /api/photos/{id}/analysis, no body). The URLs live here, as the leaderboards keep theirs.

export const aiUrls = {
  status: '/api/ai/status',
  analysis: (photoId: string) => `/api/photos/${encodeURIComponent(photoId)}/analysis`,
} as const

export const AI_STATUS_KEY = [aiUrls.status] as const

/** Whether this server has a vision model (the app's default loader reads it once per session: it never changes). */
export function useAiStatus() {
  return useQuery<AiStatus>({ queryKey: AI_STATUS_KEY })
}

/** The status, read now if it has not been yet; undefined when it cannot be read (the analysis then answers 503). */
export async function readAiStatus(queryClient: QueryClient): Promise<AiStatus | undefined> {
  try {
    return await queryClient.ensureQueryData<AiStatus>({ queryKey: AI_STATUS_KEY })
  } catch {
    return undefined
  }
}

export function analyzePhoto(photoId: string): Promise<PhotoAnalysis> {
  return apiJson<PhotoAnalysis>('POST', aiUrls.analysis(photoId))
}

/** Why an analysis gave nothing: the server has no AI service, or a message for the member. */
export type AnalysisFailure = { kind: 'not-configured' } | { kind: 'failed'; message: string }

export const NOT_CONFIGURED_TEXT = 'Photo analysis is not set up on this server.'

/**
 * 503 NOT_CONFIGURED → not set up; 502 UPSTREAM_FAILED → the server's words (what the AI service did); 429 → wait;
 * no answer at all → the connection. Never a made-up result.
 */
export function analysisFailure(error: unknown): AnalysisFailure {
  if (error instanceof ApiError) {
    if (error.code === 'NOT_CONFIGURED' || (error.status === 503 && !error.code)) return { kind: 'not-configured' }
    if (error.status === 429) {
      return {
        kind: 'failed',
        message: error.serverMessage ?? 'Too many photos analysed in a short time. Try again in a few minutes.',
      }
    }
    if (error.code === 'UPSTREAM_FAILED' || error.status === 502) {
      return {
        kind: 'failed',
        message: error.serverMessage ?? 'The photo analysis service did not answer. Try again later.',
      }
    }
    if (error.status === 404) {
      return { kind: 'failed', message: error.serverMessage ?? 'This photo could not be found on the server.' }
    }
    return { kind: 'failed', message: error.serverMessage ?? `The photo could not be analysed (${error.status}).` }
  }
  return { kind: 'failed', message: 'No connection to the server. Try again when you are back online.' }
}
