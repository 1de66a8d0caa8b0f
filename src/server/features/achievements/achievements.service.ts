import { and, eq, sql } from 'drizzle-orm'
import { AppError } from '#shared/errors.ts'
import type { Achievement } from '#shared/schemas/achievements.ts'
import type { Db } from '../../db/client.ts'
import { type PreparedStatement, preparedStatement } from '../../db/prepared.ts'
import { notifications, userAchievements } from '../community/community.tables.ts'
import { publishEvent } from '../notifications/notify.ts'
import { afterMemberChange } from './member-events.ts'
import { constant, keyOf, type MemberMetrics, type MetricKey, memberMetricsSql } from './metrics.queries.ts'

// Reading the catalogue, a member's awards and their progress; an admin's revoke. Inactive achievements are hidden
// everywhere (the catalogue, the awards a member earned, progress), and come back as they were if re-activated.

/**
 * The catalogue's version: a hash of every active achievement's row as the three reads use it (what the catalogue
 * shows, its order, and the metric progress counts), so that any change by any process (a migration, an admin's SQL)
 * changes it. One aggregate over a few dozen rows, written as a scalar subquery so that a member's read gets it in the
 * same statement (and the same snapshot) as their awards or progress.
 */
const catalogueVersion = sql`(select count(*)::text || ':' || coalesce(sum(hashtextextended(concat_ws('|', a.id,
    a.name, a.description, a.icon_type, a.points, a.category, a.type, a.target_value, a.metric, a.metric_arg,
    a.position), 0)), 0)::text
  from achievements a where a.is_active)`

/** One achievement of the catalogue: its JSON as served (spec §3 Achievement) and what its progress counts. */
type CatalogueEntry = { id: string; json: string; key: MetricKey }

/** The active catalogue at one version, with everything the three reads build their bodies from. */
type CatalogueSnapshot = {
  version: string
  /** GET /api/achievements */
  body: string
  /** catalogue order */
  entries: CatalogueEntry[]
  byId: Map<string, CatalogueEntry>
  /** The member's earned ids and the metrics of every active achievement: the text depends on the catalogue only. */
  progress: PreparedStatement<ProgressRow>
  readMetrics: MemberMetrics['read']
}

type ProgressRow = { version: string; earned: string | null; metrics: string | null }
type AwardsRow = { version: string; awards: string | null }

/** The columns of a catalogue row as the load reads them (catalogueStatement). */
type CatalogueRow = [
  id: string,
  name: string,
  description: string,
  iconType: string,
  points: number,
  category: string,
  type: string,
  targetValue: number | null,
  metric: string,
  metricArg: string | null,
]

export function toAchievement(row: CatalogueRow): Achievement {
  const [id, name, description, iconType, points, category, type, targetValue] = row
  return {
    id,
    name,
    description,
    iconType,
    points,
    category,
    // Migrations write only COUNT and SINGLE; anything else reads as a count to reach.
    type: type === 'SINGLE' ? 'SINGLE' : 'COUNT',
    targetValue,
    isActive: true,
  }
}

/** The active catalogue in its order, with its version, in one statement (so that the two agree). */
const catalogueStatement = preparedStatement<{ version: string; rows: string }>(
  sql`select ${catalogueVersion} as version,
    coalesce(json_agg(json_build_array(a.id, a.name, a.description, a.icon_type, a.points, a.category, a.type,
      a.target_value, a.metric, a.metric_arg) order by a.position, a.id)::text, '[]') as rows
  from achievements a where a.is_active`,
)

const versionStatement = preparedStatement<{ version: string }>(sql`select ${catalogueVersion} as version`)

const memberId = sql.placeholder('userId')

/**
 * The member's awards of active achievements, newest first (then in catalogue order), as one JSON text of
 * [id, achievement id, earnedAt] (one field for the driver to decode, not three per award), with the catalogue's
 * version. earnedAt is written as Date.toISOString writes it (UTC, milliseconds, truncated as a Date truncates).
 */
const awardsStatement = preparedStatement<AwardsRow>(
  sql`select ${catalogueVersion} as version,
    (select json_agg(json_build_array(ua.id, ua.achievement_id,
        to_char(ua.earned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
        order by ua.earned_at desc, a.position, a.id)::text
      from user_achievements ua join achievements a on a.id = ua.achievement_id
      where ua.user_id = ${memberId} and a.is_active) as awards`,
)

/** How many times a read is made again when the catalogue changed under it (then it uses the newest it loaded). */
const ATTEMPTS = 3

/**
 * The catalogue (GET /api/achievements), a member's awards and their progress, as served JSON. The active catalogue
 * is kept in memory per version, each achievement serialized once; each read asks the database for the version in
 * the same statement as the member's rows, and a body is only ever built from the catalogue of that version (loaded
 * again when it differs, by any process's change). A member's read is then one prepared statement, and the body is
 * assembled from the cached achievements: no row mapping, no validation of nested objects on the way out (the
 * response schemas still document the shapes, and the API tests parse the bodies with them).
 */
export class AchievementCatalogue {
  readonly #db: Db
  #current: CatalogueSnapshot | undefined
  #loading: Promise<CatalogueSnapshot> | undefined

  constructor(db: Db) {
    this.#db = db
  }

