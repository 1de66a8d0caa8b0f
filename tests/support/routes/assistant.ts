import { appRoute, type RouteContext, type Row } from '../route-table.ts'

/** The access rows of the Hunting Assistant (issue 7): approved members past the gate only. */
export function assistantRoutes(_ctx: RouteContext): Row[] {
  return [
    { route: 'POST /api/chat', payload: () => ({ message: 'How do I score a whitetail?' }), expect: appRoute },
    { route: 'GET /api/ai/status', expect: appRoute },
  ]
}
