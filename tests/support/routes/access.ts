import { mailQueue } from '#server/features/mail/mail.tables.ts'
import { aBetaRequest, createBetaRequest, setAccessFlags, signUp, uniqueEmail } from '../factories.ts'
import { adminOnly, appRoute, open, type RouteContext, type Row, signedIn } from '../route-table.ts'
import { TEST_ALPHA_PASSWORD } from '../test-app.ts'

/**
 * The rows of sign-in and access (the session, the beta request, the alpha gate, the setup link), the admins'
 * beta requests and pending accounts, and the routes every server has (health, benchmarks, API docs).
 */
export function accessRoutes(ctx: RouteContext): Row[] {
  return [
    { route: 'GET /api/auth/user', expect: signedIn },
    { route: 'GET /api/auth/config', expect: open() },
    { route: 'GET /api/login', expect: open(302) },
    { route: 'GET /api/logout', fresh: true, expect: open(302) },
    { route: 'POST /api/logout', fresh: true, expect: open(204) },
    { route: 'POST /api/beta-access-request', payload: () => aBetaRequest(), expect: open(201) },
    { route: 'GET /api/community-stats', expect: open() },
    {
      route: 'POST /api/alpha-access',
      fresh: true,
      payload: () => ({ password: TEST_ALPHA_PASSWORD }),
      expect: { ...signedIn, pending: 403 },
    },
    {
      route: 'POST /api/setup/admin',
      payload: () => ({
        token: 'no-valid-setup-token',
        email: uniqueEmail('setup'),
        firstName: 'Set',
        lastName: 'Up',
        password: 'setup-Password-1',
      }),
      // An admin exists here, so the route is closed before the body is read.
      invalidExpect: open(403),
      expect: open(403),
    },
    { route: 'GET /api/admin/beta-requests', expect: adminOnly() },
    {
      route: 'POST /api/admin/beta-requests/:requestId/review',
      url: async () => `/api/admin/beta-requests/${(await createBetaRequest(ctx.t())).id}/review`,
      payload: () => ({ status: 'denied' }),
      expect: adminOnly(),
    },
    { route: 'GET /api/admin/users/pending', expect: adminOnly() },
    {
      route: 'POST /api/admin/users/:userId/approve',
      url: async () => {
        const user = await signUp(ctx.t())
        await setAccessFlags(ctx.t(), user.id, { emailVerified: true })
        return `/api/admin/users/${user.id}/approve`
      },
      expect: adminOnly(),
    },
    { route: 'GET /api/admin/mails/failing', expect: adminOnly() },
    {
      route: 'POST /api/admin/mails/:mailId/resend',
      url: async () => {
        const [mail] = await ctx
          .t()
          .db.insert(mailQueue)
          .values({
            recipient: uniqueEmail('resend'),
            subject: 'Resend me',
            text: 'x',
            html: 'x',
            lastError: 'down',
            nextAttemptAt: null,
          })
          .returning({ id: mailQueue.id })
        return `/api/admin/mails/${mail?.id}/resend`
      },
      expect: adminOnly(),
    },
    { route: 'GET /api/bench/bare', expect: open() },
    { route: 'GET /api/bench/one-row', expect: appRoute },
    { route: 'GET /healthz', expect: open() },
    { route: 'GET /readyz', expect: open() },
    // Only with METRICS_TOKEN as bearer token (plugins/metrics.ts): no session, not even an admin's, reads it.
    { route: 'GET /metrics', expect: open(404) },
    // The OpenAPI document and its viewer (@fastify/swagger-ui) are public.
    { route: 'GET /api/docs/json', expect: open() },
    { route: 'GET /api/docs/yaml', expect: open() },
    { route: 'GET /api/docs', expect: open() },
    { route: 'GET /api/docs/static/index.html', expect: open(302) },
    { route: 'GET /api/docs/static/swagger-initializer.js', expect: open() },
    { route: 'GET /api/docs/static/*', url: () => '/api/docs/static/swagger-ui.css', expect: open() },
  ]
}
