import { randomUUID } from 'node:crypto'
import { userAchievements, users } from '#server/db/schema.ts'
import { uniqueEmail } from '../factories.ts'
import { adminOnly, appRoute, type RouteContext, type Row } from '../route-table.ts'

/**
 * The rows of achievements: the catalogue, a member's awards and progress are app routes; revoking
 * an award is the admins' only (each call revokes a new member's award, so the admin's answer is 204).
 */
export function achievementRoutes(ctx: RouteContext): Row[] {
  const revokeUrl = async () => {
    const db = ctx.t().db
    const userId = randomUUID()
    await db.insert(users).values({ id: userId, name: 'Awarded member', email: uniqueEmail('awarded') })
    await db.insert(userAchievements).values({ id: randomUUID(), userId, achievementId: 'first-measurement' })
    return `/api/admin/users/${userId}/achievements/first-measurement`
  }
  return [
    { route: 'GET /api/achievements', expect: appRoute },
    { route: 'GET /api/user/achievements', expect: appRoute },
    { route: 'GET /api/user/achievement-progress', expect: appRoute },
    {
      route: 'DELETE /api/admin/users/:userId/achievements/:achievementId',
      url: revokeUrl,
      expect: adminOnly(204),
    },
  ]
}
