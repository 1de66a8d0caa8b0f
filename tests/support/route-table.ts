import type { SignedInUser } from './factories.ts'
import type { TestApp } from './test-app.ts'

// The authorization matrix (src/server/authorization.test.ts): every registered route × every kind of caller.
// Features list their rows in tests/support/routes/*.ts with these helpers.

/**
 * - `unverified`: signed up, never followed the e-mailed link; it sends whatever sign-in gave it (no session);
 * - `pending`: verified, not approved; `approved`: approved, alpha password not entered;
 * - `owner`: a member (approved, past the gate) who owns what the row's URL points at;
 * - `other`: a member who is not the owner and does not follow them; `admin`: an admin, not the owner.
 */
export const CALLERS = ['anonymous', 'unverified', 'pending', 'approved', 'owner', 'other', 'admin'] as const
export type Caller = (typeof CALLERS)[number]
/** The callers with a session. */
export type SignedInCaller = Exclude<Caller, 'anonymous' | 'unverified'>
export type Expected = Record<Caller, number>

/** Anyone, signed in or not. */
export const open = (status = 200): Expected => ({
  anonymous: status,
  unverified: status,
  pending: status,
  approved: status,
  owner: status,
  other: status,
  admin: status,
})
/** Signed in, in any state. */
export const signedIn: Expected = { ...open(200), anonymous: 401, unverified: 401 }
/** An app route: approved and past the alpha gate (`bench/one-row` stands for every future app route). */
export const appRoute: Expected = { ...signedIn, pending: 403, approved: 403 }
/** An app route answering `member` to both members and `admin` to the admin. */
export const appRouteWith = (member: number, admin = member): Expected => ({
  ...appRoute,
  owner: member,
  other: member,
  admin,
})
/** An app route on the owner's resource: `owner` to its owner, `others` (default 404) to the other member and admin. */
export const ownerOnly = (owner: number, others = 404, admin = others): Expected => ({
  ...appRoute,
  owner,
  other: others,
  admin,
})
export const adminOnly = (status = 200): Expected => ({
  ...appRoute,
  owner: 403,
  other: 403,
  admin: status,
})

export type Row = {
  /** Method and path exactly as registered. */
  route: string
  /** What the URL points at, when a route has more than one row ('private', 'public'). */
  variant?: string
  /** The concrete URL to call, made for each call; defaults to the registered path. */
  url?: () => Promise<string> | string
  payload?: () => object
  /** A non-JSON body (multipart uploads) instead of `payload`. */
  body?: () => Promise<{ payload: Buffer; contentType: string }>
  /**
   * A body the route's schema refuses, sent by every caller in a second round (default `{}` for rows with a body;
   * false: the route takes no body of ours). Callers refused with the valid body get the same 401/403 with it.
   */
  invalid?: (() => unknown) | false
  /** What the invalid body gets, when a valid one is refused for more than who calls (a bad setup token). */
  invalidExpect?: Expected
  /** The call changes the caller (sign-out, gate, a follow): a new caller of the same kind, for all or these. */
  fresh?: true | readonly Caller[]
  /** An event stream (SSE) that never ends by itself: a 200 is closed once its headers arrive. */
  stream?: true
  /** 4xx answers that are not our JSON error shape: a page (HTML), or better-auth's own body. */
  errorBody?: 'html' | 'better-auth'
  expect: Expected
}

/** The owner's resources, made once before the rows run; the private ones must never reach another member. */
export type Owned = {
  /** Visibility 'private', notes carry the owner-only marker, with a photo and a comment of the owner. */
  privateMeasurementId: string
  privatePhotoId: string
  privateCommentId: string
  /** Visibility 'public' (notes still the owner's only), with a photo and a verdict of a third member on it. */
  publicMeasurementId: string
  publicPhotoId: string
  publicCheckId: string
}

/** What a feature's rows may use; functions, since the app and the callers exist only once the tests start. */
export type RouteContext = {
  t: () => TestApp
  callers: () => Record<SignedInCaller, SignedInUser>
  owned: () => Owned
  /** A new measurement of the owner (notes carry the owner-only marker), optionally with a photo. */
  newMeasurement: (visibility: 'private' | 'public', opts?: { photo?: boolean }) => Promise<string>
  /** A new photo uploaded by the owner, attached to nothing. */
  newPhoto: () => Promise<string>
}
