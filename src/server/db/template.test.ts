import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type DbHandle, migrationsFolder, openPglite } from './client.ts'
import {
  currentStamp,
  fillFromTemplate,
  fitsThisBuild,
  makeTemplate,
  openEmbedded,
  type TemplateStamp,
} from './template.ts'

// The embedded database of a new DATA_DIR comes from the build's template (ADR 021). It must be the database a
// start from nothing makes, also when the template is from an older build, and a directory that holds anything must
// be left alone. This runs PGlite only (three initdb: the reference and two templates), whatever TEST_DB says.

const INITDB_MS = 180_000

/** Everything the migrations define, one line each, in a stable order. */
const SCHEMA = sql.raw(`
  select 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' '
         || is_nullable || ' ' || coalesce(column_default, '') as line
  from information_schema.columns where table_schema in ('public', 'drizzle')
  union all select 'index ' || schemaname || '.' || indexname || ' ' || indexdef
  from pg_indexes where schemaname in ('public', 'drizzle')
  union all select 'constraint ' || conrelid::regclass::text || '.' || conname || ' ' || pg_get_constraintdef(oid)
  from pg_constraint where connamespace in ('public'::regnamespace, 'drizzle'::regnamespace)
  union all select 'function ' || proname || ' ' || pg_get_functiondef(oid)
  from pg_proc where pronamespace = 'public'::regnamespace
  union all select 'trigger ' || tgrelid::regclass::text || '.' || tgname || ' ' || pg_get_triggerdef(oid)
  from pg_trigger where not tgisinternal
  order by 1`)

type Description = { schema: string[]; journal: string[]; rows: Record<string, number> }

async function describeDatabase(handle: DbHandle): Promise<Description> {
  const lines = async (query: ReturnType<typeof sql.raw>) =>
    ((await handle.db.execute(query)) as unknown as { rows: { line: string }[] }).rows.map((r) => r.line)
  const schema = await lines(SCHEMA)
  const journal = await lines(
    sql.raw(`select hash || ' ' || created_at as line from drizzle.__drizzle_migrations order by id`),
  )
  // The rows the migrations write (the achievement catalogue …), counted per table.
  const tables = await lines(
    sql.raw(`select table_name as line from information_schema.tables
             where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`),
  )
  const rows: Record<string, number> = {}
  for (const table of tables) {
    const result = await handle.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))
    rows[table] = (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1
  }
  return { schema, journal, rows }
}

const scratch = mkdtempSync(join(tmpdir(), 'fieldmark-template-'))
const template = join(scratch, 'template')
const olderTemplate = join(scratch, 'older-template')
let reference: Description

/** The migrations of an older build: this build's without its last two. */
function olderMigrations(): string {
  const folder = join(scratch, 'older-drizzle')
  cpSync(migrationsFolder(), folder, { recursive: true })
  const journalFile = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] }
  journal.entries = journal.entries.slice(0, -2)
  writeFileSync(journalFile, JSON.stringify(journal))
  return folder
}

beforeAll(async () => {
  const fromNothing = await openPglite()
  try {
    await fromNothing.migrate()
    reference = await describeDatabase(fromNothing)
  } finally {
    await fromNothing.close()
  }
  await makeTemplate(template)
  await makeTemplate(olderTemplate, olderMigrations())
}, INITDB_MS)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

/** A new DATA_DIR's database folder, as start.ts names it. */
const newDbDir = (name: string) => join(mkdtempSync(join(scratch, `${name}-`)), 'db')

