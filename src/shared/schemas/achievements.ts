import { z } from 'zod'
import {
  ACHIEVEMENT_TYPES,
  EVIDENCE_FILTERS,
  LEADERBOARD_PERIODS,
  LEADERBOARDS,
} from '#shared/achievements/constants.ts'
import { MeasurementOwnerSchema } from './measurements.ts'

// Achievements and leaderboards: docs/product.md §3 shapes and §7 calls, exactly; what they leave open is ADR 006.

export * from '#shared/achievements/constants.ts'

/** docs/product.md §3: Achievement. `type` is COUNT or SINGLE; `targetValue` is the count to reach (1 for SINGLE). */
export const AchievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  iconType: z.string(),
  points: z.number().int(),
  category: z.string(),
  type: z.enum(ACHIEVEMENT_TYPES),
  targetValue: z.number().int().nullable(),
  isActive: z.boolean(),
})
export type Achievement = z.infer<typeof AchievementSchema>

/** docs/product.md §3: User achievement (GET /api/user/achievements, newest first). */
export const UserAchievementSchema = z.object({
  id: z.string(),
  achievement: AchievementSchema,
  earnedAt: z.string(),
})
export type UserAchievement = z.infer<typeof UserAchievementSchema>

/** docs/product.md §3: every active achievement not earned, with a current value over the target only if revoked. */
export const AchievementProgressSchema = z.object({
  achievement: AchievementSchema,
  currentValue: z.number().int(),
})
export type AchievementProgress = z.infer<typeof AchievementProgressSchema>

export const AchievementParamsSchema = z.object({
  userId: z
    .string()
    .min(1, 'userId is required')
    .max(64, 'userId is not a member id')
    .regex(/^[A-Za-z0-9_-]+$/, 'userId is not a member id'),
  achievementId: z
    .string()
    .min(1, 'achievementId is required')
    .max(64, 'achievementId is not an achievement id')
    .regex(/^[a-z0-9-]+$/, 'achievementId is not an achievement id'),
})

// Leaderboards

const speciesId = z
  .string()
  .min(1, 'species is required')
  .max(64, 'species is not a species id')
  .regex(/^[a-z0-9-]+$/, 'species is not a species id')

/** docs/product.md §7 `?period=` (default all-time), plus our minimum evidence filter (default any). */
export const LeaderboardQuerySchema = z.object({
  period: z
    .enum(LEADERBOARD_PERIODS, { error: `period must be one of ${LEADERBOARD_PERIODS.join(', ')}` })
    .default('all-time'),
  evidence: z
    .enum(EVIDENCE_FILTERS, { error: `evidence must be one of ${EVIDENCE_FILTERS.join(', ')}` })
    .default('any'),
})
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>

/** GET /api/leaderboards/trophies: optionally one species ('all' or absent for every species). */
export const TrophiesQuerySchema = LeaderboardQuerySchema.extend({
  species: z.union([z.literal('all'), speciesId]).optional(),
})

export const SpeciesParamsSchema = z.object({ species: speciesId })

/** GET /api/leaderboards/me: where the viewer stands on one board (the row shown below the top 10). */
export const MyRankQuerySchema = LeaderboardQuerySchema.extend({
  board: z.enum(LEADERBOARDS, { error: `board must be one of ${LEADERBOARDS.join(', ')}` }),
  species: z.union([z.literal('all'), speciesId]).optional(),
})
export type MyRankQuery = z.infer<typeof MyRankQuerySchema>

/** docs/product.md §3: Leaderboard row; what `value` and the totals count: ADR 071. */
export const LeaderboardRowSchema = z.object({
  id: z.string(),
  rank: z.number().int(),
  value: z.number(),
  totalMeasurements: z.number().int(),
  totalTrophies: z.number().int(),
  user: MeasurementOwnerSchema,
})
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>

export const LeaderboardRowsSchema = z.array(LeaderboardRowSchema)

/** The viewer's own row on a board; null when they have no value there. */
export const MyRankSchema = z.object({ row: LeaderboardRowSchema.nullable() })
export type MyRank = z.infer<typeof MyRankSchema>

/** docs/product.md §3: Top species entry: species id, its catalogue name, and how many counted measurements it has. */
export const TopSpeciesSchema = z.object({ species: z.string(), name: z.string(), count: z.number().int() })
export type TopSpecies = z.infer<typeof TopSpeciesSchema>
export const TopSpeciesListSchema = z.array(TopSpeciesSchema)
