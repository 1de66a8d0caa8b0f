import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { Db } from '#server/db/client.ts'
import { blocks, follows } from '#server/features/community/community.tables.ts'
import type { Visibility } from '#shared/schemas/measurements.ts'

// Who may see a measurement (ADR 043): its owner; nobody across a block; if hidden, its owner and admins; if public,
// any member; if followers-only, the owner's followers. Every route that returns a measurement or anything attached
// to one asks here.

export type Viewer = { id: string; isAdmin?: boolean } | null

export type Visible = { userId: string; visibility: Visibility; hiddenAt?: Date | string | null }

/** How the viewer stands to the owner: follows them; a block between them (either way). */
export type Relation = { follows: boolean; blocked: boolean }
export const NO_RELATION: Relation = { follows: false, blocked: false }

export function canView(viewer: Viewer, measurement: Visible, relation: Relation = NO_RELATION): boolean {
  if (viewer && viewer.id === measurement.userId) return true
  if (relation.blocked) return false
  if (measurement.hiddenAt) {
    return viewer?.isAdmin === true && measurement.visibility !== 'private'
  }
  if (measurement.visibility === 'public') return true
  return measurement.visibility === 'followers' && viewer !== null && relation.follows
}

/** Change and delete: the owner only (others get 404, never 403, so existence does not leak). */
export function canChange(viewer: Viewer, measurement: Pick<Visible, 'userId'>): boolean {
  return viewer !== null && viewer.id === measurement.userId
}

/** SQL: the viewer follows the member in `memberId` (a column or a value). */
export function followsSql(viewerId: string | Placeholder, memberId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${follows} where ${follows.followerId} = ${viewerId} and ${follows.followeeId} = ${memberId})`
}

/** SQL: a block between the viewer and the member in `memberId`, either way. */
export function blockedSql(viewerId: string | Placeholder, memberId: AnyPgColumn | SQL): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberId}) or (${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewerId}))`
}

/** One query: how the viewer stands to another member. */
export async function relationTo(db: Db, viewerId: string, memberId: string): Promise<Relation> {
  if (viewerId === memberId) return NO_RELATION
  const [follow, block] = await Promise.all([
    db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, viewerId), eq(follows.followeeId, memberId)))
      .limit(1),
    db
      .select({ one: sql`1` })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, memberId)),
          and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, viewerId)),
        ),
      )
      .limit(1),
  ])
  return { follows: follow.length > 0, blocked: block.length > 0 }
}
