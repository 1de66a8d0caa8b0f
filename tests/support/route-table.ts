import type { SignedInUser } from './factories.ts'
import type { TestApp } from './test-app.ts'

// The route access table (src/server/plugins/auth-session.test.ts): every registered route × every kind of caller.
// Features list their rows in tests/support/routes/*.ts with these helpers.

export const CALLERS = ['anonymous', 'pending', 'approved', 'member', 'admin'] as const
export type Caller = (typeof CALLERS)[number]
export type Expected = Record<Caller, number>

/** Anyone, signed in or not. */
export const open = (status = 200): Expected => ({
  anonymous: status,
  pending: status,
  approved: status,
  member: status,
  admin: status,
})
/** Signed in, in any state. */
export const signedIn: Expected = { anonymous: 401, pending: 200, approved: 200, member: 200, admin: 200 }
/** An app route: approved and past the alpha gate (`bench/one-row` stands for every future app route). */
export const appRoute: Expected = { anonymous: 401, pending: 403, approved: 403, member: 200, admin: 200 }
/** An app route answering `status` to the member and the admin. */
export const appRouteWith = (member: number, admin = member): Expected => ({ ...appRoute, member, admin })
export const adminOnly = (status = 200): Expected => ({
  anonymous: 401,
  pending: 403,
  approved: 403,
  member: 403,
  admin: status,
})

export type Row = {
  /** Method and path exactly as registered. */
  route: string
  /** The concrete URL to call; defaults to the registered path. */
  url?: () => Promise<string> | string
  payload?: () => object
  /** A non-JSON body (multipart uploads) instead of `payload`. */
  body?: () => Promise<{ payload: Buffer; contentType: string }>
  /** The call changes the caller itself (sign-out, gate): use a new caller of the same kind for it. */
  fresh?: boolean
  /** An event stream (SSE) that never ends by itself: a 200 is closed once its headers arrive. */
  stream?: true
  expect: Expected
}

/** What a feature's rows may use; functions, since the app and the callers exist only once the tests start. */
export type RouteContext = {
  t: () => TestApp
  callers: () => Record<Exclude<Caller, 'anonymous'>, SignedInUser>
  /** A new public measurement of the `member` caller. */
  publicMeasurementId: () => Promise<string>
  /** A new public measurement of the `member` caller with one photo. */
  publicPhotoMeasurementId: () => Promise<string>
}
