import { SelectField } from '#client/components/select-field.tsx'
import {
  EVIDENCE_FILTER_LABELS,
  EVIDENCE_FILTERS,
  type EvidenceFilter,
  LEADERBOARD_PERIODS,
  type LeaderboardPeriod,
  PERIOD_LABELS,
} from '#shared/achievements/constants.ts'
import type { Option } from '../board-views.ts'
import type { BoardFilters } from '../filters.ts'

const PERIOD_OPTIONS = LEADERBOARD_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))
const EVIDENCE_OPTIONS = EVIDENCE_FILTERS.map((value) => ({ value, label: EVIDENCE_FILTER_LABELS[value] }))

type Props = { filters: BoardFilters; speciesOptions: Option[]; onChange: (next: BoardFilters) => void }

/** docs/product.md §2: Time Period and Species Filter, plus the minimum evidence a measurement needs to count. */
export function LeaderboardFilters({ filters, speciesOptions, onChange }: Props) {
  return (
    <search
      aria-label="Leaderboard filters"
      className="grid grid-cols-1 gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:grid-cols-3 sm:gap-4"
    >
      <SelectField
        id="leaderboard-period"
        label="Time Period"
        value={filters.period}
        options={PERIOD_OPTIONS}
        placeholder="All Time"
        onValueChange={(value) => onChange({ ...filters, period: value as LeaderboardPeriod })}
      />
      <SelectField
        id="leaderboard-species"
        label="Species Filter"
        value={filters.species}
        options={speciesOptions}
        placeholder="All Species"
        onValueChange={(species) => onChange({ ...filters, species })}
      />
      <SelectField
        id="leaderboard-evidence"
        label="Evidence"
        value={filters.evidence}
        options={EVIDENCE_OPTIONS}
        placeholder="Any evidence"
        onValueChange={(value) => onChange({ ...filters, evidence: value as EvidenceFilter })}
      />
    </search>
  )
}
