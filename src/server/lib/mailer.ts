import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyBaseLogger } from 'fastify'
import nodemailer from 'nodemailer'

export type Mail = { to: string; subject: string; text: string; html?: string; link?: string }
export type Mailer = { send: (mail: Mail) => Promise<void> }

/**
 * SMTP when SMTP_URL is set; otherwise each message becomes an .eml file in DATA_DIR/outbox and a log line
 * carries its link, so a local run can follow verification, reset and approval links.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined
  from: string
  outboxDir: string
  log: FastifyBaseLogger | Pick<Console, 'info'>
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      async send(mail) {
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
  }
}

/** A mailer that keeps messages in memory, for tests. */
export function memoryMailer(): Mailer & { sent: Mail[] } {
  const sent: Mail[] = []
  return {
    sent,
    async send(mail) {
      sent.push(mail)
    },
  }
}
