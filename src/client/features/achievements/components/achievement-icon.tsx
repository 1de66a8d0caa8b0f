import Award from 'lucide-react/icons/award'
import Crosshair from 'lucide-react/icons/crosshair'
import Crown from 'lucide-react/icons/crown'
import Fish from 'lucide-react/icons/fish'
import Medal from 'lucide-react/icons/medal'
import Star from 'lucide-react/icons/star'
import Target from 'lucide-react/icons/target'
import Trophy from 'lucide-react/icons/trophy'
import Users from 'lucide-react/icons/users'
import { type AchievementTier, type AchievementIcon as IconKind, iconOf } from '#shared/achievements/constants.ts'

const ICONS: Record<IconKind, typeof Award> = {
  trophy: Trophy,
  award: Award,
  target: Target,
  fish: Fish,
  crosshair: Crosshair,
  star: Star,
  crown: Crown,
  medal: Medal,
  users: Users,
}

/** The disc behind the icon: the tier's metal once earned, plain stone while it is still to be earned. */
const DISCS: Record<AchievementTier | 'locked', string> = {
  Gold: 'bg-amber-400 text-stone-950',
  Silver: 'bg-slate-300 text-slate-900',
  Bronze: 'bg-orange-200 text-orange-950',
  locked: 'bg-stone-100 text-stone-700',
}

type Props = { iconType: string; tier: AchievementTier; earned: boolean }

/** docs/product.md §2: the nine icon kinds, award for any other. Decorative: the card's name says what it is. */
export function AchievementIcon({ iconType, tier, earned }: Props) {
  const Icon = ICONS[iconOf(iconType)]
  return (
    <span
      data-icon={iconOf(iconType)}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ${DISCS[earned ? tier : 'locked']}`}
    >
      <Icon className="size-5" aria-hidden="true" />
    </span>
  )
}
