import { type SQL, sql } from 'drizzle-orm'
import { type AchievementMetric, SPECIES_GROUPS } from '#shared/achievements/constants.ts'
import { SPECIES } from '#shared/species/catalogue.ts'
import type { Db, Tx } from '../../db/client.ts'

// What an achievement counts for a member (ACHIEVEMENT_METRICS in src/shared/achievements/constants.ts), written once
// as an aggregate over one source of rows, and used two ways:
// - for one member (memberMetricsSql): every metric asked for in ONE query, one single-row subquery per source, each
//   reading only the member's rows by an index on user_id: the progress page (a prepared statement per catalogue
//   version, achievements.service.ts), and the awards for the metrics with no cheaper form (memberMetricsReached);
// - for every member at once (qualifyingMembersSql): the same aggregate grouped by member, for the retroactive award
//   of an achievement added to the catalogue.
// The awards after a change count most metrics again only as far as their targets, by index probes (at the end).
//
// Measurements hidden by a moderator count for nothing (not even their likes); private and followers-only ones count
// like public ones: achievements are the member's own record, not a board. Size checks count whatever became of the
// measurement checked (a dispute the community agreed with on a post a moderator then hid is still a good check).

// likes-received has a source of its own (the same rows as measurements) because its probe of the member's own like
// per liked measurement costs more than all the other counts of measurements together: progress skips it alone when
// the member earned every achievement of it (memberMetricsSql's readIf).
type Source = 'measurements' | 'likes' | 'bests' | 'followers' | 'checks'

type MetricDefinition = { source: Source; value: (arg: string | null) => SQL }

/** A metric and its argument (a species group for 'species-group'), as an achievement row names them. */
export type MetricKey = { metric: string; metricArg: string | null }

export const keyOf = (k: MetricKey): string => `${k.metric}:${k.metricArg ?? ''}`

/** species id → its species-guide category ('Big Game', 'Freshwater Fish', …), for the 'categories' metric. */
const CATEGORY_OF = JSON.stringify(Object.fromEntries(SPECIES.map((s) => [s.id, s.category])))

/**
 * A string of our code (a species id, CATEGORY_OF) as an SQL literal, part of the statement's text: the text of a
 * metric is then the same for every member (one prepared statement per catalogue), and db/prepared.ts never has to
 * pass it as a value (PGlite's EXECUTE takes only values of a harmless alphabet, which JSON is not). Never for a value
 * a user sent.
 */
export function constant(text: string): SQL {
  return sql.raw(`'${text.replaceAll("'", "''")}'`)
}

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
        ids.map((id) => constant(id)),
        sql`, `,
      )
      return sql`count(distinct s.species_id) filter (where s.species_id in (${list}))`
    },
  },
  // Species outside the catalogue have no category and count for none.
  categories: {
    source: 'measurements',
    value: () => sql`count(distinct (${constant(CATEGORY_OF)}::jsonb ->> s.species_id))`,
  },
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
    source: 'likes',
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

/** A member id in a query: itself, or the placeholder of a prepared statement (db/prepared.ts). */
export type MemberValue = string | ReturnType<typeof sql.placeholder>

/**
 * The rows a source aggregates, as `s`, with user_id; `userId` keeps one member's (inside the subquery, so an index
 * on user_id finds them), null every member's.
 */
