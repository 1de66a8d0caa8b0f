import { type SQL, sql } from 'drizzle-orm'
import { type AchievementMetric, SPECIES_GROUPS } from '#shared/achievements/constants.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import type { Db, Tx } from '../../db/client.ts'

// What an achievement counts for a member (ACHIEVEMENT_METRICS in src/shared/achievements/constants.ts), written once
// as an aggregate over one source of rows, and used two ways:
// - for one member (memberMetricValues): every metric asked for in ONE statement, one CTE per source, each reading
//   only the member's rows by an index on user_id (awards after a change, the progress page);
// - for every member at once (qualifyingMembersSql): the same aggregate grouped by member, for the retroactive award
//   of an achievement added to the catalogue.
//
// Measurements hidden by a moderator count for nothing (not even their likes); private and followers-only ones count
// like public ones: achievements are the member's own record, not a board. Size checks count whatever became of the
// measurement checked (a dispute the community agreed with on a post a moderator then hid is still a good check).

type Source = 'measurements' | 'bests' | 'followers' | 'checks'

type MetricDefinition = { source: Source; value: (arg: string | null) => SQL }

/** A metric and its argument (a species group for 'species-group'), as an achievement row names them. */
export type MetricKey = { metric: string; metricArg: string | null }

export const keyOf = (k: MetricKey): string => `${k.metric}:${k.metricArg ?? ''}`

/** species id → its species-guide category ('Big Game', 'Freshwater Fish', …), for the 'categories' metric. */
const CATEGORY_OF = JSON.stringify(Object.fromEntries(SPECIES.map((s) => [s.id, s.category])))

const PHOTO_MEASURED_OR_BETTER = sql`('photo-measured', 'community-verified', 'official')`
const COMMUNITY_VERIFIED_OR_BETTER = sql`('community-verified', 'official')`

function speciesOfGroup(arg: string | null): readonly string[] {
  return arg !== null && Object.hasOwn(SPECIES_GROUPS, arg) ? SPECIES_GROUPS[arg as keyof typeof SPECIES_GROUPS] : []
}

const METRICS: Record<AchievementMetric, MetricDefinition> = {
  measurements: { source: 'measurements', value: () => sql`count(*)` },
  species: { source: 'measurements', value: () => sql`count(distinct s.species_id)` },
  'species-group': {
    source: 'measurements',
    value: (arg) => {
      const ids = speciesOfGroup(arg)
      if (ids.length === 0) return sql`0`
      const list = sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
      return sql`count(distinct s.species_id) filter (where s.species_id in (${list}))`
    },
  },
  // Species outside the catalogue have no category and count for none.
  categories: { source: 'measurements', value: () => sql`count(distinct (${CATEGORY_OF}::jsonb ->> s.species_id))` },
  trophies: {
    source: 'measurements',
    value: () => sql`count(*) filter (where s.trophy_class in ('trophy', 'record'))`,
  },
  records: { source: 'measurements', value: () => sql`count(*) filter (where s.trophy_class = 'record')` },
  'photo-measured': {
    source: 'measurements',
    value: () => sql`count(*) filter (where s.evidence in ${PHOTO_MEASURED_OR_BETTER})`,
  },
  'community-verified': {
    source: 'measurements',
    value: () => sql`count(*) filter (where s.evidence in ${COMMUNITY_VERIFIED_OR_BETTER})`,
  },
  // The week of the date taken, in UTC (date_trunc('week') starts on Monday, as the leaderboards' weeks do).
  'active-weeks': {
    source: 'measurements',
    value: () => sql`count(distinct date_trunc('week', s.taken_at at time zone 'UTC'))`,
  },
  // like_count is kept with each like (issue 5); a member's like of their own post is taken off (a primary-key probe,
  // only for posts that have likes at all).
  'likes-received': {
    source: 'measurements',
    value: () =>
      sql`coalesce(sum(s.like_count), 0) - count(*) filter (where s.like_count > 0 and exists (select 1 from likes l where l.measurement_id = s.id and l.user_id = s.user_id))`,
  },
  'personal-bests': { source: 'bests', value: () => sql`count(*) filter (where s.value > s.best_before)` },
  followers: { source: 'followers', value: () => sql`coalesce(max(s.followers_count), 0)` },
  'checks-given': { source: 'checks', value: () => sql`count(*)` },
  'checks-agreed': {
    source: 'checks',
    value: () =>
      sql`count(*) filter (where (s.verdict = 'confirmed' and s.check_state = 'verified') or (s.verdict = 'disputed' and s.check_state = 'disputed'))`,
  },
}

