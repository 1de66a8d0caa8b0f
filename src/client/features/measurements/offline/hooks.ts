import { useSyncExternalStore } from 'react'
import type { LiveEntry } from './live.ts'
import type { OutboxEntry } from './outbox.ts'
import { onAnnouncedChange, onRuntimeChange, outboxHasEntries, progressOf, runtime } from './runtime.ts'

export { discardEntry, getEntryDraft, retryNow } from './outbox.ts'

/**
 * The member's entries not on the server yet, newest first ('Waiting to sync', uploading with its progress,
 * or failed with the server's reason), live across tabs. Empty until something is stored: Dexie is loaded only
 * when the outbox holds an entry (or one is stored while this list is shown).
 */
export function useOutboxEntries(): OutboxEntry[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}

const EMPTY: OutboxEntry[] = []
let snapshot: OutboxEntry[] = EMPTY
let rows: LiveEntry[] = []
const listeners = new Set<() => void>()
/** Bumped on every (de)activation, so a late async step of an earlier activation does nothing. */
let generation = 0
let live: { stop: () => void } | null = null
let starting = false
let cleanups: (() => void)[] = []

function getSnapshot() {
  return snapshot
}

function getServerSnapshot() {
  return EMPTY
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  if (listeners.size === 1) activate()
  return () => {
    listeners.delete(listener)
    if (listeners.size === 0) deactivate()
  }
}

function activate() {
  const current = ++generation
  cleanups = [onRuntimeChange(rebuild), onAnnouncedChange(() => void goLive(current))]
  void outboxHasEntries().then((has) => (has ? goLive(current) : undefined))
}

async function goLive(current: number) {
  if (live || starting || current !== generation) return
  starting = true
  try {
    const { watchEntries } = await import('./live.ts')
    if (live || current !== generation) return
    live = watchEntries((next) => {
      rows = next
      rebuild()
    })
  } finally {
    starting = false
  }
}

function deactivate() {
  generation++
  for (const cleanup of cleanups) cleanup()
  cleanups = []
  live?.stop()
  live = null
  rows = []
  snapshot = EMPTY
}

function rebuild() {
  const userId = runtime.userId
  const next = rows
    .filter(({ entry }) => !userId || entry.userId === null || entry.userId === userId)
    .map(({ entry, photoUrls }): OutboxEntry => {
      const uploading = progressOf(entry.id)
      const total = entry.photos.reduce((sum, p) => sum + p.size, 0)
      const confirmed = entry.photos.filter((p) => p.confirmed).reduce((sum, p) => sum + p.size, 0)
      return {
        id: entry.id,
        input: entry.input,
        state: uploading !== undefined ? 'uploading' : entry.state,
        progress: uploading ?? (total > 0 ? (0.95 * confirmed) / total : 0),
        ...(entry.error ? { error: entry.error } : {}),
        photoUrls,
        createdAt: entry.createdAt,
      }
    })
  snapshot = next.length > 0 ? next : EMPTY
  for (const listener of [...listeners]) listener()
}
