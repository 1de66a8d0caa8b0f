import type { QueryClient } from '@tanstack/react-query'

// What the outbox's modules share in memory, in this tab. Light on purpose (no Dexie): outbox.ts and hooks.ts
// import it statically, db.ts / sync.ts / live.ts are loaded only when there is something to store or send.

export const OUTBOX_DB_NAME = 'fieldmark-outbox'
const CHANNEL_NAME = 'fieldmark-outbox'

export const runtime: {
  queryClient: QueryClient | null
  /** The signed-in member (from the auth query); only their entries are shown and sent. */
  userId: string | null
  started: boolean
} = { queryClient: null, userId: null, started: false }

type Listener = () => void

// ---- progress of the upload running in this tab, and a way to cancel it -------------------------------------

const progress = new Map<string, number>()
const controllers = new Map<string, AbortController>()
const stateListeners = new Set<Listener>()

/** Progress, user or 'uploading' changes: the entries list re-renders. */
export function onRuntimeChange(listener: Listener): () => void {
  stateListeners.add(listener)
  return () => stateListeners.delete(listener)
}

export function emitRuntimeChange() {
  for (const listener of [...stateListeners]) listener()
}

export function setProgress(entryId: string, value: number | undefined) {
  if (value === undefined) progress.delete(entryId)
  else progress.set(entryId, Math.max(0, Math.min(1, value)))
  emitRuntimeChange()
}

export function progressOf(entryId: string): number | undefined {
  return progress.get(entryId)
}

/** The signal that cancels this entry's upload (discardEntry aborts it). */
export function uploadSignal(entryId: string): AbortSignal {
  const controller = new AbortController()
  controllers.set(entryId, controller)
  return controller.signal
}

export function releaseUpload(entryId: string) {
  controllers.delete(entryId)
}

export function abortUpload(entryId: string) {
  controllers.get(entryId)?.abort()
  controllers.delete(entryId)
}

// ---- "the outbox changed": this tab and the others -----------------------------------------------------------

const changeListeners = new Set<Listener>()
let channel: BroadcastChannel | null | undefined

function broadcastChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null
    channel?.addEventListener('message', () => {
      for (const listener of [...changeListeners]) listener()
    })
  }
  return channel
}

/** Called after an entry is stored: a list that has not loaded Dexie yet (nothing was waiting) starts watching. */
export function announceChange() {
  broadcastChannel()?.postMessage('changed')
  for (const listener of [...changeListeners]) listener()
}

export function onAnnouncedChange(listener: Listener): () => void {
  broadcastChannel()
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

/**
 * Whether the outbox holds any entry, asked with plain IndexedDB so Dexie (about 30 KB gzip) is loaded only
 * when there is something to show or send. Never creates the database. Unsure (an error) counts as yes.
 */
export function outboxHasEntries(): Promise<boolean> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(false)
      return
    }
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(OUTBOX_DB_NAME)
    } catch {
      resolve(true)
      return
    }
    let created = false
    request.onupgradeneeded = () => {
      // No such database yet: abort, so this look does not create an empty one.
      created = true
      request.transaction?.abort()
    }
    request.onerror = (event) => {
      event.preventDefault()
      resolve(!created)
    }
    request.onsuccess = () => {
      const db = request.result
      try {
        if (!db.objectStoreNames.contains('entries')) {
          db.close()
          resolve(false)
          return
        }
        const count = db.transaction('entries', 'readonly').objectStore('entries').count()
        count.onsuccess = () => {
          db.close()
          resolve(count.result > 0)
        }
        count.onerror = () => {
          db.close()
          resolve(true)
        }
      } catch {
        db.close()
        resolve(true)
      }
    }
  })
}

/** Tests: back to a fresh tab. */
export function resetRuntime() {
  runtime.queryClient = null
  runtime.userId = null
  runtime.started = false
  progress.clear()
  for (const controller of controllers.values()) controller.abort()
  controllers.clear()
  stateListeners.clear()
  changeListeners.clear()
  channel?.close()
  channel = undefined
}
