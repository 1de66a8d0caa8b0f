import { constants, existsSync, readdirSync, rmSync } from 'node:fs'
import { copyFile, cp, link, mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import type { FastifyBaseLogger } from 'fastify'
import { create as tarCreate, extract as tarExtract, list as tarList } from 'tar'
import { type LockHandler, lockDataDir } from './lock.ts'

// One .tar.gz of pgdata/ (copied while no statement runs), photos/ and manifest.json last, so an archive cut short
// is refused. The session secret is left out (ADR 104).

export const BACKUP_FORMAT = 1
const DB_DIR = 'pgdata'
const MANIFEST = 'manifest.json'

export type BackupManifest = {
  format: number
  createdAt: string
  /** Photo files in the archive; null when photos live in an S3 bucket (not part of it). */
  photoFiles: number | null
  databasePauseMs: number
}

export type BackupSource = {
  pglite: PGlite
  dataDir: string
  photos: 'local' | 's3'
  /** Defers photo removals while the snapshot is taken (the running server's storage); none when alone. */
  holdRemovals?: () => () => Promise<void>
}

type Snapshot = { dir: string; entries: string[]; manifest: BackupManifest }

/** Copies the database while no query runs and links the photos while removals wait (ADR 104). */
async function snapshot(source: BackupSource): Promise<Snapshot> {
  const dir = await mkdtemp(join(source.dataDir, '.backup-'))
  try {
    let photoFiles: number | null = null
    let databasePauseMs = 0
    const release = source.holdRemovals?.()
    try {
      await source.pglite._runExclusiveTransaction(async () => {
        const started = performance.now()
        await cp(join(source.dataDir, 'db'), join(dir, DB_DIR), { recursive: true, mode: constants.COPYFILE_FICLONE })
        databasePauseMs = Math.round(performance.now() - started)
      })
      if (source.photos === 'local') photoFiles = await linkTree(join(source.dataDir, 'photos'), join(dir, 'photos'))
    } finally {
      await release?.()
    }
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      photoFiles,
      databasePauseMs,
    }
    await writeFile(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
    const entries = [DB_DIR, ...(existsSync(join(dir, 'photos')) ? ['photos'] : []), MANIFEST]
    return { dir, entries, manifest }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    throw error
  }
}

/** Hard links (a copy across file systems) of every file under `from`; a file removed later stays here. */
async function linkTree(from: string, to: string): Promise<number> {
  let entries: import('node:fs').Dirent[]
  try {
    entries = await readdir(from, { withFileTypes: true })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw error
  }
  await mkdir(to, { recursive: true })
  let count = 0
  for (const entry of entries) {
    // Files being written are under a dot name until renamed into place.
    if (entry.name.startsWith('.')) continue
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.isDirectory()) count += await linkTree(source, target)
    else if (entry.isFile()) {
      try {
        await link(source, target)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        if (code === 'ENOENT') continue
        if (code !== 'EXDEV' && code !== 'EPERM') throw error
        await copyFile(source, target)
      }
      count += 1
    }
  }
  return count
}

export async function writeBackup(source: BackupSource, out: Writable): Promise<BackupManifest> {
  removeLeftovers(source.dataDir)
  const snap = await snapshot(source)
  try {
    await pipeline(tarCreate({ cwd: snap.dir, portable: true, gzip: true }, snap.entries), out)
    return snap.manifest
  } finally {
    await rm(snap.dir, { recursive: true, force: true })
  }
}

/** Snapshot folders of a backup cut short by a crash; only the lock's holder makes them, so it may remove them. */
function removeLeftovers(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (name.startsWith('.backup-')) rmSync(join(dataDir, name), { recursive: true, force: true })
  }
}

/** `backup` on the lock socket of the running server: a header line with the manifest, then the archive. */
export function backupHandler(source: BackupSource, log: FastifyBaseLogger): LockHandler {
  removeLeftovers(source.dataDir)
  return async (socket) => {
    const started = performance.now()
    const snap = await snapshot(source)
    try {
      socket.write(`${JSON.stringify({ ok: true, manifest: snap.manifest })}\n`)
      await pipeline(tarCreate({ cwd: snap.dir, portable: true, gzip: true }, snap.entries), socket)
      const { photoFiles, databasePauseMs } = snap.manifest
      log.info({ photoFiles, databasePauseMs, ms: Math.round(performance.now() - started) }, 'backup written')
    } finally {
      await rm(snap.dir, { recursive: true, force: true })
    }
  }
}

/** The archive's manifest, after reading it to the end; throws when it is cut short or not ours. */
export async function checkBackup(file: string): Promise<BackupManifest> {
  const names = new Set<string>()
  let manifestText = ''
  await tarList({
    file,
    strict: true,
    onReadEntry: (entry) => {
      names.add(entry.path.split('/')[0] as string)
      if (entry.path === MANIFEST) entry.on('data', (chunk: Buffer) => (manifestText += chunk.toString('utf8')))
      else entry.resume()
    },
  })
  if (!names.has(MANIFEST) || !names.has(DB_DIR)) {
    throw new Error(`${file} is not a complete Fieldmark backup (no ${names.has(DB_DIR) ? MANIFEST : DB_DIR})`)
  }
  const manifest = JSON.parse(manifestText) as BackupManifest
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${file} has backup format ${manifest.format}`)
  return manifest
}

/** Restores `file` into `dataDir`, which must be empty or missing; takes the data-directory lock meanwhile. */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  const base = resolve(dataDir)
  if (existsSync(base) && readdirSync(base).length > 0) {
    throw new Error(`${base} is not empty; restore into an empty DATA_DIR`)
  }
  const manifest = await checkBackup(file)
  const lock = await lockDataDir(base)
  try {
    const staging = await mkdtemp(join(base, '.restore-'))
    try {
      await tarExtract({ file, cwd: staging, strict: true })
      if (existsSync(join(staging, 'photos'))) await rename(join(staging, 'photos'), join(base, 'photos'))
      await rename(join(staging, DB_DIR), join(base, 'db'))
      // Opening it once runs the recovery now rather than at the server's start, and proves the copy sound.
      const db = await PGlite.create(join(base, 'db'))
      await db.query('select 1')
      await db.close()
    } catch (error) {
      for (const name of ['db', 'photos']) await rm(join(base, name), { recursive: true, force: true })
      throw error
    } finally {
      await rm(staging, { recursive: true, force: true })
    }
  } finally {
    await lock.release()
  }
  return manifest
}
