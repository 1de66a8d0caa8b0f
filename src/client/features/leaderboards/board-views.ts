import { formatCount } from '#client/lib/format.ts'
import { SCORE_BOOKS, scoreNumberText, weightText } from '#shared/measurements/display.ts'
import type { Leaderboard, LeaderboardRow, MyRank, TopSpecies } from '#shared/schemas/achievements.ts'
import type { UnitSystem } from '#shared/schemas/measurements.ts'
import type { BoardScale } from './species-names.ts'

// What /leaderboards shows (docs/product.md §2), worked out from the rows without touching the DOM.

export type RankMark = 'crown' | 'medal' | 'number'

/** docs/product.md §2: rank 1 a crown, 2 and 3 medals, the others '#n'. */
export function rankMark(rank: number): RankMark {
  if (rank === 1) return 'crown'
  if (rank === 2 || rank === 3) return 'medal'
  return 'number'
}

/**
 * A row's value and the label beside it (docs/product.md §2: points, trophies, max size). A species board holds the best
 * score in the species' record-book notation (`172 5/8`, skulls `21 13/16`, turkey `70.6250 NWTF`), or for a
 * fish the best weight. A board ranks scores from any of the species' books, so the book is named only where
 * the species has one (turkey).
 */
export function rowValue(
  board: Leaderboard,
  value: number,
  scale: BoardScale,
  units: UnitSystem = 'imperial',
): { text: string; label: string } {
  if (board === 'points') return { text: formatCount(value), label: value === 1 ? 'point' : 'points' }
  if (board === 'trophies') return { text: formatCount(value), label: value === 1 ? 'trophy' : 'trophies' }
  if (scale.fish) return { text: weightText(value, units), label: 'max size' }
  const number = scoreNumberText(value, scale.book ?? 'bc', scale.category ?? '')
  return { text: scale.book ? `${number} ${SCORE_BOOKS[scale.book]}` : number, label: 'max size' }
}

/** '12 public measurements · 3 trophies': a board counts only what members made public. */
export function totalsText(row: Pick<LeaderboardRow, 'totalMeasurements' | 'totalTrophies'>): string {
  const m = row.totalMeasurements
  const t = row.totalTrophies
  return `${formatCount(m)} public ${m === 1 ? 'measurement' : 'measurements'} · ${formatCount(t)} ${t === 1 ? 'trophy' : 'trophies'}`
}

/**
 * What a trophy or species board counts, said under its title, since a member's own pages also count their
 * private measurements. The points board's scope line already says what it ranks.
 */
export function boardNote(board: Leaderboard, scale: BoardScale): string | null {
  if (board === 'points') return null
  if (board === 'trophies') return 'Only public measurements count here; private and followers-only ones do not.'
  if (scale.fish) return 'Each member’s heaviest public catch: scale weight, else the formula’s estimate.'
  return 'Each member’s best public score, written as the record books write it.'
}

/** The viewer's own row, shown below the top rows only when they are not among them. */
export function ownRowBelow(rows: readonly LeaderboardRow[], mine: MyRank | undefined): LeaderboardRow | null {
  const row = mine?.row
  if (!row) return null
  return rows.some((r) => r.user.id === row.user.id) ? null : row
}

export type FooterStats = { members: number | undefined; trophies: number | undefined; species: number | undefined }

/**
 * docs/product.md §2 footer: Active Hunters & Anglers (rows of the points board), Total Trophies Recorded (the trophy board's
 * values added up), Species Tracked (entries of the top species). Undefined while a list is loading.
 */
export function footerStats(
  points: readonly LeaderboardRow[] | undefined,
  trophies: readonly LeaderboardRow[] | undefined,
  topSpecies: readonly TopSpecies[] | undefined,
): FooterStats {
  return {
    members: points?.length,
    trophies: trophies?.reduce((sum, row) => sum + row.value, 0),
    species: topSpecies?.length,
  }
}

export type Option = { value: string; label: string }

/**
 * docs/product.md §2 Species Filter: All Species, then each species with its count. A species chosen in the URL that is not
 * among them (nothing counted for it under this evidence) stays selectable, named by `nameOf`, with no count.
 */
export function speciesOptions(
  topSpecies: readonly TopSpecies[] | undefined,
  selected: string,
  nameOf: (id: string) => string | undefined,
): Option[] {
  const options: Option[] = [{ value: 'all', label: 'All Species' }]
  for (const s of topSpecies ?? []) options.push({ value: s.species, label: `${s.name} (${formatCount(s.count)})` })
  if (selected !== 'all' && !options.some((o) => o.value === selected))
    options.push({ value: selected, label: nameOf(selected) ?? selected })
  return options
}

/** The board a key moves to in the tab list (arrows wrap, Home and End jump), or null for any other key. */
export function boardAfterKey(boards: readonly Leaderboard[], current: Leaderboard, key: string): Leaderboard | null {
  const i = boards.indexOf(current)
  const n = boards.length
  if (i < 0 || n === 0) return null
  if (key === 'ArrowRight') return boards[(i + 1) % n] ?? null
  if (key === 'ArrowLeft') return boards[(i - 1 + n) % n] ?? null
  if (key === 'Home') return boards[0] ?? null
  if (key === 'End') return boards[n - 1] ?? null
  return null
}
