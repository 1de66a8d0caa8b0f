import type { RouteContext, Row } from '../route-table.ts'

/** The access rows of achievements (issue 6): being written. */
export function achievementRoutes(_ctx: RouteContext): Row[] {
  return []
}
