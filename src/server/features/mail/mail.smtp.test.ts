import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deniedEmail } from '#server/features/access/access.emails.ts'
import { createMailer } from '#server/lib/mailer.ts'
import {
  aBetaRequest,
  aSignUp,
  browserHeaders,
  createAdmin,
  createBetaRequest,
  postIdentity,
  reviewBetaRequest,
  type SignedInUser,
} from '#tests/support/factories.ts'
import { eventually, type Received, startSilentServer, startSmtpServer } from '#tests/support/smtp.ts'
import { createTestApp, startTestApp, TEST_BASE_URL, type TestApp } from '#tests/support/test-app.ts'
import { enqueueMail } from './mail.outbox.ts'

// The outbox against real mail servers: smtp-server receives and mailparser reads what arrives; a silent server
// (accepts the connection, never greets) must neither hold up an answer nor lose the mail.

const SMTP_TIMEOUT_MS = 1_000
const quiet = { info: () => {}, error: () => {} }
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function smtpMailer(port: number) {
  return createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'Fieldmark <no-reply@fieldmark.test>',
    outboxDir: '/nonexistent',
    log: quiet,
    timeoutMs: SMTP_TIMEOUT_MS,
  })
}

const to = (received: Received[], address: string) => received.filter((m) => m.to.includes(address.toLowerCase()))

describe('a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>
  let t: TestApp
  let admin: SignedInUser
  beforeAll(async () => {
    smtp = await startSmtpServer()
    // Polls a minute apart: a mail that arrives within seconds went out because its request woke the sender.
    t = await createTestApp({ mailer: smtpMailer(smtp.port), mailSender: { pollMs: 60_000 } })
    admin = await createAdmin(t)
  })
  afterAll(async () => {
    await t?.close()
    await smtp?.close()
  })

  it('receives the verification mail with a text and an HTML part carrying the same link', async () => {
    const input = aSignUp({ firstName: 'Ada' })
    const res = await postIdentity(t, '/sign-up/email', { ...input, name: 'Ada L' })
    expect(res.statusCode).toBe(200)

    const [mail] = await eventually(() => nonEmpty(to(smtp.received, input.email)), 2_000, 'verification mail')
    expect(mail?.subject).toBe('Verify your Fieldmark e-mail')
    const link = /http:\/\/localhost:5000\/api\/identity\/verify-email\?token=\S+/.exec(mail?.text ?? '')?.[0]
    expect(link).toBeDefined()
    expect(mail?.text).toMatch(/^Hello Ada,/)
    expect(mail?.html).toContain(`href="${(link ?? '').replaceAll('&', '&#38;')}"`)
    expect(mail?.html).toContain('Hello Ada,')
  })

  it('receives the approval with its link to our sign-in page in both parts', async () => {
    const request = await createBetaRequest(t, { firstName: 'Jim' })
    expect((await reviewBetaRequest(t, admin.cookie, request.id, 'approved')).statusCode).toBe(200)

    const [mail] = await eventually(() => nonEmpty(to(smtp.received, request.email)), 2_000, 'approval mail')
    expect(mail?.subject).toBe('Your Fieldmark beta access is approved')
    expect(mail?.text).toContain(`${TEST_BASE_URL}/sign-in\n`)
    expect(mail?.html).toContain(`href="${TEST_BASE_URL}/sign-in"`)
    expect(mail?.parsed.from?.text).toContain('no-reply@fieldmark.test')
  })

  it('two senders on one database deliver each mail exactly once', async () => {
    const second = await startTestApp(t.db, { mailer: smtpMailer(smtp.port) })
    try {
      const addresses = Array.from({ length: 30 }, (_, i) => `once-${i}-${Date.now()}@example.test`)
      await enqueueMail(t.db, ...addresses.map((a) => deniedEmail(a, null, null)))
      t.app.mailSender.wake()
      second.app.mailSender.wake()
      await Promise.all([t.app.mailSender.idle(), second.app.mailSender.idle()])

      await eventually(() => (addresses.every((a) => to(smtp.received, a).length > 0) ? true : undefined))
      await sleep(300)
      expect(addresses.map((a) => to(smtp.received, a).length)).toEqual(addresses.map(() => 1))
    } finally {
      await second.close()
    }
  })
})

describe('a mail server that accepts connections and never answers', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>
  let t: TestApp
  let admin: SignedInUser
  beforeAll(async () => {
    silent = await startSilentServer()
    t = await createTestApp({
      mailer: smtpMailer(silent.port),
      mailSender: { pollMs: 100, retryFirstMs: 200, retryMaxMs: 400 },
    })
    admin = await createAdmin(t)
  })
  afterAll(async () => {
    await t?.close()
    await silent?.close()
  })

  it('holds up neither sign-up nor approval, and the mails arrive once a real server is back', async () => {
    const input = aSignUp()
    const request = await createBetaRequest(t)

    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now()
      const result = await call()
      return { result, ms: performance.now() - started }
    }
    const signUp = await timed(() => postIdentity(t, '/sign-up/email', { ...input, name: 'x' }))
    const review = await timed(() => reviewBetaRequest(t, admin.cookie, request.id, 'approved'))
    const repeat = await timed(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/beta-access-request',
        headers: browserHeaders(),
        payload: aBetaRequest({ email: request.email }),
      }),
    )

    expect([signUp.result.statusCode, review.result.statusCode, repeat.result.statusCode]).toEqual([200, 200, 201])
    // Far below the SMTP timeout: no answer waits on the mail server.
    for (const { ms } of [signUp, review, repeat]) expect(ms).toBeLessThan(SMTP_TIMEOUT_MS / 2)

    // The first attempts time out waiting for the greeting and are kept for a retry, listed for admins.
    await eventually(
      async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/admin/mails/failing',
          headers: browserHeaders(admin.cookie),
        })
        const recipients = res.json().map((m: { recipient: string }) => m.recipient)
        return recipients.includes(input.email) && recipients.includes(request.email) ? true : undefined
      },
      10 * SMTP_TIMEOUT_MS,
      'failed attempts listed',
    )

    // The real server comes back on the same address.
    const port = silent.port
    await silent.close()
    const smtp = await startSmtpServer(port)
    try {
      await eventually(
        () =>
          to(smtp.received, input.email).length > 0 && to(smtp.received, request.email).length >= 2 ? true : undefined,
        10_000,
        'mails after the server came back',
      )
      expect(to(smtp.received, input.email).map((m) => m.subject)).toEqual(['Verify your Fieldmark e-mail'])
      expect(
        to(smtp.received, request.email)
          .map((m) => m.subject)
          .sort(),
      ).toEqual(['You already have Fieldmark beta access', 'Your Fieldmark beta access is approved'])
    } finally {
      await smtp.close()
    }
  })
})

function nonEmpty<T>(list: T[]): T[] | undefined {
  return list.length > 0 ? list : undefined
}