describe('a new data directory starts from the template', () => {
  it('is the database a start from nothing makes: schema, migration journal and rows', async () => {
    const dir = newDbDir('current')
    const { handle, fromTemplate } = await openEmbedded(dir, template)
    try {
      await handle.migrate()
      expect(fromTemplate).toBe(true)
      expect(reference.schema.length).toBeGreaterThan(100)
      expect(await describeDatabase(handle)).toEqual(reference)
    } finally {
      await handle.close()
    }
  })

  it('from an older build: the migrations since are applied on top', async () => {
    const dir = newDbDir('older')
    const { handle, fromTemplate } = await openEmbedded(dir, olderTemplate)
    try {
      expect(fromTemplate).toBe(true)
      const before = await describeDatabase(handle)
      expect(before.journal).toEqual(reference.journal.slice(0, -2))
      await handle.migrate()
      expect(await describeDatabase(handle)).toEqual(reference)
    } finally {
      await handle.close()
    }
  })

  it('also when the data directory exists with an empty database folder in it', async () => {
    const dir = newDbDir('empty-folder')
    mkdirSync(dir)
    expect(fillFromTemplate(dir, template)).toBe(true)
    expect(readdirSync(dir)).toContain('PG_VERSION')
  })
})

describe('a database folder that holds anything is left as it was', () => {
  it('a database: opened as it is, its rows kept', async () => {
    const dir = newDbDir('kept')
    const first = await openEmbedded(dir, template)
    await first.handle.db.execute(sql`create table kept_marker (note text)`)
    await first.handle.db.execute(sql`insert into kept_marker values ('written before the restart')`)
    await first.handle.close()

    const again = await openEmbedded(dir, template)
    try {
      expect(again.fromTemplate).toBe(false)
      const result = await again.handle.db.execute(sql`select note from kept_marker`)
      expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ note: 'written before the restart' }])
    } finally {
      await again.handle.close()
    }
  })

  it('anything else (a half-copied or foreign folder): not a file added, changed or removed', () => {
    const dir = newDbDir('foreign')
    mkdirSync(dir)
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    expect(fillFromTemplate(dir, template)).toBe(false)
    expect(readdirSync(dir)).toEqual(['notes.txt'])
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine')
  })
})

describe('a template this build cannot use is not used (the database is made by initdb then)', () => {
  const current = currentStamp()
  const first = current.migrations[0] as TemplateStamp['migrations'][number]
  const cases: { name: string; stamp: TemplateStamp; fits: boolean }[] = [
    { name: 'the same build', stamp: current, fits: true },
    { name: 'an older build (fewer migrations)', stamp: { ...current, migrations: [first] }, fits: true },
    { name: 'no migration at all', stamp: { ...current, migrations: [] }, fits: true },
    { name: 'another PGlite', stamp: { ...current, pglite: `${current.pglite}-other` }, fits: false },
    {
      name: 'a newer build (a migration this one lacks)',
      stamp: { ...current, migrations: [...current.migrations, { hash: 'f'.repeat(64), when: Date.now() }] },
      fits: false,
    },
    {
      name: 'a migration changed since',
      stamp: { ...current, migrations: [{ ...first, hash: 'e'.repeat(64) }, ...current.migrations.slice(1)] },
      fits: false,
    },
    {
      name: 'a migration renumbered since',
      stamp: { ...current, migrations: [{ ...first, when: first.when + 1 }, ...current.migrations.slice(1)] },
      fits: false,
    },
  ]
  it.each(cases)('$name: fits $fits', ({ stamp, fits }) => {
    expect(fitsThisBuild(stamp, current)).toBe(fits)
  })

  it('a template from another build: the folder stays empty', () => {
    const other = join(scratch, 'other-build')
    cpSync(template, other, { recursive: true })
    const stamp: TemplateStamp = { ...current, pglite: '0.0.0' }
    writeFileSync(join(other, 'stamp.json'), JSON.stringify(stamp))
    const dir = newDbDir('other-build')
    expect(fillFromTemplate(dir, other)).toBe(false)
    expect(readdirSync(join(dir, '..'))).toEqual([])
  })

  it('no template (a start without npm run build): the folder stays empty', () => {
    const dir = newDbDir('no-template')
    expect(fillFromTemplate(dir, join(scratch, 'never-built'))).toBe(false)
    expect(readdirSync(join(dir, '..'))).toEqual([])
  })
})
