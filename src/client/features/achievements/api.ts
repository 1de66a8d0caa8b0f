import { useQuery } from '@tanstack/react-query'
import type { Achievement, AchievementProgress, UserAchievement } from '#shared/schemas/achievements.ts'

// Achievements: the three GETs of docs/product.md §7. The query keys are the URLs, so the default loader of
// lib/query-client.ts reads them. The API URLs live here rather than in app/paths.ts's apiPaths: that file is
// shared by every feature and this feature adds only these three.

export const achievementUrls = {
  all: '/api/achievements',
  earned: '/api/user/achievements',
  progress: '/api/user/achievement-progress',
} as const

export const ACHIEVEMENTS_KEY = [achievementUrls.all] as const
export const USER_ACHIEVEMENTS_KEY = [achievementUrls.earned] as const
export const ACHIEVEMENT_PROGRESS_KEY = [achievementUrls.progress] as const

// Achievements are earned by what happens elsewhere (a measurement, a follower, a verdict), which the cache does
// not see: unlike the app's default (docs/product.md §7, never stale), these are read again each time the page opens, while
// what was shown before stays on screen.
const FRESH_ON_OPEN = { staleTime: 0 } as const

export function useAchievements() {
  return useQuery<Achievement[]>({ queryKey: ACHIEVEMENTS_KEY, ...FRESH_ON_OPEN })
}

export function useUserAchievements() {
  return useQuery<UserAchievement[]>({ queryKey: USER_ACHIEVEMENTS_KEY, ...FRESH_ON_OPEN })
}

export function useAchievementProgress() {
  return useQuery<AchievementProgress[]>({ queryKey: ACHIEVEMENT_PROGRESS_KEY, ...FRESH_ON_OPEN })
}
