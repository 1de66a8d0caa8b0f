import { setTimeout as sleep } from 'node:timers/promises'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '#server/db/client.ts'
import { sessions, users } from '#server/db/schema.ts'
import { AuthUserSchema } from '#shared/schemas/access.ts'
import { countDatabaseCalls } from '#tests/support/database-calls.ts'
import {
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createUser,
  getAuthUser,
  pathOf,
  postIdentity,
  reviewBetaRequest,
  type SignedInUser,
  signIn,
} from '#tests/support/factories.ts'
import { openTestDatabase, startTestApp, TEST_ALPHA_PASSWORD, type TestApp } from '#tests/support/test-app.ts'
import { AccessCookie } from './access-cookie.ts'
import { CLOCK_MARGIN_MS, type SessionCheck } from './session-cache.ts'

// A member's session is checked against the database once; the check then travels in a signed access cookie that
// every process trusts until the member's access changes (ADR 019). Two apps on one database stand for two server
// processes: `here` makes a change, `there` hears of it through the database's events.

let database: Awaited<ReturnType<typeof openTestDatabase>>
let here: TestApp
let there: TestApp
let admin: SignedInUser

/** No mail poll while a test counts queries; each app still sends the mail it enqueues at once. */
const QUIET_SENDER = { pollMs: 60 * 60_000 }

beforeAll(async () => {
  database = await openTestDatabase()
  await database.handle.migrate()
  const deps = { listen: database.handle.listen, mailSender: QUIET_SENDER }
  here = await startTestApp(database.handle.db, deps)
  there = await startTestApp(database.handle.db, deps)
  admin = await createAdmin(here)
}, 60_000)
afterAll(async () => {
  await there?.close()
  await here?.close()
  await database?.close()
})

/** Past the clock margin of every change made so far (setup, starts): checks made from now on are trusted. */
const settle = () => sleep(CLOCK_MARGIN_MS + 100)

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []
}

function accessCookieOf(res: LightMyRequestResponse): string | undefined {
  return setCookies(res)
    .find((c) => c.startsWith('fieldmark.access='))
    ?.split(';')[0]
}

/** The session cookie's value in a `name=value` Cookie header. */
const sessionValue = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1)

/** The app no longer remembers this session's check: only an access cookie or the database can answer. */
function forget(app: TestApp, cookie: string) {
  app.app.sessionCache.delete(sessionValue(cookie.split('; ')[0] as string))
}

/** The Cookie header of a browser that asked who it is once: its session cookie and the access cookie it got. */
async function withAccessCookie(app: TestApp, sessionCookie: string): Promise<string> {
  forget(app, sessionCookie)
  const res = await getAuthUser(app, sessionCookie)
  const access = accessCookieOf(res)
  if (res.statusCode !== 200 || !access) throw new Error(`no access cookie: ${res.statusCode} ${res.body}`)
  return `${sessionCookie}; ${access}`
}

/** What GET /api/auth/user says of this cookie, in words; 'signed out' for a 401. */
async function standing(app: TestApp, cookie: string): Promise<string> {
  const res = await getAuthUser(app, cookie)
  if (res.statusCode === 401) return 'signed out'
  const user = AuthUserSchema.parse(res.json())
  const flags = [user.betaApproved && 'approved', user.gatePassed && 'gate passed', user.isAdmin && 'admin']
  return [user.firstName, ...flags.filter(Boolean)].join(', ')
}

/** Queries sent to the database (every app here shares its client) and session checks asked of better-auth. */
function countQueries(db: Db, apps: TestApp[]) {
  const database = countDatabaseCalls(db)
  const checks = apps.map((app) => vi.spyOn(app.app.auth.api, 'getSession'))
  return {
    queries: database.calls,
    checks: () => checks.reduce((n, spy) => n + spy.mock.calls.length, 0),
    stop: () => {
      database.stop()
      for (const spy of checks) spy.mockRestore()
    },
  }
}

const member = (app: TestApp, opts: Parameters<typeof createUser>[1] = {}) =>
  createUser(app, { verify: 'mark', firstName: 'Ada', ...opts })

function post(app: TestApp, url: string, cookie: string, payload: object = {}) {
  return app.app.inject({ method: 'POST', url, headers: browserHeaders(cookie), payload })
}

