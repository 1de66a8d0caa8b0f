import type { AddressInfo } from 'node:net'
import { createServer, type Server, type Socket } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** A message as a real SMTP server received it, parsed: both parts and the envelope. */
export type Received = { to: string[]; subject: string; text: string; html: string; parsed: ParsedMail }

/**
 * A real SMTP server (smtp-server) on 127.0.0.1: every message it accepts lands in `received`, parsed by mailparser.
 * `port` 0 picks a free one.
 */
export async function startSmtpServer(port = 0): Promise<{
  port: number
  received: Received[]
  close: () => Promise<void>
}> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            parsed,
          })
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A mail server that accepts connections and never says a word (a hung relay, a firewall eating packets). */
export async function startSilentServer(port = 0): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => {})
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function eventually<T>(
  check: () => T | undefined | Promise<T | undefined>,
  ms = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`${what} not met within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}
