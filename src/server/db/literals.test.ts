import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SPECIES } from '#shared/species/catalogue.ts'
import { openTestDatabase } from '#tests/support/test-app.ts'
import type { DbHandle } from './client.ts'
import { countLiteral, idListLiteral, idMapLiteral } from './literals.ts'

// The literals written into statement texts: each renders its closed format as SQL the database reads back as the
// same value, and throws for anything else.

const text = (query: ReturnType<typeof sql>) => new PgDialect().sqlToQuery(query)

let database: { handle: DbHandle; close: () => Promise<void> }
beforeAll(async () => {
  database = await openTestDatabase()
})
afterAll(() => database?.close())

const one = async <T>(query: ReturnType<typeof sql>): Promise<T> =>
  ((await database.handle.db.execute(query)) as unknown as { rows: { v: T }[] }).rows[0]?.v as T

describe('countLiteral', () => {
  it.each([0, 1, 25, 5001])('writes %i as itself, no parameter', async (n) => {
    expect(text(sql`limit ${countLiteral(n)}`)).toEqual({ sql: `limit ${n}`, params: [] })
    expect(Number(await one(sql`select ${countLiteral(n)} as v`))).toBe(n)
  })

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])('refuses %s', (n) => {
    expect(() => countLiteral(n)).toThrow(/not a count/)
  })

  it('refuses what is not a number at all', () => {
    expect(() => countLiteral('1; drop table users' as unknown as number)).toThrow(/not a count/)
  })
})

describe('idListLiteral', () => {
  it('writes catalogue ids as quoted literals the database reads back', async () => {
    expect(text(sql`in (${idListLiteral(['largemouth-bass', 'whitetail-deer2'])})`).sql).toBe(
      "in ('largemouth-bass', 'whitetail-deer2')",
    )
    expect(await one(sql`select array[${idListLiteral(['a-1', 'b2'])}] as v`)).toEqual(['a-1', 'b2'])
  })

  it.each([["it's"], ['a b'], ['Upper'], ['a;b'], ['back\\slash'], [''], ['new\nline'], [5]])('refuses %j', (id) => {
    expect(() => idListLiteral(['ok', id as string])).toThrow(/not a catalogue word/)
  })

  it('refuses an empty list (`in ()` is no SQL)', () => {
    expect(() => idListLiteral([])).toThrow(/empty/)
  })
})

describe('idMapLiteral', () => {
  it('writes the whole species catalogue as one JSON literal the database reads back', async () => {
    const categories = Object.fromEntries(SPECIES.map((s) => [s.id, s.category]))
    expect(await one(sql`select ${idMapLiteral(categories)}::jsonb as v`)).toEqual(categories)
  })

  it.each([
    [{ "x'": 'Big Game' }],
    [{ x: "Big Game'); drop table users; --" }],
    [{ x: 'Big "Game"' }],
    [{ x: 'back\\slash' }],
    [{ X: 'Big Game' }],
    [{ x: '' }],
    [{ x: 5 }],
  ])('refuses %j', (map) => {
    expect(() => idMapLiteral(map as Record<string, string>)).toThrow(/not a catalogue word/)
  })
})