describe('a signed-in request with a fresh access cookie', () => {
  let ada: SignedInUser
  let bob: SignedInUser
  beforeAll(async () => {
    ada = await member(here)
    bob = await member(here)
    await settle()
  })

  it('is answered by another process without a database query, where a bare session cookie is checked', async () => {
    const cookie = await withAccessCookie(here, ada.cookie)
    const count = countQueries(database.handle.db, [here, there])
    try {
      // `there` never saw Ada: only the cookie can answer.
      const res = await getAuthUser(there, cookie)
      expect(res.statusCode).toBe(200)
      expect(res.json().id).toBe(ada.id)
      expect(count.checks()).toBe(0)
      expect(count.queries()).toBe(0)
      // Bob's browser sends no access cookie: his first request there is checked in the database.
      expect((await getAuthUser(there, bob.cookie)).statusCode).toBe(200)
      expect(count.checks()).toBe(1)
      expect(count.queries()).toBeGreaterThan(0)
    } finally {
      count.stop()
    }
  })

  it('a process started after the cookie was made asks the database once, then trusts the cookie it gives', async () => {
    const cookie = await withAccessCookie(here, ada.cookie)
    const late = await startTestApp(database.handle.db, { listen: database.handle.listen, mailSender: QUIET_SENDER })
    try {
      await settle()
      const count = countQueries(database.handle.db, [late])
      try {
        const first = await getAuthUser(late, cookie)
        expect(first.json().id).toBe(ada.id)
        expect(count.checks()).toBe(1)
        const renewed = `${ada.cookie}; ${accessCookieOf(first)}`
        forget(late, ada.cookie)
        expect((await getAuthUser(late, renewed)).json().id).toBe(ada.id)
        expect(count.checks()).toBe(1)
      } finally {
        count.stop()
      }
    } finally {
      await late.close()
    }
  })
})

describe('every access change refuses the older cookies on the very next request', () => {
  type Change = {
    name: string
    state: 'pending' | 'approved' | 'member'
    /** Makes the change through `here`'s routes with the member's cookies; returns the cookie to try again. */
    make: (user: SignedInUser, cookie: string) => Promise<string | undefined>
    before: string
    after: string
  }
  const changes: Change[] = [
    {
      name: 'an admin approves the account',
      state: 'pending',
      make: async (user) => {
        expect((await post(here, `/api/admin/users/${user.id}/approve`, admin.cookie)).statusCode).toBe(200)
        return undefined
      },
      before: 'Ada',
      after: 'Ada, approved',
    },
    {
      name: 'an admin approves the beta request of its address',
      state: 'pending',
      make: async (user) => {
        const request = await createBetaRequest(here, { email: user.email })
        expect((await reviewBetaRequest(here, admin.cookie, request.id, 'approved')).statusCode).toBe(200)
        return undefined
      },
      before: 'Ada',
      after: 'Ada, approved',
    },
    {
      name: 'the member passes the alpha gate',
      state: 'approved',
      make: async (_user, cookie) => {
        const res = await post(here, '/api/alpha-access', cookie, { password: TEST_ALPHA_PASSWORD })
        expect(res.statusCode).toBe(200)
        return undefined
      },
      before: 'Ada, approved',
      after: 'Ada, approved, gate passed',
    },
    {
      name: 'the member renames themself',
      state: 'member',
      make: async (_user, cookie) => {
        const res = await here.app.inject({
          method: 'PATCH',
          url: '/api/profile',
          headers: browserHeaders(cookie),
          payload: { firstName: 'Augusta' },
        })
        expect(res.statusCode).toBe(200)
        return undefined
      },
      before: 'Ada, approved, gate passed',
      after: 'Augusta, approved, gate passed',
    },
    {
      name: 'the session signs out (POST /api/logout)',
      state: 'member',
      make: async (_user, cookie) => {
        const res = await post(here, '/api/logout', cookie)
        expect(res.statusCode).toBe(204)
        expect(setCookies(res)).toContain('fieldmark.access=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')
        return undefined
      },
      before: 'Ada, approved, gate passed',
      after: 'signed out',
    },
    {
      name: 'the session signs out through the identity provider',
      state: 'member',
      make: async (_user, cookie) => {
        expect((await postIdentity(here, '/sign-out', {}, cookie)).statusCode).toBe(200)
        return undefined
      },
      before: 'Ada, approved, gate passed',
      after: 'signed out',
    },
    {
      name: 'another session of the member signs out everywhere',
      state: 'member',
      make: async (user) => {
        const phone = await signIn(here, user.email, user.password)
        expect((await postIdentity(here, '/revoke-sessions', {}, phone)).statusCode).toBe(200)
        return undefined
      },
      before: 'Ada, approved, gate passed',
      after: 'signed out',
    },
    {
      name: 'another session of the member ends the other sessions',
      state: 'member',
      make: async (user) => {
        const phone = await signIn(here, user.email, user.password)
        expect((await postIdentity(here, '/revoke-other-sessions', {}, phone)).statusCode).toBe(200)
        return undefined
      },
      before: 'Ada, approved, gate passed',
      after: 'signed out',
    },
    {
      name: 'the password is reset through the e-mailed link',
      state: 'member',
      make: async (user) => {
        await postIdentity(here, '/request-password-reset', { email: user.email, redirectTo: '/reset-password' })
        const mail = (await here.mailsTo(user.email)).findLast((m) => m.subject === 'Reset your Fieldmark password')
        const landing = await here.app.inject({ method: 'GET', url: pathOf(mail?.link ?? '') })
        const token = new URL(landing.headers.location as string, here.config.baseUrl).searchParams.get('token')
        const newPassword = 'a-brand-new-Password-9'
        expect((await postIdentity(here, '/reset-password', { token, newPassword })).statusCode).toBe(200)
        return undefined
      },
      before: 'Ada, approved, gate passed',
      after: 'signed out',
    },
  ]

  const users = new Map<string, SignedInUser>()
  beforeAll(async () => {
    for (const change of changes) users.set(change.name, await member(here, { state: change.state }))
    await settle()
  })

  it.each(changes)('$name: here at once, in another process within a second', async (change) => {
    const user = users.get(change.name) as SignedInUser
    const cookie = await withAccessCookie(here, user.cookie)
    expect(await standing(there, cookie)).toBe(change.before)
    expect(await standing(here, cookie)).toBe(change.before)

    await change.make(user, cookie)

    expect(await standing(here, cookie)).toBe(change.after)
    await expect.poll(() => standing(there, cookie), { timeout: 2_000, interval: 20 }).toBe(change.after)
  })
})

