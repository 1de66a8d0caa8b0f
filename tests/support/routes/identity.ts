import { aSignUp, uniqueEmail } from '../factories.ts'
import { open, type RouteContext, type Row, signedIn } from '../route-table.ts'

/**
 * The rows of better-auth's operations behind the one catch-all at /api/identity: strangers get our 401 on those
 * that act on a session; the rest answer with better-auth's own error body (`{ message, code }`, or none). The app has no OpenID Connect provider here.
 */
export function identityRoutes(_ctx: RouteContext): Row[] {
  const get = (path: string, expect: Row['expect'], more: Partial<Row> = {}): Row => ({
    route: 'GET /api/identity/*',
    variant: path,
    url: () => `/api/identity${path}`,
    errorBody: 'better-auth',
    expect,
    ...more,
  })
  const post = (path: string, payload: () => object, expect: Row['expect'], more: Partial<Row> = {}): Row => ({
    route: 'POST /api/identity/*',
    variant: path,
    url: () => `/api/identity${path}`,
    payload,
    errorBody: 'better-auth',
    expect,
    ...more,
  })
  /** Refused to signed-in callers for what they sent, to the others for who they are. */
  const signedInWith = (status: number) => ({ ...open(status), anonymous: 401, unverified: 401 })
  // Endpoints that act on a session answer strangers 401 before better-auth validates the body.
  const validatesFirst = { invalidExpect: signedInWith(400) }
  const newPassword = 'new-Password-123'
  return [
    get('/get-session', open()),
    get('/list-sessions', signedIn),
    get('/list-accounts', signedIn),
    get('/account-info?accountId=no-such-account', signedInWith(400)),
    get('/verify-email?token=no-such-token', open(401)),
    get('/reset-password/no-such-token?callbackURL=/reset-password', open(302)),
    get('/ok', open()),
    post('/sign-up/email', () => ({ ...aSignUp(), name: 'Ada Lovelace' }), open(), { invalidExpect: open(400) }),
    post('/sign-in/email', () => ({ email: uniqueEmail(), password: 'not-the-Password-1' }), open(401), {
      invalidExpect: open(400),
    }),
    post('/sign-in/social', () => ({ provider: 'oidc' }), open(404), { invalidExpect: open(400) }),
    post('/sign-out', () => ({}), open(), { invalid: false, fresh: true }),
    post('/request-password-reset', () => ({ email: uniqueEmail(), redirectTo: '/reset-password' }), open(), {
      invalidExpect: open(400),
    }),
    post('/reset-password', () => ({ token: 'no-such-token', newPassword }), open(400), {
      invalidExpect: open(400),
    }),
    // A signed-in caller may ask only for their own address.
    post(
      '/send-verification-email',
      () => ({ email: uniqueEmail() }),
      { ...open(400), anonymous: 200, unverified: 200 },
      {
        invalidExpect: open(400),
      },
    ),
    // Closed: names and e-mail change through our own routes, with their rules.
    post('/update-user', () => ({ name: 'Someone Else' }), signedInWith(404), { invalid: false }),
    post('/change-email', () => ({ newEmail: uniqueEmail() }), signedInWith(404), { invalid: false }),
    post('/change-password', () => ({ currentPassword: 'not-the-Password-1', newPassword }), signedInWith(400), {
      ...validatesFirst,
    }),
    post('/set-password', () => ({ newPassword }), signedInWith(404), { invalid: false }),
    post('/revoke-session', () => ({ token: 'no-such-token' }), signedIn, { ...validatesFirst }),
    post('/revoke-sessions', () => ({}), signedIn, { invalid: false, fresh: true }),
    post('/revoke-other-sessions', () => ({}), signedIn, { invalid: false }),
    post('/link-social', () => ({ provider: 'oidc' }), signedInWith(404), { ...validatesFirst }),
    post('/unlink-account', () => ({ providerId: 'credential', accountId: 'no-such-account' }), signedInWith(400), {
      ...validatesFirst,
    }),
    post('/delete-user', () => ({}), signedInWith(404), { invalid: false }),
  ]
}
