import { and, eq, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type PreparedStatement, preparedStatement } from '#server/db/prepared.ts'
import { afterMemberChange } from '#server/domain/member-events.ts'
import { publishEvent } from '#server/domain/notify.ts'
import { notifications, userAchievements } from '#server/features/community/index.ts'
import type { EventHub, ProfilesChange } from '#server/features/notifications/index.ts'
import { DroppedCache } from '#server/lib/dropped-cache.ts'
import { AppError } from '#shared/errors.ts'
import type { Achievement } from '#shared/schemas/achievements.ts'
import { keyOf, type MemberMetrics, type MetricKey, memberMetricsSql } from './metrics.queries.ts'

// The catalogue, a member's awards and progress, an admin's revoke. Inactive achievements are hidden everywhere.

/** A hash of the active rows as the reads use them, so any process's edit changes it; a subquery, for one snapshot. */
const catalogueVersion = sql`(select count(*)::text || ':' || coalesce(sum(hashtextextended(concat_ws('|', a.id,
    a.name, a.description, a.icon_type, a.points, a.category, a.type, a.target_value, a.metric, a.metric_arg,
    a.position), 0)), 0)::text
  from achievements a where a.is_active)`

/** `position`: its place in the catalogue's order */
type CatalogueEntry = { id: string; json: string; key: MetricKey; position: number }

type CatalogueSnapshot = {
  version: string
  body: string
  entries: CatalogueEntry[]
  byId: Map<string, CatalogueEntry>
  /** The member's earned ids and the metrics of every active achievement, with the version or (current) without */
  progress: { versioned: PreparedStatement<ProgressRow>; current: PreparedStatement<ProgressRow> }
  readMetrics: MemberMetrics['read']
}

type ProgressRow = { version: string | null; earned: string | null; metrics: string | null }
/** What a member's progress reads, kept: earned ids and metric values, about 300 bytes. */
type KeptProgress = Pick<ProgressRow, 'earned' | 'metrics'>

/** Every member of a large club. */
const MAX_PROGRESS = 20_000
type AwardsRow = { version: string | null; awards: string | null }

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
 * The member's awards as one text, 'id achievementId earnedAt' joined by commas (earnedAt as toISOString writes it):
 * an index range of one table; the catalogue kept leaves out inactive ones and orders them.
 */
const awardsSql = sql`string_agg(concat_ws(' ', ua.id, ua.achievement_id,
      to_char(ua.earned_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')), ',') as awards
    from user_achievements ua where ua.user_id = ${memberId}`
const awardsStatements = {
  versioned: preparedStatement<AwardsRow>(sql`select ${catalogueVersion} as version, ${awardsSql}`),
  current: preparedStatement<AwardsRow>(sql`select null::text as version, ${awardsSql}`),
}

/** How many times a read is made again when the catalogue changed under it (then it uses the newest it loaded). */
const ATTEMPTS = 3

/**
 * Served JSON, each body built only from the catalogue of the version its own statement read (ADR 027), or, while
 * the hub tells this process of every change to the catalogue, from the catalogue it keeps (ADR 123).
 */
export class AchievementCatalogue {
  readonly #db: Db
  readonly #live: boolean
  #current: CatalogueSnapshot | undefined
  #loading: Promise<CatalogueSnapshot> | undefined
  /** #current is the catalogue as it is: loaded while listening, and no change heard since */
  #fresh = false
  #generation = 0
  /** Each member's progress as read against the fresh catalogue, dropped by 'profiles' and 'progress' events. */
  readonly #progress: DroppedCache<KeptProgress>

  constructor(db: Db, events?: EventHub) {
    this.#db = db
    this.#live = events?.live ?? false
    this.#progress = new DroppedCache({ live: this.#live, maxEntries: MAX_PROGRESS })
    const changed = () => {
      this.#fresh = false
      this.#generation++
      this.#progress.clear()
    }
    events?.onCatalogue(changed)
    events?.onReconnect(changed)
    const moved = (change: ProfilesChange) => {
      if (change === 'all') this.#progress.clear()
      else for (const id of change) this.#progress.drop(id)
    }
    events?.onProfiles(moved)
    events?.onProgress(moved)
  }

