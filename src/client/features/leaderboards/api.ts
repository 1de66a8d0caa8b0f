import { useQuery } from '@tanstack/react-query'
import type {
  EvidenceFilter,
  LeaderboardPeriod,
  LeaderboardRow,
  MyRank,
  TopSpecies,
} from '#shared/schemas/achievements.ts'
import type { BoardFilters } from './filters.ts'

// Leaderboards: the calls of docs/product.md §7, plus the minimum evidence (left out when it is Any, so those URLs
// are exactly §7's) and GET /api/leaderboards/me. The query keys are the URLs, so the default loader
// of lib/query-client.ts reads them. The URLs live here rather than in app/paths.ts's apiPaths, which every
// feature shares.

const BASE = '/api/leaderboards'

function query(params: Record<string, string>, evidence: EvidenceFilter): string {
  const search = new URLSearchParams(params)
  if (evidence !== 'any') search.set('evidence', evidence)
  const text = search.toString()
  return text ? `?${text}` : ''
}

export const leaderboardUrls = {
  /** Points have no evidence and no species (the server ignores both), so the URL is exactly docs/product.md §7's. */
  points: (period: LeaderboardPeriod) => `${BASE}/points?period=${period}`,
  trophies: (period: LeaderboardPeriod, species: string, evidence: EvidenceFilter) =>
    `${BASE}/trophies${query({ period, species }, evidence)}`,
  species: (species: string, period: LeaderboardPeriod, evidence: EvidenceFilter) =>
    `${BASE}/species/${encodeURIComponent(species)}${query({ period }, evidence)}`,
  /**
   * The species with their counts in the view's period and evidence, so the Species Filter's counts and Species
   * Tracked agree with the boards. All Time and Any evidence (the server's defaults) keep §7's bare URL.
   */
  topSpecies: (period: LeaderboardPeriod, evidence: EvidenceFilter) =>
    `${BASE}/top-species${query(period === 'all-time' ? {} : { period }, evidence)}`,
  me: (filters: BoardFilters) =>
    filters.board === 'points'
      ? `${BASE}/me?board=points&period=${filters.period}`
      : `${BASE}/me${query({ board: filters.board, period: filters.period, species: filters.species }, filters.evidence)}`,
}

/** The URL of the board a view shows; null for Species Leaders before a species is chosen (docs/product.md §7). */
export function boardUrl(filters: BoardFilters): string | null {
  const { board, period, species, evidence } = filters
  if (board === 'points') return leaderboardUrls.points(period)
  if (board === 'trophies') return leaderboardUrls.trophies(period, species, evidence)
  return species === 'all' ? null : leaderboardUrls.species(species, period, evidence)
}

// Standings change with what every member does, which this cache never sees: unlike the app's default (docs/product.md §7,
// never stale) a board is read again when the page opens or the view comes back, showing the last rows meanwhile.
const FRESH_ON_OPEN = { staleTime: 0 } as const

export function useBoard(url: string | null) {
  return useQuery<LeaderboardRow[]>({ queryKey: [url], enabled: url !== null, ...FRESH_ON_OPEN })
}

/** Where the viewer stands on the board of the view (the row below the top 10). */
export function useMyRank(filters: BoardFilters) {
  const url = boardUrl(filters) === null ? null : leaderboardUrls.me(filters)
  return useQuery<MyRank>({ queryKey: [url], enabled: url !== null, ...FRESH_ON_OPEN })
}

export function useTopSpecies(period: LeaderboardPeriod, evidence: EvidenceFilter) {
  return useQuery<TopSpecies[]>({ queryKey: [leaderboardUrls.topSpecies(period, evidence)], ...FRESH_ON_OPEN })
}
