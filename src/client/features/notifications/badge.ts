// The bell's badge and name: loaded with every page, so nothing else lives here.

/** Beyond this the badge shows '99+' (two digits fit the badge; members with achievements reach ten quickly). */
const MAX_SHOWN = 99

/** The badge: the count up to 99, then '99+'. */
export function badgeText(unread: number): string {
  return unread > MAX_SHOWN ? `${MAX_SHOWN}+` : String(unread)
}

/**
 * The bell's accessible name. It holds what the badge shows (WCAG 2.5.3, label in name: axe's
 * label-content-name-mismatch), so beyond 99 it says '99+' as the badge does.
 */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${badgeText(unread)} unread` : 'Notifications'
}
