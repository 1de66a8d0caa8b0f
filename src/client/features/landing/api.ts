import { useQuery } from '@tanstack/react-query'
import { apiPaths } from '#client/app/paths.ts'
import type { CommunityStats } from '#shared/schemas/access.ts'

/** Live beta community counts (public; the server caches them for a minute). */
export function useCommunityStats() {
  return useQuery<CommunityStats>({ queryKey: [apiPaths.communityStats] })
}
