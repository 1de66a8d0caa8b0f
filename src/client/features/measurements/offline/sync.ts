import { apiPaths } from '#client/app/paths.ts'
import { ApiError, throwIfNotOk } from '#client/lib/api.ts'
import { MEASUREMENTS_KEY, STATS_KEY } from '../api.ts'
import { type OutboxDb, outboxDb, type StoredEntry } from './db.ts'
import { emitRuntimeChange, releaseUpload, runtime, setProgress, uploadSignal } from './runtime.ts'
import { NetworkError, uploadPhoto } from './upload.ts'

// Sends the outbox to the server (see the design note in outbox.ts). Loaded on demand by outbox.ts.

/** Waits after the 1st, 2nd, 3rd … failed try that may succeed later; the last one repeats. */
export const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000] as const
/** Signed out or refused access (401/403): look again after this, and at the next start or sign-in. */
export const PAUSE_MS = 120_000
export const LOCK_NAME = 'fieldmark-outbox'

export function backoffDelay(attempts: number): number {
  const index = Math.min(Math.max(attempts, 1), BACKOFF_MS.length) - 1
  return BACKOFF_MS[index] ?? 600_000
}

type Outcome = 'sent' | 'failed' | 'retry' | 'paused' | 'gone'

let running: Promise<void> | null = null
let again = false
let forceAgain = false
let timer: ReturnType<typeof setTimeout> | undefined

/**
 * One sync at a time in this tab: a call while one runs makes it go round once more (for entries stored
 * meanwhile) and shares its promise. Across tabs, the Web Lock (or the lease fallback) keeps a second tab
 * out until the first has finished. `force` ignores the backoff (the connection came back, or 'Retry now').
 */
export function syncOutbox(options: { force?: boolean } = {}): Promise<void> {
  if (running) {
    again = true
    forceAgain ||= Boolean(options.force)
    return running
  }
  running = (async () => {
    let force = Boolean(options.force)
    try {
      do {
        again = false
        await withLock(() => runPass(force))
        force = forceAgain
        forceAgain = false
      } while (again)
    } finally {
      running = null
    }
    await scheduleNext()
  })()
  return running
}

export function stopSyncTimer() {
  clearTimeout(timer)
  timer = undefined
}

function mine(entry: StoredEntry): boolean {
  return entry.userId === null || entry.userId === runtime.userId
}

async function runPass(force: boolean) {
  if (!runtime.started || !runtime.userId) return
  const db = outboxDb()
  // This tab holds the lock, so nothing else is uploading: an 'uploading' left by a closed tab waits again.
  await db.entries.filter((e) => e.state === 'uploading').modify({ state: 'waiting' })
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return
  const tried = new Set<string>()
  for (;;) {
    const now = Date.now()
    const entries = await db.entries.orderBy('createdAt').toArray()
    const next = entries.find(
      (e) => e.state === 'waiting' && mine(e) && !tried.has(e.id) && (force || e.nextAttemptAt <= now),
    )
    if (!next) return
    tried.add(next.id)
    const outcome = await sendEntry(db, next.id)
    // No connection, a busy server or no session: the others would fare no better now.
    if (outcome === 'retry' || outcome === 'paused') return
  }
}

/** Photos first (each confirmed as it lands, so a break resumes at the next one), then the measurement. */
async function sendEntry(db: OutboxDb, id: string): Promise<Outcome> {
  const signal = uploadSignal(id)
  try {
    await db.entries.update(id, { state: 'uploading', updatedAt: Date.now() })
    emitRuntimeChange()
    for (;;) {
      const entry = await db.entries.get(id)
      if (!entry || entry.state === 'failed') return 'gone' // discarded (or refused) meanwhile
      const totalBytes = entry.photos.reduce((sum, p) => sum + p.size, 0)
      const doneBytes = entry.photos.filter((p) => p.confirmed).reduce((sum, p) => sum + p.size, 0)
      // The photos are 95 % of the way; the measurement itself is the last step.
      const share = (bytes: number) => (totalBytes > 0 ? (0.95 * bytes) / totalBytes : 0)
      setProgress(id, share(doneBytes))
      const pending = entry.photos.find((p) => !p.confirmed)
      if (pending) {
        const row = await db.photos.get(pending.id)
        if (!row) throw new MissingPhotoError()
        await uploadPhoto(row.file, pending.id, (f) => setProgress(id, share(doneBytes + f * pending.size)), {
          name: pending.name,
          signal,
        })
        await db.entries
          .where('id')
          .equals(id)
          .modify((e) => {
            const photo = e.photos.find((p) => p.id === pending.id)
            if (photo) photo.confirmed = true
          })
        continue
      }
      await postMeasurement(entry)
      await db.transaction('rw', db.entries, db.photos, async () => {
        await db.entries.delete(id)
        await db.photos.where('entryId').equals(id).delete()
      })
      setProgress(id, undefined)
      await refreshQueries(id)
      return 'sent'
    }
  } catch (err) {
    setProgress(id, undefined)
    return recordFailure(db, id, err)
  } finally {
    releaseUpload(id)
  }
}

