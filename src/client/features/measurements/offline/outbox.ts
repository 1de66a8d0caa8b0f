import type { QueryClient } from '@tanstack/react-query'
import { apiPaths } from '#client/app/paths.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import type { CreateMeasurement } from '#shared/schemas/measurements.ts'
import type { StoredState } from './db.ts'
import { abortUpload, announceChange, emitRuntimeChange, outboxHasEntries, runtime } from './runtime.ts'

/*
 * The outbox: every new measurement goes through it, online or not, and reaches the server exactly once (ADR 040).
 * An entry leaves only once the server has answered for it; one tab sends at a time (sync.ts).
 */

export type OutboxPhotoDraft = {
  /** client-made UUID; input.photoIds lists these, in the same order */
  id: string
  file: Blob
  name: string
  /** Already uploaded by the dialog (uploadPhoto answered): it is not sent again. */
  uploaded?: boolean
}

export type OutboxDraft = { input: CreateMeasurement; photos: OutboxPhotoDraft[] }

export type OutboxState = StoredState

/** One entry as the pages show it ('Waiting to sync'). */
export type OutboxEntry = {
  id: string
  input: CreateMeasurement
  state: OutboxState
  /** 0..1 while uploading; the confirmed photos' share otherwise */
  progress: number
  /** the server's reason, when state is 'failed' */
  error?: string
  /** object URLs of the stored photos, in order, for thumbnails (revoked by the outbox when the entry goes) */
  photoUrls: string[]
  createdAt: number
}

export type EnqueueResult = {
  id: string
  /**
   * Resolves true once the server has it, false when this try left it waiting (offline, server busy) or failed
   * (refused: see the entry's error). Never rejects. Tries once the app shell has started the outbox.
   */
  synced: Promise<boolean>
}

const loadDb = () => import('./db.ts').then((m) => m.outboxDb())
let syncModule: typeof import('./sync.ts') | undefined
const loadSync = async () => {
  syncModule ??= await import('./sync.ts')
  return syncModule
}

/**
 * Stores the draft and its photos in IndexedDB (resolves once they are safely there; rejects if they could not
 * be stored, e.g. storage full, and then nothing was kept), then starts sending in the background. Saving again
 * with the same input.id replaces the entry (editing a failed one); photos the server already confirmed are
 * not sent again.
 */
export async function enqueueMeasurement(draft: OutboxDraft): Promise<EnqueueResult> {
  const id = draft.input.id
  const photoIds = draft.photos.map((p) => p.id)
  const listed = draft.input.photoIds ?? photoIds
  if (listed.length !== photoIds.length || listed.some((value, i) => value !== photoIds[i])) {
    throw new Error("input.photoIds must list the photos' ids in order")
  }
  const db = await loadDb()
  const now = Date.now()
  await db.transaction('rw', db.entries, db.photos, async () => {
    const existing = await db.entries.get(id)
    const confirmed = new Set(existing?.photos.filter((p) => p.confirmed).map((p) => p.id))
    await db.photos.where('entryId').equals(id).delete()
    await db.photos.bulkPut(draft.photos.map((p) => ({ id: p.id, entryId: id, file: p.file })))
    await db.entries.put({
      id,
      userId: runtime.userId ?? existing?.userId ?? null,
      input: { ...draft.input, photoIds },
      photos: draft.photos.map((p) => ({
        id: p.id,
        name: p.name,
        type: p.file.type,
        size: p.file.size,
        confirmed: Boolean(p.uploaded) || confirmed.has(p.id),
      })),
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: 0,
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
    })
  })
  announceChange()
  requestPersistentStorage()
  // Stored before the app shell started the outbox (it does so when idle): send once it has.
  const synced = whenStarted()
    .then(() => runSync())
    .then(async () => !(await db.entries.get(id)))
    .catch(() => false)
  return { id, synced }
}

