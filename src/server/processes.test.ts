import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs'
import { Agent, get } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { createPostgresDatabase } from '#tests/support/test-app.ts'
import { openPglite } from './db/client.ts'
import * as schema from './db/schema.ts'

// Real processes, as a deployment starts them: the migration entry point several times at once on a fresh database,
// and the server with WEB_CONCURRENCY=2. On PostgreSQL they share the database (through the pooler when the tests
// have one); PGlite belongs to one process, so there the same starts show the single-process path.

const backend = process.env.TEST_DB ?? 'pglite'
const journal = JSON.parse(readFileSync(join(process.cwd(), 'drizzle', 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[]
}
const schemaTables = Object.values(schema)
  .filter((value: unknown): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table).name)
  .sort()

type Run = { code: number | null; signal: NodeJS.Signals | null; out: string }
type Started = { child: ChildProcess; output: () => string; ended: Promise<Run> }

function start(args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout?.on('data', (chunk) => {
    out += chunk
  })
  child.stderr?.on('data', (chunk) => {
    out += chunk
  })
  const ended = new Promise<Run>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal, out }))
  })
  return { child, output: () => out, ended }
}

/** A database for the processes: PostgreSQL (direct and, when there is one, pooled), or a PGlite DATA_DIR. */
async function database(): Promise<{
  env: Record<string, string>
  tables: () => Promise<string[]>
  dispose: () => Promise<void>
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fm-processes-'))
  const base = { DATA_DIR: dataDir, SESSION_SECRET: 'processes-test-secret-0123456789abcdef0123456789' }
  if (backend === 'postgres') {
    const db = await createPostgresDatabase()
    return {
      env: { ...base, DATABASE_URL: db.pooledUrl ?? db.url, DATABASE_DIRECT_URL: db.url },
      tables: async () => {
        const client = new pg.Client({ connectionString: db.url })
        await client.connect()
        try {
          const applied = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations')
          expect(applied.rows[0].n).toBe(journal.entries.length)
          const { rows } = await client.query<{ name: string }>(
            `select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
          )
          return rows.map((r) => r.name)
        } finally {
          await client.end()
        }
      },
      dispose: async () => {
        await db.drop()
        rmSync(dataDir, { recursive: true, force: true })
      },
    }
  }
  return {
    env: base,
    tables: async () => {
      const handle = await openPglite(join(dataDir, 'db'))
      try {
        const { rows } = (await handle.db.execute(
          sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
        )) as unknown as { rows: { name: string }[] }
        return rows.map((r) => r.name)
      } finally {
        await handle.close()
      }
    },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  }
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

// Real processes on a busy two-core machine: each start takes seconds, hence the long limits.
describe('migrations from processes started together', () => {
  // PGlite migrates in about 3 s a process on this machine: one round there.
  const rounds = backend === 'postgres' ? 3 : 1
  it(`leave a complete schema (${rounds} rounds of four; on PostgreSQL every process succeeds)`, async () => {
    for (let round = 0; round < rounds; round++) {
      const db = await database()
      cleanups.push(db.dispose)
      const runs = await Promise.all(Array.from({ length: 4 }, () => start(['src/server/db/migrate.ts'], db.env).ended))
      for (const run of runs) {
        if (backend === 'postgres') expect(run, run.out).toMatchObject({ code: 0 })
        // PGlite: the data directory's lock lets one process in at a time; the others are refused, never half-done.
        else expect(run.code === 0 || /is in use/.test(run.out), run.out).toBe(true)
      }
      expect(runs.some((run) => run.code === 0)).toBe(true)
      const tables = await db.tables()
      for (const table of schemaTables) expect(tables).toContain(table)
    }
  }, 240_000)
})

/** The pids of the processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(entry))
    } catch {
      // ended meanwhile
    }
  }
  return children
}

/** Which of `pids` holds the server's end of the TCP connection from local port `clientPort` to `serverPort`. */
function holderOf(serverPort: number, clientPort: number, pids: number[]): number[] {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0')
  const inodes = new Set<string>()
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = readFileSync(file, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/)
      if (fields[1]?.endsWith(`:${hex(serverPort)}`) && fields[2]?.endsWith(`:${hex(clientPort)}`)) {
        inodes.add(fields[9] as string)
      }
    }
  }
  return pids.filter((pid) => {
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          const target = readlinkSync(`/proc/${pid}/fd/${fd}`)
          return inodes.has(target.slice('socket:['.length, -1))
        } catch {
          return false
        }
      })
    } catch {
      return false
    }
  })
}

/** GET /healthz on a connection of its own, kept open; resolves with the connection's local port once answered. */
function askOnNewConnection(port: number, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port, path: '/healthz', agent }, (res) => {
      res.resume()
      res.on('end', () => (res.statusCode === 200 ? resolve(req.socket?.localPort ?? 0) : reject(new Error('not 200'))))
    })
    req.on('error', reject)
  })
}

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

const METRICS_TOKEN = 'processes-test-metrics-token'

/** GET /metrics on a new connection (the primary gives each new one to the next worker). */
function scrapeMetrics(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${METRICS_TOKEN}` }
    const req = get({ host: '127.0.0.1', port, path: '/metrics', agent: false, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`metrics: ${res.statusCode}`))))
    })
    req.on('error', reject)
  })
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('WEB_CONCURRENCY=2', () => {
  it(backend === 'postgres'
    ? 'serves from two worker processes, replaces one that dies and stops them all on SIGTERM'
    : 'runs one process on the embedded database and says why', async () => {
    const db = await database()
    cleanups.push(db.dispose)
    const port = await freePort()
    const server = start(['src/server/server.ts'], {
      ...db.env,
      WEB_CONCURRENCY: '2',
      METRICS_TOKEN,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: `http://127.0.0.1:${port}`,
    })
    cleanups.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
    })
    const primary = server.child.pid as number
    const workers = backend === 'postgres' ? 2 : 0
    const ready = () => (server.output().match(/ready \d+ ms after the process started/g) ?? []).length
    await until('the server to be ready', () => (ready() >= Math.max(1, workers) ? true : undefined))
    expect(childrenOf(primary)).toHaveLength(workers)

    if (backend === 'postgres') {
      const pids = childrenOf(primary)
      // The primary hands each new connection to the next worker in turn: six connections meet both.
      const agent = new Agent({ keepAlive: true, maxSockets: 6 })
      const ports = await Promise.all(Array.from({ length: 6 }, () => askOnNewConnection(port, agent)))
      const holders = ports.map((clientPort) => holderOf(port, clientPort, pids))
      agent.destroy()
      for (const holder of holders) expect(holder).toHaveLength(1)
      expect(new Set(holders.flat())).toEqual(new Set(pids))
      // Migrated and the setup link printed once, by the primary.
      expect(server.output().match(/No admin account yet/g)).toHaveLength(1)
      // Whichever worker a scrape reaches, it counts the requests of both: three each, six in all.
      for (let scrape = 0; scrape < 2; scrape++) {
        const text = await scrapeMetrics(port)
        expect(text).toMatch(/fieldmark_http_request_duration_seconds_count\{[^}]*route="\/healthz"[^}]*\} 6\n/)
      }

      const [victim, survivor] = pids as [number, number]
      process.kill(victim, 'SIGKILL')
      const replaced = await until('a new worker', () => {
        const now = childrenOf(primary)
        return now.length === 2 && !now.includes(victim) ? now : undefined
      })
      expect(replaced).toContain(survivor)
      await until('the new worker to be ready', () => (ready() >= 3 ? true : undefined))
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)

      server.child.kill('SIGTERM')
      const run = await server.ended
      expect(run, run.out).toMatchObject({ code: 0, signal: null })
      for (const pid of replaced) expect(alive(pid)).toBe(false)
    } else {
      expect(server.output()).toMatch(/WEB_CONCURRENCY=2 ignored: the embedded database belongs to one process/)
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200)
      server.child.kill('SIGTERM')
      const run = await server.ended
      expect(run, run.out).toMatchObject({ code: 0, signal: null })
    }
  }, 240_000)
})
