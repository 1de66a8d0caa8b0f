import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, count, countDistinct, eq, gt, isNull, or, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { users } from '#server/features/auth/index.ts'
import { enqueueMail, type MailSender } from '#server/features/mail/index.ts'
import { AppError } from '#shared/errors.ts'
import type { AuthUser, BetaAccessRequestSchema, CommunityStats, SetupAdmin } from '#shared/schemas/access.ts'
import { adminSetupLink, alreadyHasAccessEmail, requestStillPendingEmail } from './access.emails.ts'
import { adminSetupTokens, betaRequests } from './access.tables.ts'

type BetaAccessRequestInput = z.output<typeof BetaAccessRequestSchema>

const PG_UNIQUE_VIOLATION = '23505'

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true
  }
  return false
}

/** Where an address stands: access (an approved request or approved verified account), a pending request, or none. */
async function standingOf(db: Db, email: string): Promise<'access' | 'pending' | 'none'> {
  const requests = await db
    .select({ status: betaRequests.status })
    .from(betaRequests)
    .where(and(eq(betaRequests.email, email), sql`${betaRequests.status} in ('pending', 'approved')`))
  if (requests.some((r) => r.status === 'approved')) return 'access'
  const [member] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = ${email}`,
        eq(users.emailVerified, true),
        or(eq(users.betaApproved, true), eq(users.isAdmin, true)),
      ),
    )
    .limit(1)
  if (member) return 'access'
  return requests.length > 0 ? 'pending' : 'none'
}

const REPEAT_MAIL_EVERY_MS = 24 * 60 * 60_000
const REPEAT_MAIL_ADDRESSES = 10_000

/** At most one "you already applied" mail per address a day (per process), so strangers cannot fill an inbox. */
export class RepeatMailThrottle {
  readonly #sentAt = new LRUCache<string, number>({ max: REPEAT_MAIL_ADDRESSES })

  allow(email: string, now = Date.now()): boolean {
    const last = this.#sentAt.get(email)
    if (last !== undefined && now - last < REPEAT_MAIL_EVERY_MS) return false
    this.#sentAt.set(email, now)
    return true
  }
}

/** One open request per address; a repeat answers like a new one (fresh id, nothing stored) and e-mails the owner. */
export async function submitBetaRequest(
  db: Db,
  mailSender: MailSender,
  baseUrl: string,
  input: BetaAccessRequestInput,
  repeatMails: RepeatMailThrottle,
): Promise<{ id: string }> {
  // Writing the mail row costs about what writing a new request does, so the answer's time tells nothing either.
  const repeat = async (standing: 'access' | 'pending') => {
    if (repeatMails.allow(input.email)) {
      await enqueueMail(
        db,
        standing === 'access' ? alreadyHasAccessEmail(input.email, baseUrl) : requestStillPendingEmail(input.email),
      )
      mailSender.wake()
    }
    return { id: randomUUID() }
  }
  const standing = await standingOf(db, input.email)
  if (standing !== 'none') return repeat(standing)
  try {
    const [row] = await db
      .insert(betaRequests)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        huntingExperience: input.huntingExperience,
        location: input.location,
        reason: input.reason ? input.reason : null,
      })
      .returning({ id: betaRequests.id })
    if (!row) throw new Error('insert returned no row')
    return row
  } catch (err) {
    // Two submissions raced past the check above: the partial unique index keeps one.
    if (isUniqueViolation(err)) return repeat('pending')
    throw err
  }
}

/**
 * On e-mail verification: approved when an approved request has the address, admin when ADMIN_EMAILS lists it.
 * Only verified addresses are matched, so nobody gains access with someone else's e-mail.
 */
export async function applyAccessForVerifiedUser(db: Db, opts: { userId: string; adminEmails: string[] }) {
  const [user] = await db.select().from(users).where(eq(users.id, opts.userId))
  if (!user?.emailVerified) return
  const email = user.email.toLowerCase()
  const makeAdmin = opts.adminEmails.includes(email)
  const [approved] = await db
    .select({ id: betaRequests.id })
    .from(betaRequests)
    .where(and(eq(betaRequests.email, email), eq(betaRequests.status, 'approved')))
    .limit(1)
  if (!approved && !makeAdmin) return
  await db
    .update(users)
    .set({
      betaApproved: true,
      approvedAt: user.approvedAt ?? new Date(),
      ...(makeAdmin ? { isAdmin: true } : {}),
    })
    .where(eq(users.id, user.id))
}

/** Admins listed in ADMIN_EMAILS whose accounts already exist and are verified become admins at start. */
export async function syncAdminEmails(db: Db, adminEmails: string[]): Promise<string[]> {
  if (adminEmails.length === 0) return []
  const rows = await db
    .update(users)
    .set({ isAdmin: true, betaApproved: true })
    .where(and(sql`lower(${users.email}) in ${adminEmails}`, eq(users.emailVerified, true), eq(users.isAdmin, false)))
    .returning({ id: users.id })
  return rows.map((r) => r.id)
}

export function toAuthUser(
  u: {
    id: string
    email: string
    firstName?: string | null
    lastName?: string | null
    image?: string | null
    betaApproved?: boolean | null
    isAdmin?: boolean | null
    gatePassed?: boolean | null
  },
  gateEnabled: boolean,
): AuthUser {
  const isAdmin = u.isAdmin === true
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    profileImageUrl: u.image ?? null,
    betaApproved: u.betaApproved === true || isAdmin,
    isAdmin,
    // No ALPHA_PASSWORD means no gate; admins operate the beta and are never stopped by it.
    gatePassed: !gateEnabled || isAdmin || u.gatePassed === true,
  }
}

function sha256(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** POST /api/alpha-access: constant-time comparison against ALPHA_PASSWORD, remembered on the user. */
export async function passAlphaGate(db: Db, userId: string, expected: string | undefined, password: string) {
  if (expected !== undefined) {
    // Hashing both sides gives equal lengths, so timingSafeEqual never leaks the length.
    if (!timingSafeEqual(sha256(password), sha256(expected))) {
      throw new AppError('FORBIDDEN', 'Incorrect password. Please try again.')
    }
  }
  await db.update(users).set({ gatePassed: true }).where(eq(users.id, userId))
}

let statsCache: { at: number; value: CommunityStats } | undefined
const STATS_TTL_MS = 60_000

/** Live counts for the landing page, cached for a minute: the page is public and must stay cheap. */
export async function getCommunityStats(db: Db, now = Date.now()): Promise<CommunityStats> {
  if (statsCache && now - statsCache.at < STATS_TTL_MS) return statsCache.value
  const [members] = await db.select({ n: count() }).from(users).where(eq(users.betaApproved, true))
  const [requests] = await db
    .select({ n: count(), regions: countDistinct(sql`lower(trim(${betaRequests.location}))`) })
    .from(betaRequests)
  const value: CommunityStats = {
    members: members?.n ?? 0,
    requests: requests?.n ?? 0,
    regions: requests?.regions ?? 0,
  }
  statsCache = { at: now, value }
  return value
}

export function clearCommunityStatsCache() {
  statsCache = undefined
}

const SETUP_TOKEN_TTL_MS = 24 * 60 * 60 * 1000

export async function anAdminExists(db: Db): Promise<boolean> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)
  return admin !== undefined
}

/** When no admin exists, a fresh one-time token (only its hash is stored). Returns undefined when one exists. */
export async function issueAdminSetupToken(db: Db): Promise<string | undefined> {
  if (await anAdminExists(db)) return undefined
  const token = randomBytes(32).toString('base64url')
  await db.insert(adminSetupTokens).values({
    tokenHash: sha256(token).toString('hex'),
    expiresAt: new Date(Date.now() + SETUP_TOKEN_TTL_MS),
  })
  return token
}

/** At start: verified ADMIN_EMAILS accounts become admins; returns the setup link to print while no admin exists. */
export async function adminSetupLinkAtStart(
  db: Db,
  opts: { baseUrl: string; adminEmails: string[] },
): Promise<string | undefined> {
  await syncAdminEmails(db, opts.adminEmails)
  const token = await issueAdminSetupToken(db)
  return token ? adminSetupLink(opts.baseUrl, token) : undefined
}

function liveToken(token: string) {
  return and(
    eq(adminSetupTokens.tokenHash, sha256(token).toString('hex')),
    isNull(adminSetupTokens.usedAt),
    gt(adminSetupTokens.expiresAt, new Date()),
  )
}

const INVALID_SETUP_LINK = 'This setup link is invalid, expired or already used'

/** Once an admin exists the setup route is closed to everyone, whatever the body says. */
export async function refuseSetupOnceAnAdminExists(db: Db): Promise<void> {
  if (await anAdminExists(db)) throw new AppError('FORBIDDEN', INVALID_SETUP_LINK)
}

/**
 * Checks the token first (strangers learn no e-mails), then that no admin exists, then the address (a taken one
 * does not burn the link), then spends the token atomically, so it works exactly once.
 */
export async function setupFirstAdmin(db: Db, input: SetupAdmin, signUp: (email: string) => Promise<string>) {
  const [live] = await db.select({ h: adminSetupTokens.tokenHash }).from(adminSetupTokens).where(liveToken(input.token))
  if (!live || (await anAdminExists(db))) throw new AppError('FORBIDDEN', INVALID_SETUP_LINK)
  const email = input.email.toLowerCase()
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (existing)
    throw new AppError('CONFLICT', 'An account with this email already exists; add it to ADMIN_EMAILS instead')
  if (!(await consumeAdminSetupToken(db, input.token))) throw new AppError('FORBIDDEN', INVALID_SETUP_LINK)
  const userId = await signUp(email)
  // The setup link itself proves control of this server, so the address counts as verified.
  await db
    .update(users)
    .set({ emailVerified: true, isAdmin: true, betaApproved: true, approvedAt: new Date() })
    .where(eq(users.id, userId))
}

/**
 * Spends a setup token; true when it was valid, unused and unexpired and no admin exists. Every other open token
 * is spent with it in one statement, so two links (from two starts) used at once cannot make two admins.
 */
export async function consumeAdminSetupToken(db: Db, token: string): Promise<boolean> {
  const hash = sha256(token).toString('hex')
  const rows = await db
    .update(adminSetupTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        isNull(adminSetupTokens.usedAt),
        sql`exists (select 1 from ${adminSetupTokens} t where t.token_hash = ${hash} and t.used_at is null and t.expires_at > now())`,
        sql`not exists (select 1 from ${users} where ${users.isAdmin})`,
      ),
    )
    .returning({ tokenHash: adminSetupTokens.tokenHash })
  return rows.some((r) => r.tokenHash === hash)
}
