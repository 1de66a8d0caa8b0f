import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '#server/env.ts'
import {
  createAdmin,
  createBetaRequest,
  createUser,
  getAuthUser,
  type SignedInUser,
  signIn,
} from '#tests/support/factories.ts'
import { createPostgresDatabase, startTestApp, type TestApp } from '#tests/support/test-app.ts'
import { type DbHandle, openPglite, openPostgres } from './client.ts'
import { users } from './schema.ts'

// A restart: the database is closed and opened again from where it lives, and a new app is built on it.
// On TEST_DB=pglite that is a PGlite folder (the default deployment); on TEST_DB=postgres, a database of its own.

type Storage = { open: () => Promise<DbHandle>; dispose: () => Promise<void> }

async function persistentStorage(): Promise<Storage> {
  if ((process.env.TEST_DB ?? 'pglite') === 'postgres') {
    const database = await createPostgresDatabase()
    return { open: () => openPostgres(database.url, 2), dispose: database.drop }
  }
  const dir = mkdtempSync(join(tmpdir(), 'fieldmark-restart-'))
  return {
    open: () => openPglite(join(dir, 'db')),
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** The journal drizzle's migrator keeps of what it applied. */
const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
})

function appliedMigrations(db: DbHandle['db']) {
  return db.select().from(drizzleMigrations).orderBy(drizzleMigrations.id)
}

describe('data survives a restart', () => {
  const sessionSecret = randomBytes(32).toString('base64url')
  let storage: Storage
  let handle: DbHandle
  let t: TestApp
  let migrationsBefore: unknown[]
  let migrationsAfter: unknown[]
  let usersBeforeMigrate: number
  let usersAfterMigrate: number
  let admin: SignedInUser
  let member: SignedInUser
  let request: { id: string; email: string }

  beforeAll(async () => {
    storage = await persistentStorage()
    const first = await storage.open()
    try {
      await first.migrate()
      migrationsBefore = await appliedMigrations(first.db)
      const before = await startTestApp(first.db, { config: { sessionSecret } })
      try {
        admin = await createAdmin(before)
        member = await createUser(before, { state: 'member' }) // signs up and follows the e-mailed link
        request = await createBetaRequest(before)
        expect((await getAuthUser(before, member.cookie)).statusCode).toBe(200)
      } finally {
        await before.close()
      }
    } finally {
      await first.close()
    }

    handle = await storage.open()
    usersBeforeMigrate = await handle.db.$count(users)
    await handle.migrate()
    migrationsAfter = await appliedMigrations(handle.db)
    usersAfterMigrate = await handle.db.$count(users)
    t = await startTestApp(handle.db, { config: { sessionSecret } })
  })

  afterAll(async () => {
    await t?.close()
    await handle?.close()
    await storage?.dispose()
  })

  it('migrating the reopened database applies nothing new and keeps its rows', () => {
    expect(migrationsBefore.length).toBeGreaterThan(0)
    expect(migrationsAfter).toEqual(migrationsBefore)
    expect(usersBeforeMigrate).toBe(2)
    expect(usersAfterMigrate).toBe(usersBeforeMigrate)
  })

  it('still lists the beta request for an admin', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/beta-requests',
      headers: { cookie: admin.cookie },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toContainEqual(expect.objectContaining({ id: request.id, email: request.email }))
  })

  it('still accepts the session cookie issued before the restart', async () => {
    const res = await getAuthUser(t, member.cookie)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: member.id, email: member.email, betaApproved: true, gatePassed: true })
  })

  it('still signs the user in with the same password', async () => {
    const cookie = await signIn(t, member.email, member.password)
    expect((await getAuthUser(t, cookie)).json().id).toBe(member.id)
  })

  it('signs everyone out when the session secret changes', async () => {
    const other = await startTestApp(handle.db, {
      config: { sessionSecret: randomBytes(32).toString('base64url') },
    })
    try {
      expect((await getAuthUser(other, member.cookie)).statusCode).toBe(401)
    } finally {
      await other.close()
    }
  })
})

describe('loadConfig', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'fieldmark-config-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('without SESSION_SECRET, generates one into DATA_DIR/session-secret and reuses it', () => {
    const dir = join(dataDir, 'generated', 'nested')
    const first = loadConfig({ DATA_DIR: dir })

    const file = join(dir, 'session-secret')
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32)
    expect(readFileSync(file, 'utf8')).toBe(first.sessionSecret)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first.sessionSecret)
  })

  it('uses SESSION_SECRET when set, and writes no file', () => {
    const dir = join(dataDir, 'configured')
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'from-the-environment' }).sessionSecret).toBe(
      'from-the-environment',
    )
    expect(() => statSync(join(dir, 'session-secret'))).toThrow()
  })

  it('treats an empty variable as unset, so the default applies', () => {
    const config = loadConfig({ DATA_DIR: dataDir, PORT: '', BASE_URL: '', HOST: '  ', SESSION_SECRET: '' })
    expect(config.port).toBe(5000)
    expect(config.host).toBe('0.0.0.0')
    expect(config.baseUrl).toBe('http://localhost:5000')
    expect(config.sessionSecret).toBe(readFileSync(join(dataDir, 'session-secret'), 'utf8'))
  })

  it.each(['abc', '70000', '-1', '80.5'])('refuses PORT=%s with an error naming PORT', (port) => {
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: port })).toThrow(/Invalid configuration:\nPORT: /)
  })
})
