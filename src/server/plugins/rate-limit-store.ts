import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rateLimitHits } from './rate-limit.tables.ts'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } }

const SWEEP_EVERY_MS = 10 * 60_000
/** Refused keys remembered at most; beyond, refusals ask the database again (a flood from very many addresses). */
const MAX_REFUSED_KEYS = 100_000

/** A rate-limit store in our database (shared by processes); a key past its limit is then refused without a query. */
export function pgRateLimitStore(db: Db) {
  let lastSweep = 0
  const refusedUntil = new Map<string, number>()

  function refuse(key: string, until: number) {
    if (refusedUntil.size >= MAX_REFUSED_KEYS) {
      const now = Date.now()
      for (const [k, end] of refusedUntil) if (end <= now) refusedUntil.delete(k)
      if (refusedUntil.size >= MAX_REFUSED_KEYS) return
    }
    refusedUntil.set(key, until)
  }

  async function hit(key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
    const t = rateLimitHits
    const result = await db.execute(sql`
      insert into ${t} (key, hits, window_ends_at)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when ${t.windowEndsAt} <= now() then 1 else ${t.hits} + 1 end,
        window_ends_at = case when ${t.windowEndsAt} <= now()
          then now() + ${windowMs} * interval '1 millisecond' else ${t.windowEndsAt} end
      returning hits, ceil(extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`)
    const row = (result as unknown as { rows: { hits: number; ttl_ms: string | number }[] }).rows[0]
    if (Date.now() - lastSweep > SWEEP_EVERY_MS) {
      lastSweep = Date.now()
      await db.execute(sql`delete from ${t} where ${t.windowEndsAt} < now() - interval '1 hour'`)
    }
    return { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl_ms ?? windowMs)) }
  }

  class Store {
    readonly prefix: string
    constructor(options: object = {}) {
      const params = options as RouteParams
      const method = params.routeInfo?.method
      this.prefix = `${Array.isArray(method) ? method.join(',') : (method ?? '*')} ${params.routeInfo?.url ?? '*'}`
    }
    incr(key: string, cb: Callback, timeWindow: number, max?: number) {
      const full = `${this.prefix}|${key}`
      const until = refusedUntil.get(full)
      if (until !== undefined && max !== undefined) {
        const ttl = until - Date.now()
        if (ttl > 0) return cb(null, { current: max + 1, ttl })
        refusedUntil.delete(full)
      }
      hit(full, timeWindow).then(
        (r) => {
          if (max !== undefined && r.current > max) refuse(full, Date.now() + r.ttl)
          cb(null, r)
        },
        (err: Error) => cb(err),
      )
    }
    child(routeOptions: object) {
      return new Store(routeOptions)
    }
  }
  return Store
}
