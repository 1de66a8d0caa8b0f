import { fromNodeHeaders } from 'better-auth/node'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '#server/env.ts'
import { errorResponses } from '#server/lib/error-responses.ts'
import { loadUser, requireUser, sessionCookie } from '#server/plugins/auth-session.ts'
import type { RateLimits, RateRule } from '#server/plugins/security.ts'
import { AppError } from '#shared/errors.ts'
import { AuthConfigSchema, AuthUserSchema } from '#shared/schemas/access.ts'
import { AUTH_BASE_PATH, OIDC_PROVIDER_ID, SIGN_IN_ERROR_PATH } from './auth.ts'
import { providerCheck } from './oidc.discovery.ts'

type Options = { rateLimits: RateLimits; oidc: Config['oidc'] }

/** The sign-in page's `?error=` when the provider does not answer; better-auth's own codes are snake_case too. */
export const PROVIDER_UNAVAILABLE = 'provider_unavailable'
const PROVIDER_UNAVAILABLE_MESSAGE = 'Single sign-on is not answering right now. Try again in a few minutes.'

/** Which limit applies to a better-auth path (the part after /api/identity, as `identityPath` gives it). */
export function identityRule(path: string, limits: RateLimits): [string, RateRule] {
  if (path.startsWith('/sign-in')) return ['sign-in', limits.signIn]
  if (path.startsWith('/sign-up')) return ['sign-up', limits.signUp]
  if (path.startsWith('/request-password-reset') || path.startsWith('/reset-password')) {
    return ['reset', limits.passwordReset]
  }
  // Each call may mail an unverified member: as tight as a reset, counted apart from it.
  if (path.startsWith('/send-verification-email')) return ['verification-mail', limits.passwordReset]
  return ['other', limits.identityOther]
}

/** The path a URL parser reads from a request target: better-auth's router sees dot segments and `\` resolved. */
function resolvedPath(url: string): string {
  try {
    return new URL(url, 'http://identity.invalid').pathname
  } catch {
    return ''
  }
}

/** The better-auth path of a URL as its router resolves it, slashes folded: each spelling gets its endpoint's limit. */
export function identityPath(url: string): string {
  const pathname = resolvedPath(url)
  const path = pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : pathname
  return path.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
}

/** Written the one way our client writes it: no dot segments, no escapes, no `//` or trailing `/`. */
export function isCanonicalIdentityUrl(url: string): boolean {
  const raw = url.split('?')[0] ?? ''
  return raw === resolvedPath(url) && !raw.includes('%') && !raw.includes('//') && !raw.endsWith('/')
}

// What a stranger may call; the rest act on a session, so strangers get our 401 before better-auth reads the body.
const OPEN_IDENTITY_PATHS = [
  /^\/sign-(in|up|out)(\/|$)/,
  /^\/(get-session|verify-email|send-verification-email|request-password-reset|ok|error)$/,
  /^\/reset-password(\/|$)/,
  /^\/(oauth2\/)?callback\//,
]

export function isOpenIdentityPath(path: string): boolean {
  return OPEN_IDENTITY_PATHS.some((pattern) => pattern.test(path))
}

/** A better-auth answer without its `token` fields (sign-in, get-session, list-sessions …), at any depth. */
export function withoutTokens(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokens)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'token')
      .map(([key, field]) => [key, withoutTokens(field)]),
  )
}

function bodyWithoutTokens(text: string, contentType: string | null): string {
  if (!contentType?.includes('json')) return text
  try {
    return JSON.stringify(withoutTokens(JSON.parse(text)))
  } catch {
    return text
  }
}

async function forward(reply: FastifyReply, res: Response) {
  reply.status(res.status)
  res.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value)
  })
  const cookies = res.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  // The session token stays in the HttpOnly cookie: an injected script could read it from a JSON body.
  return reply.send(res.body ? bodyWithoutTokens(await res.text(), res.headers.get('content-type')) : null)
}

function toWebRequest(req: FastifyRequest, baseUrl: string) {
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD' && req.body !== undefined
  return new Request(new URL(req.url, baseUrl), {
    method: req.method,
    headers: fromNodeHeaders(req.headers),
    body: hasBody ? JSON.stringify(req.body) : undefined,
  })
}

