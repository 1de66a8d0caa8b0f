import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { Db, Tx } from '#server/db/client.ts'
import type { Mail, Mailer } from '#server/lib/mailer.ts'
import { mailQueue } from './mail.tables.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mailSender: MailSender
  }
}

// Mail is written in the transaction of its change and sent afterwards by every process (ADR 011): at least once,
// since a row is deleted only after the mail server took it.

export type SenderOptions = {
  /** How often to look for mail this process did not enqueue (other processes', retries); default 5 s. */
  pollMs: number
  /** The pause after the first failure, doubled after each further one up to `retryMaxMs`. */
  retryFirstMs: number
  retryMaxMs: number
  maxAttempts: number
  /** How long a claimed mail stays this sender's: longer than any send can take with the SMTP timeouts. */
  leaseMs: number
  batch: number
  /** How long closing waits for sends in progress; a send still running then is retried once its lease ends. */
  closeWaitMs: number
}

export const DEFAULT_SENDER: SenderOptions = {
  pollMs: 5_000,
  retryFirstMs: 30_000,
  retryMaxMs: 60 * 60_000,
  maxAttempts: 12,
  leaseMs: 5 * 60_000,
  batch: 10,
  closeWaitMs: 3_000,
}

type MailLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>
type QueuedMail = typeof mailQueue.$inferSelect

/** Writes mails to the outbox; call it with the transaction of the change that causes them, then `wake()`. */
export async function enqueueMail(db: Db | Tx, ...mails: Mail[]): Promise<void> {
  if (mails.length === 0) return
  await db
    .insert(mailQueue)
    .values(
      mails.map((m) => ({ recipient: m.to, subject: m.subject, text: m.text, html: m.html, link: m.link ?? null })),
    )
}

export function retryDelayMs(attempts: number, options: Pick<SenderOptions, 'retryFirstMs' | 'retryMaxMs'>): number {
  return Math.min(options.retryMaxMs, options.retryFirstMs * 2 ** Math.max(0, attempts - 1))
}

const ERROR_MAX = 500

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  return text.length > ERROR_MAX ? `${text.slice(0, ERROR_MAX - 1)}…` : text
}

/** One process's sender: claims due mails FOR UPDATE SKIP LOCKED, sends outside any transaction, one pass at a time. */
export class MailSender {
  readonly #db: Db
  readonly #mailer: Mailer
  readonly #log: MailLog
  readonly #options: SenderOptions
  readonly #onFailure: () => void
  #running: Promise<void> | undefined
  #again = false
  #timer: NodeJS.Timeout | undefined
  #closed = false

  constructor(opts: {
    db: Db
    mailer: Mailer
    log: MailLog
    options?: Partial<SenderOptions> | undefined
    onFailure?: () => void
  }) {
    this.#db = opts.db
    this.#mailer = opts.mailer
    this.#log = opts.log
    this.#options = { ...DEFAULT_SENDER, ...opts.options }
    this.#onFailure = opts.onFailure ?? (() => {})
  }

  get options(): Readonly<SenderOptions> {
    return this.#options
  }