function sourceSql(source: Source, userId: MemberValue | null): SQL {
  const of = (column: SQL) => (userId === null ? sql`true` : sql`${column} = ${userId}`)
  switch (source) {
    case 'measurements':
    case 'likes':
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

/** One member's metrics as a query (memberMetricsSql) and how to read its value. */
export type MemberMetrics = {
  /**
   * A query of one row and one column, `metrics`: the values of the known metrics as one JSON array text (one field
   * for the driver to decode instead of one per metric); undefined when no key names a known metric.
   */
  query: SQL | undefined
  /** The values (keyed by keyOf) of that text; unknown metrics are 0. */
  read: (metrics: string | null | undefined) => Map<string, number>
}

/**
 * The member's value of each metric of `keys`: one single-row subquery per source, cross joined, each source read
 * once whatever the number of its metrics. The query's text depends only on the keys (and on `userId` when it is
 * not a placeholder), so for a placeholder it is one prepared statement per set of keys. json_build_array takes at
 * most 100 values: the distinct keys are the known metrics and species groups of constants.ts, about twenty.
 *
 * `readIf`, given the keys of one source, may return a condition without reference to the rows (a one-time filter):
 * when it is false the source is not read and its values are those of no rows (0), for a caller that does not need
 * them.
 */
export function memberMetricsSql(
  keys: readonly MetricKey[],
  userId: MemberValue,
  readIf?: (keys: readonly MetricKey[]) => SQL,
): MemberMetrics {
  const known = [...new Map(keys.map((k) => [keyOf(k), k])).values()].filter((k) => isKnownMetric(k.metric))
  const bySource = new Map<Source, MetricKey[]>()
  for (const key of known) {
    const source = METRICS[key.metric as AchievementMetric].source
    bySource.set(source, [...(bySource.get(source) ?? []), key])
  }
  const order = [...bySource.values()].flat()
  const read = (metrics: string | null | undefined) => {
    const values = new Map<string, number>(keys.map((k) => [keyOf(k), 0]))
    const list = metrics ? (JSON.parse(metrics) as number[]) : []
    order.forEach((key, i) => {
      values.set(keyOf(key), Number(list[i] ?? 0))
    })
    return values
  }
  if (order.length === 0) return { query: undefined, read }
  let column = 0
  const subqueries = [...bySource].map(([source, sourceKeys], i) => {
    const selected = sql.join(
      sourceKeys.map((key) => sql`${valueSql(key)} as ${sql.identifier(`v${column++}`)}`),
      sql`, `,
    )
    const condition = readIf ? sql` where ${readIf(sourceKeys)}` : sql``
    return sql`(select ${selected} from ${sourceSql(source, userId)}${condition}) ${sql.identifier(`src${i}`)}`
  })
  const values = sql.join(
    order.map((_, i) => sql.identifier(`v${i}`)),
    sql`, `,
  )
  return {
    query: sql`select json_build_array(${values})::text as metrics from ${sql.join(subqueries, sql` cross join `)}`,
    read,
  }
}

/** Every member whose value of the metric reaches `target` (a `select user_id`), for the retroactive award. */
export function qualifyingMembersSql(key: MetricKey, target: number): SQL {
  if (!isKnownMetric(key.metric)) return sql`select null::text as user_id where false`
  const { source } = METRICS[key.metric]
  return sql`select s.user_id from ${sourceSql(source, null)} group by s.user_id having ${valueSql(key)} >= ${target}`
}

// ---------------------------------------------------------------------------------------------------------------
// Awarding: counted only as far as the targets (ADR 020)

/** A metric with the highest target an award could need of it: counting stops there. */
export type CappedKey = MetricKey & { cap: number }

const member = (userId: string) => sql`m.user_id = ${userId} and m.hidden_at is null`

/**
 * The member's measurements of `filter` in the order of `order`, counted no further than `cap` (a range of an index,
 * read in its order), with how many of them pass `first` (those sort first, so they are counted exactly up to the cap
 * too): trophies with records, better evidence with the community's.
 */
const upTo = (userId: string, filter: SQL, order: SQL, first: SQL, cap: number) =>
  sql`(select json_build_array(count(*), count(*) filter (where ${first})) from (
    select ${order} as key from measurements m where ${member(userId)} and ${filter} order by ${order}
    limit ${cap}) x)`

/**
 * The species the member measured, one index probe each (measurements_user_species_idx: the next species after the
 * last), and their distinct UTC weeks up to `weeks`, one probe each (measurements_user_taken_idx: the first taken
 * from the next Monday on): the sets the aggregates of METRICS count, found without reading every row.
 */
const kindsSql = (userId: string) => sql`kinds(species_id) as (
    select min(m.species_id) from measurements m where ${member(userId)}
    union all
    select (select min(m.species_id) from measurements m where ${member(userId)} and m.species_id > k.species_id)
    from kinds k where k.species_id is not null)`
const weeksSql = (userId: string, cap: number) => sql`weeks(week, n) as (
    select date_trunc('week', min(m.taken_at) at time zone 'UTC'), 1 from measurements m where ${member(userId)}
    union all
    select (select date_trunc('week', min(m.taken_at) at time zone 'UTC') from measurements m
        where ${member(userId)} and m.taken_at >= (w.week + interval '7 days') at time zone 'UTC'), w.n + 1
    from weeks w where w.week is not null and w.n < ${cap})`

const CATEGORY_BY_ID = new Map(SPECIES.map((s) => [s.id, s.category]))

/**
 * The metrics counted by index ranges and probes whose number does not grow with the member's history (or only up
 * to a target). The others have no such form and are aggregated as for progress: personal-bests (whether a
 * measurement beats the earlier ones of its species depends on all of them), likes-received and checks-agreed (a sum
 * over every measurement or verdict); followers is one row already.
 */
const CAPPED = new Set<string>([
  'measurements',
  'trophies',
  'records',
  'photo-measured',
  'community-verified',
  'species',
  'species-group',
  'categories',
  'active-weeks',
  'checks-given',
])

type Part = { sql: SQL; read: (value: unknown, values: Map<string, number>) => void }

/** The statement's parts for the capped metrics of `caps` (highest cap per metric), each with how to read it. */
function cappedParts(userId: string, caps: Map<string, number>, keys: readonly MetricKey[]): Part[] {
  const cap = (...metrics: string[]) => Math.max(0, ...metrics.map((m) => caps.get(m) ?? 0))
  const set = (values: Map<string, number>, metric: string, value: number) => {
    for (const key of keys) if (key.metric === metric) values.set(keyOf(key), value)
  }
  const parts: Part[] = []
  if (cap('measurements') > 0) {
    parts.push({
      sql: sql`(select count(*) from (select 1 from measurements m where ${member(userId)} limit ${cap('measurements')}) x)`,
      read: (v, values) => set(values, 'measurements', Number(v)),
    })
  }
  if (cap('trophies', 'records') > 0) {
    parts.push({
      sql: upTo(
        userId,
        sql`m.trophy_class in ('trophy', 'record')`,
        sql`m.trophy_class`,
        sql`key = 'record'`,
        cap('trophies', 'records'),
      ),
      read: (v, values) => {
        const [all, records] = v as [number, number]
        set(values, 'trophies', all)
        set(values, 'records', records)
      },
    })
  }
  if (cap('photo-measured', 'community-verified') > 0) {
    parts.push({
      sql: upTo(
        userId,
        sql`m.evidence in ${PHOTO_MEASURED_OR_BETTER}`,
        sql`m.evidence`,
        sql`key in ${COMMUNITY_VERIFIED_OR_BETTER}`,
        cap('photo-measured', 'community-verified'),
      ),
      read: (v, values) => {
        const [photo, community] = v as [number, number]
        set(values, 'photo-measured', photo)
        set(values, 'community-verified', community)
      },
    })
  }
  if (cap('species', 'species-group', 'categories') > 0) {
    parts.push({
      sql: sql`(select coalesce(json_agg(species_id), '[]') from kinds where species_id is not null)`,
      read: (v, values) => {
        const species = v as string[]
        set(values, 'species', species.length)
        set(values, 'categories', new Set(species.flatMap((id) => CATEGORY_BY_ID.get(id) ?? [])).size)
        for (const key of keys) {
          if (key.metric !== 'species-group') continue
          const group = speciesOfGroup(key.metricArg)
          values.set(keyOf(key), species.filter((id) => group.includes(id)).length)
        }
      },
    })
  }
  if (cap('active-weeks') > 0) {
    parts.push({
      sql: sql`(select count(week) from weeks)`,
      read: (v, values) => set(values, 'active-weeks', Number(v)),
    })
  }
  if (cap('checks-given') > 0) {
    parts.push({
      sql: sql`(select count(*) from (select 1 from size_checks c where c.user_id = ${userId} limit ${cap('checks-given')}) x)`,
      read: (v, values) => set(values, 'checks-given', Number(v)),
    })
  }
  return parts
}

/**
 * The member's value of each metric (keyed by keyOf) for the awards: counted no further than its highest cap, which
 * is all an award compares, in one statement. A value at its cap may be more; an unknown metric is 0.
 */
export async function memberMetricsReached(
  db: Db | Tx,
  userId: string,
  keys: readonly CappedKey[],
): Promise<Map<string, number>> {
  const caps = new Map<string, number>()
  for (const key of keys) {
    const cap = Math.max(1, Math.min(Math.trunc(key.cap), 1_000_000))
    caps.set(key.metric, Math.max(caps.get(key.metric) ?? 0, cap))
  }
  const parts = cappedParts(userId, caps, keys)
  const others = memberMetricsSql(
    keys.filter((k) => !CAPPED.has(k.metric)),
    userId,
  )
  const values = new Map<string, number>(keys.map((k) => [keyOf(k), 0]))
  if (parts.length === 0 && others.query === undefined) return values
  const ctes = [
    ...(caps.has('species') || caps.has('species-group') || caps.has('categories') ? [kindsSql(userId)] : []),
    ...(caps.has('active-weeks') ? [weeksSql(userId, caps.get('active-weeks') ?? 0)] : []),
  ]
  const result = await db.execute(sql`${ctes.length > 0 ? sql`with recursive ${sql.join(ctes, sql`, `)} ` : sql``}
    select ${
      parts.length > 0
        ? sql`json_build_array(${sql.join(
            parts.map((p) => p.sql),
            sql`, `,
          )})::text`
        : sql`null::text`
    } as reached,
      ${others.query === undefined ? sql`null::text` : sql`(${others.query})`} as metrics`)
  const [row] = (result as unknown as { rows: { reached: string | null; metrics: string | null }[] }).rows
  const reached = JSON.parse(row?.reached ?? '[]') as unknown[]
  parts.forEach((part, i) => {
    part.read(reached[i], values)
  })
  for (const [key, value] of others.read(row?.metrics)) values.set(key, value)
  return values
}
