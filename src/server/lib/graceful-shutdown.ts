import type { Server, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'

// server.close() would reset idle kept-alive connections whose next request is on its way; here an idle connection
// closes once quiet, and a request arriving meanwhile is answered (ADR 111).

export const QUIET_MS = 1_000
const CHECK_MS = 100

type Connection = { running: number; lastActive: number }

/** Tracks connections (call before listening); returns the graceful close: drain, then at `graceMs` cut the rest. */
export function gracefulShutdown(
  app: FastifyInstance,
  { graceMs, log }: { graceMs: number; log: FastifyBaseLogger },
): () => Promise<void> {
  const server: Server = app.server
  const connections = new Map<Socket, Connection>()
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { running: 0, lastActive: performance.now() })
    socket.once('close', () => connections.delete(socket))
  })
  server.on('request', (req, res: ServerResponse) => {
    const connection = connections.get(req.socket)
    if (!connection) return
    connection.running += 1
    res.once('close', () => {
      connection.running -= 1
      connection.lastActive = performance.now()
    })
  })

  return async () => {
    const closeIdleConnections = server.closeIdleConnections.bind(server)
    // server.close() calls this first; the sweep below does it connection by connection instead.
    server.closeIdleConnections = () => {}
    let lastSweep = performance.now()
    const sweep = setInterval(() => {
      const now = performance.now()
      // A late sweep means the event loop was busy and requests may sit unread: that time is not quiet.
      const lag = Math.max(0, now - lastSweep - CHECK_MS)
      lastSweep = now
      for (const [socket, c] of connections) {
        c.lastActive += lag
        if (c.running === 0 && now - c.lastActive >= QUIET_MS) socket.destroy()
      }
    }, CHECK_MS)
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        const cut = [...connections.values()].reduce((n, c) => n + c.running, 0)
        if (cut > 0) log.warn(`shutdown: ${cut} requests still running after ${graceMs} ms were cut`)
        closeIdleConnections()
        server.closeAllConnections()
        resolve()
      }, graceMs)
    })
    // Its preClose hooks turn /readyz to 503 (plugins/health.ts) and end the live notification streams.
    const closing = app.close()
    try {
      await Promise.race([closing, deadline])
      await closing
    } finally {
      clearInterval(sweep)
      clearTimeout(timer)
    }
  }
}
