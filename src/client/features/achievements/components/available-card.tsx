import { formatCount } from '#client/lib/format.ts'
import type { Achievement } from '#shared/schemas/achievements.ts'
import { categoryLabel } from '../achievement-views.ts'
import { AchievementCard } from './achievement-card.tsx'

/** docs/product.md §2 Available card: tier, points, category, and 'Target value' when the type is COUNT. */
export function AvailableCard({ achievement }: { achievement: Achievement }) {
  return (
    <AchievementCard achievement={achievement} earned={false}>
      <dl className="mt-auto grid grid-cols-2 gap-2 border-t border-stone-100 pt-3 text-xs">
        <div>
          <dt className="text-stone-600">Category</dt>
          <dd className="font-medium text-stone-900">{categoryLabel(achievement.category)}</dd>
        </div>
        {achievement.type === 'COUNT' && achievement.targetValue !== null ? (
          <div>
            <dt className="text-stone-600">Target value</dt>
            <dd className="font-medium text-stone-900 tabular-nums">{formatCount(achievement.targetValue)}</dd>
          </div>
        ) : null}
      </dl>
    </AchievementCard>
  )
}
