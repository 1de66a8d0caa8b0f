import { Dexie, type EntityTable } from 'dexie'
import type { CreateMeasurement } from '#shared/schemas/measurements.ts'
import { OUTBOX_DB_NAME } from './runtime.ts'

// The outbox's IndexedDB (Dexie). Only the outbox's lazily loaded code imports this module, so Dexie is never
// part of the landing page or the app shell's first load.

/** 'uploading' is written by the one tab that holds the sync lock; a new holder turns a stale one back. */
export type StoredState = 'waiting' | 'uploading' | 'failed'

export type StoredPhotoRef = {
  id: string
  name: string
  type: string
  size: number
  /** The server has answered this photo's upload (2xx): it is never sent again. */
  confirmed: boolean
}

export type StoredEntry = {
  /** = input.id, the measurement's client-made UUID */
  id: string
  /** The member who recorded it: only that member's session ever sends it. null when it was not known yet. */
  userId: string | null
  input: CreateMeasurement
  /** In input.photoIds order; the files themselves are rows of `photos`. */
  photos: StoredPhotoRef[]
  state: StoredState
  /** Why the server refused it (state 'failed'), in the server's words. */
  error?: string
  /** Failed tries that may succeed later (no connection, 5xx, 429); sets the backoff. */
  attempts: number
  /** Epoch ms before which an automatic try waits (backoff); 0 = due. */
  nextAttemptAt: number
  createdAt: number
  updatedAt: number
}

export type StoredPhoto = { id: string; entryId: string; file: Blob }

export type OutboxDb = Dexie & {
  entries: EntityTable<StoredEntry, 'id'>
  photos: EntityTable<StoredPhoto, 'id'>
}

let instance: OutboxDb | undefined

export function outboxDb(): OutboxDb {
  if (!instance) {
    const db = new Dexie(OUTBOX_DB_NAME) as OutboxDb
    db.version(1).stores({ entries: 'id, userId, createdAt', photos: 'id, entryId' })
    instance = db
  }
  return instance
}

/** Tests: close and forget the connection (the next outboxDb() opens a new one). */
export function closeOutboxDb() {
  instance?.close()
  instance = undefined
}
