import helmet from '@fastify/helmet'
import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Db } from '#server/db/client.ts'
import { ApiErrorSchema, AppError } from '#shared/errors.ts'
import { loadUser } from './auth-session.ts'
import { pgRateLimitStore } from './rate-limit-store.ts'
import { MemberWriteQueue, memberTurns, WRITE_METHODS, type WriteQueueLimits } from './write-queue.ts'

export type { WriteQueueLimits }

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: not queued behind the member's other writes, since its time goes to an upload or an AI service. */
    writeQueue?: boolean
  }
}

export type RateRule = { max: number; windowMs: number }

/** Per address unless marked per member: generous for a family behind one router, tight enough to stop guessing. */
export const DEFAULT_RATE_LIMITS = {
  signIn: { max: 10, windowMs: 60_000 },
  signUp: { max: 5, windowMs: 60_000 },
  passwordReset: { max: 5, windowMs: 15 * 60_000 },
  identityOther: { max: 60, windowMs: 60_000 },
  accessRequest: { max: 5, windowMs: 60 * 60_000 },
  alphaGate: { max: 10, windowMs: 15 * 60_000 },
  photoUpload: { max: 300, windowMs: 60 * 60_000 },
  /** Per member: POST /api/measurements (a day in the field, or an offline backlog syncing at once). */
  measurementCreate: { max: 120, windowMs: 60 * 60_000 },
  commentCreate: { max: 60, windowMs: 10 * 60_000 },
  reportCreate: { max: 20, windowMs: 60 * 60_000 },
  /** Per member, each route apart: likes, follows, blocks, profile, size checks (stops a script liking everything). */
  communityWrite: { max: 600, windowMs: 10 * 60_000 },
  chat: { max: 20, windowMs: 60_000 },
  /** Per member: POST /api/photos/:id/analysis (each one a paid call to the vision model). */
  photoAnalysis: { max: 30, windowMs: 60 * 60_000 },
  /** Per member: POST /api/photos/:id/reference (a decode and a detection, each kept: a repeat is free). */
  photoReference: { max: 120, windowMs: 60 * 60_000 },
  /** Per member: POST /api/photos/:id/measure (cheap, but a tool may ask again as points move: one a second). */
  photoMeasure: { max: 600, windowMs: 10 * 60_000 },
  /** Per member, each route counted apart: every other write (WRITE_RATE_LIMIT a minute). */
  write: { max: 120, windowMs: 60_000 },
} satisfies Record<string, RateRule>
export type RateLimits = typeof DEFAULT_RATE_LIMITS

export function rateLimitConfig(rule: RateRule) {
  return { rateLimit: { max: rule.max, timeWindow: rule.windowMs } }
}

/** One member's writes: one at a time, four waiting, then a rest of nine times each write's time (ADR 008). */
export const DEFAULT_WRITE_QUEUE: WriteQueueLimits = {
  running: 1,
  waiting: 4,
  rest: 9,
  floodRest: 199,
  floodMs: 10_000,
  refusedPauseMs: 1_000,
}

/** A rate limit per member (else per address), counted after the guard and before validation, so bad bodies count. */
export function perMemberRateLimit(rule: RateRule) {
  return {
    rateLimit: {
      ...rateLimitConfig(rule).rateLimit,
      hook: 'preValidation' as const,
      keyGenerator: async (req: FastifyRequest) => {
        const user = await loadUser(req)
        return user ? `user:${user.id}` : req.ip
      },
    },
  }
}

function retryText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000))
  return seconds < 90 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`
}

const STATE_CHANGING = WRITE_METHODS

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  return hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]
}

export function cspHeader(directives: Record<string, readonly string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';')
}

export type SecurityOptions = {
  baseUrl: string
  db?: Db
  /** The limit of every write route without its own; default DEFAULT_RATE_LIMITS.write. */
  writeLimit?: RateRule
  writeQueue?: WriteQueueLimits
}

/** Security headers, rate limits, members' writes in turn, and cross-site writes refused (Origin, Sec-Fetch-Site). */
export const security = fp(async (app: FastifyInstance, opts: SecurityOptions) => {
  const https = opts.baseUrl.startsWith('https://')
  const allowedOrigin = new URL(opts.baseUrl).origin
  // Written once rather than by helmet on every request (its directives may be functions); the same header.
  const contentSecurityPolicy = cspHeader({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  })
  app.addHook('onRequest', (_req, reply, done) => {
    reply.header('content-security-policy', contentSecurityPolicy)
    done()
  })
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // HSTS only makes sense behind HTTPS; over plain HTTP it would lock browsers out of a local run.
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  })

  // Before @fastify/rate-limit reads the config: every write route without a limit of its own gets the per-member one.
  const writeLimit = perMemberRateLimit(opts.writeLimit ?? DEFAULT_RATE_LIMITS.write)
  const turns = memberTurns(new MemberWriteQueue(opts.writeQueue ?? DEFAULT_WRITE_QUEUE))
  app.addHook('onRoute', (route) => {
    if (![route.method].flat().some((method) => STATE_CHANGING.has(method))) return
    if (route.config?.rateLimit === undefined) route.config = { ...route.config, ...writeLimit }
    // Every write may answer 429 now, so the OpenAPI document says so where a route lists its answers.
    const response = route.schema?.response as Record<number, unknown> | undefined
    if (response && response[429] === undefined) response[429] = ApiErrorSchema
    if (route.config?.writeQueue === false) return
    route.preValidation = [...hooksOf(route.preValidation), turns.take]
    route.onSend = [...hooksOf(route.onSend), turns.giveBack]
    route.handler = turns.wrap(route.handler)
  })

  await app.register(rateLimit, {
    global: false,
    ...(opts.db ? { store: pgRateLimitStore(opts.db) } : {}),
    errorResponseBuilder: (_req, ctx) =>
      new AppError('RATE_LIMITED', `Too many attempts. Please wait ${retryText(ctx.ttl)} and try again.`),
  })

  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return
    const origin = req.headers.origin
    if (origin !== undefined) {
      if (origin !== allowedOrigin) throw new AppError('FORBIDDEN', 'Cross-origin request refused')
      return
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new AppError('FORBIDDEN', 'Cross-origin request refused')
  })
})