describe('a change written by another process or straight in the database', () => {
  type Change = {
    name: string
    state: 'approved' | 'member'
    make: (user: SignedInUser) => Promise<unknown>
    after: string
  }
  const changes: Change[] = [
    {
      name: 'admin granted (ADMIN_EMAILS at a start)',
      state: 'member',
      make: (user) => here.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)),
      after: 'Ada, approved, gate passed, admin',
    },
    {
      name: 'approval withdrawn',
      state: 'approved',
      make: (user) => here.db.update(users).set({ betaApproved: false }).where(eq(users.id, user.id)),
      after: 'Ada',
    },
    {
      name: 'account deleted',
      state: 'member',
      make: (user) => here.db.delete(users).where(eq(users.id, user.id)),
      after: 'signed out',
    },
    {
      name: 'every session ended by an operator',
      state: 'member',
      make: (user) => here.db.delete(sessions).where(eq(sessions.userId, user.id)),
      after: 'signed out',
    },
    {
      name: 'the alpha gate passed through the other process',
      state: 'approved',
      make: (user) => post(there, '/api/alpha-access', user.cookie, { password: TEST_ALPHA_PASSWORD }),
      after: 'Ada, approved, gate passed',
    },
  ]
  const members = new Map<string, SignedInUser>()
  let root: SignedInUser
  let hidden: SignedInUser
  beforeAll(async () => {
    for (const change of changes) members.set(change.name, await member(here, { state: change.state }))
    root = await createAdmin(here, { firstName: 'Root' })
    hidden = await member(here)
    await settle()
  })

  it.each(changes)('$name: refused here and there within a second', async (change) => {
    const user = members.get(change.name) as SignedInUser
    const cookie = await withAccessCookie(here, user.cookie)
    await change.make(user)
    for (const app of [here, there]) {
      await expect.poll(() => standing(app, cookie), { timeout: 2_000, interval: 20 }).toBe(change.after)
    }
  })

  it('admin revoked: the admin routes refuse the old cookie within a second', async () => {
    const cookie = await withAccessCookie(here, root.cookie)
    const adminPage = (app: TestApp) =>
      app.app.inject({ method: 'GET', url: '/api/admin/users/pending', headers: { cookie } })
    expect((await adminPage(there)).statusCode).toBe(200)
    await here.db.update(users).set({ isAdmin: false }).where(eq(users.id, root.id))
    for (const app of [here, there]) {
      await expect.poll(async () => (await adminPage(app)).statusCode, { timeout: 2_000, interval: 20 }).toBe(403)
    }
  })

  it('a hidden profile asks the database again, though hiding changes nothing the session carries', async () => {
    const cookie = await withAccessCookie(here, hidden.cookie)
    await here.db.update(users).set({ hiddenAt: new Date() }).where(eq(users.id, hidden.id))
    await expect
      .poll(
        async () => {
          const count = countQueries(database.handle.db, [there])
          try {
            await getAuthUser(there, cookie)
            return count.checks()
          } finally {
            count.stop()
          }
        },
        { timeout: 2_000, interval: 20 },
      )
      .toBe(1)
  })
})