  /** Starts a pass now (or right after the running one): this process just enqueued mail. */
  wake(): void {
    if (this.#closed) return
    if (this.#running) {
      this.#again = true
      return
    }
    this.#running = this.#loop().finally(() => {
      this.#running = undefined
      this.#schedule()
    })
  }

  /** Resolves once no mail is due that this sender could claim: everything enqueued so far was tried. */
  async idle(): Promise<void> {
    this.wake()
    while (this.#running) await this.#running
  }

  /** Stops polling and waits at most `closeWaitMs` for sends in progress; unsent mail stays for another process. */
  async close(): Promise<void> {
    this.#closed = true
    clearTimeout(this.#timer)
    let timer: NodeJS.Timeout | undefined
    const givenUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.#options.closeWaitMs)
    })
    try {
      while (this.#running) {
        const outcome = await Promise.race([
          this.#running.then(() => 'done' as const),
          givenUp.then(() => 'late' as const),
        ])
        if (outcome === 'late') {
          this.#log.warn('[mail] closing while a send is still in progress; it is retried once its lease ends')
          return
        }
      }
    } finally {
      clearTimeout(timer)
    }
  }

  #schedule() {
    clearTimeout(this.#timer)
    if (this.#closed) return
    this.#timer = setTimeout(() => this.wake(), this.#options.pollMs)
    this.#timer.unref()
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false
      try {
        for (;;) {
          const claimed = await this.#claim()
          if (claimed.length === 0) break
          await Promise.all(claimed.map((mail) => this.#send(mail)))
          if (this.#closed) return
        }
      } catch (error) {
        // The database is away (a restart, a failover): the next poll tries again.
        this.#log.error({ err: error }, '[mail] outbox not read')
        return
      }
    } while (this.#again && !this.#closed)
  }

  async #claim(): Promise<QueuedMail[]> {
    const due = this.#db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(
        and(
          lte(mailQueue.nextAttemptAt, sql`now()`),
          or(isNull(mailQueue.leasedUntil), lt(mailQueue.leasedUntil, sql`now()`)),
        ),
      )
      .orderBy(asc(mailQueue.nextAttemptAt))
      .limit(this.#options.batch)
      .for('update', { skipLocked: true })
    return this.#db
      .update(mailQueue)
      .set({
        leasedUntil: sql`now() + ${this.#options.leaseMs} * interval '1 millisecond'`,
        attempts: sql`${mailQueue.attempts} + 1`,
        lastAttemptAt: sql`now()`,
      })
      .where(inArray(mailQueue.id, due))
      .returning()
  }

  async #send(row: QueuedMail): Promise<void> {
    const mail: Mail = {
      to: row.recipient,
      subject: row.subject,
      text: row.text,
      html: row.html,
      link: row.link ?? undefined,
    }
    try {
      await this.#mailer.deliver(mail)
    } catch (error) {
      this.#onFailure()
      const last = row.attempts >= this.#options.maxAttempts
      const delay = retryDelayMs(row.attempts, this.#options)
      this.#log.warn(
        { err: error, to: row.recipient, subject: row.subject, attempt: row.attempts },
        last ? '[mail] not sent; waiting for an admin to resend it' : `[mail] not sent; retrying in ${delay} ms`,
      )
      // Only while the lease is still ours: a slower attempt must not overwrite a newer one's outcome.
      await this.#db
        .update(mailQueue)
        .set({
          leasedUntil: null,
          lastError: errorText(error),
          nextAttemptAt: last ? null : sql`now() + ${delay} * interval '1 millisecond'`,
        })
        .where(and(eq(mailQueue.id, row.id), eq(mailQueue.attempts, row.attempts)))
      return
    }
    await this.#db.delete(mailQueue).where(eq(mailQueue.id, row.id))
  }
}

/** The outbox's rows: still to be tried (`waiting`) and given up until an admin resends them (`stopped`). */
export async function queueCounts(db: Db): Promise<{ waiting: number; stopped: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`(count(*) filter (where ${isNotNull(mailQueue.nextAttemptAt)}))::int`,
      stopped: sql<number>`(count(*) filter (where ${isNull(mailQueue.nextAttemptAt)}))::int`,
    })
    .from(mailQueue)
  return { waiting: row?.waiting ?? 0, stopped: row?.stopped ?? 0 }
}

/** Starts this app's sender (`app.mailSender`) with the app, closes it with the app, and registers its metrics. */
export function startMailSender(
  app: FastifyInstance,
  opts: { db: Db; mailer: Mailer; options?: Partial<SenderOptions> | undefined },
): MailSender {
  const failures = app.metrics.counter('fieldmark_mail_failures_total', 'Mail deliveries that failed (retried later)')
  const sender = new MailSender({ ...opts, log: app.log, onFailure: () => failures.inc() })
  app.metrics.gauge(
    'fieldmark_mail_queue_depth',
    'Mails in the outbox waiting to be sent or retried',
    async () => (await queueCounts(opts.db)).waiting,
    [],
    'max',
  )
  app.metrics.gauge(
    'fieldmark_mail_stopped',
    'Mails that failed too often and wait for an admin to resend them',
    async () => (await queueCounts(opts.db)).stopped,
    [],
    'max',
  )
  app.decorate('mailSender', sender)
  app.addHook('onReady', async () => sender.wake())
  app.addHook('onClose', () => sender.close())
  return sender
}
