// npm run backup [file] — one archive of the embedded database and DATA_DIR/photos (src/server/db/backup.ts).
// While the server runs it makes the archive (asked over DATA_DIR's lock socket); otherwise this script opens the
// directory itself under the same lock. On PostgreSQL (DATABASE_URL) use pg_dump instead: see the README.
import { createWriteStream, existsSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { PGlite } from '@electric-sql/pglite'
import { type BackupManifest, checkBackup, writeBackup } from '../../src/server/db/backup.ts'
import { DataDirInUse, LOCK_SOCKET, lockDataDir, requestHolder } from '../../src/server/db/lock.ts'

/** Long enough for the server to dump a large database before its first byte. */
const SERVER_ANSWER_MS = 10 * 60_000

function stamp(now = new Date()): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-')
}

/** From the running server; undefined when none holds DATA_DIR. */
async function fromServer(dataDir: string, temp: string): Promise<BackupManifest | undefined> {
  const reply = await requestHolder(join(dataDir, LOCK_SOCKET), 'backup', SERVER_ANSWER_MS)
  if (!reply) return undefined
  if (reply.header.ok !== true) {
    reply.socket.destroy()
    throw new Error(`The server refused the backup: ${String(reply.header.error)}`)
  }
  reply.socket.resume()
  await pipeline(reply.socket, createWriteStream(temp, { mode: 0o600 }))
  return reply.header.manifest as BackupManifest
}

async function alone(dataDir: string, temp: string): Promise<BackupManifest> {
  if (!existsSync(join(dataDir, 'db', 'PG_VERSION'))) throw new Error(`No database in ${dataDir}`)
  const lock = await lockDataDir(dataDir)
  try {
    const pglite = await PGlite.create(join(dataDir, 'db'))
    try {
      const photos = process.env.S3_BUCKET ? 's3' : 'local'
      return await writeBackup({ pglite, dataDir, photos }, createWriteStream(temp, { mode: 0o600 }))
    } finally {
      await pglite.close()
    }
  } finally {
    await lock.release()
  }
}

async function main() {
  if (existsSync('.env')) process.loadEnvFile('.env')
  if (process.env.DATABASE_URL?.trim()) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (README, "Backups")')
  }
  const dataDir = resolve(process.env.DATA_DIR?.trim() || './data')
  const file = resolve(process.argv[2] ?? `fieldmark-backup-${stamp()}.tar.gz`)
  if (existsSync(file)) throw new Error(`${file} exists already`)
  const temp = `${file}.partial`
  const started = performance.now()
  try {
    let manifest = await fromServer(dataDir, temp)
    let how = 'from the running server'
    if (!manifest) {
      try {
        manifest = await alone(dataDir, temp)
        how = 'with no server running'
      } catch (error) {
        // A server started between the two attempts: ask it.
        if (!(error instanceof DataDirInUse)) throw error
        manifest = await fromServer(dataDir, temp)
        if (!manifest) throw error
      }
    }
    await checkBackup(temp)
    await rename(temp, file)
    const photos = manifest.photoFiles === null ? 'photos in S3, not included' : `${manifest.photoFiles} photo files`
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    console.log(`Backup written ${how} in ${seconds} s: ${file} (${photos})`)
    console.log(`The database paused ${manifest.databasePauseMs} ms for its copy.`)
  } finally {
    await rm(temp, { force: true })
  }
}

main().catch((error: Error) => {
  console.error(`Backup failed: ${error.message}`)
  process.exit(1)
})
