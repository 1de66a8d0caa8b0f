import { vi } from 'vitest'
import type { Db } from '#server/db/client.ts'

/** Counts the calls that reach the database client under `db` (PGlite's or the pool's), until `stop`. */
export function countDatabaseCalls(db: Db) {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client
  const spies = ['query', 'exec', 'transaction', 'connect']
    .filter((method) => typeof client[method] === 'function')
    .map((method) => vi.spyOn(client as Record<string, () => unknown>, method))
  return {
    calls: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    stop: () => {
      for (const spy of spies) spy.mockRestore()
    },
  }
}
