import type { OutboxCardEntry } from './outbox-card.tsx'

/** The drafts not yet on the server (offline/), with retry and discard. */
export function useOutbox(): {
  entries: OutboxCardEntry[]
  retry: (id: string) => void
  discard: (id: string) => void
} {
  return { entries: [], retry: () => {}, discard: () => {} }
}
