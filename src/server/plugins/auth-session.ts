import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { toAuthUser } from '#server/features/access/access.service.ts'
import type { Auth } from '#server/features/auth/auth.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { AccessCookie, cookieValue } from './access-cookie.ts'
import { CHECK_LIFETIME_MS, SessionCache } from './session-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
    sessionCache: SessionCache
    accessCookie: AccessCookie
    gateEnabled: boolean
  }
  interface FastifyRequest {
    /** The signed-in user, resolved once per request by `loadUser`; undefined until then. */
    sessionUser: AuthUser | null | undefined
  }
}

const COOKIE_NAMES = ['__Secure-fieldmark.session_token', 'fieldmark.session_token']

export function sessionCookie(cookieHeader: string | undefined): string | undefined {
  return cookieValue(cookieHeader, COOKIE_NAMES)
}

/** The request's signed-in user or null: from memory or the access cookie while current (ADR 019), else better-auth. */
export async function loadUser(req: FastifyRequest, reply?: FastifyReply): Promise<AuthUser | null> {
  if (req.sessionUser !== undefined) return req.sessionUser
  const key = sessionCookie(req.headers.cookie)
  const now = Date.now()
  const user = key
    ? (req.server.sessionCache.get(key, now) ??
      fromAccessCookie(req, key, now) ??
      (await checkSession(req, key, reply)))
    : null
  req.sessionUser = user
  return user
}

function fromAccessCookie(req: FastifyRequest, key: string, now: number): AuthUser | undefined {
  const { sessionCache, accessCookie } = req.server
  if (!sessionCache.hearsEveryChange) return undefined
  const check = accessCookie.read(req.headers.cookie, key, now)
  if (!check || !sessionCache.set(key, check, now)) return undefined
  return check.user
}

async function checkSession(req: FastifyRequest, key: string, reply?: FastifyReply): Promise<AuthUser | null> {
  const { sessionCache, accessCookie, auth, gateEnabled } = req.server
  // Taken before asking: a change committed while the database answers makes this check stale (isCurrent).
  const checkedAt = Date.now()
  const { headers, response } = await auth.api.getSession({
    headers: fromNodeHeaders(req.headers),
    returnHeaders: true,
  })
  if (!response) {
    if (reply && accessCookie.sent(req.headers.cookie)) reply.header('set-cookie', accessCookie.clear())
    return null
  }
  const user = toAuthUser(response.user, gateEnabled)
  const sessionEnds = new Date(response.session.expiresAt).getTime()
  const check = { user, checkedAt, validUntil: Math.min(sessionEnds, checkedAt + CHECK_LIFETIME_MS) }
  const kept = sessionCache.set(key, check)
  if (reply) {
    const setCookie = headers.getSetCookie()
    const access = kept && sessionCache.hearsEveryChange ? accessCookie.issue(key, check) : undefined
    if (access) setCookie.push(access)
    if (setCookie.length > 0) reply.header('set-cookie', setCookie)
  }
  return user
}

export async function requireUser(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadUser(req, reply)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
}

/** The signed-in user of a route whose guard (requireApproved, requireAdmin) has run, so there is one. */
export function sessionUserOf(req: FastifyRequest): AuthUser {
  const user = req.sessionUser
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
  return user
}

/** Approved and past the alpha gate: every app route. Guards run as preValidation: who may call decides first. */
export async function requireApproved(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadUser(req, reply)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
  if (!user.betaApproved) throw new AppError('FORBIDDEN', 'Your beta access is pending review')
  if (!user.gatePassed) throw new AppError('FORBIDDEN', 'Enter the alpha password to continue')
}

/** Approved, not necessarily past the alpha gate: the gate's own route. */
export async function requireVerifiedApplicant(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadUser(req, reply)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
  if (!user.betaApproved) throw new AppError('FORBIDDEN', 'Your beta access is pending review')
}

export async function requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const user = await loadUser(req, reply)
  if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue')
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Admin access required')
}

export const authSession = fp(async (app: FastifyInstance, opts: { auth: Auth; gateEnabled: boolean }) => {
  app.decorate('auth', opts.auth)
  app.decorate('sessionCache', new SessionCache())
  const secure = opts.auth.options.advanced?.useSecureCookies === true
  app.decorate('accessCookie', new AccessCookie(opts.auth.options.secret, secure))
  app.decorate('gateEnabled', opts.gateEnabled)
  app.decorateRequest('sessionUser', undefined)
})
