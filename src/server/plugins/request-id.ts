import { randomUUID } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

// A proxy's sane X-Request-Id or a new UUID; it is on every log line, in the response header and in error bodies.

export const REQUEST_ID_HEADER = 'x-request-id'
/** Short printable ids only: the header ends up in logs and response bodies. */
const SANE_ID = /^[A-Za-z0-9._:-]{1,64}$/

export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers[REQUEST_ID_HEADER]
  return typeof incoming === 'string' && SANE_ID.test(incoming) ? incoming : randomUUID()
}

export const requestIds = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id)
    done()
  })
})
