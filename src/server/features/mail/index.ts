// What other features may use of mail: they import it from here, never from its files (biome.json).

export type { MailSender } from './mail.outbox.ts'
export { enqueueMail } from './mail.outbox.ts'