class MissingPhotoError extends Error {
  constructor() {
    super('A photo of this measurement is no longer stored on this device. Remove it and save again.')
    this.name = 'MissingPhotoError'
  }
}

/** 201 (created) or 200 (the server already had this id: an earlier try got through) are both success. */
async function postMeasurement(entry: StoredEntry) {
  let res: Response
  try {
    res = await fetch(apiPaths.measurements, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(entry.input),
    })
  } catch {
    throw new NetworkError()
  }
  await throwIfNotOk(res)
}

async function recordFailure(db: OutboxDb, id: string, err: unknown): Promise<Outcome> {
  const entry = await db.entries.get(id)
  if (!entry) return 'gone'
  const now = Date.now()
  const status = err instanceof ApiError ? err.status : undefined
  if (status === 401 || status === 403) {
    await db.entries.update(id, { state: 'waiting', nextAttemptAt: now + PAUSE_MS, updatedAt: now })
    emitRuntimeChange()
    return 'paused'
  }
  const retryable =
    err instanceof NetworkError || status === 408 || status === 429 || (status !== undefined && status >= 500)
  if (retryable) {
    const attempts = entry.attempts + 1
    await db.entries.update(id, {
      state: 'waiting',
      attempts,
      nextAttemptAt: now + backoffDelay(attempts),
      updatedAt: now,
    })
    emitRuntimeChange()
    return 'retry'
  }
  // Refused for good (400 invalid, 409, 413 too large …): kept, with the server's words, until edited or discarded.
  const message =
    err instanceof ApiError
      ? (err.serverMessage ?? err.message)
      : err instanceof Error
        ? err.message
        : 'The measurement could not be saved'
  await db.entries.update(id, { state: 'failed', error: message, updatedAt: now })
  emitRuntimeChange()
  return 'failed'
}

async function refreshQueries(id: string) {
  const queryClient = runtime.queryClient
  if (!queryClient) return
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: MEASUREMENTS_KEY }),
    queryClient.invalidateQueries({ queryKey: STATS_KEY }),
    queryClient.invalidateQueries({ queryKey: [apiPaths.measurement(id)] }),
  ])
}

/** The next automatic try: when the earliest waiting entry's backoff ends. Offline, the 'online' event does it. */
async function scheduleNext() {
  stopSyncTimer()
  if (!runtime.started || !runtime.userId) return
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return
  const entries = await outboxDb().entries.toArray()
  const due = entries.filter((e) => e.state === 'waiting' && mine(e)).map((e) => e.nextAttemptAt)
  if (due.length === 0) return
  const wait = Math.max(1000, Math.min(...due) - Date.now())
  timer = setTimeout(() => void syncOutbox().catch(() => {}), wait)
}

// ---- one tab at a time -------------------------------------------------------------------------------------

async function withLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (locks && typeof locks.request === 'function') {
    await locks.request(LOCK_NAME, () => work())
    return
  }
  await withLease(work)
}

const LEASE_KEY = 'fieldmark-outbox-lease'
const LEASE_MS = 30_000
const TAB_ID = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random())

type Lease = { owner: string; until: number }

/**
 * Where Web Locks are missing: a lease in localStorage, renewed while the work runs. Two tabs may still race
 * on the same instant; that costs a repeated upload, never a second measurement (the server answers a repeat
 * id with the same photo or measurement).
 */
async function withLease(work: () => Promise<void>) {
  let storage: Storage | undefined
  try {
    storage = typeof localStorage !== 'undefined' ? localStorage : undefined
  } catch {
    storage = undefined
  }
  if (!storage) {
    await work()
    return
  }
  const store = storage
  const read = (): Lease | null => {
    try {
      return JSON.parse(store.getItem(LEASE_KEY) ?? 'null') as Lease | null
    } catch {
      return null
    }
  }
  const write = () => store.setItem(LEASE_KEY, JSON.stringify({ owner: TAB_ID, until: Date.now() + LEASE_MS }))
  const held = read()
  if (held && held.owner !== TAB_ID && held.until > Date.now()) return // another tab is sending; the timer retries
  write()
  await new Promise((resolve) => setTimeout(resolve, 50))
  if (read()?.owner !== TAB_ID) return
  const renew = setInterval(write, LEASE_MS / 3)
  try {
    await work()
  } finally {
    clearInterval(renew)
    if (read()?.owner === TAB_ID) store.removeItem(LEASE_KEY)
  }
}