  /** GET /api/achievements: the active achievements in catalogue order. */
  async read(): Promise<string> {
    const [row] = await versionStatement.rows(this.#db)
    const current = this.#current
    if (current !== undefined && current.version === row?.version) return current.body
    return (await this.#load()).body
  }

  /** GET /api/user/achievements: the member's awards of active achievements, newest first. */
  async awards(userId: string): Promise<string> {
    const { snapshot, row } = await this.#readAt(() => awardsStatement.rows(this.#db, { userId }))
    const awards = row?.awards ? (JSON.parse(row.awards) as [string, string, string][]) : []
    const parts: string[] = []
    for (const [id, achievementId, earnedAt] of awards) {
      // Always there, but for a catalogue that kept changing through every attempt: then the newest one decides.
      const entry = snapshot.byId.get(achievementId)
      if (entry) parts.push(`{"id":${JSON.stringify(id)},"achievement":${entry.json},"earnedAt":"${earnedAt}"}`)
    }
    return `[${parts.join(',')}]`
  }

  /**
   * GET /api/user/achievement-progress: every active achievement the member has not earned, in catalogue order, with
   * their current value of its metric. The metrics of the whole catalogue are computed in the statement that reads
   * the member's earned ids (its shape then depends on the catalogue only, so it is prepared once per version); the
   * member's rows are read once per source whatever the number of metrics. The value is not capped: it exceeds the
   * target only when an admin revoked the award; the page caps the percentage (progressPercent).
   */
  async progress(userId: string): Promise<string> {
    const { snapshot, row } = await this.#readAt((at) => at.progress.rows(this.#db, { userId }))
    const earned = new Set(row?.earned ? row.earned.split(' ') : [])
    const values = snapshot.readMetrics(row?.metrics)
    const parts: string[] = []
    for (const entry of snapshot.entries) {
      if (earned.has(entry.id)) continue
      parts.push(`{"achievement":${entry.json},"currentValue":${values.get(keyOf(entry.key)) ?? 0}}`)
    }
    return `[${parts.join(',')}]`
  }

  /**
   * Runs a member's read (whose row carries the catalogue's version) against the catalogue of that version: the one
   * in memory, else the catalogue is loaded and the read made again, so that a change shows at once.
   */
  async #readAt<R extends { version: string }>(
    read: (snapshot: CatalogueSnapshot) => Promise<R[]>,
  ): Promise<{ snapshot: CatalogueSnapshot; row: R | undefined }> {
    let snapshot = this.#current ?? (await this.#load())
    for (let attempt = 1; ; attempt++) {
      const [row] = await read(snapshot)
      if (row === undefined || row.version === snapshot.version || attempt === ATTEMPTS) return { snapshot, row }
      snapshot = await this.#load()
    }
  }

  /** Loads the catalogue as it is now (one load at a time: requests arriving meanwhile share it). */
  #load(): Promise<CatalogueSnapshot> {
    this.#loading ??= catalogueStatement
      .rows(this.#db)
      .then(([row]) => {
        const snapshot = snapshotOf(row?.version ?? '', JSON.parse(row?.rows ?? '[]') as CatalogueRow[])
        this.#current = snapshot
        return snapshot
      })
      .finally(() => {
        this.#loading = undefined
      })
    return this.#loading
  }
}

function snapshotOf(version: string, rows: CatalogueRow[]): CatalogueSnapshot {
  const achievements = rows.map(toAchievement)
  const entries = rows.map(
    (row, i): CatalogueEntry => ({
      id: row[0],
      json: JSON.stringify(achievements[i]),
      key: { metric: row[8], metricArg: row[9] },
    }),
  )
  // A source is read only while the member has not earned every achievement it counts for: their values would be
  // shown for none (a member far along skips the costly ones, e.g. the probe of their own likes).
  const idsOf = (keys: readonly MetricKey[]) => {
    const wanted = new Set(keys.map(keyOf))
    return sql.join(
      entries.filter((e) => wanted.has(keyOf(e.key))).map((e) => constant(e.id)),
      sql`, `,
    )
  }
  const metrics = memberMetricsSql(
    entries.map((e) => e.key),
    memberId,
    (keys) => sql`not (array[${idsOf(keys)}]::text[] <@ (select earned.ids from earned))`,
  )
  return {
    version,
    body: JSON.stringify(achievements),
    entries,
    byId: new Map(entries.map((e) => [e.id, e])),
    // The earned ids once (the sources' conditions read them too), sent joined by spaces (ids are of [a-z0-9-]): one
    // text field rather than an array each driver decodes.
    progress: preparedStatement<ProgressRow>(
      sql`with earned as (select coalesce(array_agg(ua.achievement_id), '{}') as ids
          from user_achievements ua where ua.user_id = ${memberId})
        select ${catalogueVersion} as version, (select array_to_string(earned.ids, ' ') from earned) as earned,
          ${metrics.query === undefined ? sql`null::text` : sql`(${metrics.query})`} as metrics`,
    ),
    readMetrics: metrics.read,
  }
}

export const NOT_EARNED = 'This member has not earned this achievement'

/**
 * DELETE /api/admin/users/:userId/achievements/:achievementId: takes an award back (the only way one goes away), with
 * its notification, and moves the member's points rows of when it was earned in the same transaction. Returns the member whose
 * notifications changed (the route announces them to this process once committed).
 */
export async function revokeAchievement(db: Db, userId: string, achievementId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(userAchievements)
      .where(and(eq(userAchievements.userId, userId), eq(userAchievements.achievementId, achievementId)))
      .returning({ earnedAt: userAchievements.earnedAt })
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
    await afterMemberChange(tx, userId, { metrics: [], boards: false, pointsAt: removed.map((r) => r.earnedAt) })
    return withdrawn.length > 0 ? [userId] : []
  })
}
