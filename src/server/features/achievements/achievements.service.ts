import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { AppError } from '#shared/errors.ts'
import type { Achievement, AchievementProgress, UserAchievement } from '#shared/schemas/achievements.ts'
import type { Db } from '../../db/client.ts'
import { VersionedCache } from '../../lib/versioned-cache.ts'
import { achievements, notifications, userAchievements } from '../community/community.tables.ts'
import { publishEvent } from '../notifications/notify.ts'
import { afterMemberChange } from './member-events.ts'
import { keyOf, memberMetricValues } from './metrics.queries.ts'

// Reading the catalogue, a member's awards and their progress; an admin's revoke. Inactive achievements are hidden
// everywhere (the catalogue, the awards a member earned, progress), and come back as they were if re-activated.

type AchievementRow = typeof achievements.$inferSelect

export function toAchievement(row: AchievementRow): Achievement {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    iconType: row.iconType,
    points: row.points,
    category: row.category,
    // Migrations write only COUNT and SINGLE; anything else reads as a count to reach.
    type: row.type === 'SINGLE' ? 'SINGLE' : 'COUNT',
    targetValue: row.targetValue,
    isActive: row.isActive,
  }
}

const catalogueOrder = [asc(achievements.position), asc(achievements.id)]

/** The active achievements in catalogue order. */
export async function listAchievements(db: Db): Promise<AchievementRow[]> {
  return db
    .select()
    .from(achievements)
    .where(eq(achievements.isActive, true))
    .orderBy(...catalogueOrder)
}

/**
 * GET /api/achievements as served JSON, kept while the catalogue's version is unchanged: the version is one
 * aggregate over the catalogue's few rows (a hash of what the list shows), cheaper than reading, mapping and
 * serializing them, and any change by any process (a migration, an admin's SQL) changes it.
 */
export class AchievementCatalogue {
  readonly #db: Db
  readonly #bodies = new VersionedCache({ maxEntries: 1 })

  constructor(db: Db) {
    this.#db = db
  }

  async read(): Promise<string> {
    const result = await this.#db.execute(sql`select count(*)::text || ':' || coalesce(sum(hashtextextended(
        concat_ws('|', id, name, description, icon_type, points, category, type, target_value, position), 0)), 0)::text
        as version from achievements where is_active`)
    const [row] = (result as unknown as { rows: { version: string }[] }).rows
    return this.#bodies.through('catalogue', row?.version ?? '', async () =>
      (await listAchievements(this.#db)).map(toAchievement),
    )
  }
}

/** GET /api/user/achievements: the member's awards of active achievements, newest first. */
export async function listUserAchievements(db: Db, userId: string): Promise<UserAchievement[]> {
  const rows = await db
    .select({ id: userAchievements.id, earnedAt: userAchievements.earnedAt, achievement: achievements })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .where(and(eq(userAchievements.userId, userId), eq(achievements.isActive, true)))
    .orderBy(desc(userAchievements.earnedAt), asc(achievements.position), asc(achievements.id))
  return rows.map((r) => ({ id: r.id, achievement: toAchievement(r.achievement), earnedAt: r.earnedAt.toISOString() }))
}

/**
 * GET /api/user/achievement-progress: every active achievement the member has not earned, in catalogue order, with
 * their current value of its metric (all metrics computed in one statement). The value is not capped: it exceeds the
 * target only when an admin revoked the award; the page caps the percentage (progressPercent).
 */
export async function listProgress(db: Db, userId: string): Promise<AchievementProgress[]> {
  const rows = await db
    .select()
    .from(achievements)
    .where(
      and(
        eq(achievements.isActive, true),
        // Qualified by hand: in a one-table select Drizzle writes bare column names.
        sql`not exists (select 1 from user_achievements ua where ua.user_id = ${userId} and ua.achievement_id = achievements.id)`,
      ),
    )
    .orderBy(...catalogueOrder)
  if (rows.length === 0) return []
  const values = await memberMetricValues(db, userId, rows)
  return rows.map((row) => ({
    achievement: toAchievement(row),
    currentValue: values.get(keyOf(row)) ?? 0,
  }))
}

export const NOT_EARNED = 'This member has not earned this achievement'

/**
 * DELETE /api/admin/users/:userId/achievements/:achievementId: takes an award back (the only way one goes away), with
 * its notification, and refreshes the member's leaderboard rows in the same transaction. Returns the member whose
 * notifications changed (the route announces them to this process once committed).
 */
export async function revokeAchievement(db: Db, userId: string, achievementId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(userAchievements)
      .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)))
      .returning({ id: userAchievements.id })
    if (removed.length === 0) throw new AppError('NOT_FOUND', NOT_EARNED)
    const withdrawn = await tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.kind, 'achievement'),
          eq(notifications.achievementId, achievementId),
        ),
      )
      .returning({ id: notifications.id })
    if (withdrawn.length > 0) await publishEvent(tx, { type: 'notifications', userId })
    await afterMemberChange(tx, userId, { metrics: [], boards: true })
    return withdrawn.length > 0 ? [userId] : []
  })
}
