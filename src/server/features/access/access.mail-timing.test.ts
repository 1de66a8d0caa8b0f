import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { RESET_ANSWER_FLOOR_MS } from '#server/features/auth/auth.ts'
import { mailQueue } from '#server/features/mail/mail.tables.ts'
import type { Mail } from '#server/lib/mailer.ts'
import {
  aBetaRequest,
  aSignUp,
  browserHeaders,
  createBetaRequest,
  createUser,
  uniqueEmail,
} from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Mail written while answering a request goes out after the answer, through the outbox: a slow, stuck or failing
// mail server must not hold up the answer, nor make a known address answer differently from an unknown one.

let t: TestApp
let memoryDeliver: TestApp['mailer']['deliver']
beforeAll(async () => {
  t = await createTestApp()
  memoryDeliver = t.mailer.deliver
})
afterEach(() => {
  t.mailer.deliver = memoryDeliver
})
afterAll(() => t?.close())

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, headers: browserHeaders(), payload })
}

const requestReset = (email: string) =>
  post('/api/identity/request-password-reset', { email, redirectTo: '/reset-password' })

/** A mail server that takes `ms` to accept each message (then it lands in the memory outbox). */
function slowMailServer(ms: number) {
  return async (mail: Mail) => {
    await new Promise((resolve) => setTimeout(resolve, ms))
    await memoryDeliver(mail)
  }
}

/** A mail server that accepts nothing until released (then the messages land in the memory outbox). */
function stuckMailServer() {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  const deliver = async (mail: Mail) => {
    await released
    await memoryDeliver(mail)
  }
  return { release, deliver }
}

/** The answer, or a failure if it took longer than `ms` (it would be waiting on the mail server). */
async function within<T>(ms: number, answer: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([answer, late])
  } finally {
    clearTimeout(timer)
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number

describe('POST /api/identity/request-password-reset timing', () => {
  it('answers a known and an unknown address in the same time, not waiting on a slow mail server', async () => {
    const user = await createUser(t, { state: 'member', verify: 'mark' })
    t.mailer.deliver = slowMailServer(300)
    const timed = async (email: string) => {
      const started = performance.now()
      const res = await requestReset(email)
      expect(res.statusCode).toBe(200)
      return performance.now() - started
    }

    const known: number[] = []
    const unknown: number[] = []
    for (let i = 0; i < 10; i++) {
      known.push(await timed(user.email))
      unknown.push(await timed(uniqueEmail('nobody')))
    }

    // setTimeout may fire up to a millisecond before the wall clock says the floor has passed.
    for (const ms of [...known, ...unknown]) expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 1)
    expect(median(known)).toBeLessThan(RESET_ANSWER_FLOOR_MS + 100)
    expect(median(unknown)).toBeLessThan(RESET_ANSWER_FLOOR_MS + 100)
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(25)
    expect((await t.mailsTo(user.email)).filter((m) => m.subject === 'Reset your Fieldmark password')).toHaveLength(10)
  })
})

describe('a mail server that accepts nothing', () => {
  it('holds up no answer that sends mail', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    const applicant = await createBetaRequest(t)
    const server = stuckMailServer()
    t.mailer.deliver = server.deliver
    const sentBefore = t.mailer.sent.length
    const newcomer = aSignUp()

    const answers = await within(
      5_000,
      Promise.all([
        post('/api/identity/sign-up/email', { ...newcomer, name: 'x' }),
        post('/api/identity/sign-up/email', { ...aSignUp({ email: member.email }), name: 'x' }),
        requestReset(member.email),
        post('/api/beta-access-request', aBetaRequest({ email: applicant.email })),
        post('/api/beta-access-request', aBetaRequest({ email: member.email })),
      ]),
    )
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 201, 201])
    server.release()
    await t.app.mailSender.idle()
    expect(
      t.mailer.sent
        .slice(sentBefore)
        .map((m) => [m.to, m.subject])
        .sort(),
    ).toEqual(
      [
        [newcomer.email, 'Verify your Fieldmark e-mail'],
        [member.email, 'You already have a Fieldmark account'],
        [member.email, 'Reset your Fieldmark password'],
        [applicant.email, 'Your Fieldmark beta access request is still pending'],
        [member.email, 'You already have Fieldmark beta access'],
      ].sort(),
    )
  })

  it('answers as usual when sending fails, and the mail waits in the outbox for a retry', async () => {
    const member = await createUser(t, { state: 'member', verify: 'mark' })
    t.mailer.deliver = async () => {
      throw new Error('mail server down')
    }

    const res = await requestReset(member.email)

    expect(res.statusCode).toBe(200)
    await t.app.mailSender.idle()
    const rows = await t.db.select().from(mailQueue).where(eq(mailQueue.recipient, member.email))
    expect(rows.map((r) => [r.subject, r.attempts, r.lastError])).toEqual([
      ['Reset your Fieldmark password', 1, 'mail server down'],
    ])
    expect(rows[0]?.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now())
  })
})
