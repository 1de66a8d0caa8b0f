import { liveQuery } from 'dexie'
import { outboxDb, type StoredEntry } from './db.ts'

// The outbox as a live list (Dexie liveQuery: changes in this tab and in the others), with one object URL per
// stored photo, made once and revoked when its entry leaves the outbox or nobody watches any more.

export type LiveEntry = { entry: StoredEntry; photoUrls: string[] }

export function watchEntries(onChange: (rows: LiveEntry[]) => void): { stop: () => void } {
  const db = outboxDb()
  const urls = new Map<string, string>()
  const subscription = liveQuery(async () => {
    const entries = await db.entries.orderBy('createdAt').reverse().toArray()
    const photos = await db.photos.toArray()
    return { entries, photos }
  }).subscribe({
    next: ({ entries, photos }) => {
      const files = new Map(photos.map((p) => [p.id, p.file]))
      const kept = new Set<string>()
      const rows = entries.map((entry) => ({
        entry,
        photoUrls: entry.photos.flatMap((ref) => {
          const file = files.get(ref.id)
          if (!file) return []
          kept.add(ref.id)
          let url = urls.get(ref.id)
          if (!url) {
            url = URL.createObjectURL(file)
            urls.set(ref.id, url)
          }
          return [url]
        }),
      }))
      for (const [id, url] of urls) {
        if (kept.has(id)) continue
        URL.revokeObjectURL(url)
        urls.delete(id)
      }
      onChange(rows)
    },
    error: (err: unknown) => console.warn('The outbox could not be read.', err),
  })
  return {
    stop() {
      subscription.unsubscribe()
      for (const url of urls.values()) URL.revokeObjectURL(url)
      urls.clear()
    },
  }
}
