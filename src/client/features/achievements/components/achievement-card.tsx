import type { ReactNode } from 'react'
import { tierOf } from '#shared/achievements/constants.ts'
import type { Achievement } from '#shared/schemas/achievements.ts'
import { pointsLabel } from '../achievement-views.ts'
import { AchievementIcon } from './achievement-icon.tsx'
import { TierBadge } from './tier-badge.tsx'

type Props = { achievement: Achievement; earned: boolean; children?: ReactNode }

/**
 * What every tab's card shares: icon, name, tier and points, description; `children` adds the tab's own part
 * (the earned date, the category and target, the progress).
 */
export function AchievementCard({ achievement, earned, children }: Props) {
  const tier = tierOf(achievement.points)
  return (
    <article
      aria-labelledby={`achievement-${achievement.id}`}
      data-testid="achievement-card"
      className="flex h-full flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <AchievementIcon iconType={achievement.iconType} tier={tier} earned={earned} />
        <div className="min-w-0 flex-1">
          <h3 id={`achievement-${achievement.id}`} className="font-semibold break-words text-stone-900">
            {achievement.name}
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-2">
            <TierBadge tier={tier} />
            <span className="text-sm font-semibold text-pine-800">{pointsLabel(achievement.points)}</span>
          </p>
        </div>
      </div>
      <p className="text-sm text-stone-700">{achievement.description}</p>
      {children}
    </article>
  )
}
