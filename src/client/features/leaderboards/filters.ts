import {
  EVIDENCE_FILTERS,
  type EvidenceFilter,
  LEADERBOARD_PERIODS,
  LEADERBOARDS,
  type Leaderboard,
  type LeaderboardPeriod,
} from '#shared/achievements/constants.ts'

// The board and its filters live in the query string (?board=trophies&period=this-week&species=moose), so Back
// returns to the previous view and a view can be shared as a link. Defaults are left out; unknown values read as
// the default rather than failing.

export type BoardFilters = {
  board: Leaderboard
  period: LeaderboardPeriod
  /** 'all' or a catalogue species id */
  species: string
  evidence: EvidenceFilter
}

export const DEFAULT_FILTERS: BoardFilters = { board: 'points', period: 'all-time', species: 'all', evidence: 'any' }

/** The shape of a species id the server accepts (SpeciesParamsSchema); anything else reads as All Species. */
const SPECIES_ID = /^[a-z0-9-]{1,64}$/

function pick<T extends string>(options: readonly T[], value: string | null, fallback: T): T {
  return value !== null && (options as readonly string[]).includes(value) ? (value as T) : fallback
}

export function readFilters(search: string): BoardFilters {
  const params = new URLSearchParams(search)
  const species = params.get('species')
  return {
    board: pick(LEADERBOARDS, params.get('board'), DEFAULT_FILTERS.board),
    period: pick(LEADERBOARD_PERIODS, params.get('period'), DEFAULT_FILTERS.period),
    species: species !== null && SPECIES_ID.test(species) ? species : 'all',
    evidence: pick(EVIDENCE_FILTERS, params.get('evidence'), DEFAULT_FILTERS.evidence),
  }
}

/** The query string of a view, without '?'; empty for the default view. */
export function writeFilters(filters: BoardFilters): string {
  const params = new URLSearchParams()
  if (filters.board !== DEFAULT_FILTERS.board) params.set('board', filters.board)
  if (filters.period !== DEFAULT_FILTERS.period) params.set('period', filters.period)
  if (filters.species !== 'all') params.set('species', filters.species)
  if (filters.evidence !== DEFAULT_FILTERS.evidence) params.set('evidence', filters.evidence)
  return params.toString()
}

export function filtersHref(path: string, filters: BoardFilters): string {
  const search = writeFilters(filters)
  return search ? `${path}?${search}` : path
}
