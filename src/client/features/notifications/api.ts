import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { apiPaths } from '#client/app/paths.ts'
import { apiJson } from '#client/lib/api.ts'
import type { NotificationList } from '#shared/schemas/community.ts'

// The bell's data: the grouped list, marking read, and the live stream (Server-Sent Events).

export const NOTIFICATIONS_KEY = [apiPaths.notifications] as const

export function useNotifications() {
  return useQuery<NotificationList>({ queryKey: NOTIFICATIONS_KEY })
}

/** Marks one group read (its key), or every group (no key). The line turns read at once; the answer settles it. */
export function useMarkRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (key: string | undefined) =>
      apiJson<NotificationList>('POST', apiPaths.notificationsRead, key === undefined ? {} : { key }),
    onMutate: async (key) => {
      await queryClient.cancelQueries({ queryKey: NOTIFICATIONS_KEY })
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (old) => old && markRead(old, key))
    },
    onSuccess: (list) => queryClient.setQueryData(NOTIFICATIONS_KEY, list),
    onError: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }),
  })
}

/** The list with one group (or all) read, and the unread count lowered to match. */
export function markRead(list: NotificationList, key: string | undefined): NotificationList {
  let cleared = 0
  const groups = list.groups.map((group) => {
    if (!group.unread || (key !== undefined && group.key !== key)) return group
    cleared += 1
    return { ...group, unread: false }
  })
  return { groups, unreadCount: key === undefined ? 0 : Math.max(0, list.unreadCount - cleared) }
}

/** `data` of an `event: notification` message: {unreadCount}; null when it is not that. */
export function readUnreadCount(data: unknown): number | null {
  if (typeof data !== 'string') return null
  try {
    const parsed: unknown = JSON.parse(data)
    const count = (parsed as { unreadCount?: unknown } | null)?.unreadCount
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null
  } catch {
    return null
  }
}

/**
 * Listens to the member's notification stream while mounted (the header is mounted once per signed-in session):
 * each `event: notification` gives the unread count at once and has the list read again. EventSource reconnects
 * by itself (the server sends `retry:`); after a reconnection the list is read again, as events may have been
 * missed. Returns the latest count the stream announced (null before the first).
 */
export function useNotificationStream(): number | null {
  const queryClient = useQueryClient()
  const [unread, setUnread] = useState<number | null>(null)
  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(apiPaths.notificationsStream)
    // A fetch already on its way (the first one, or the previous event's) answers for this event too.
    const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY }, { cancelRefetch: false })
    let connected = false
    const onOpen = () => {
      if (connected) void refresh()
      connected = true
    }
    const onNotification = (event: MessageEvent) => {
      const count = readUnreadCount(event.data)
      if (count === null) return
      setUnread(count)
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (old) => old && { ...old, unreadCount: count })
      void refresh()
    }
    source.addEventListener('open', onOpen)
    source.addEventListener('notification', onNotification)
    return () => source.close()
  }, [queryClient])
  return unread
}
