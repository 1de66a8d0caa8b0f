import type { AchievementTier } from '#shared/achievements/constants.ts'

const STYLES: Record<AchievementTier, string> = {
  Gold: 'bg-amber-100 text-amber-950 ring-amber-300',
  Silver: 'bg-slate-100 text-slate-800 ring-slate-300',
  Bronze: 'bg-orange-50 text-orange-900 ring-orange-200',
}

/** docs/product.md §4: Gold (100 points or more), Silver (50 or more), Bronze. */
export function TierBadge({ tier }: { tier: AchievementTier }) {
  return (
    <span
      data-tier={tier}
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ${STYLES[tier]}`}
    >
      {tier}
    </span>
  )
}