export function isKnownMetric(metric: string): metric is AchievementMetric {
  return Object.hasOwn(METRICS, metric)
}

/**
 * The rows a source aggregates, as `s`, with user_id; `userId` keeps one member's (inside the subquery, so an index
 * on user_id finds them), null every member's.
 */
function sourceSql(source: Source, userId: string | null): SQL {
  const of = (column: SQL) => (userId === null ? sql`true` : sql`${column} = ${userId}`)
  switch (source) {
    case 'measurements':
      return sql`(select m.id, m.user_id, m.species_id, m.trophy_class, m.evidence, m.taken_at, m.like_count
        from measurements m where m.hidden_at is null and ${of(sql`m.user_id`)}) s`
    // Each measurement with the best of the member's earlier ones (by created_at) of the same species: the score, or
    // the weight when it has no score. The first of a species has no earlier best and beats nothing.
    case 'bests':
      return sql`(select m.user_id, coalesce(m.score, m.weight_lbs) as value,
          max(coalesce(m.score, m.weight_lbs)) over (partition by m.user_id, m.species_id order by m.created_at, m.id
            rows between unbounded preceding and 1 preceding) as best_before
        from measurements m where m.hidden_at is null and ${of(sql`m.user_id`)}) s`
    case 'followers':
      return sql`(select u.id as user_id, u.followers_count from users u where ${of(sql`u.id`)}) s`
    case 'checks':
      return sql`(select c.user_id, c.verdict, m.check_state
        from size_checks c join measurements m on m.id = c.measurement_id where ${of(sql`c.user_id`)}) s`
  }
}

function valueSql(key: MetricKey): SQL {
  if (!isKnownMetric(key.metric)) return sql`0`
  return sql`(${METRICS[key.metric].value(key.metricArg)})::int`
}

/**
 * The member's current value of each metric (keyed by keyOf), in one statement: one single-row CTE per source, cross
 * joined. An unknown metric is 0.
 */
export async function memberMetricValues(
  db: Db | Tx,
  userId: string,
  keys: readonly MetricKey[],
): Promise<Map<string, number>> {
  const unique = [...new Map(keys.map((k) => [keyOf(k), k])).values()]
  const bySource = new Map<Source, { column: string; key: MetricKey }[]>()
  const values = new Map<string, number>()
  unique.forEach((key, i) => {
    if (!isKnownMetric(key.metric)) {
      values.set(keyOf(key), 0)
      return
    }
    const source = METRICS[key.metric].source
    const list = bySource.get(source) ?? []
    list.push({ column: `v${i}`, key })
    bySource.set(source, list)
  })
  if (bySource.size === 0) return values
  const ctes = [...bySource].map(([source, columns], i) => {
    const selected = sql.join(
      columns.map(({ column, key }) => sql`${valueSql(key)} as ${sql.identifier(column)}`),
      sql`, `,
    )
    return sql`${sql.identifier(`src${i}`)} as (select ${selected} from ${sourceSql(source, userId)})`
  })
  const from = sql.join(
    [...bySource.keys()].map((_, i) => sql.identifier(`src${i}`)),
    sql` cross join `,
  )
  const result = await db.execute(sql`with ${sql.join(ctes, sql`, `)} select * from ${from}`)
  const [row] = (result as unknown as { rows: Record<string, number | string>[] }).rows
  for (const columns of bySource.values()) {
    for (const { column, key } of columns) values.set(keyOf(key), Number(row?.[column] ?? 0))
  }
  return values
}

/** Every member whose value of the metric reaches `target` (a `select user_id`), for the retroactive award. */
export function qualifyingMembersSql(key: MetricKey, target: number): SQL {
  if (!isKnownMetric(key.metric)) return sql`select null::text as user_id where false`
  const { source } = METRICS[key.metric]
  return sql`select s.user_id from ${sourceSql(source, null)} group by s.user_id having ${valueSql(key)} >= ${target}`
}
