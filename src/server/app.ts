import { resolve } from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import Fastify, { type FastifyBaseLogger, LogController } from 'fastify'
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod'
import { type FeedDeliveryOptions, startFeedDelivery } from '#server/features/community/feed-delivery.worker.ts'
import { MemberCards } from '#server/features/community/member-cards.cache.ts'
import { PublicFeed } from '#server/features/community/public-feed.cache.ts'
import { ViewerLikes } from '#server/features/community/viewer-likes.cache.ts'
import { type SenderOptions, startMailSender } from '#server/features/mail/mail.outbox.ts'
import { EventHub } from '#server/features/notifications/notifications.events.ts'
import type { Db, Listen } from './db/client.ts'
import type { Config } from './env.ts'
import { accessRoutes } from './features/access/access.routes.ts'
import { achievementRoutes } from './features/achievements/achievements.routes.ts'
import { adminRoutes } from './features/admin/admin.routes.ts'
import { assistantRoutes } from './features/assistant/chat.routes.ts'
import { authRoutes } from './features/auth/auth.routes.ts'
import { createAuth } from './features/auth/auth.ts'
import { benchRoutes } from './features/bench/bench.routes.ts'
import { feedRoutes } from './features/community/feed.routes.ts'
import { interactionRoutes } from './features/community/interactions.routes.ts'
import { profileRoutes } from './features/community/profiles.routes.ts'
import { BoardTops } from './features/leaderboards/leaderboards.cache.ts'
import { leaderboardRoutes } from './features/leaderboards/leaderboards.routes.ts'
import { mailAdminRoutes } from './features/mail/mail.routes.ts'
import { measurementRoutes } from './features/measurements/measurements.routes.ts'
import { moderationRoutes } from './features/moderation/moderation.routes.ts'
import { notificationRoutes } from './features/notifications/notifications.routes.ts'
import { photoAnalysisRoutes } from './features/photo-analysis/photo-analysis.routes.ts'
import { photoReferenceRoutes } from './features/photos/photo-reference.routes.ts'
import { photosRoutes } from './features/photos/photos.routes.ts'
import { sizeCheckRoutes } from './features/size-checks/size-checks.routes.ts'
import type { Mailer } from './lib/mailer.ts'
import { Metrics } from './lib/metrics.ts'
import { createPhotoStorage, type PhotoStorage } from './lib/photo-storage.ts'
import { authSession } from './plugins/auth-session.ts'
import { compression } from './plugins/compression.ts'
import { errorHandler, frameworkErrors } from './plugins/error-handler.ts'
import { health } from './plugins/health.ts'
import { metricsPlugin } from './plugins/metrics.ts'
import { requestIdOf, requestIds } from './plugins/request-id.ts'
import { DEFAULT_RATE_LIMITS, type RateLimits, security, type WriteQueueLimits } from './plugins/security.ts'
import { textGuard } from './plugins/text-guard.ts'
import { webClient } from './plugins/web-client.ts'
import { markWriteWork } from './plugins/write-queue.ts'

export type AppConfig = Pick<
  Config,
  'baseUrl' | 'sessionSecret' | 'adminEmails' | 'alphaPassword' | 'oidc' | 'benchRoutes'
> & {
  trustProxy?: Config['trustProxy']
  dataDir?: Config['dataDir']
  s3?: Config['s3']
  ai?: Config['ai']
  chatRateLimit?: Config['chatRateLimit']
  writeRateLimit?: Config['writeRateLimit']
  metricsToken?: Config['metricsToken']
}

export type AppDeps = {
  db: Db
  config: AppConfig
  mailer: Mailer
  mailSender?: Partial<SenderOptions>
  logger?: FastifyBaseLogger
  rateLimits?: Partial<RateLimits>
  writeQueue?: WriteQueueLimits
  /** The built client to serve; undefined serves the API only. */
  clientDir?: string
  storage?: PhotoStorage
  /** LISTEN on the database, for events from every server process; without it, events stay within this process. */
  listen?: Listen
  feedDelivery?: Partial<FeedDeliveryOptions>
  /** The newest posts each process reads into memory once ready, for the feed tabs (ADR 121); default WARM_POSTS. */
  warmPosts?: number
}

/** What most members' first pages of either feed tab show on `club` (BENCHMARKS.md, 2026-11-28 21:40). */
const WARM_POSTS = 20_000

const BODY_LIMIT_BYTES = 100 * 1024

