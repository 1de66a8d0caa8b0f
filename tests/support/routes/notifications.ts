import { appRoute, type RouteContext, type Row } from '../route-table.ts'

/** The rows of the bell: approved members past the gate, each their own notifications. */
export function notificationRoutes(_ctx: RouteContext): Row[] {
  return [
    { route: 'GET /api/notifications', expect: appRoute },
    { route: 'POST /api/notifications/read', payload: () => ({}), invalid: () => ({ key: 42 }), expect: appRoute },
    // The stream answers refused callers with the usual error, and the others with an event stream.
    { route: 'GET /api/notifications/stream', stream: true, expect: appRoute },
  ]
}
