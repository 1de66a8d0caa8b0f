import { type SQL, sql } from 'drizzle-orm'
import type { Db, Tx } from '#server/db/client.ts'
import { idMapLiteral } from '#server/db/literals.ts'
import { preparedRows } from '#server/db/prepared.ts'
import { type AchievementMetric, SPECIES_GROUPS } from '#shared/achievements/constants.ts'
import { SPECIES } from '#shared/species/catalogue.ts'

// Each metric is one aggregate over one source, for one member (memberMetricsSql) or grouped by member
// (qualifyingMembersSql); candidatesReached counts only up to the targets (ADR 020). What counts: ADR 079.

// likes-received has a source of its own so progress can skip its costly self-like probe alone (readIf).
type Source = 'measurements' | 'likes' | 'bests' | 'followers' | 'checks'

type MetricDefinition = { source: Source; value: (arg: string | null) => SQL }

/** A metric and its argument (a species group for 'species-group'), as an achievement row names them. */
export type MetricKey = { metric: string; metricArg: string | null }

export const keyOf = (k: MetricKey): string => `${k.metric}:${k.metricArg ?? ''}`

const CATEGORY_OF = idMapLiteral(Object.fromEntries(SPECIES.map((s) => [s.id, s.category])))

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
  categories: {
    source: 'measurements',
    value: () => sql`count(distinct (${CATEGORY_OF}::jsonb ->> s.species_id))`,
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
  // A member's like of their own post is taken off (a primary-key probe, only on posts with likes).
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

export type MemberValue = string | ReturnType<typeof sql.placeholder>

/** A source's rows as `s`; `userId` filters inside the subquery so the user_id index finds them (null: everyone). */
function sourceSql(source: Source, userId: MemberValue | null): SQL {
  const of = (column: SQL) => (userId === null ? sql`true` : sql`${column} = ${userId}`)
  switch (source) {
    case 'measurements':
    case 'likes':
      return sql`(select m.id, m.user_id, m.species_id, m.trophy_class, m.evidence, m.taken_at, m.like_count
        from measurements m where m.hidden_at is null and ${of(sql`m.user_id`)}) s`
    // Each measurement with the best of the member's earlier ones of its species; the first beats nothing.
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

export type MemberMetrics = {
  /** One row, one column `metrics`: the values as one JSON array text; undefined when no metric is known. */
  query: SQL | undefined
  read: (metrics: string | null | undefined) => Map<string, number>
}

/**
 * The member's value of each metric of `keys`, each source read once, skipped (0) where `readIf` is false. The text
 * depends on the keys only; json_build_array takes at most 100 values (the distinct keys are about twenty).
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

/** An achievement the member could be awarded: active, not earned, over a metric the change moves. */
export type Candidate = MetricKey & { id: string; target: number }

const member = (userId: string) => sql`m.user_id = ${userId} and m.hidden_at is null`

/** The highest target of the candidates over these metrics (0 when none: a LIMIT 0 reads nothing). */
const capOf = (...metrics: string[]) =>
  sql`coalesce((select max(c.target) from candidates c where c.metric in (${sql.join(
    metrics.map((m) => sql`${m}`),
    sql`, `,
  )})), 0)`

/** Counts the member's `filter` measurements along an index up to the cap, and those passing `first` (sorted first). */
const upTo = (userId: string, filter: SQL, order: SQL, first: SQL, cap: SQL) =>
  sql`(select json_build_array(count(*), count(*) filter (where ${first})) from (
    select ${order} as key from measurements m where ${member(userId)} and ${filter} order by ${order}
    limit ${cap}) x)`

// The member's species, and their UTC weeks up to the cap, found by one index probe each rather than reading every row.
const kindsSql = (userId: string) => sql`kinds(species_id) as (
    select min(m.species_id) from measurements m where ${member(userId)}
    union all
    select (select min(m.species_id) from measurements m where ${member(userId)} and m.species_id > k.species_id)
    from kinds k where k.species_id is not null)`
const weeksSql = (userId: string) => sql`weeks(week, n) as (
    select date_trunc('week', min(m.taken_at) at time zone 'UTC'), 1 from measurements m where ${member(userId)}
    union all
    select (select date_trunc('week', min(m.taken_at) at time zone 'UTC') from measurements m
        where ${member(userId)} and m.taken_at >= (w.week + interval '7 days') at time zone 'UTC'), w.n + 1
    from weeks w where w.week is not null and w.n < ${capOf('active-weeks')})`

const CATEGORY_BY_ID = new Map(SPECIES.map((s) => [s.id, s.category]))

type Part = {
  metrics: string[]
  sql: SQL
  read: (value: unknown, set: (metric: string, value: number) => void) => void
}

/** Metrics counted by probes bounded by a target; the others need every row and are aggregated as for progress. */
function cappedParts(userId: string): Part[] {
  const pair = (first: string, second: string) => (v: unknown, set: (metric: string, value: number) => void) => {
    const [all, some] = v as [number, number]
    set(first, all)
    set(second, some)
  }
  return [
    {
      metrics: ['measurements'],
      sql: sql`(select count(*) from (select 1 from measurements m where ${member(userId)}
        limit ${capOf('measurements')}) x)`,
      read: (v, set) => set('measurements', Number(v)),
    },
    {
      metrics: ['trophies', 'records'],
      sql: upTo(
        userId,
        sql`m.trophy_class in ('trophy', 'record')`,
        sql`m.trophy_class`,
        sql`key = 'record'`,
        capOf('trophies', 'records'),
      ),
      read: pair('trophies', 'records'),
    },
    {
      metrics: ['photo-measured', 'community-verified'],
      sql: upTo(
        userId,
        sql`m.evidence in ${PHOTO_MEASURED_OR_BETTER}`,
        sql`m.evidence`,
        sql`key in ${COMMUNITY_VERIFIED_OR_BETTER}`,
        capOf('photo-measured', 'community-verified'),
      ),
      read: pair('photo-measured', 'community-verified'),
    },
    {
      metrics: ['species', 'species-group', 'categories'],
      sql: sql`(select coalesce(json_agg(species_id), '[]') from kinds where species_id is not null)`,
      // The species-group values need the group: read per candidate (speciesValue).
      read: () => {},
    },
    {
      metrics: ['active-weeks'],
      sql: sql`(select count(week) from weeks)`,
      read: (v, set) => set('active-weeks', Number(v)),
    },
    {
      metrics: ['checks-given'],
      sql: sql`(select count(*) from (select 1 from size_checks c where c.user_id = ${userId}
        limit ${capOf('checks-given')}) x)`,
      read: (v, set) => set('checks-given', Number(v)),
    },
  ]
}

function speciesValue(key: MetricKey, species: readonly string[]): number {
  if (key.metric === 'species') return species.length
  if (key.metric === 'categories') return new Set(species.flatMap((id) => CATEGORY_BY_ID.get(id) ?? [])).size
  const group = speciesOfGroup(key.metricArg)
  return species.filter((id) => group.includes(id)).length
}

type ReachedRow = { candidates: string | null; reached: string | null; metrics: string | null }

/** In one statement: the member's candidates over `metrics`, each with its value counted no further than needed. */
export async function candidatesReached(
  tx: Db | Tx,
  userId: string,
  metrics: readonly string[],
): Promise<{ candidate: Candidate; value: number }[]> {
  const asked = new Set(metrics)
  const parts = cappedParts(userId).filter((p) => p.metrics.some((m) => asked.has(m)))
  const capped = new Set(parts.flatMap((p) => p.metrics))
  const rest = [...asked]
    .filter((m) => isKnownMetric(m) && !capped.has(m))
    .map((metric) => ({ metric, metricArg: null }))
  const others = memberMetricsSql(rest, userId)
  const needs = (names: readonly string[]) =>
    sql`exists (select 1 from candidates c where c.metric in (${sql.join(
      names.map((m) => sql`${m}`),
      sql`, `,
    )}))`
  const ctes = [
    ...(capped.has('species') ? [kindsSql(userId)] : []),
    ...(capped.has('active-weeks') ? [weeksSql(userId)] : []),
  ]
  // Prepared: a create's text is the same for every member, and planning it took longer than running it (ADR 028).
  const [row] = await preparedRows<ReachedRow>(
    tx,
    sql`with recursive candidates as materialized (
        select a.id, a.metric, a.metric_arg, greatest(1, least(coalesce(a.target_value, 1), 1000000)) as target
        from achievements a
        where a.is_active and a.metric in (${sql.join(
          [...asked].map((m) => sql`${m}`),
          sql`, `,
        )})
          and not exists (select 1 from user_achievements ua where ua.user_id = ${userId} and ua.achievement_id = a.id))
      ${ctes.length > 0 ? sql`, ${sql.join(ctes, sql`, `)}` : sql``}
      select (select json_agg(json_build_array(c.id, c.metric, c.metric_arg, c.target)) from candidates c)::text
          as candidates,
        json_build_array(${
          parts.length > 0
            ? sql.join(
                parts.map((p) => sql`case when ${needs(p.metrics)} then ${p.sql} end`),
                sql`, `,
              )
            : sql``
        })::text as reached,
        ${others.query === undefined ? sql`null::text` : sql`case when ${needs(rest.map((k) => k.metric))} then (${others.query}) end`}
          as metrics`,
  )
  const candidates = (JSON.parse(row?.candidates ?? 'null') ?? []) as [string, string, string | null, number][]
  const values = new Map<string, number>()
  const set = (metric: string, value: number) => values.set(metric, value)
  const reached = JSON.parse(row?.reached ?? '[]') as unknown[]
  let species: string[] = []
  parts.forEach((part, i) => {
    if (reached[i] === null || reached[i] === undefined) return
    if (part.metrics.includes('species')) species = reached[i] as string[]
    else part.read(reached[i], set)
  })
  const whole = others.read(row?.metrics)
  return candidates.map(([id, metric, metricArg, target]) => {
    const key = { metric, metricArg }
    const value = ['species', 'species-group', 'categories'].includes(metric)
      ? speciesValue(key, species)
      : (values.get(metric) ?? whole.get(keyOf(key)) ?? 0)
    return { candidate: { id, metric, metricArg, target: Number(target) }, value }
  })
}
