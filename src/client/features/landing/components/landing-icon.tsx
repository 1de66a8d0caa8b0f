import Award from 'lucide-react/icons/award'
import Clock from 'lucide-react/icons/clock'
import Globe from 'lucide-react/icons/globe'
import ScanLine from 'lucide-react/icons/scan-line'
import Sparkles from 'lucide-react/icons/sparkles'
import Target from 'lucide-react/icons/target'
import Trophy from 'lucide-react/icons/trophy'
import Users from 'lucide-react/icons/users'
import type { LandingIconKey } from '../content.ts'

const ICONS = {
  scan: ScanLine,
  trophy: Trophy,
  users: Users,
  target: Target,
  globe: Globe,
  clock: Clock,
  badge: Award,
  sparkles: Sparkles,
} satisfies Record<LandingIconKey, unknown>

export function LandingIcon({ name, className = 'size-6' }: { name: LandingIconKey; className?: string }) {
  const Icon = ICONS[name]
  return <Icon className={className} aria-hidden="true" />
}
