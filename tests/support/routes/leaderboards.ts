import type { RouteContext, Row } from '../route-table.ts'

/** The access rows of leaderboards (issue 6): being written. */
export function leaderboardRoutes(_ctx: RouteContext): Row[] {
  return []
}
