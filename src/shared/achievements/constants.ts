// Achievements and leaderboards without zod, so a page needing a tier or a label does not load it.

/** docs/product.md §2: the icon kinds of an achievement; `award` when unknown. */
export const ACHIEVEMENT_ICONS = [
  'trophy',
  'award',
  'target',
  'fish',
  'crosshair',
  'star',
  'crown',
  'medal',
  'users',
] as const
export type AchievementIcon = (typeof ACHIEVEMENT_ICONS)[number]

export function iconOf(iconType: string): AchievementIcon {
  return (ACHIEVEMENT_ICONS as readonly string[]).includes(iconType) ? (iconType as AchievementIcon) : 'award'
}

/** docs/product.md §2: COUNT achievements show a target and progress; SINGLE ones are earned by one event. */
export const ACHIEVEMENT_TYPES = ['COUNT', 'SINGLE'] as const
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number]

export const ACHIEVEMENT_CATEGORIES = [
  'collection',
  'diversity',
  'trophies',
  'verified',
  'skill',
  'community',
  'consistency',
] as const
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number]

export const ACHIEVEMENT_CATEGORY_LABELS: Record<AchievementCategory, string> = {
  collection: 'Collection',
  diversity: 'Species diversity',
  trophies: 'Trophies and records',
  verified: 'Verified results',
  skill: 'Personal bests',
  community: 'Community',
  consistency: 'Consistency',
}

/** What an achievement counts for a member; what each metric counts: ADR 079. */
export const ACHIEVEMENT_METRICS = [
  'measurements',
  'species',
  'species-group',
  'categories',
  'trophies',
  'records',
  'photo-measured',
  'community-verified',
  'personal-bests',
  'followers',
  'likes-received',
  'checks-given',
  'checks-agreed',
  'active-weeks',
] as const
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number]

/** Species slams: groups of catalogue species (ids of src/shared/species). */
export const SPECIES_GROUPS = {
  'deer-family': ['whitetail-deer', 'mule-deer', 'rocky-mountain-elk', 'roosevelt-elk', 'moose', 'caribou'],
  bass: ['largemouth-bass', 'smallmouth-bass', 'striped-bass'],
  'wild-sheep': ['bighorn-sheep', 'dall-sheep'],
  bears: ['black-bear', 'brown-bear'],
  'inshore-slam': ['red-drum', 'common-snook', 'spotted-seatrout'],
  'toothy-critters': ['northern-pike', 'muskellunge', 'walleye'],
  'upland-birds': ['wild-turkey', 'ring-necked-pheasant', 'ruffed-grouse', 'northern-bobwhite'],
  waterfowl: ['mallard', 'canada-goose'],
} as const satisfies Record<string, readonly string[]>
export type SpeciesGroup = keyof typeof SPECIES_GROUPS

export type AchievementTier = 'Gold' | 'Silver' | 'Bronze'

/** docs/product.md §4/§9: 100 points or more Gold, 50 or more Silver, otherwise Bronze. */
export function tierOf(points: number): AchievementTier {
  if (points >= 100) return 'Gold'
  if (points >= 50) return 'Silver'
  return 'Bronze'
}

/** docs/product.md §2: progress in whole percent, capped at 100 (0 for a target of 0 or less). */
export function progressPercent(current: number, target: number | null): number {
  if (!target || target <= 0) return current > 0 ? 100 : 0
  return Math.min(100, Math.max(0, Math.round((current / target) * 100)))
}

/** docs/product.md §2: earned ÷ all, rounded percent; 0 when there are none. */
export function completionRate(earned: number, all: number): number {
  return all > 0 ? Math.round((earned / all) * 100) : 0
}

// Leaderboards

/** docs/product.md §7: calendar periods in UTC; a week starts on Monday. */
export const LEADERBOARD_PERIODS = ['all-time', 'this-year', 'this-month', 'this-week'] as const
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number]

export const PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  'all-time': 'All Time',
  'this-year': 'This Year',
  'this-month': 'This Month',
  'this-week': 'This Week',
}

/** The minimum evidence a measurement needs to count on a board (docs/architecture.md §2); `any` by default. */
export const EVIDENCE_FILTERS = ['any', 'photo-measured', 'community-verified'] as const
export type EvidenceFilter = (typeof EVIDENCE_FILTERS)[number]

export const EVIDENCE_FILTER_LABELS: Record<EvidenceFilter, string> = {
  any: 'Any evidence',
  'photo-measured': 'Photo-measured or better',
  'community-verified': 'Community verified or better',
}

export const LEADERBOARDS = ['points', 'trophies', 'species'] as const
export type Leaderboard = (typeof LEADERBOARDS)[number]

/** docs/product.md §9: rows per board. */
export const LEADERBOARD_ROWS = 10

/** A moment's bucket in a period (UTC): 'all', 'y2026', 'm2026-11', 'w2026-11-16'; the server's bucketsSql agrees. */
export function periodBucket(period: LeaderboardPeriod, at: Date): string {
  const y = at.getUTCFullYear()
  const m = String(at.getUTCMonth() + 1).padStart(2, '0')
  switch (period) {
    case 'all-time':
      return 'all'
    case 'this-year':
      return `y${y}`
    case 'this-month':
      return `m${y}-${m}`
    case 'this-week': {
      const monday = new Date(Date.UTC(y, at.getUTCMonth(), at.getUTCDate()))
      monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7))
      return `w${monday.toISOString().slice(0, 10)}`
    }
  }
}