  async read(): Promise<string> {
    if (this.#fresh && this.#current) return this.#current.body
    const [row] = await versionStatement.rows(this.#db)
    const current = this.#current
    if (current !== undefined && current.version === row?.version) return current.body
    return (await this.#load()).body
  }

  async awards(userId: string): Promise<string> {
    const { snapshot, row } = await this.#readAt((_, versioned) =>
      awardsStatements[versioned ? 'versioned' : 'current'].rows(this.#db, { userId }),
    )
    const awards: { id: string; entry: CatalogueEntry; earnedAt: string }[] = []
    for (const award of row?.awards ? row.awards.split(',') : []) {
      const [id = '', achievementId = '', earnedAt = ''] = award.split(' ')
      // Inactive ones are not in the catalogue kept.
      const entry = snapshot.byId.get(achievementId)
      if (entry) awards.push({ id, entry, earnedAt })
    }
    // Newest first, then in the catalogue's order.
    awards.sort((a, b) =>
      a.earnedAt !== b.earnedAt ? (a.earnedAt < b.earnedAt ? 1 : -1) : a.entry.position - b.entry.position,
    )
    const parts = awards.map(
      ({ id, entry, earnedAt }) => `{"id":${JSON.stringify(id)},"achievement":${entry.json},"earnedAt":"${earnedAt}"}`,
    )
    return `[${parts.join(',')}]`
  }

  /** GET /api/user/achievement-progress: unearned active achievements with uncapped values (the page caps them). */
  async progress(userId: string): Promise<string> {
    const kept = this.#fresh ? this.#progress.get(userId) : undefined
    if (kept && this.#current) return progressBody(this.#current, kept)
    const generation = this.#progress.generation
    const { snapshot, row } = await this.#readAt((at, versioned) =>
      at.progress[versioned ? 'versioned' : 'current'].rows(this.#db, { userId }),
    )
    // Kept only as read against the catalogue as it is now (a change to it clears what is kept).
    if (row && this.#fresh && snapshot === this.#current) {
      this.#progress.set(userId, { earned: row.earned, metrics: row.metrics }, generation)
    }
    return progressBody(snapshot, row)
  }

  /**
   * Runs a member's read against the kept catalogue when it is fresh, else against the catalogue of the version the
   * read returned, loading it and reading again if needed.
   */
  async #readAt<R extends { version: string | null }>(
    read: (snapshot: CatalogueSnapshot, versioned: boolean) => Promise<R[]>,
  ): Promise<{ snapshot: CatalogueSnapshot; row: R | undefined }> {
    const kept = this.#current
    if (this.#fresh && kept) return { snapshot: kept, row: (await read(kept, false))[0] }
    let snapshot = kept ?? (await this.#load())
    for (let attempt = 1; ; attempt++) {
      const [row] = await read(snapshot, true)
      if (row === undefined || row.version === snapshot.version || attempt === ATTEMPTS) return { snapshot, row }
      snapshot = await this.#load()
    }
  }

  /** Loads the catalogue as it is now (one load at a time: requests arriving meanwhile share it). */
  #load(): Promise<CatalogueSnapshot> {
    const generation = this.#generation
    this.#loading ??= catalogueStatement
      .rows(this.#db)
      .then(([row]) => {
        const snapshot = snapshotOf(row?.version ?? '', JSON.parse(row?.rows ?? '[]') as CatalogueRow[])
        this.#current = snapshot
        // A change heard while it was read may not be in it: the next read checks the version again.
        this.#fresh = this.#live && generation === this.#generation
        return snapshot
      })
      .finally(() => {
        this.#loading = undefined
      })
    return this.#loading
  }
}

/** The unearned achievements of the catalogue, each with the member's value of its metric. */
function progressBody(snapshot: CatalogueSnapshot, read: KeptProgress | undefined): string {
  const earned = new Set(read?.earned ? read.earned.split(' ') : [])
  const values = snapshot.readMetrics(read?.metrics)
  const parts: string[] = []
  for (const entry of snapshot.entries) {
    if (earned.has(entry.id)) continue
    parts.push(`{"achievement":${entry.json},"currentValue":${values.get(keyOf(entry.key)) ?? 0}}`)
  }
  return `[${parts.join(',')}]`
}

function snapshotOf(version: string, rows: CatalogueRow[]): CatalogueSnapshot {
  const achievements = rows.map(toAchievement)
  const entries = rows.map(
    (row, i): CatalogueEntry => ({
      id: row[0],
      json: JSON.stringify(achievements[i]),
      key: { metric: row[8], metricArg: row[9] },
      position: i,
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
  // Earned ids joined by spaces (ids are [a-z0-9-]): one text field rather than an array each driver decodes.
  const progressSql = (version: SQL) =>
    sql`with earned as (select coalesce(array_agg(ua.achievement_id), '{}') as ids
          from user_achievements ua where ua.user_id = ${memberId})
        select ${version} as version, (select array_to_string(earned.ids, ' ') from earned) as earned,
          ${metrics.query === undefined ? sql`null::text` : sql`(${metrics.query})`} as metrics`
  return {
    version,
    body: JSON.stringify(achievements),
    entries,
    byId: new Map(entries.map((e) => [e.id, e])),
    progress: {
      versioned: preparedStatement<ProgressRow>(progressSql(sql`${catalogueVersion}`)),
      current: preparedStatement<ProgressRow>(progressSql(sql`null::text`)),
    },
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
