import { packedRows } from '#server/db/packed-rows.ts'
import type { NotificationGroup } from '#shared/schemas/community.ts'

// The bell's groups made from the window's notifications: here rather than in the statement (ADR 118).

export type WindowGroup = {
  key: string
  kind: NotificationGroup['kind']
  measurementId: string | null
  commentId: string | null
  achievementId: string | null
  verdict: NotificationGroup['verdict']
  /** ISO text to the millisecond, as Date.toISOString writes it */
  latestAt: string
  unread: boolean
  actorCount: number
  /** newest first, at most `shown`; null when no member did it (an achievement) */
  actorIds: string[] | null
}

/** One notification of the window, as its statement writes it. */
export type WindowRow = Omit<WindowGroup, 'key' | 'actorCount' | 'actorIds'> & {
  groupKey: string
  actorId: string | null
}

/**
 * Groups the window's notifications, NEWEST FIRST, by key: each group as its latest notification says, unread when
 * any is, its distinct actors by their latest notification, the first `shown` of them named.
 */
export function groupWindow(rows: readonly WindowRow[], shown: number): WindowGroup[] {
  const groups = new Map<string, WindowGroup & { actors: Set<string> }>()
  for (const row of rows) {
    let group = groups.get(row.groupKey)
    if (!group) {
      const { groupKey, actorId: _, ...latest } = row
      group = { ...latest, key: groupKey, actorCount: 0, actorIds: null, actors: new Set() }
      groups.set(row.groupKey, group)
    }
    if (row.unread) group.unread = true
    if (row.actorId !== null && !group.actors.has(row.actorId)) {
      group.actors.add(row.actorId)
      group.actorCount++
      if (group.actorCount <= shown) group.actorIds = [...(group.actorIds ?? []), row.actorId]
    }
  }
  return [...groups.values()].map(({ actors: _, ...group }) => group)
}

/** The window's rows from the statement's one text value ('' for none); an empty field is a NULL. */
export function windowRowsOf(text: string): WindowRow[] {
  return packedRows(text, 9, 'a notification').map((f) => {
    const orNull = (value: string | undefined) => (value === '' || value === undefined ? null : value)
    return {
      kind: f[0] as WindowRow['kind'],
      groupKey: f[1] as string,
      actorId: orNull(f[2]),
      measurementId: orNull(f[3]),
      commentId: orNull(f[4]),
      achievementId: orNull(f[5]),
      verdict: orNull(f[6]) as WindowRow['verdict'],
      unread: f[7] === 't',
      latestAt: f[8] as string,
    }
  })
}
