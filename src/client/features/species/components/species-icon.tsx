import Bird from 'lucide-react/icons/bird'
import Cat from 'lucide-react/icons/cat'
import Feather from 'lucide-react/icons/feather'
import Fish from 'lucide-react/icons/fish'
import Mountain from 'lucide-react/icons/mountain'
import MountainSnow from 'lucide-react/icons/mountain-snow'
import PawPrint from 'lucide-react/icons/paw-print'
import Rabbit from 'lucide-react/icons/rabbit'
import Squirrel from 'lucide-react/icons/squirrel'
import TreeDeciduous from 'lucide-react/icons/tree-deciduous'
import TreePine from 'lucide-react/icons/tree-pine'
import Trees from 'lucide-react/icons/trees'
import Waves from 'lucide-react/icons/waves'
import Wind from 'lucide-react/icons/wind'
import type { SpeciesIcon as SpeciesIconKind } from '#shared/species/types.ts'

// The icon set has no antlered animals, sheep or ducks: those get the country they live in (hardwoods for
// deer, high peaks for sheep and goats, open plains for pronghorn, water for ducks).
const ICONS = {
  deer: TreeDeciduous,
  elk: Trees,
  moose: TreePine,
  caribou: MountainSnow,
  pronghorn: Wind,
  sheep: Mountain,
  goat: MountainSnow,
  bear: PawPrint,
  cat: Cat,
  fish: Fish,
  turkey: Feather,
  bird: Bird,
  duck: Waves,
  squirrel: Squirrel,
  rabbit: Rabbit,
} satisfies Record<SpeciesIconKind, unknown>

export function SpeciesIcon({ kind, className = 'size-6' }: { kind: SpeciesIconKind; className?: string }) {
  const Icon = ICONS[kind]
  return <Icon className={className} aria-hidden="true" />
}