describe('access cookies that are not trusted', () => {
  let pending: SignedInUser
  let other: SignedInUser
  let cookies: AccessCookie
  beforeAll(async () => {
    pending = await member(here, { state: 'pending' })
    other = await member(here, { state: 'member', firstName: 'Bob' })
    cookies = new AccessCookie(here.config.sessionSecret, false)
    await settle()
  })

  /** An access cookie made here with a secret, claiming the pending member is approved and past the gate. */
  function claim(secret: string, check: Partial<SessionCheck> = {}): string {
    const now = Date.now()
    const user = { ...baseUser(), betaApproved: true, gatePassed: true }
    const issued = new AccessCookie(secret, false).issue(
      sessionValue(pending.cookie),
      { user, checkedAt: now, validUntil: now + 60_000, ...check },
      now - 1,
    )
    return `${pending.cookie}; ${issued?.split(';')[0]}`
  }
  const baseUser = () => ({
    id: pending.id,
    email: pending.email,
    firstName: 'Ada',
    lastName: pending.lastName,
    profileImageUrl: null,
    betaApproved: false,
    isAdmin: false,
    gatePassed: false,
  })

  it('one signed with SESSION_SECRET is all it takes (so the refusals below are the checks at work)', async () => {
    forget(there, pending.cookie)
    expect(await standing(there, claim(here.config.sessionSecret))).toBe('Ada, approved, gate passed')
    expect(cookies.read(claim(here.config.sessionSecret), sessionValue(pending.cookie))).toBeDefined()
  })

  it.each([
    { name: 'signed with another secret', cookie: () => claim('another-secret-0123456789abcdef0123456789') },
    { name: 'expired', cookie: () => claim(here.config.sessionSecret, { validUntil: Date.now() - 1 }) },
    {
      name: 'edited by hand',
      cookie: () => {
        const genuine = claim(here.config.sessionSecret, { user: baseUser() })
        const [format, payload, signature] = (genuine.split('fieldmark.access=')[1] as string).split('.')
        const edited = JSON.parse(Buffer.from(payload as string, 'base64url').toString())
        edited.u.betaApproved = true
        edited.u.gatePassed = true
        const forged = Buffer.from(JSON.stringify(edited)).toString('base64url')
        return `${pending.cookie}; fieldmark.access=${format}.${forged}.${signature}`
      },
    },
  ])('refuses one $name: the database answers and a genuine one replaces it', async ({ cookie }) => {
    forget(there, pending.cookie)
    const res = await getAuthUser(there, cookie())
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: pending.id, betaApproved: false, gatePassed: false })
    const fresh = accessCookieOf(res)
    expect(fresh).toBeDefined()
    expect(cookies.read(`${pending.cookie}; ${fresh}`, sessionValue(pending.cookie))?.user.betaApproved).toBe(false)
  })

  it("refuses another member's access cookie sent with one's own session", async () => {
    const bobs = await withAccessCookie(here, other.cookie)
    const mixed = `${pending.cookie}; ${bobs.split('; ')[1]}`
    forget(there, pending.cookie)
    const res = await getAuthUser(there, mixed)
    expect(res.json()).toMatchObject({ id: pending.id, firstName: 'Ada', betaApproved: false })
  })

  it('without a session cookie, an access cookie signs nobody in', async () => {
    const access = claim(here.config.sessionSecret).split('; ')[1] as string
    expect((await getAuthUser(there, access)).statusCode).toBe(401)
  })
})

describe("the identity provider's routes keep our rules", () => {
  let ada: SignedInUser
  beforeAll(async () => {
    ada = await member(here)
    await settle()
  })

  it('a session that signed out gets our 401 there too, with its old access cookie, in any process', async () => {
    const cookie = await withAccessCookie(here, ada.cookie)
    const list = (app: TestApp) =>
      app.app.inject({ method: 'GET', url: '/api/identity/list-sessions', headers: { cookie } })
    expect((await list(there)).statusCode).toBe(200)
    await post(here, '/api/logout', cookie)
    expect((await list(here)).statusCode).toBe(401)
    await expect.poll(async () => (await list(there)).statusCode, { timeout: 2_000, interval: 20 }).toBe(401)
  })

  it('a stranger with a made-up session and access cookie gets our 401', async () => {
    const cookie = `fieldmark.session_token=made-up.c2ln; fieldmark.access=a1.e30.c2ln`
    const res = await here.app.inject({ method: 'GET', url: '/api/identity/list-sessions', headers: { cookie } })
    expect(res.statusCode).toBe(401)
  })
})
