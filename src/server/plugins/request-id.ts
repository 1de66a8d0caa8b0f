import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

// Every request has an id: a proxy's X-Request-Id when it looks like one, else a new UUID. It is on every log line
// of the request (Fastify's per-request child logger, as `reqId`), in the X-Request-Id response header and in error
// bodies (error-handler.ts), so a member's "it failed" can be found in the log.

export const REQUEST_ID_HEADER = 'x-request-id'
/** Short printable ids only: the header ends up in logs and response bodies. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/

/** Fastify's genReqId. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID()
}

/** Echoes the id in the response header. */
export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id)
    done()
  })
})
