import { existsSync } from 'node:fs'
import { join } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { errorBody } from './error-handler.ts'

/** The built client, hashed assets cached for good; other GETs for HTML get index.html, unmatched API paths a 404. */
export const webClient = fp(async (app: FastifyInstance, opts: { clientDir: string | undefined }) => {
  const dir = opts.clientDir && existsSync(join(opts.clientDir, 'index.html')) ? opts.clientDir : undefined
  if (dir) {
    await app.register(fastifyStatic, {
      root: dir,
      preCompressed: true,
      // Files are looked up per request, so a rebuilt client is served without a restart.
      wildcard: true,
      index: false,
      setHeaders(res, path) {
        if (path.includes(`${join(dir, 'assets')}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable')
        } else {
          res.header('cache-control', 'no-cache')
        }
      },
    })
    // The static wildcard serves `/` itself: with an Accept-Encoding it finds index.html's .gz/.br, without one
    // (curl, monitors, link previews) it meets a directory and answers 403. The page is the same as any client route.
    app.get('/', { schema: { hide: true } }, (_req, reply) => {
      reply.header('cache-control', 'no-cache')
      return reply.sendFile('index.html', dir)
    })
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/'
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api'
    if (dir && wantsPage && !/\.[a-z0-9]+$/i.test(path)) {
      reply.header('cache-control', 'no-cache')
      return reply.sendFile('index.html', dir)
    }
    return reply.status(404).send(errorBody('NOT_FOUND', `No route ${req.method} ${path}`, undefined, req.id))
  })
})