/** Removes an entry and its photos for good (the member chose to); an upload in progress is cancelled. */
export async function discardEntry(id: string): Promise<void> {
  abortUpload(id)
  const db = await loadDb()
  await db.transaction('rw', db.entries, db.photos, async () => {
    await db.entries.delete(id)
    await db.photos.where('entryId').equals(id).delete()
  })
  announceChange()
}

/** Sends now, ignoring the backoff; with an id, a failed entry is tried again too. */
export async function retryNow(id?: string): Promise<void> {
  if (id) {
    const db = await loadDb()
    await db.entries
      .where('id')
      .equals(id)
      .modify((e) => {
        if (e.state === 'uploading') return
        e.state = 'waiting'
        e.attempts = 0
        e.nextAttemptAt = 0
        delete e.error
      })
    emitRuntimeChange()
  }
  await runSync({ force: true })
}

/** The stored draft with its photo files, to open it in the dialog again (edit a failed entry). */
export async function getEntryDraft(id: string): Promise<OutboxDraft | undefined> {
  const db = await loadDb()
  const entry = await db.entries.get(id)
  if (!entry) return undefined
  const rows = await db.photos.where('entryId').equals(id).toArray()
  const files = new Map(rows.map((r) => [r.id, r.file]))
  const photos = entry.photos.flatMap((p) => {
    const file = files.get(p.id)
    return file ? [{ id: p.id, file, name: p.name, uploaded: p.confirmed }] : []
  })
  return { input: entry.input, photos }
}

/** Sends what is due (everything with `force`). Resolves when this round is over. */
export async function runSync(options: { force?: boolean } = {}): Promise<void> {
  if (!runtime.started) return
  const sync = await loadSync()
  await sync.syncOutbox(options)
}

let detach: (() => void) | null = null
let started: { promise: Promise<void>; resolve: () => void } | null = null

function whenStarted(): Promise<void> {
  if (runtime.started) return Promise.resolve()
  if (!started) {
    let resolve: () => void = () => {}
    const promise = new Promise<void>((r) => {
      resolve = r
    })
    started = { promise, resolve }
  }
  return started.promise
}

/**
 * Called once by the app shell (signed in, approved). Sends whatever earlier sessions left waiting, then
 * again whenever the connection returns or the member signs in. Idempotent; returns a stop function (tests).
 */
export function startOutbox(queryClient: QueryClient): () => void {
  runtime.queryClient = queryClient
  runtime.userId = readUserId(queryClient)
  if (!runtime.started) {
    runtime.started = true
    const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
      if (event.query.queryKey[0] !== apiPaths.authUser) return
      const userId = readUserId(queryClient)
      if (userId === runtime.userId) return
      runtime.userId = userId
      emitRuntimeChange()
      if (userId) void kick()
    })
    const online = () => void kick({ force: true })
    if (typeof window !== 'undefined') window.addEventListener('online', online)
    detach = () => {
      unsubscribe()
      if (typeof window !== 'undefined') window.removeEventListener('online', online)
    }
  }
  emitRuntimeChange()
  started?.resolve()
  started = null
  void kick()
  return stopOutbox
}

export function stopOutbox() {
  detach?.()
  detach = null
  runtime.started = false
  runtime.queryClient = null
  syncModule?.stopSyncTimer()
}

/** Starts a sync unless the outbox is empty (then Dexie and the sender are not even loaded). */
async function kick(options: { force?: boolean } = {}) {
  try {
    if (!syncModule && !(await outboxHasEntries())) return
    await runSync(options)
  } catch (err) {
    console.warn('Outbox sync failed; it will try again.', err)
  }
}

function readUserId(queryClient: QueryClient): string | null {
  return queryClient.getQueryData<AuthUser | null>([apiPaths.authUser])?.id ?? null
}

/** Asks the browser not to evict the outbox under storage pressure (a saved catch must survive). */
function requestPersistentStorage() {
  try {
    if (typeof navigator !== 'undefined' && navigator.storage?.persist) void navigator.storage.persist().catch(() => {})
  } catch {
    // not supported: the entry is stored all the same
  }
}
