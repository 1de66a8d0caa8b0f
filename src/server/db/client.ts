import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { PGlite } from '@electric-sql/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { withoutNamedStatements } from './prepared.ts'
import * as schema from './schema.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction of `db.transaction`; a function taking `Db | Tx` runs inside one or on its own. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export type DbHandle = {
  db: Db
  kind: 'pglite' | 'postgres'
  /** Applies the migrations in ./drizzle (from the working directory), or those of `folder`. */
  migrate: (folder?: string) => Promise<void>
  /** Calls `onPayload` per NOTIFY on `channel` after its commit; `onReconnect` after events may have been lost. */
  listen: Listen
  close: () => Promise<void>
}

export type Listen = (
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
) => Promise<() => Promise<void>>

export const migrationsFolder = () => join(process.cwd(), 'drizzle')

// Lets the event loop turn before each query or transaction, else queued statements starve sockets and timers for
// seconds. Not between a transaction's statements (ADR 110).
class TurnTakingPGlite extends PGlite {
  override _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> {
    return super._runExclusiveTransaction(async () => {
      await nextTurn()
      return fn()
    })
  }
}

/** Embedded PGlite: a directory for a persistent database, or undefined for an in-memory one (tests). */
export async function openPglite(dataDir?: string): Promise<DbHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true }) // PGlite's own mkdir is not recursive (G7)
  const client = new TurnTakingPGlite(dataDir)
  await client.waitReady
  const db = drizzlePglite({ client, schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    migrate: async (folder = migrationsFolder()) => {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: folder })
    },
    // One connection: NOTIFY inside a transaction reaches the callback after COMMIT, never after a ROLLBACK.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload)
      return async () => {
        if (!client.closed) await stop()
      }
    },
    close: () => client.close(),
  }
}

/** Set around a member's write request (app.ts): its checkouts pass the reads waiting for the pool (ADR 115). */
export const writeWork = new AsyncLocalStorage<true>()

/** Connections of a pool that reads may not take, so a member's write never queues behind a crowd's reads. */
export const RESERVED_FOR_WRITES = 3

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (error?: Error | boolean) => void,
) => void

/** A pool whose reads (and background work) hold at most `max - reserved` connections at once; writes any. */
export class WritesFirstPool extends pg.Pool {
  readonly #readMax: number
  #reading = 0
  readonly #waiting: (() => void)[] = []

  constructor(config: pg.PoolConfig, reserved = RESERVED_FOR_WRITES) {
    super(config)
    this.#readMax = Math.max(1, (config.max ?? 10) - reserved)
  }

  /** Reads waiting for one of their connections. */
  get readsWaiting(): number {
    return this.#waiting.length
  }

  override connect(): Promise<pg.PoolClient>
  override connect(callback: ConnectCallback): void
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    const checkout = writeWork.getStore() ? super.connect() : this.#readCheckout()
    if (!callback) return checkout
    checkout.then(
      // done(error) destroys a broken client, as node-postgres's own done does.
      (client) => callback(undefined, client, (error) => client.release(error)),
      (error: Error) => callback(error, undefined, () => {}),
    )
    return undefined
  }

  async #readCheckout(): Promise<pg.PoolClient> {
    if (this.#reading < this.#readMax) this.#reading++
    else await new Promise<void>((admit) => this.#waiting.push(admit))
    let client: pg.PoolClient
    try {
      client = await super.connect()
    } catch (error) {
      this.#leave()
      throw error
    }
    const release = client.release
    let left = false
    client.release = (error?: Error | boolean) => {
      if (!left) {
        left = true
        this.#leave()
      }
      return release.call(client, error)
    }
    return client
  }

  /** A read's place goes to the next waiting read, else back to the free ones. */
  #leave(): void {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#reading--
  }
}

/**
 * A pool on a PostgreSQL server; an idle connection's 'error' goes to `onIdleError` instead of ending the process.
 * `directUrl` is the server itself when `url` is a transaction-mode pooler: migrations and LISTEN go there (ADR 101).
 */
export async function openPostgres(
  url: string,
  max = 10,
  onIdleError: (error: Error) => void = (error) => console.error(`PostgreSQL connection lost: ${error.message}`),
  directUrl = url,
): Promise<DbHandle> {
  const pool = new WritesFirstPool({ connectionString: url, max })
  pool.on('error', onIdleError)
  if (directUrl !== url) withoutNamedStatements(pool)
  const db = drizzlePg({ client: pool, schema }) as unknown as Db
  const listeners = new Set<() => Promise<void>>()
  return {
    db,
    kind: 'postgres',
    migrate: (folder) => migratePostgres(directUrl, folder),
    listen: async (channel, onPayload, onReconnect) => {
      const stop = await listenPostgres(directUrl, channel, onPayload, onReconnect, onIdleError)
      const unlisten = async () => {
        listeners.delete(unlisten)
        await stop()
      }
      listeners.add(unlisten)
      return unlisten
    },
    close: async () => {
      await Promise.all([...listeners].map((unlisten) => unlisten()))
      await pool.end()
    },
  }
}

const MIGRATION_LOCK = 'fieldmark:migrate'

/** Migrates under a session advisory lock, so processes started together on a fresh database take turns. */
export async function migratePostgres(directUrl: string, folder = migrationsFolder()): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl })
  client.on('error', () => {}) // a connection lost mid-migration fails the query below, which reports it
  await client.connect()
  try {
    await client.query('select pg_advisory_lock(hashtextextended($1, 0))', [MIGRATION_LOCK])
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: folder })
  } finally {
    await client.end()
  }
}

const RECONNECT_FIRST_MS = 500
const RECONNECT_MAX_MS = 30_000

/** LISTEN on a connection of its own; reconnects with a growing pause and calls `onReconnect`. */
async function listenPostgres(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect: (() => void) | undefined,
  onError: (error: Error) => void,
): Promise<() => Promise<void>> {
  let current: pg.Client | undefined
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  let pause = RECONNECT_FIRST_MS

  const lost = (client: pg.Client) => {
    if (stopped || current !== client) return
    current = undefined
    client.end().catch(() => {})
    timer = setTimeout(reconnect, pause)
  }
  const connect = async () => {
    const client = new pg.Client({ connectionString: url })
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload)
    })
    client.on('error', (error) => {
      if (current === client) onError(error)
      lost(client)
    })
    client.on('end', () => lost(client))
    try {
      await client.connect()
      await client.query(`listen ${client.escapeIdentifier(channel)}`)
    } catch (error) {
      client.end().catch(() => {})
      throw error
    }
    if (stopped) {
      await client.end()
      return
    }
    current = client
  }
  const reconnect = async () => {
    timer = undefined
    try {
      await connect()
      pause = RECONNECT_FIRST_MS
      if (!stopped) onReconnect?.()
    } catch (error) {
      if (stopped) return
      onError(error as Error)
      pause = Math.min(pause * 2, RECONNECT_MAX_MS)
      timer = setTimeout(reconnect, pause)
    }
  }

  await connect()
  return async () => {
    stopped = true
    if (timer) clearTimeout(timer)
    const client = current
    current = undefined
    await client?.end()
  }
}
