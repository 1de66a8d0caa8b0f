import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { afterMemberChange } from '#server/domain/member-events.ts'
import { publishEvent } from '#server/domain/notify.ts'
import { notifications, userAchievements } from '#server/features/community/index.ts'
import { AppError } from '#shared/errors.ts'
import type { Achievement } from '#shared/schemas/achievements.ts'
import { keyOf, type MemberMetrics, type MetricKey, memberMetricsSql } from './metrics.queries.ts'

// The catalogue, a member's awards and progress, an admin's revoke. Inactive achievements are hidden everywhere.

/** A hash of the active rows as the reads use them, so any process's edit changes it; a subquery, for one snapshot. */
const catalogueVersion = sql`(select count(*)::text || ':' || coalesce(sum(hashtextextended(concat_ws('|', a.id,
    a.name, a.description, a.icon_type, a.points, a.category, a.type, a.target_value, a.metric, a.metric_arg,
    a.position), 0)), 0)::text
  from achievements a where a.is_active)`

type CatalogueEntry = { id: string; json: string; key: MetricKey }

type CatalogueSnapshot = {
  version: string
  body: string
  entries: CatalogueEntry[]
  byId: Map<string, CatalogueEntry>
  /** The member's earned ids and the metrics of every active achievement: the text depends on the catalogue only. */
  progress: PreparedStatement<ProgressRow>
  readMetrics: MemberMetrics['read']
}

type ProgressRow = { version: string; earned: string | null; metrics: string | null }
type AwardsRow = { version: string; awards: string | null }

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

/** The member's active awards as one JSON text, newest first (earnedAt as toISOString writes it), with the version. */
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

/** Served JSON, each body built only from the catalogue of the version its own statement read: ADR 027. */
export class AchievementCatalogue {
  readonly #db: Db
  #current: CatalogueSnapshot | undefined
  #loading: Promise<CatalogueSnapshot> | undefined

  constructor(db: Db) {
    this.#db = db
  }

  async read(): Promise<string> {
    const [row] = await versionStatement.rows(this.#db)
    const current = this.#current
    if (current !== undefined && current.version === row?.version) return current.body
    return (await this.#load()).body
  }

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

  /** GET /api/user/achievement-progress: unearned active achievements with uncapped values (the page caps them). */
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

  /** Runs a member's read against the catalogue of the version it returned, loading it and reading again if needed. */
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
  // A source is read only while the member has some achievement of it left to earn (else no value is shown).
  const idsOf = (keys: readonly MetricKey[]) => {
    const wanted = new Set(keys.map(keyOf))
    return sql.join(
      entries.filter((e) => wanted.has(keyOf(e.key))).map((e) => sql`${e.id}`),
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
    // Earned ids joined by spaces (ids are [a-z0-9-]): one text field rather than an array each driver decodes.
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

/** Revokes an award (the only way one goes) with its notification and points; returns the member to announce. */
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
