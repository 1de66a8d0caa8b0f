import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from '#shared/errors.ts'
import type { AuthUser } from '#shared/schemas/access.ts'
import { toAuthUser } from '../features/access/access.service.ts'
import type { Auth } from '../features/auth/auth.ts'
import { SessionCache } from './session-cache.ts'

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth
    sessionCache: SessionCache
    gateEnabled: boolean
  }
  interface FastifyRequest {
    /** The signed-in user, resolved once per request by `loadUser`; undefined until then. */
    sessionUser: AuthUser | null | undefined
  }
}

const COOKIE_NAMES = ['__Secure-fieldmark.session_token', 'fieldmark.session_token']

export function sessionCookie(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    const name = part.slice(0, eq).trim()
    if (COOKIE_NAMES.includes(name)) return part.slice(eq + 1).trim()
  }
  return undefined
}

/**
 * The signed-in user of this request, or null. A cached check answers without the database; a miss asks
 * better-auth (signature, expiry, DB row) and forwards any refreshed session cookie when a reply is given.
 */
export async function loadUser(req: FastifyRequest, reply?: FastifyReply): Promise<AuthUser | null> {
  if (req.sessionUser !== undefined) return req.sessionUser
  const app = req.server
  const key = sessionCookie(req.headers.cookie)
  if (!key) {
    req.sessionUser = null
    return null
  }
  const cached = app.sessionCache.get(key)
  if (cached) {
    req.sessionUser = cached
    return cached
  }
  const generation = app.sessionCache.currentGeneration()
  const { headers, response } = await app.auth.api.getSession({
    headers: fromNodeHeaders(req.headers),
    returnHeaders: true,
  })
  if (!response) {
    req.sessionUser = null
    return null
  }
  const user = toAuthUser(response.user, app.gateEnabled)
  app.sessionCache.set(key, user, new Date(response.session.expiresAt).getTime(), Date.now(), generation)
  if (reply) {
    const setCookie = headers.getSetCookie()
    if (setCookie.length > 0) reply.header('set-cookie', setCookie)
  }
  req.sessionUser = user
  return user
}

/** Signed in, in any state (pending, gate, approved). 401 otherwise. */
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
  app.decorate('gateEnabled', opts.gateEnabled)
  app.decorateRequest('sessionUser', undefined)
})
