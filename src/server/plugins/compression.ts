import compress from '@fastify/compress'
import fp from 'fastify-plugin'

/**
 * Answers of 1 KB and more gzipped for a client that asks (q=0 refuses), before any route is added. Gzip only: every
 * client takes it and it is cheap per answer. Hijacked replies (the notification stream) never pass through it.
 */
export const compression = fp(async (app) => {
  await app.register(compress, { encodings: ['gzip'], threshold: 1024, globalDecompression: false })
})
