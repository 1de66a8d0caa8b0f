import {
  ACHIEVEMENT_CATEGORY_LABELS,
  type AchievementCategory,
  completionRate,
  progressPercent,
} from '#shared/achievements/constants.ts'
import type { Achievement, AchievementProgress, UserAchievement } from '#shared/schemas/achievements.ts'

// What /achievements shows (docs/product.md §2), worked out from the three calls of docs/product.md §7 without touching the DOM.

export const ACHIEVEMENT_TABS = ['earned', 'available', 'in-progress'] as const
export type AchievementTab = (typeof ACHIEVEMENT_TABS)[number]
export const DEFAULT_TAB: AchievementTab = 'earned'

/** An achievement on its way: 'current / target', the bar and the rounded percent. */
export type ProgressItem = { achievement: Achievement; current: number; target: number; percent: number }

export type AchievementsView = {
  /** newest first, as GET /api/user/achievements sends them */
  earned: UserAchievement[]
  /** active achievements not earned yet, in catalogue order */
  available: Achievement[]
  /** progress entries with 0 < current < target, the closest to done first */
  inProgress: ProgressItem[]
  /** sum of the points of every earned achievement */
  totalPoints: number
  /** earned ÷ all, rounded percent, 0 when there are none */
  completion: number
}

/** A COUNT achievement's target; a SINGLE one (or one without a target) is done by one event. */
export function targetOf(achievement: Pick<Achievement, 'targetValue'>): number {
  return achievement.targetValue && achievement.targetValue > 0 ? achievement.targetValue : 1
}

export function achievementsView(
  all: readonly Achievement[],
  earned: readonly UserAchievement[],
  progress: readonly AchievementProgress[],
): AchievementsView {
  const active = all.filter((a) => a.isActive)
  const earnedIds = new Set(earned.map((e) => e.achievement.id))
  const available = active.filter((a) => !earnedIds.has(a.id))
  // An award an admin has since deactivated still counts for the member's points, but the rate compares like with
  // like: earned achievements of the active catalogue ÷ the active catalogue, so it never passes 100 %.
  const earnedActive = active.length - available.length
  const inProgress = progress
    .filter((p) => p.achievement.isActive && !earnedIds.has(p.achievement.id))
    .map((p) => {
      const target = targetOf(p.achievement)
      return {
        achievement: p.achievement,
        current: p.currentValue,
        target,
        percent: progressPercent(p.currentValue, target),
      }
    })
    .filter((p) => p.current > 0 && p.current < p.target)
    // stable sort: equal percents keep the order the server sent (catalogue order)
    .sort((a, b) => b.percent - a.percent)
  return {
    earned: [...earned],
    available,
    inProgress,
    totalPoints: earned.reduce((sum, e) => sum + e.achievement.points, 0),
    completion: completionRate(earnedActive, active.length),
  }
}

/** The category as the page names it; a category the client does not know yet shows as sent. */
export function categoryLabel(category: string): string {
  return Object.hasOwn(ACHIEVEMENT_CATEGORY_LABELS, category)
    ? ACHIEVEMENT_CATEGORY_LABELS[category as AchievementCategory]
    : category
}

/** '+25 pts' (docs/product.md §2). */
export function pointsLabel(points: number): string {
  return `+${points} pts`
}

/** The tab kept in the query string (?tab=available), so Back returns to it; unknown values read as Earned. */
export function tabFromSearch(search: string): AchievementTab {
  const value = new URLSearchParams(search).get('tab')
  return value !== null && (ACHIEVEMENT_TABS as readonly string[]).includes(value)
    ? (value as AchievementTab)
    : DEFAULT_TAB
}

export function tabHref(path: string, tab: AchievementTab): string {
  return tab === DEFAULT_TAB ? path : `${path}?tab=${tab}`
}

/** The tab a key moves to in the tab list (arrows wrap, Home and End jump), or null for any other key. */
export function tabAfterKey(current: AchievementTab, key: string): AchievementTab | null {
  const i = ACHIEVEMENT_TABS.indexOf(current)
  const n = ACHIEVEMENT_TABS.length
  if (key === 'ArrowRight') return ACHIEVEMENT_TABS[(i + 1) % n] ?? null
  if (key === 'ArrowLeft') return ACHIEVEMENT_TABS[(i - 1 + n) % n] ?? null
  if (key === 'Home') return ACHIEVEMENT_TABS[0]
  if (key === 'End') return ACHIEVEMENT_TABS[n - 1] ?? null
  return null
}
