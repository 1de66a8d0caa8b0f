import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string }
export type Mailer = {
  /** Resolves once the mail server has taken the message. */
  send: (mail: Mail) => Promise<void>
  /**
   * Starts sending and returns at once; a failure is logged, never thrown. For mail sent while answering a
   * request: the answer must neither wait on the mail server nor, by its timing, reveal that a mail went out.
   */
  sendLater: (mail: Mail) => void
}

type MailLog = FastifyBaseLogger | Pick<Console, 'info' | 'error'>

function sendInBackground(mailer: Pick<Mailer, 'send'>, mail: Mail, onError: (mail: Mail, error: unknown) => void) {
  mailer.send(mail).catch((error: unknown) => onError(mail, error))
}

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox and a log line
 * carries its link, so a local run can follow verification, reset and approval links.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined
  from: string
  outboxDir: string
  log: MailLog
}): Mailer {
  const onError = (mail: Mail, error: unknown) =>
    opts.log.error({ err: error, to: mail.to, subject: mail.subject }, '[mail] not sent')
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    const mailer: Mailer = {
      async send(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
      },
      sendLater: (mail) => sendInBackground(mailer, mail, onError),
    }
    return mailer
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let sequence = 0
  const mailer: Mailer = {
    async send(mail) {
      const info = await transport.sendMail({
        from: opts.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      })
      mkdirSync(opts.outboxDir, { recursive: true })
      sequence += 1
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_')
      const file = join(opts.outboxDir, `${Date.now()}-${String(sequence).padStart(4, '0')}-${safeTo}.eml`)
      writeFileSync(file, info.message as Buffer)
      opts.log.info(`[mail] to ${mail.to}: ${mail.subject}${mail.link ? ` — ${mail.link}` : ''} (${file})`)
    },
    sendLater: (mail) => sendInBackground(mailer, mail, onError),
  }
  return mailer
}

/**
 * A mailer that keeps messages in memory, for tests. `send` may be replaced (a slow or failing mail server);
 * `sendLater` goes through it and records failures in `failed` instead of logging them.
 */
export function memoryMailer(): Mailer & { sent: Mail[]; failed: { mail: Mail; error: unknown }[] } {
  const sent: Mail[] = []
  const failed: { mail: Mail; error: unknown }[] = []
  const mailer = {
    sent,
    failed,
    async send(mail: Mail) {
      sent.push(mail)
    },
    sendLater: (mail: Mail) => sendInBackground(mailer, mail, (m, error) => failed.push({ mail: m, error })),
  }
  return mailer
}
