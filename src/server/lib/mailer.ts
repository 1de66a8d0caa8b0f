import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

/** One message: a plain-text part and an HTML part; `link` is its main link, logged when mail goes to files. */
export type Mail = { to: string; subject: string; text: string; html: string; link?: string | undefined }

/** Hands one message to the mail server. Only the outbox's sender calls it; requests write to the outbox table. */
export type Mailer = { deliver: (mail: Mail) => Promise<void> }

type MailLog = FastifyBaseLogger | Pick<Console, 'info' | 'error'>

export const DEFAULT_SMTP_TIMEOUT_MS = 10_000

/** SMTP when SMTP_URL is set, else .eml files in DATA_DIR/outbox with each link logged (for local runs). */
export function createMailer(opts: {
  smtpUrl: string | undefined
  from: string
  outboxDir: string
  log: MailLog
  timeoutMs?: number
}): Mailer {
  if (opts.smtpUrl) {
    const timeoutMs = opts.timeoutMs ?? DEFAULT_SMTP_TIMEOUT_MS
    // Without these nodemailer waits minutes on a server that accepts the connection and never answers.
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
    })
    return {
      async deliver(mail) {
        await transport.sendMail({
          from: opts.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        })
      },
    }
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  let sequence = 0
  return {
    async deliver(mail) {
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
  }
}

/** A mail server in memory, for tests: delivered messages land in `sent`; `deliver` may be replaced. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return {
    sent,
    async deliver(mail: Mail) {
      sent.push(mail)
    },
  }
}
