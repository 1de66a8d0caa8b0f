import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { backupHandler } from '#server/db/backup.ts'
import { type DbHandle, openPglite } from '#server/db/client.ts'
import { type DataDirLock, lockDataDir } from '#server/db/lock.ts'
import { type HoldablePhotoStorage, localPhotoStorage, withRemovalHold } from '#server/lib/photo-storage.ts'
import type { Measurement } from '#shared/schemas/measurements.ts'
import { browserHeaders, createMeasurement, createUser, type SignedInUser, signIn } from '#tests/support/factories.ts'
import { getPhoto, jpeg, uploadPhoto } from '#tests/support/images.ts'
import { startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { startServer } from '../bench/server-process.ts'

// npm run backup and npm run restore as an operator runs them (child processes), against a server holding
// DATA_DIR: first this process playing the server (the app on a PGlite directory, answering on the lock socket as
// server.ts wires it), then the real server process.

const TIMEOUT = 120_000
const temps: string[] = []

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  temps.push(dir)
  return dir
}

async function run(script: string, args: string[], dataDir: string): Promise<{ status: number; out: string }> {
  const child = spawn(process.execPath, [`scripts/backup/${script}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()))
  const status = await new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)))
  return { status, out }
}

/** The app on a PGlite directory under `dataDir`, holding its lock and answering backups like server.ts. */
async function serverOn(dataDir: string): Promise<{
  t: TestApp
  handle: DbHandle
  storage: HoldablePhotoStorage
  lock: DataDirLock
  stop: () => Promise<void>
}> {
  const lock = await lockDataDir(dataDir)
  const handle = await openPglite(join(dataDir, 'db'))
  await handle.migrate()
  const storage = withRemovalHold(localPhotoStorage(join(dataDir, 'photos')))
  const t = await startTestApp(handle.db, { storage, listen: handle.listen })
  const pglite = (handle.db as unknown as { $client: PGlite }).$client
  lock.serve(
    'backup',
    backupHandler({ pglite, dataDir, photos: 'local', holdRemovals: storage.holdRemovals }, pino({ level: 'silent' })),
  )
  return {
    t,
    handle,
    storage,
    lock,
    stop: async () => {
      await t.close()
      await handle.close()
      await lock.release()
    },
  }
}

async function rows(db: TestApp['db'], table: string): Promise<unknown[]> {
  const result = await db.execute(sql.raw(`select * from ${table} order by id`))
  return (result as unknown as { rows: unknown[] }).rows
}

afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true })
})

describe('npm run backup while the app runs, npm run restore into another DATA_DIR', { timeout: TIMEOUT }, () => {
  let source: Awaited<ReturnType<typeof serverOn>>
  let owner: SignedInUser
  let measurement: Measurement
  let photoId: string
  let archive: string
  /** Measurements made while the backup ran: each is in the archive or not, whole. */
  const writtenDuring: string[] = []
  const dataDir = tempDir('fm-backup-src-')
  const restored = join(tempDir('fm-backup-dst-'), 'data')

  beforeAll(async () => {
    // What a backup cut short by a crash leaves; the next server start removes it.
    mkdirSync(join(dataDir, '.backup-crashed', 'pgdata'), { recursive: true })
    source = await serverOn(dataDir)
    const { t } = source
    owner = await createUser(t)
    await createUser(t)
    const upload = await uploadPhoto(t, owner.cookie, await jpeg(640, 480))
    expect(upload.statusCode).toBe(201)
    photoId = upload.json().id
    measurement = await createMeasurement(t, owner.cookie, { photoIds: [photoId], visibility: 'private' })
    archive = join(tempDir('fm-backup-out-'), 'club.tar.gz')
  }, TIMEOUT)

  afterAll(async () => {
    await source?.stop()
  })

  it('writes one archive made by the running app, which still holds DATA_DIR, while members write', async () => {
    let running = true
    const writes = (async () => {
      while (running) writtenDuring.push((await createMeasurement(source.t, owner.cookie)).id)
    })()
    const backup = await run('backup', [archive], dataDir)
    running = false
    await writes
    expect(writtenDuring.length).toBeGreaterThan(0)

    expect(backup.out).toMatch(/Backup written from the running server in [\d.]+ s: .*club\.tar\.gz \(2 photo files\)/)
    expect(backup.status).toBe(0)
    // Nothing of this backup (its snapshot goes once the archive is sent) or the crashed one is left in DATA_DIR,
    // and the app still answers.
    await vi.waitFor(() => expect(readdirSync(dataDir).sort()).toEqual(['db', 'fieldmark.sock', 'photos']))
    const res = await source.t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(200)
  })

  it('refuses to restore into a DATA_DIR that is not empty', async () => {
    const full = tempDir('fm-backup-full-')
    writeFileSync(join(full, 'session-secret'), 'x')

    const restore = await run('restore', [archive], full)

    expect(restore.status).toBe(1)
    expect(restore.out).toContain(`Restore failed: ${full} is not empty; restore into an empty DATA_DIR`)
    expect(readdirSync(full)).toEqual(['session-secret'])
  })

  it('restores rows and photo bytes, and the app starts on the copy', async () => {
    const restore = await run('restore', [archive], restored)
    expect(restore.out).toMatch(/Restored the backup of .* into .* \(2 photo files\)/)
    expect(restore.status).toBe(0)
    // The session secret stays out of the archive (the restored server makes a new one).
    expect(readdirSync(restored).sort()).toEqual(['db', 'photos'])

    const copy = await serverOn(restored)
    try {
      for (const table of ['users', 'accounts', 'photos']) {
        expect(await rows(copy.t.db, table), table).toEqual(await rows(source.t.db, table))
      }
      // The measurements made before the backup, and a prefix of those made during it, exactly as they are.
      const during = new Set(writtenDuring)
      const restoredRows = (await rows(copy.t.db, 'measurements')) as { id: string; created_at: string }[]
      const sourceRows = (await rows(source.t.db, 'measurements')) as { id: string }[]
      const kept = sourceRows.filter((row) => restoredRows.some((r) => r.id === row.id))
      expect(restoredRows).toEqual(kept)
      expect(sourceRows.filter((row) => !during.has(row.id)).every((row) => kept.includes(row))).toBe(true)
      const keptDuring = writtenDuring.filter((id) => kept.some((row) => row.id === id))
      expect(keptDuring).toEqual(writtenDuring.slice(0, keptDuring.length))
      const cookie = await signIn(copy.t, owner.email, owner.password)
      const read = await copy.t.app.inject({
        method: 'GET',
        url: `/api/measurements/${measurement.id}`,
        headers: browserHeaders(cookie),
      })
      expect(read.statusCode).toBe(200)
      expect(read.json()).toMatchObject({ id: measurement.id, photos: [{ id: photoId }] })
      for (const size of ['display', 'thumb'] as const) {
        const before = await getPhoto(source.t, owner.cookie, photoId, size)
        const after = await getPhoto(copy.t, cookie, photoId, size)
        expect(after.statusCode).toBe(200)
        expect(after.rawPayload.equals(before.rawPayload)).toBe(true)
      }
    } finally {
      await copy.stop()
    }
  })
})

describe('photo removals during a backup', () => {
  it('wait until the backup has its copies, then happen; the caller does not wait', async () => {
    const dir = tempDir('fm-backup-hold-')
    const storage = withRemovalHold(localPhotoStorage(dir))
    await storage.put('2025/06/a/display.webp', Buffer.from('a'), 'image/webp')
    const release = storage.holdRemovals()

    await storage.remove(['2025/06/a/display.webp'])
    expect(await storage.get('2025/06/a/display.webp')).not.toBeNull()

    await release()
    expect(await storage.get('2025/06/a/display.webp')).toBeNull()
    await storage.remove(['2025/06/a/display.webp'])
  })
})

describe('npm run backup with the real server, and with none', { timeout: TIMEOUT }, () => {
  it('asks the running server, and opens DATA_DIR itself once it has stopped', async () => {
    const dataDir = tempDir('fm-backup-real-')
    mkdirSync(dataDir, { recursive: true })
    const out = tempDir('fm-backup-real-out-')
    const server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
    let first: Awaited<ReturnType<typeof run>>
    try {
      first = await run('backup', [join(out, 'running.tar.gz')], dataDir)
    } finally {
      await server.stop()
    }
    expect(first.out).toContain('Backup written from the running server')
    expect(first.status).toBe(0)

    const second = await run('backup', [join(out, 'stopped.tar.gz')], dataDir)
    expect(second.out).toContain('Backup written with no server running')
    expect(second.status).toBe(0)
    // Refuses to overwrite an archive.
    const again = await run('backup', [join(out, 'stopped.tar.gz')], dataDir)
    expect(again.status).toBe(1)
    expect(again.out).toContain('exists already')
    expect(existsSync(join(out, 'stopped.tar.gz.partial'))).toBe(false)
  })
})
