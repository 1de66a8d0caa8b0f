import type { RouteContext, Row } from '../route-table.ts'

/** The access rows of this part of the community (issue 5). */
export function moderationRoutes(_ctx: RouteContext): Row[] {
  return []
}
