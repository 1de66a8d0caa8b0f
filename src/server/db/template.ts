// The embedded database's starting point, made at build time into dist/pgdata-template (ADR 021). Run as a script,
// it makes the template.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { readMigrationFiles } from 'drizzle-orm/migrator'
import { type DbHandle, migrationsFolder, openPglite } from './client.ts'

export const TEMPLATE_DIR = join(process.cwd(), 'dist', 'pgdata-template')

export type TemplateStamp = { pglite: string; migrations: { hash: string; when: number }[] }

function pgliteVersion(): string {
  // The package's exports hide its package.json; it sits above dist/ of the entry point.
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir)
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
}

export function currentStamp(folder = migrationsFolder()): TemplateStamp {
  const migrations = readMigrationFiles({ migrationsFolder: folder }).map((m) => ({
    hash: m.hash,
    when: m.folderMillis,
  }))
  return { pglite: pgliteVersion(), migrations }
}

function readStamp(template: string): TemplateStamp | undefined {
  const file = join(template, 'stamp.json')
  if (!existsSync(file) || !existsSync(join(template, 'db', 'PG_VERSION'))) return undefined
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TemplateStamp
  } catch {
    return undefined
  }
}

/** Whether a template with `stamp` fits this build: the same PGlite, and migrations that are a prefix of its own. */
export function fitsThisBuild(stamp: TemplateStamp, current: TemplateStamp): boolean {
  if (stamp.pglite !== current.pglite || stamp.migrations.length > current.migrations.length) return false
  return stamp.migrations.every(
    (m, i) => m.hash === current.migrations[i]?.hash && m.when === current.migrations[i]?.when,
  )
}

export function templateIsCurrent(template = TEMPLATE_DIR, folder = migrationsFolder()): boolean {
  const stamp = readStamp(template)
  const current = currentStamp(folder)
  return stamp !== undefined && fitsThisBuild(stamp, current) && stamp.migrations.length === current.migrations.length
}

/** Makes the template from nothing, beside it and renamed into place, so a server never copies half a template. */
export async function makeTemplate(template = TEMPLATE_DIR, folder = migrationsFolder()): Promise<void> {
  const building = `${template}.building-${process.pid}`
  rmSync(building, { recursive: true, force: true })
  const handle = await openPglite(join(building, 'db'))
  try {
    await handle.migrate(folder)
  } finally {
    await handle.close()
  }
  writeFileSync(join(building, 'stamp.json'), `${JSON.stringify(currentStamp(folder))}\n`)
  rmSync(template, { recursive: true, force: true })
  mkdirSync(dirname(template), { recursive: true })
  renameSync(building, template)
}

const isEmptyOrMissing = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0

/** Copies a fitting template into an empty `dbDir` (renamed into place); true if it did. The caller holds the lock. */
export function fillFromTemplate(dbDir: string, template = TEMPLATE_DIR): boolean {
  if (!isEmptyOrMissing(dbDir)) return false
  const stamp = readStamp(template)
  if (!stamp || !fitsThisBuild(stamp, currentStamp())) return false
  const copying = `${dbDir}.template-${process.pid}`
  rmSync(copying, { recursive: true, force: true })
  cpSync(join(template, 'db'), copying, { recursive: true })
  if (existsSync(dbDir)) rmdirSync(dbDir) // empty: rmdir refuses anything else
  renameSync(copying, dbDir)
  return true
}

/** The embedded database in `dbDir`, started from the template when the directory is empty; the caller migrates it. */
export async function openEmbedded(
  dbDir: string,
  template = TEMPLATE_DIR,
): Promise<{ handle: DbHandle; fromTemplate: boolean }> {
  const fromTemplate = fillFromTemplate(dbDir, template)
  return { handle: await openPglite(dbDir), fromTemplate }
}

if (import.meta.main) {
  const started = performance.now()
  await makeTemplate()
  console.log(`Database template made in ${TEMPLATE_DIR} in ${Math.round(performance.now() - started)} ms`)
}
