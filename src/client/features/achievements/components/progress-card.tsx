import { formatCount } from '#client/lib/format.ts'
import type { ProgressItem } from '../achievement-views.ts'
import { AchievementCard } from './achievement-card.tsx'

/** docs/product.md §2 In Progress card: 'current / target', a progress bar and the rounded percent complete. */
export function ProgressCard({ item }: { item: ProgressItem }) {
  const { achievement, current, target, percent } = item
  return (
    <AchievementCard achievement={achievement} earned={false}>
      <div className="mt-auto grid gap-1.5 border-t border-stone-100 pt-3">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span className="font-semibold text-stone-900 tabular-nums">
            {formatCount(current)} / {formatCount(target)}
          </span>
          <span className="text-stone-700 tabular-nums">{percent}% complete</span>
        </div>
        <div
          role="progressbar"
          aria-label={`${achievement.name} progress`}
          aria-valuemin={0}
          aria-valuemax={target}
          aria-valuenow={current}
          aria-valuetext={`${current} of ${target}, ${percent}%`}
          className="h-2.5 overflow-hidden rounded-full bg-stone-200"
        >
          <div className="h-full rounded-full bg-pine-600" style={{ width: `${percent}%` }} />
        </div>
      </div>
    </AchievementCard>
  )
}
