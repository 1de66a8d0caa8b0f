import { setTimeout as sleep } from 'node:timers/promises'
import { type BetterAuthPlugin, betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { createAuthMiddleware } from 'better-auth/api'
import { genericOAuth } from 'better-auth/plugins'
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { Config } from '#server/env.ts'
import {
  applyAccessForVerifiedUser,
  existingAccountEmail,
  resetPasswordEmail,
  verificationEmail,
} from '#server/features/access/index.ts'
import { enqueueMail, type MailSender } from '#server/features/mail/index.ts'
import type { Mail } from '#server/lib/mailer.ts'
import { CLOSED_IDENTITY_PATHS, memberFromOidcProfile, signUpBody } from './auth.member-fields.ts'
import { accounts, sessions, users, verifications } from './auth.tables.ts'
import { DISCOVERY_TIMEOUT_MS, discoveryUrlOf } from './oidc.discovery.ts'

export const AUTH_BASE_PATH = '/api/identity'
export const OIDC_PROVIDER_ID = 'oidc'
export const SIGN_IN_ERROR_PATH = '/sign-in'
const SESSION_DAYS = 30

export type AuthDeps = {
  db: Db
  config: Pick<Config, 'baseUrl' | 'sessionSecret' | 'oidc' | 'adminEmails'>
  mailSender: MailSender
  onUserChanged: (userId: string) => void
}

function firstNameOf(user: { email: string; firstName?: unknown }): string | null {
  return typeof user.firstName === 'string' ? user.firstName : null
}

/** POST /request-password-reset answers no sooner than this, so the token written for a known address does not show. */
export const RESET_ANSWER_FLOOR_MS = 150

function answerFloor(path: string, floorMs: number): BetterAuthPlugin {
  const startedAt = new WeakMap<Request, number>()
  const matcher = (ctx: { path?: string }) => ctx.path === path
  return {
    id: 'answer-floor',
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.request) startedAt.set(ctx.request, performance.now())
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const started = ctx.request ? startedAt.get(ctx.request) : undefined
            if (started !== undefined) await sleep(Math.max(0, started + floorMs - performance.now()))
          }),
        },
      ],
    },
  }
}

// better-auth reads the provider's discovery document at startup with no time limit, holding every identity request:
// past DISCOVERY_TIMEOUT_MS it counts as not yet discovered, and is retried when a request names it.
function oidcPlugin(oidc: NonNullable<Config['oidc']>) {
  const provider = {
    providerId: OIDC_PROVIDER_ID,
    discoveryUrl: discoveryUrlOf(oidc.issuer),
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    mapProfileToUser: memberFromOidcProfile,
  }
  const plugin = genericOAuth({ config: [provider] })
  const init = plugin.init
  return {
    ...plugin,
    init: async (ctx: Parameters<typeof init>[0]) => {
      const late = Symbol('late')
      const result = await Promise.race([init(ctx), sleep(DISCOVERY_TIMEOUT_MS, late, { ref: false })])
      if (result !== late) return result
      // The plugin's own record of providers whose startup discovery failed.
      return { context: { genericOAuthPendingDiscovery: new Map([[OIDC_PROVIDER_ID, provider]]) } }
    },
  }
}

/** better-auth, mounted at /api/identity so our /api/auth/user, /api/login and /api/logout keep their paths. */
export function createAuth({ db, config, mailSender, onUserChanged }: AuthDeps) {
  // In the outbox before better-auth answers, so the mail survives a crash; the sender sends it after the answer.
  const send = async (mail: Mail) => {
    await enqueueMail(db, mail)
    mailSender.wake()
  }
  const secure = config.baseUrl.startsWith('https://')
  return betterAuth({
    appName: 'Fieldmark',
    baseURL: config.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.sessionSecret,
    trustedOrigins: [new URL(config.baseUrl).origin],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
    }),
    // Our own @fastify/rate-limit covers these routes per path (auth.routes.ts).
    rateLimit: { enabled: false },
    disabledPaths: CLOSED_IDENTITY_PATHS,
    advanced: {
      cookiePrefix: 'fieldmark',
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure },
      // better-auth turns its origin/CSRF check off when NODE_ENV=test; keep it on everywhere so tests see production.
      disableOriginCheck: false,
    },
    onAPIError: { errorURL: `${config.baseUrl}${SIGN_IN_ERROR_PATH}` },
    account: {
      // An OpenID sign-in never joins an existing account, whatever the provider says of the e-mail; a member
      // connects the provider from Settings instead (ADR 108).
      accountLinking: { enabled: true, disableImplicitLinking: true, allowDifferentEmails: false },
    },
    session: { expiresIn: SESSION_DAYS * 24 * 60 * 60, updateAge: 24 * 60 * 60 },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        betaApproved: { type: 'boolean', required: false, input: false, defaultValue: false },
        isAdmin: { type: 'boolean', required: false, input: false, defaultValue: false },
        gatePassed: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      // Only the outbox row is written while answering (answerFloor hides its time); the mail goes out after.
      async sendResetPassword({ user, url }) {
        await send(resetPasswordEmail(user.email, firstNameOf(user), url, config.baseUrl))
      },
      // A reset link only reaches the mailbox's owner, so using it proves the address like a verification link
      // does. This also lets the real owner take back an address someone else signed up with but never verified.
      async onPasswordReset({ user }) {
        if (!user.emailVerified) {
          // Whoever made the account without proving the address may have connected their own OpenID identity.
          await db.delete(accounts).where(and(eq(accounts.userId, user.id), ne(accounts.providerId, 'credential')))
          await db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id))
          await applyAccessForVerifiedUser(db, { adminEmails: config.adminEmails, userId: user.id })
        }
        onUserChanged(user.id)
      },
      // Sign-up with a taken address answers like a new sign-up (no enumeration); the owner hears about it.
      async onExistingUserSignUp({ user }) {
        await send(existingAccountEmail(user.email, firstNameOf(user), config.baseUrl))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user, url }) {
        await send(verificationEmail(user.email, firstNameOf(user), url, config.baseUrl))
      },
      async afterEmailVerification(user) {
        await applyAccessForVerifiedUser(db, { adminEmails: config.adminEmails, userId: user.id })
        onUserChanged(user.id)
      },
    },
    databaseHooks: {
      // Sign-out, revocation and password reset delete sessions in the database; drop the cached ones at once.
      session: {
        delete: {
          async after(session) {
            onUserChanged(session.userId)
          },
        },
      },
      user: {
        create: {
          async after(user) {
            if (user.emailVerified) {
              await applyAccessForVerifiedUser(db, { adminEmails: config.adminEmails, userId: user.id })
            }
          },
        },
        update: {
          // An OpenID Connect user whose first sign-in carried an unverified e-mail is marked verified by
          // better-auth when the provider later reports it verified; that must approve them like the link does.
          async after(user) {
            if (!user) return
            if (user.emailVerified && !user.betaApproved) {
              await applyAccessForVerifiedUser(db, { adminEmails: config.adminEmails, userId: user.id })
            }
            // Any change to a member (names, picture, flags) must not wait for a cached session to expire.
            onUserChanged(user.id)
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-up/email') return
        return { context: { body: signUpBody((ctx.body ?? {}) as Record<string, unknown>) } }
      }),
    },
    plugins: [
      answerFloor('/request-password-reset', RESET_ANSWER_FLOOR_MS),
      ...(config.oidc ? [oidcPlugin(config.oidc)] : []),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>
