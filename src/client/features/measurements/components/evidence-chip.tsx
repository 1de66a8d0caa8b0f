import Camera from 'lucide-react/icons/camera'
import PenLine from 'lucide-react/icons/pen-line'
import ShieldCheck from 'lucide-react/icons/shield-check'
import Sparkles from 'lucide-react/icons/sparkles'
import Users from 'lucide-react/icons/users'
import type { EvidenceLevel } from '#shared/schemas/measurements.ts'
import { EVIDENCE_LABELS, PHOTO_METHOD_LABELS, type PhotoMethodSummary } from './labels.ts'

const ICONS = {
  'self-reported': PenLine,
  'photo-measured': Camera,
  'ai-estimate': Sparkles,
  'community-verified': Users,
  official: ShieldCheck,
} as const

const STYLES: Record<EvidenceLevel, string> = {
  'self-reported': 'bg-stone-100 text-stone-800',
  'photo-measured': 'bg-sky-50 text-sky-900',
  'ai-estimate': 'bg-violet-50 text-violet-900',
  'community-verified': 'bg-pine-50 text-pine-900',
  official: 'bg-amber-50 text-amber-950',
}

type Props = {
  evidence: EvidenceLevel
  /** For photo-measured sizes: on the card's plane or from two ends (photoMethodOf). */
  photoMethod?: PhotoMethodSummary | null | undefined
}

/** How the sizes were obtained (docs/architecture.md §2 evidence levels). */
export function EvidenceChip({ evidence, photoMethod }: Props) {
  const how = evidence === 'photo-measured' && photoMethod ? ` · ${PHOTO_METHOD_LABELS[photoMethod]}` : ''
  const Icon = ICONS[evidence]
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STYLES[evidence]}`}
    >
      <Icon className="size-3.5" aria-hidden="true" />
      <span className="sr-only">Evidence: </span>
      {EVIDENCE_LABELS[evidence]}
      {how}
    </span>
  )
}
