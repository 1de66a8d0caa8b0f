import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Undoes quoted-printable soft line breaks and escapes, enough to read links out of nodemailer's .eml files. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** The newest message to `to` whose subject matches, polled until it arrives (the server writes it asynchronously). */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, timeoutMs = 10_000): Promise<string> {
  const dir = join(dataDir, 'outbox')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml') && f.includes(to))
        .sort()
        .reverse()
      for (const f of files) {
        const raw = readFileSync(join(dir, f), 'utf8')
        const subjectLine = /^Subject: (.*)$/m.exec(raw)?.[1] ?? ''
        if (subject.test(subjectLine)) return decodeQuotedPrintable(raw)
      }
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`)
}

export function firstLink(mail: string, base: string): string {
  const escaped = base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(mail)
  if (!match) throw new Error(`no link to ${base} in mail:\n${mail}`)
  return match[0]
}