/** Builds the whole app without listening: the server and the tests both start here. */
export async function buildApp(deps: AppDeps) {
  const { db, config, mailer } = deps
  const chat = config.chatRateLimit ? { max: config.chatRateLimit, windowMs: 60_000 } : DEFAULT_RATE_LIMITS.chat
  // WRITE_RATE_LIMIT sets every per-member write limit at once (the benchmark lifts them all with it); uploads, photo
  // analysis and reference detection keep their own, which bound CPU or a paid service rather than writes.
  const write = config.writeRateLimit ? { max: config.writeRateLimit, windowMs: 60_000 } : undefined
  const writes = write
    ? { write, measurementCreate: write, commentCreate: write, communityWrite: write, photoMeasure: write }
    : {}
  const rateLimits = { ...DEFAULT_RATE_LIMITS, chat, ...deps.rateLimits, ...writes }
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Fastify accepts a hop count here too (proxy-addr), though its types only list boolean and strings.
    trustProxy: (config.trustProxy ?? false) as boolean | string,
    // Per-request lines would dominate the log and the benchmark; errors are logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
    // Ours checks an incoming X-Request-Id before using it (plugins/request-id.ts).
    genReqId: requestIdOf,
    requestIdHeader: false,
  }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // From here on (the body read), a member's write takes the pool's reserved connections (ADR 115).
  app.addHook('preValidation', markWriteWork)
  const storage = deps.storage ?? createPhotoStorage({ dataDir: config.dataDir ?? resolve('data'), s3: config.s3 })
  app.decorate('photoStorage', storage)
  // Before any feature: they register their gauges and counters on it (lib/metrics.ts).
  app.decorate('metrics', new Metrics())
  app.addHook('onClose', () => storage.close())

  await app.register(errorHandler)
  await app.register(requestIds)
  // Before every route and @fastify/static (swagger-ui's files, the client), whose answers it gzips too.
  await app.register(compression)
  await app.register(metricsPlugin, { db, token: config.metricsToken })
  await app.register(security, {
    baseUrl: config.baseUrl,
    db,
    writeLimit: rateLimits.write,
    writeQueue: deps.writeQueue,
  })
  // Before any route is added, after security: its per-member limits hook onto each route first, so they count
  // refused text too (guard, limit, text rule, zod).
  await app.register(textGuard)
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Fieldmark API',
        version: '0.1.0',
        description: 'Trophy and catch measurement, scoring and community.',
      },
      servers: [{ url: config.baseUrl }],
    },
    transform: jsonSchemaTransform,
  })
  // Our own CSP (security.ts) covers the docs page too; swagger-ui's staticCSP would allow any https: origin.
  await app.register(swaggerUi, { routePrefix: '/api/docs' })

  // Every process sends the outbox's mail, its own at once (wake) and other processes' and retries on its polls.
  const mailSender = startMailSender(app, { db, mailer, options: deps.mailSender })

  const auth = createAuth({
    db,
    config,
    mailSender,
    onUserChanged: (userId) => app.sessionCache.invalidateUser(userId),
  })
  await app.register(authSession, { auth, gateEnabled: config.alphaPassword !== undefined })
  const events = await EventHub.start({ listen: deps.listen, log: app.log })
  app.decorate('events', events)
  app.addHook('onClose', () => events.close())
  events.shareSessionInvalidations(app.sessionCache)
  app.decorate('memberCards', MemberCards.listening(events))
  app.decorate('viewerLikes', ViewerLikes.listening(events))
  app.decorate(
    'publicFeed',
    PublicFeed.listening(events, (err) => app.log.error({ err }, 'the public feed could not be read')),
  )
  app.decorate('boardTops', BoardTops.listening(db, events))
  startFeedDelivery(app, { db, listen: deps.listen, options: deps.feedDelivery })

  await app.register(health, { db })

  await app.register(authRoutes, { rateLimits, oidc: config.oidc })
  await app.register(accessRoutes, {
    db,
    mailSender,
    baseUrl: config.baseUrl,
    rateLimits,
    alphaPassword: config.alphaPassword,
  })
  await app.register(adminRoutes, { prefix: '/api/admin', db, mailSender, baseUrl: config.baseUrl })
  await app.register(mailAdminRoutes, { prefix: '/api/admin', db, sender: mailSender })
  await app.register(photosRoutes, { db, rateLimits })
  await app.register(photoReferenceRoutes, { db, rateLimits })
  await app.register(measurementRoutes, {
    db,
    createLimit: rateLimits.measurementCreate,
    baseUrl: config.baseUrl,
    clientDir: deps.clientDir,
  })
  await app.register(feedRoutes, { db, rateLimits, warmPosts: deps.warmPosts ?? WARM_POSTS })
  await app.register(profileRoutes, { db, rateLimits })
  await app.register(interactionRoutes, { db, rateLimits })
  await app.register(notificationRoutes, { db, rateLimits })
  await app.register(sizeCheckRoutes, { db, rateLimits })
  await app.register(moderationRoutes, { db, rateLimits })
  await app.register(achievementRoutes, { db, rateLimits })
  await app.register(leaderboardRoutes, { db, rateLimits })
  await app.register(assistantRoutes, { db, rateLimits, ai: config.ai })
  await app.register(photoAnalysisRoutes, { db, rateLimits, ai: config.ai })
  if (config.benchRoutes) await app.register(benchRoutes, { prefix: '/api/bench', db })

  await app.register(webClient, { clientDir: deps.clientDir })
  return app
}

export type App = Awaited<ReturnType<typeof buildApp>>
