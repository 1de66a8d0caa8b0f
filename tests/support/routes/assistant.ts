import { appRoute, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of the Hunting Assistant: approved members past the gate only. The table's AI service fails every call,
 * so the chat answers with the built-in assistant.
 */
export function assistantRoutes(_ctx: RouteContext): Row[] {
  return [
    { route: 'POST /api/chat', payload: () => ({ message: 'How do I score a whitetail?' }), expect: appRoute },
    { route: 'GET /api/ai/status', expect: appRoute },
  ]
}
