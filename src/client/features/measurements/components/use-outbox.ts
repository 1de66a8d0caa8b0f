import { discardEntry, retryNow, useOutboxEntries } from '../offline/hooks.ts'
import type { OutboxCardEntry } from './outbox-card.tsx'

/** The drafts not yet on the server (offline/), newest first, with retry and discard. */
export function useOutbox(): {
  entries: OutboxCardEntry[]
  retry: (id: string) => void
  discard: (id: string) => void
} {
  const entries = useOutboxEntries()
  return {
    entries,
    retry: (id) => void retryNow(id),
    discard: (id) => void discardEntry(id),
  }
}
