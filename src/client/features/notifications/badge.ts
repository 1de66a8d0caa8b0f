// The bell's badge and name: loaded with every page, so nothing else lives here.

/** The badge: the count up to 9, then '9+'. */
export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread)
}

/** The bell's accessible name. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'
}
