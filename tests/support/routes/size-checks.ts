import type { RouteContext, Row } from '../route-table.ts'

/** The access rows of this part of the community (issue 5). */
export function sizeCheckRoutes(_ctx: RouteContext): Row[] {
  return []
}
