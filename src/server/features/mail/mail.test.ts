import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deniedEmail } from '#server/features/access/access.emails.ts'
import type { FailingMail } from '#shared/schemas/mail.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import {
  browserHeaders,
  createAdmin,
  createBetaRequest,
  createUnverifiedUser,
  createUser,
  postIdentity,
  reviewBetaRequest,
  type SignedInUser,
  uniqueEmail,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { enqueueMail, MailSender, retryDelayMs } from './mail.outbox.ts'
import { mailQueue } from './mail.tables.ts'

// The outbox: a mail is written with the change that causes it and handed to the mail server afterwards, retried
// with growing pauses while the server fails, shown to admins while it keeps failing, and resent on their word.

const RETRY_MS = 150
let t: TestApp
let admin: SignedInUser
let memoryDeliver: TestApp['mailer']['deliver']
beforeAll(async () => {
  t = await createTestApp({
    mailSender: { pollMs: 50, retryFirstMs: RETRY_MS, retryMaxMs: 4 * RETRY_MS, maxAttempts: 3 },
  })
  admin = await createAdmin(t)
  memoryDeliver = t.mailer.deliver
})
afterEach(() => {
  t.mailer.deliver = memoryDeliver
})
afterAll(() => t?.close())

function failingServer(message = 'connect ECONNREFUSED 127.0.0.1:25') {
  const tried: string[] = []
  t.mailer.deliver = async (mail) => {
    tried.push(mail.to)
    throw new Error(message)
  }
  return tried
}

async function failingMails(cookie = admin.cookie): Promise<FailingMail[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/mails/failing', headers: browserHeaders(cookie) })
  expect(res.statusCode).toBe(200)
  return res.json()
}

function resend(mailId: string, cookie = admin.cookie) {
  return t.app.inject({ method: 'POST', url: `/api/admin/mails/${mailId}/resend`, headers: browserHeaders(cookie) })
}

const queued = (to: string) => t.db.select().from(mailQueue).where(eq(mailQueue.recipient, to))
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('approval while the mail server fails', () => {
  it('answers 200, stores the decision, and the mail waits for a retry, listed for admins, until resent', async () => {
    const request = await createBetaRequest(t)
    failingServer()

    const res = await reviewBetaRequest(t, admin.cookie, request.id, 'approved')
    expect(res.statusCode).toBe(200)
    expect(res.json().status).toBe('approved')
    await t.app.mailSender.idle()

    const [listed] = (await failingMails()).filter((m) => m.recipient === request.email)
    expect(listed).toMatchObject({
      subject: 'Your Fieldmark beta access is approved',
      lastError: 'connect ECONNREFUSED 127.0.0.1:25',
    })
    // Retries come every 150 ms here, so a slow machine may already have made the second attempt.
    expect(listed?.attempts).toBeGreaterThanOrEqual(1)
    expect(listed?.nextAttemptAt).not.toBeNull()
    // A retry of the admin's click is a 409 for the decision, and writes no second mail.
    expectApiError(await reviewBetaRequest(t, admin.cookie, request.id, 'approved'), 409)
    expect(await queued(request.email)).toHaveLength(1)

    t.mailer.deliver = memoryDeliver
    const again = await resend(listed?.id ?? '')
    expect(again.statusCode).toBe(200)
    expect(await t.mailsTo(request.email)).toMatchObject([{ subject: 'Your Fieldmark beta access is approved' }])
    expect(await queued(request.email)).toEqual([])
    expect((await failingMails()).map((m) => m.recipient)).not.toContain(request.email)
  })

  it('retries with growing pauses, keeps the last error, and stops after the last attempt until resent', async () => {
    const email = uniqueEmail('retry')
    const tried = failingServer('greeting never received')
    await enqueueMail(t.db, deniedEmail(email, 'Ada', null))
    t.app.mailSender.wake()

    // Attempts at 0, +150 ms and +300 ms (maxAttempts 3); then no more.
    const deadline = Date.now() + 5_000
    while (tried.filter((to) => to === email).length < 3 && Date.now() < deadline) await sleep(20)
    await sleep(4 * RETRY_MS)
    await t.app.mailSender.idle()
    expect(tried.filter((to) => to === email)).toHaveLength(3)
    const [row] = await queued(email)
    expect(row).toMatchObject({ attempts: 3, lastError: 'greeting never received', nextAttemptAt: null })

    const [listed] = (await failingMails()).filter((m) => m.recipient === email)
    expect(listed).toMatchObject({ attempts: 3, nextAttemptAt: null })
    const metrics = await t.app.metrics.text()
    expect(Number(/^fieldmark_mail_failures_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(3)
    expect(Number(/^fieldmark_mail_stopped (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1)
    t.mailer.deliver = memoryDeliver
    expect((await resend(row?.id ?? '')).statusCode).toBe(200)
    expect(await t.mailsTo(email)).toHaveLength(1)
  })

  it('the pauses double from the first one up to the largest', () => {
    const options = { retryFirstMs: 30_000, retryMaxMs: 3_600_000 }
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelayMs(n, options))).toEqual([
      30_000, 60_000, 120_000, 240_000, 3_600_000, 3_600_000,
    ])
  })
})

describe('a sender that died mid-send', () => {
  it('leaves its mail leased until the lease runs out; then another sender delivers it', async () => {
    const email = uniqueEmail('lease')
    // What a process killed after claiming leaves behind: one attempt counted, the lease still running. Queued and
    // leased in one transaction, so that this app's own sender cannot claim it in between.
    await t.db.transaction(async (tx) => {
      await enqueueMail(tx, deniedEmail(email, null, null))
      await tx
        .update(mailQueue)
        .set({ attempts: 1, leasedUntil: sql`clock_timestamp() + interval '1 second'` })
        .where(eq(mailQueue.recipient, email))
    })

    await sleep(300)
    expect(await t.mailsTo(email)).toEqual([])
    await expect.poll(() => t.mailsTo(email), { timeout: 5_000, interval: 50 }).toHaveLength(1)
    expect(await queued(email)).toEqual([])
  })
})

describe('a mail and its change share one transaction', () => {
  it('a change that is rolled back leaves no mail', async () => {
    const email = uniqueEmail('rollback')
    await expect(
      t.db.transaction(async (tx) => {
        await enqueueMail(tx, deniedEmail(email, null, null))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await queued(email)).toEqual([])
  })
})

describe('the failing mails of the admin screen', () => {
  it('is for admins only', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/mails/failing',
      headers: browserHeaders(member.cookie),
    })
    expectApiError(list, 403)
    expectApiError(await resend('00000000-0000-4000-8000-000000000000', member.cookie), 403)
  })

  it('names the field of a bad id, and a mail no longer waiting is a 404', async () => {
    const bad = expectApiError(await resend('not-a-uuid'), 400)
    expect(JSON.stringify(bad)).toContain('mailId')
    expectApiError(await resend('00000000-0000-4000-8000-000000000000'), 404)
  })

  it('shows the HTML part escaping what people wrote', async () => {
    const mail = deniedEmail('x@example.test', 'Ada', '<img src=x onerror=alert(1)> & "quotes"')
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; &#38; &#34;quotes&#34;')
    expect(mail.html).not.toContain('<img')
    expect(mail.text).toContain('<img src=x onerror=alert(1)> & "quotes"')
  })
})

describe('POST /api/identity/send-verification-email (the sign-in page’s "send the link again")', () => {
  const ask = (email: string) => postIdentity(t, '/send-verification-email', { email, callbackURL: '/' })

  it('mails a new link to an unverified address, and answers the same for unknown and verified ones', async () => {
    const unverified = await createUnverifiedUser(t)
    expect(unverified.signInStatus).toBe(403)
    const verified = await createUser(t, { state: 'member', verify: 'mark' })
    const before = (await t.mailsTo(unverified.email)).length
    const verifiedBefore = (await t.mailsTo(verified.email)).length

    const answers = await Promise.all([ask(unverified.email), ask(uniqueEmail('nobody')), ask(verified.email)])

    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200])
    expect(new Set(answers.map((r) => r.body)).size).toBe(1)
    const mails = (await t.mailsTo(unverified.email)).slice(before)
    expect(mails.map((m) => m.subject)).toEqual(['Verify your Fieldmark e-mail'])
    expect(mails[0]?.link).toMatch(/^http:\/\/localhost:5000\/api\/identity\/verify-email\?token=/)
    expect(await t.mailsTo(verified.email)).toHaveLength(verifiedBefore)
  })
})

