import type { RouteContext, Row } from '../route-table.ts'

/** The access rows of likes and comments (issue 5). */
export function interactionRoutes(_ctx: RouteContext): Row[] {
  return []
}
