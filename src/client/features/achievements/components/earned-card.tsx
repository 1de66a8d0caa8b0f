import CalendarCheck from 'lucide-react/icons/calendar-check'
import { formatDateTime } from '#client/lib/format.ts'
import type { UserAchievement } from '#shared/schemas/achievements.ts'
import { AchievementCard } from './achievement-card.tsx'

/** docs/product.md §2 Earned card: icon, name, tier, '+N pts', description and when it was earned. */
export function EarnedCard({ earned }: { earned: UserAchievement }) {
  return (
    <AchievementCard achievement={earned.achievement} earned>
      <p className="mt-auto flex items-center gap-1.5 border-t border-stone-100 pt-3 text-xs text-stone-700">
        <CalendarCheck className="size-4 shrink-0 text-pine-700" aria-hidden="true" />
        Earned <time dateTime={earned.earnedAt}>{formatDateTime(earned.earnedAt)}</time>
      </p>
    </AchievementCard>
  )
}