export const authRoutes: FastifyPluginAsyncZod<Options> = async (app, opts) => {
  const baseUrl = app.auth.options.baseURL as string
  const providerAnswers = opts.oidc ? providerCheck(opts.oidc.issuer) : undefined

  app.route({
    method: ['GET', 'POST'],
    url: `${AUTH_BASE_PATH}/*`,
    schema: { hide: true },
    config: {
      rateLimit: {
        keyGenerator: (req) => `${req.ip}:${identityRule(identityPath(req.url), opts.rateLimits)[0]}`,
        max: (req) => identityRule(identityPath(req.url), opts.rateLimits)[1].max,
        timeWindow: (req) => identityRule(identityPath(req.url), opts.rateLimits)[1].windowMs,
      },
    },
    async preValidation(req, reply) {
      if (!isCanonicalIdentityUrl(req.url)) throw new AppError('NOT_FOUND', 'Not found')
      if (!isOpenIdentityPath(identityPath(req.url))) await requireUser(req, reply)
    },
    async handler(req, reply) {
      const path = identityPath(req.url)
      if (path === '/link-social' && providerAnswers && !(await providerAnswers())) {
        throw new AppError('UPSTREAM_FAILED', PROVIDER_UNAVAILABLE_MESSAGE)
      }
      const res = await app.auth.handler(toWebRequest(req, baseUrl))
      if (path === '/sign-out') {
        const key = sessionCookie(req.headers.cookie)
        if (key) app.sessionCache.delete(key)
        reply.header('set-cookie', app.accessCookie.clear())
      }
      return forward(reply, res)
    },
  })

  app.get(
    '/api/auth/user',
    {
      preValidation: requireUser,
      schema: {
        summary: 'The signed-in user with access flags; 401 when signed out',
        tags: ['auth'],
        response: { 200: AuthUserSchema, ...errorResponses(401) },
      },
    },
    async (req) => {
      const user = await loadUser(req)
      if (!user) throw new Error('requireUser let an anonymous request through')
      return user
    },
  )

  app.get(
    '/api/auth/config',
    {
      schema: {
        summary: 'Which sign-in methods and gates are enabled',
        tags: ['auth'],
        response: { 200: AuthConfigSchema },
      },
    },
    async () => ({ oidc: opts.oidc !== undefined, alphaGate: app.gateEnabled }),
  )

  app.get(
    '/api/login',
    {
      schema: {
        summary: 'Beta Login: to the sign-in screen, or to the OpenID Connect provider',
        description: `While the provider does not answer, to /sign-in?error=${PROVIDER_UNAVAILABLE} instead.`,
        tags: ['auth'],
      },
    },
    async (req, reply) => {
      if (await loadUser(req, reply)) return reply.redirect('/')
      if (!providerAnswers) return reply.redirect('/sign-in')
      // better-auth would send the browser to the provider even while it is down; its discovery document tells us.
      if (!(await providerAnswers())) {
        req.log.warn({ issuer: opts.oidc?.issuer }, 'OpenID Connect provider did not answer its discovery document')
        return reply.redirect(`${SIGN_IN_ERROR_PATH}?error=${PROVIDER_UNAVAILABLE}`)
      }
      const res = await app.auth.api.signInSocial({
        body: { provider: OIDC_PROVIDER_ID, callbackURL: '/', errorCallbackURL: SIGN_IN_ERROR_PATH },
        headers: fromNodeHeaders(req.headers),
        asResponse: true,
      })
      const cookies = res.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      const body = (await res.json().catch(() => null)) as { url?: string } | null
      return reply.redirect(body?.url ?? `${SIGN_IN_ERROR_PATH}?error=oidc`)
    },
  )

  async function endSession(req: FastifyRequest, reply: FastifyReply) {
    const key = sessionCookie(req.headers.cookie)
    if (!key) return
    app.sessionCache.delete(key)
    const res = await app.auth.api.signOut({ headers: fromNodeHeaders(req.headers), asResponse: true })
    reply.header('set-cookie', [...res.headers.getSetCookie(), app.accessCookie.clear()])
  }

  app.get(
    '/api/logout',
    {
      schema: {
        summary: 'Ends the session and returns to /',
        description:
          'A navigation from another site (Sec-Fetch-Site cross-site or same-site) returns to / without signing out.',
        tags: ['auth'],
      },
    },
    async (req, reply) => {
      // SameSite=Lax sends the cookie on another site's top-level link, which must not sign the member out.
      const site = req.headers['sec-fetch-site']
      if (site !== 'cross-site' && site !== 'same-site') await endSession(req, reply)
      return reply.redirect('/')
    },
  )

  app.post(
    '/api/logout',
    {
      schema: {
        summary: 'Ends the session; the client then goes to /',
        tags: ['auth'],
        response: { 204: z.null().describe('Signed out (or was not signed in)'), ...errorResponses(403) },
      },
    },
    async (req, reply) => {
      await endSession(req, reply)
      return reply.code(204).send(null)
    },
  )
}
