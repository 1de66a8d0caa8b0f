import { fillPlaceholders, type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { literalOf } from '#server/db/prepared.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { boardQuery, myRankQuery } from './leaderboards.queries.ts'

// A board is one range of leaderboard_entries_rank_idx read in its order and stopped after ten rows (no board
// aggregates the table per request). The routes run these queries as prepared statements with GENERIC plans
// (db/prepared.ts), so the plans checked here are the generic ones, on a table of some 100 000 rows.

let t: TestApp
const MEMBERS = 1500

beforeAll(async () => {
  t = await createTestApp()
  await t.db.execute(sql`insert into users (id, name, email)
    select 'member' || i, 'Member ' || i, 'member' || i || '@example.test' from generate_series(1, ${MEMBERS}) i`)
  // Every member on every board, in four buckets, for every species filter and evidence level that board has.
  await t.db.execute(sql`insert into leaderboard_entries
      (board, bucket, species_id, evidence, user_id, value, achieved_at, measurements, trophies)
    select b.board, k.bucket, s.species_id, e.evidence, 'member' || i, (i * 7919) % 1000,
      now() - (i || ' minutes')::interval, 3, 1
    from generate_series(1, ${MEMBERS}) i
    cross join (values ('points'), ('trophies'), ('species')) b(board)
    cross join (values ('all'), ('y2026'), ('m2026-11'), ('w2026-11-16')) k(bucket)
    cross join (values (''), ('walleye'), ('whitetail-deer')) s(species_id)
    cross join generate_series(0, 2) e(evidence)
    where (b.board = 'points' and s.species_id = '' and e.evidence = 0)
      or (b.board = 'trophies')
      or (b.board = 'species' and s.species_id <> '')`)
  await t.db.execute(
    sql`insert into blocks (blocker_id, blocked_id) values ('member1', 'member2'), ('member3', 'member1')`,
  )
  await t.db.execute(sql`vacuum analyze leaderboard_entries`)
  await t.db.execute(sql`analyze users`)
  await t.db.execute(sql`analyze blocks`)
}, 120_000)
afterAll(() => t?.close())

type PlanNode = {
  'Node Type': string
  'Relation Name'?: string
  'Index Name'?: string
  Plans?: PlanNode[]
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)]
}

const dialect = new PgDialect()

/** The generic plan of `query` (as db/prepared.ts runs it) for these placeholder values, as its list of nodes. */
async function genericPlan(query: SQL, values: Record<string, unknown>): Promise<PlanNode[]> {
  const { sql: text, params } = dialect.sqlToQuery(query)
  const args = fillPlaceholders(params, values).map(literalOf).join(', ')
  return t.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare board_plan as ${text}`))
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'))
    const result = await tx.execute(sql.raw(`explain (format json) execute board_plan(${args})`))
    await tx.execute(sql.raw('deallocate board_plan'))
    const [row] = (result as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows
    const json = row?.['QUERY PLAN']
    const [top] = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan: PlanNode }[]
    return nodesOf((top as { Plan: PlanNode }).Plan)
  })
}

const entriesScans = (nodes: PlanNode[]) => nodes.filter((n) => n['Relation Name'] === 'leaderboard_entries')

describe('leaderboard plans', () => {
  it.each([
    { board: 'points', bucket: 'all', species: '', evidence: 0 },
    { board: 'trophies', bucket: 'w2026-11-16', species: '', evidence: 2 },
    { board: 'trophies', bucket: 'y2026', species: 'walleye', evidence: 1 },
    { board: 'species', bucket: 'm2026-11', species: 'whitetail-deer', evidence: 0 },
  ])('reads the top 10 of $board $bucket $species $evidence as one range of the rank index, unsorted', async (key) => {
    const nodes = await genericPlan(boardQuery, { ...key, viewer: 'member1' })
    expect(entriesScans(nodes).map((n) => [n['Node Type'], n['Index Name']])).toEqual([
      ['Index Scan', 'leaderboard_entries_rank_idx'],
    ])
    // Each of the ten members then by primary key, in that order.
    const users = nodes.filter((n) => n['Relation Name'] === 'users')
    expect(users.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Scan', 'users_pkey']])
    const types = nodes.map((n) => n['Node Type'])
    expect(types).toContain('Limit')
    expect(types).not.toContain('Sort')
    expect(types).not.toContain('Incremental Sort')
  })

  it("counts the rows ahead of the viewer's own as one range of the rank index, read from the index alone", async () => {
    const nodes = await genericPlan(myRankQuery, {
      board: 'trophies',
      bucket: 'all',
      species: 'walleye',
      evidence: 1,
      viewer: 'member1',
    })
    // The viewer's row by its whole key (the primary key, or the member index, which holds the same five columns),
    // then the count over the range ahead of it in the rank index (read from the index alone on a vacuumed table).
    const byIndex = nodes.filter((n) => n['Index Name']?.startsWith('leaderboard_entries'))
    expect(byIndex.map((n) => n['Node Type'])).toEqual(['Index Scan', 'Index Only Scan'])
    const [row, ahead] = byIndex
    expect([
      'leaderboard_entries_board_bucket_species_id_evidence_user_id_pk',
      'leaderboard_entries_member_idx',
    ]).toContain(row?.['Index Name'])
    expect(ahead?.['Index Name']).toBe('leaderboard_entries_rank_idx')
    const types = nodes.map((n) => n['Node Type'])
    expect(types).not.toContain('Sort')
    expect(nodes.filter((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] !== 'blocks')).toEqual([])
  })
})
