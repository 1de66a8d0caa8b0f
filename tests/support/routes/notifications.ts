import { appRoute, type RouteContext, type Row } from '../route-table.ts'

/** The access rows of the bell (issue 5): approved members past the gate, each their own notifications. */
export function notificationRoutes(_ctx: RouteContext): Row[] {
  return [
    { route: 'GET /api/notifications', expect: appRoute },
    { route: 'POST /api/notifications/read', payload: () => ({}), expect: appRoute },
    // The stream answers refused callers with the usual error, and the others with an event stream.
    { route: 'GET /api/notifications/stream', stream: true, expect: appRoute },
  ]
}