describe('asking for the verification mail again is limited like a reset', () => {
  let limited: TestApp
  beforeAll(async () => {
    limited = await createTestApp({ rateLimits: { passwordReset: { max: 2, windowMs: 60_000 } } })
  })
  afterAll(() => limited?.close())

  it('answers 429 past the limit, and a reset keeps its own count', async () => {
    const ask = () => postIdentity(limited, '/send-verification-email', { email: uniqueEmail('again') })
    expect([(await ask()).statusCode, (await ask()).statusCode, (await ask()).statusCode]).toEqual([200, 200, 429])
    const reset = await postIdentity(limited, '/request-password-reset', { email: uniqueEmail('reset') })
    expect(reset.statusCode).toBe(200)
  })
})

describe('closing a sender', () => {
  // An app of its own whose sender only runs when asked (mailsTo): the hung sender below is the only one claiming.
  let quiet: TestApp
  beforeAll(async () => {
    quiet = await createTestApp({ mailSender: { pollMs: 600_000 } })
  })
  afterAll(() => quiet?.close())

  it('does not wait on a hung mail server; the mail stays leased and is sent later', async () => {
    const email = uniqueEmail('closing')
    let started = false
    const hung = new MailSender({
      db: quiet.db,
      mailer: {
        deliver: () => {
          started = true
          return new Promise<void>(() => {})
        },
      },
      log: { info: () => {}, warn: () => {}, error: () => {} },
      options: { closeWaitMs: 200, leaseMs: 400 },
    })
    await enqueueMail(quiet.db, deniedEmail(email, null, null))
    hung.wake()
    const deadline = Date.now() + 5_000
    while (!started && Date.now() < deadline) await sleep(10)
    expect(started).toBe(true)

    const closing = performance.now()
    await hung.close()
    expect(performance.now() - closing).toBeLessThan(1_000)
    const [row] = await quiet.db.select().from(mailQueue).where(eq(mailQueue.recipient, email))
    expect(row?.attempts).toBe(1)
    expect(row?.leasedUntil).not.toBeNull()

    await sleep(500)
    expect(await quiet.mailsTo(email)).toHaveLength(1)
  })
})
