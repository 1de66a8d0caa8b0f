import { useQuery } from '@tanstack/react-query'
import type { CommunityStats } from '#shared/schemas/access.ts'
import { apiPaths } from '../../app/paths.ts'

/** Live beta community counts (public; the server caches them for a minute). */
export function useCommunityStats() {
  return useQuery<CommunityStats>({ queryKey: [apiPaths.communityStats] })
}
