import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { openPostgres } from './client.ts'
import { literalOf, preparedRows, preparedStatement } from './prepared.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  await t.db.execute(sql`create table prepared_probe (id uuid primary key, n integer not null, at timestamptz not null,
    label text not null, flag boolean)`)
  await t.db.execute(sql`insert into prepared_probe values
    ('00000000-0000-4000-8000-000000000001', 1, '2025-01-01T00:00:00.000001Z', 'member_a-1', true),
    ('00000000-0000-4000-8000-000000000002', 2, '2025-01-02T00:00:00.000000Z', 'member_b-2', null),
    ('00000000-0000-4000-8000-000000000003', 3, '2025-01-03T00:00:00.000000Z', 'member_c-3', false)`)
})
afterAll(async () => {
  await t?.close()
})

/** The PostgreSQL server the tests run on (TEST_DATABASE_URL), never the pooler. */
const serverUrl = () => process.env.TEST_DATABASE_URL as string

type Probe = { id: string; n: number; at: string; label: string; flag: boolean | null }
const probe = (where: ReturnType<typeof sql>) =>
  sql`select id, n, at::text as at, label, flag from prepared_probe where ${where} order by n`

describe('preparedRows', () => {
  it.each([
    ['a uuid', sql`id = ${'00000000-0000-4000-8000-000000000002'}`, [2]],
    ['an ISO timestamp', sql`at >= ${'2025-01-02T00:00:00.000000Z'}::timestamptz`, [2, 3]],
    ['a member id', sql`label = ${'member_a-1'}`, [1]],
    ['an integer', sql`n > ${1}`, [2, 3]],
    ['a boolean', sql`flag = ${false}`, [3]],
    ['null', sql`flag is not distinct from ${null}::boolean`, [2]],
    ['several values', sql`n between ${1} and ${2} and label <> ${'member_b-2'}`, [1]],
    ['no value', sql`true`, [1, 2, 3]],
  ])('gives the rows db.execute gives, with %s', async (_, where, ns) => {
    const rows = await preparedRows<Probe>(t.db, probe(where))
    const plain = (await t.db.execute(probe(where))) as unknown as { rows: Probe[] }
    expect(rows.map((r) => r.n)).toEqual(ns)
    expect(rows).toEqual(plain.rows)
    // Run again: the statement exists now and is only executed.
    expect(await preparedRows<Probe>(t.db, probe(where))).toEqual(rows)
  })

  it('runs as a named prepared statement with a generic plan (PGlite) or one the server keeps (PostgreSQL)', async () => {
    // On PostgreSQL the app's own pool may be behind a pooler (unnamed statements there): ask the server directly.
    const direct = process.env.TEST_DB === 'postgres' ? await openPostgres(serverUrl(), 1) : undefined
    try {
      const db = direct?.db ?? t.db
      const query = (n: number) =>
        sql`select name, generic_plans, custom_plans, ${n} as n from pg_prepared_statements
          where statement like '%prepared_statements where statement like%'`
      let rows: { name: string; generic_plans: number | string; custom_plans: number | string }[] = []
      for (let n = 1; n <= 8; n++) rows = await preparedRows(db, query(n))
      expect(rows.length).toBeGreaterThanOrEqual(1)
      expect(rows[0]?.name).toMatch(/^fm_[0-9a-f]{24}$/)
      if (!direct) expect(Number(rows[0]?.custom_plans)).toBe(0)
    } finally {
      await direct?.close()
    }
  })

  it('runs inside a transaction on its connection: named on PostgreSQL, through db.execute on PGlite', async () => {
    const direct = process.env.TEST_DB === 'postgres' ? await openPostgres(serverUrl(), 1) : undefined
    try {
      const db = direct?.db ?? t.db
      const [rows, named] = await db.transaction(async (tx) => {
        const found = await preparedRows<{ n: number }>(tx, sql`select ${3}::int as n -- in a transaction`)
        const statements = await tx.execute(sql`select count(*)::int as n from pg_prepared_statements
          where name like ${'fm\\_%'} and statement like '%-- in a transaction%'`)
        return [found, (statements as unknown as { rows: { n: number }[] }).rows[0]?.n] as const
      })
      expect(rows).toEqual([{ n: 3 }])
      expect(named).toBe(direct ? 1 : 0)
    } finally {
      await direct?.close()
    }
  })

  it('reports an error of the query (a value of the wrong type) and stays usable', async () => {
    await expect(preparedRows(t.db, probe(sql`id = ${'not-a-uuid'}`))).rejects.toThrow(/uuid/)
    expect(await preparedRows<Probe>(t.db, probe(sql`n = ${1}`))).toHaveLength(1)
  })

  it('refuses to inline a value of any other format on PGlite, and the table is untouched', async () => {
    const attack = sql`label = ${"x'); drop table prepared_probe; --"}`
    if (process.env.TEST_DB !== 'postgres') await expect(preparedRows(t.db, probe(attack))).rejects.toThrow(/inlined/)
    else expect(await preparedRows(t.db, probe(attack))).toEqual([])
    expect(await preparedRows<Probe>(t.db, probe(sql`true`))).toHaveLength(3)
  })
})

describe('preparedStatement', () => {
  const between = preparedStatement<Probe>(
    probe(sql`n between ${sql.placeholder('low')} and ${sql.placeholder('high')}`),
  )

  it.each([
    [1, 2, [1, 2]],
    [2, 3, [2, 3]],
    [3, 1, []],
  ])('gives the rows for its values (%i to %i)', async (low, high, ns) => {
    expect((await between.rows(t.db, { low, high })).map((r) => r.n)).toEqual(ns)
  })

  it('runs inside a transaction too', async () => {
    const rows = await t.db.transaction((tx) => between.rows(tx, { low: 3, high: 3 }))
    expect(rows.map((r) => r.label)).toEqual(['member_c-3'])
  })

  it('needs a value for each placeholder', async () => {
    await expect(between.rows(t.db, { low: 1 })).rejects.toThrow(/high/)
  })
})

// PgBouncer in transaction mode (TEST_POOLER_URL, from scripts/with-postgres.sh) gives each transaction any server
// connection, where a statement named on another is unknown: through it, statements must go unnamed.
const poolerUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_POOLER_URL : undefined
if (poolerUrl) {
  describe('behind a pooler in transaction mode', () => {
    it('names no statement, and many calls at once on several connections all answer', async () => {
      const pooled = await openPostgres(poolerUrl, 6, undefined, serverUrl())
      try {
        // Four texts (four statement names if they were named), 120 calls at once over six connections.
        const calls = Array.from({ length: 120 }, (_, i) =>
          preparedRows<{ n: number }>(pooled.db, sql`select ${i}::int + ${sql.raw(String(i % 4))} as n`),
        )
        // And in transactions, on the connection each one holds.
        const inTransactions = Array.from({ length: 24 }, (_, i) =>
          pooled.db.transaction((tx) => preparedRows<{ n: number }>(tx, sql`select ${i}::int * 2 as n`)),
        )
        const answers = await Promise.all(calls)
        expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 120 }, (_, i) => i + (i % 4)))
        const doubled = await Promise.all(inTransactions)
        expect(doubled.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 24 }, (_, i) => i * 2))
        const named = await preparedRows<{ name: string }>(
          pooled.db,
          sql`select name from pg_prepared_statements where name like ${'fm\\_%'}`,
        )
        expect(named).toEqual([])
      } finally {
        await pooled.close()
      }
    })
  })
}

describe('literalOf', () => {
  it.each([
    ['00000000-0000-4000-8000-000000000001', "'00000000-0000-4000-8000-000000000001'"],
    ['2025-01-01T00:00:00.000001Z', "'2025-01-01T00:00:00.000001Z'"],
    ['2025-01-01 00:00:00+00', "'2025-01-01 00:00:00+00'"],
    ['bench-hunter_0001', "'bench-hunter_0001'"],
    ['', "''"],
    [42, '42'],
    [-7, '-7'],
    [true, 'true'],
    [false, 'false'],
    [null, 'null'],
    [undefined, 'null'],
  ])('writes %j as %s', (value, literal) => {
    expect(literalOf(value)).toBe(literal)
  })

  it.each([
    ["it's"],
    ['a;b'],
    ['back\\slash'],
    ['$1'],
    ['new\nline'],
    ['x'.repeat(4001)],
    [1.5],
    [Number.NaN],
    [2 ** 60],
    [{}],
    [['a']],
    [new Date(0)],
    [Symbol('s')],
  ])('refuses %s', (value) => {
    expect(() => literalOf(value)).toThrow(/cannot be inlined/)
  })
})
