import type { FastifyReply } from 'fastify'

/**
 * Sends a body already serialized as JSON as it is; the response schema only documents it (the API tests check).
 * Gzipped or not by the request's Accept-Encoding (plugins/compression.ts), so caches are told it varies.
 */
export function sendJson<T>(reply: FastifyReply, body: string | Buffer): T {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding').send(body)
  return reply as unknown as T
}
