import { vi } from 'vitest'
import type { Db } from '#server/db/client.ts'

/**
 * Counts the calls that reach the database client under `db` (PGlite's or the pool's), until `stop`: `calls`, all of
 * them (a pool's query also takes a connection), `statements`, the queries sent outside a transaction.
 */
export function countDatabaseCalls(db: Db) {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client
  const methods = ['query', 'exec', 'transaction', 'connect'].filter((method) => typeof client[method] === 'function')
  const spies = methods.map((method) => vi.spyOn(client as Record<string, () => unknown>, method))
  const sent = spies.filter((_, i) => methods[i] === 'query' || methods[i] === 'exec')
  return {
    calls: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    statements: () => sent.reduce((n, spy) => n + spy.mock.calls.length, 0),
    stop: () => {
      for (const spy of spies) spy.mockRestore()
    },
  }
}
