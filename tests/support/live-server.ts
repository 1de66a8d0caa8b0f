import { createHmac, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import type { Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type DbHandle, openPglite, openPostgres } from '#server/db/client.ts'
import { sessions, users } from '#server/db/schema.ts'
import { type RunningServer, startServer } from '../../scripts/bench/server-process.ts'
import { createPostgresDatabase } from './test-app.ts'

const SECRET = 'fieldmark-live-test-secret-4b1d9e7c2a5f8e3d6c0b9a8f7e6d5c4b3a2f1e0d'

export type LiveServer = RunningServer & {
  /** Session cookies of approved members who passed the gate, one per member. */
  cookies: string[]
  /** Stops the server if it still runs and removes its data. */
  cleanup: () => Promise<void>
}

/** As better-auth signs it: the token, a dot and its HMAC-SHA256 under the session secret, URI-encoded. */
function sessionCookie(token: string): string {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64')
  return `fieldmark.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

async function seedMembers(handle: DbHandle, count: number): Promise<string[]> {
  await handle.migrate()
  const ids = Array.from({ length: count }, (_, i) => `live-member-${String(i).padStart(20, '0')}`)
  const tokens = ids.map(() => randomBytes(24).toString('base64url'))
  await handle.db.insert(users).values(
    ids.map((id, i) => ({
      id,
      name: `Member ${i}`,
      email: `member${i}@fieldmark.test`,
      emailVerified: true,
      betaApproved: true,
      gatePassed: true,
      approvedAt: new Date(),
    })),
  )
  await handle.db.insert(sessions).values(
    ids.map((id, i) => ({
      id: `live-session-${i}`,
      token: tokens[i] as string,
      userId: id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  )
  return tokens.map(sessionCookie)
}

/**
 * The real server (node src/server/server.ts) in a child process on a temporary DATA_DIR, with `members` approved
 * members: on PGlite, or on a fresh PostgreSQL database when TEST_DB=postgres.
 */
export async function startLiveServer(members: number, env: Record<string, string> = {}): Promise<LiveServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fm-live-'))
  const database = process.env.TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined
  const handle = database ? await openPostgres(database.url, 2) : await openPglite(join(dataDir, 'db'))
  let cookies: string[]
  try {
    cookies = await seedMembers(handle, members)
  } finally {
    await handle.close()
  }
  const server = await startServer({
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  })
  return {
    ...server,
    cookies,
    cleanup: async () => {
      await server.stop()
      await database?.drop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * `reused`: whether it went on a kept-alive connection; `idleMs`: how long that connection had been idle in the
 * client's pool (0 for a new one). A server may close a connection that idle: a client that stalled meets a reset.
 */
export type Answer = ({ status: number } | { error: string }) & { ms: number; reused: boolean; idleMs: number }

const freedAt = new WeakMap<Socket, number>()

/** One request on `agent` (kept-alive connections): its status and time, or the error that ended it (a reset). */
export function send(
  agent: Agent,
  base: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now()
  let idleMs = 0
  let reused = false
  return new Promise((resolve) => {
    const req = request(new URL(path, base), { method: init.method ?? 'GET', headers: init.headers, agent }, (res) => {
      res.resume()
      const ms = () => performance.now() - started
      res.once('end', () => resolve({ status: res.statusCode ?? 0, ms: ms(), reused, idleMs }))
      res.once('error', (error) => resolve({ error: error.message, ms: ms(), reused, idleMs }))
    })
    req.once('socket', (socket) => {
      reused = req.reusedSocket
      const freed = reused ? freedAt.get(socket) : undefined
      idleMs = freed === undefined ? 0 : performance.now() - freed
    })
    req.once('error', (error) =>
      resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message, ms: 0, reused, idleMs }),
    )
    req.end(init.body)
  })
}

export function keepAliveAgent(maxSockets: number): Agent {
  const agent = new Agent({ keepAlive: true, maxSockets })
  agent.on('free', (socket: Socket) => freedAt.set(socket, performance.now()))
  return agent
}
