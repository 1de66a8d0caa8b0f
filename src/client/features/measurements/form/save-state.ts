import { ApiError } from '#client/lib/api.ts'
import { NetworkError } from '../offline/upload.ts'
import { type FormErrors, fieldForIssue, issuesToErrors } from './build-input.ts'
import type { FormPhoto, SpeciesKind } from './form-state.ts'

// Where a save stands, and what a failed one says, by field.

export type SavePhase =
  | { kind: 'editing' }
  /** create: the draft is being written to this device */
  | { kind: 'storing' }
  /** create, online: stored; the outbox is sending it (stalled: this try did not reach the server) */
  | { kind: 'syncing'; id: string; stalled?: boolean }
  /** edit: new photos going up, then the changes */
  | { kind: 'uploading'; progress: Record<string, number> }

/** Upload progress by photo (0..1) while saving; undefined otherwise. */
export function photoProgress(
  phase: SavePhase,
  photos: readonly FormPhoto[],
  entryProgress: number | undefined,
): Record<string, number> | undefined {
  if (phase.kind === 'uploading') return phase.progress
  if (phase.kind !== 'syncing') return undefined
  // The outbox reports the whole entry; the photos go up in order, so each gets its share.
  const ids = photos.filter((p) => p.kind === 'new').map((p) => p.id)
  const progress = entryProgress ?? 0
  return Object.fromEntries(ids.map((id, i) => [id, Math.max(0, Math.min(1, progress * ids.length - i))]))
}

/** A save that failed → messages by field: server issues, its message, or a plain word about the connection. */
export function saveErrors(error: unknown, kind: SpeciesKind): FormErrors {
  if (error instanceof NetworkError) {
    return { form: 'No connection to the server. Nothing was lost: save again when you are back online.' }
  }
  if (error instanceof ApiError) {
    const fields = error.issues?.length ? issuesToErrors(error.issues, kind) : {}
    if (Object.keys(fields).length > 0) return fields
    if (error.serverMessage) return serverMessageErrors(error.serverMessage, kind)
    return { form: `The server could not save it (${error.status}). Everything you entered is still here.` }
  }
  return { form: 'Something went wrong. Everything you entered is still here: try again.' }
}

/** The server's one-line message (`takenAt: Date taken cannot be in the future`) → the field it names. */
export function serverMessageErrors(message: string, kind: SpeciesKind): FormErrors {
  const match = /^([A-Za-z][\w.]*): (.+)$/.exec(message)
  if (match?.[1] && match[2]) return { [fieldForIssue(match[1], kind)]: match[2] }
  return { form: message }
}
