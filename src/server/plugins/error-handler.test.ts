import { Writable } from 'node:stream'
import Fastify from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, ERROR_CODES, ERROR_STATUS } from '#shared/errors.ts'
import { expectApiError } from '#tests/support/assertions.ts'
import { errorHandler } from './error-handler.ts'

// The error handler on its own small Fastify instance: no database, and routes that fail on purpose.

const logLines: Record<string, unknown>[] = []
const logStream = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logLines.push(JSON.parse(line))
    done()
  },
})

async function buildFailingApp() {
  const app = Fastify({ loggerInstance: pino(logStream), bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  await app.register(errorHandler)

  app.get('/crash', async () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2')
  })
  app.get('/crash-sync', () => {
    JSON.parse('{not json')
  })
  app.get('/unavailable', async () => {
    throw Object.assign(new Error('upstream pool exhausted'), { statusCode: 503 })
  })
  app.get('/app-error/:code', async (req) => {
    const { code } = req.params as { code: (typeof ERROR_CODES)[number] }
    throw new AppError(code, `app error ${code}`)
  })
  app.post(
    '/validated',
    { schema: { body: z.object({ name: z.string().min(1, 'Name is required'), age: z.number().int() }) } },
    async () => ({ ok: true }),
  )
  app.get('/validated-query', { schema: { querystring: z.object({ page: z.coerce.number().int() }) } }, async () => ({
    ok: true,
  }))
  return app
}

let app: Awaited<ReturnType<typeof buildFailingApp>>
beforeAll(async () => {
  app = await buildFailingApp()
})
afterAll(() => app?.close())

describe('unexpected errors', () => {
  it.each(['/crash', '/crash-sync'])('%s answers a bare 500 without message or stack', async (url) => {
    const res = await app.inject({ method: 'GET', url })

    expect(res.json()).toEqual({
      error: { code: 'INTERNAL', message: 'Something went wrong', requestId: res.json().error.requestId },
    })
    expect(res.json().error.requestId).toEqual(expect.any(String))
    expectApiError(res, 500, 'Something went wrong')
    expect(res.body).not.toContain('hunter2')
    expect(res.body).not.toContain('ECONNREFUSED')
  })

  it('logs the failure with method, URL and the error for operators', async () => {
    logLines.length = 0
    await app.inject({ method: 'GET', url: '/crash?x=1' })

    const entry = logLines.find((l) => l.msg === 'request failed')
    expect(entry).toMatchObject({ method: 'GET', url: '/crash?x=1', level: 50 })
    const err = entry?.err as { stack?: string } | undefined
    expect(err?.stack).toContain('ECONNREFUSED')
  })

  it('hides server-side statuses (5xx) behind the same 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/unavailable' })
    expectApiError(res, 500, 'Something went wrong')
    expect(res.body).not.toContain('pool')
  })
})

describe('expected errors', () => {
  it.each(ERROR_CODES.map((code) => [code, ERROR_STATUS[code]] as const))(
    'AppError %s answers %i with its code and message',
    async (code, status) => {
      const res = await app.inject({ method: 'GET', url: `/app-error/${code}` })
      const body = expectApiError(res, status, `app error ${code}`)
      expect(body.error.code).toBe(code)
    },
  )

  it('a validation failure answers 400 naming each field', async () => {
    const res = await app.inject({ method: 'POST', url: '/validated', payload: { name: '', age: 'old' } })
    const body = expectApiError(res, 400)
    expect(body.error.code).toBe('BAD_REQUEST')
    expect(body.error.issues).toEqual(
      expect.arrayContaining([{ path: 'name', message: 'Name is required' }, expect.objectContaining({ path: 'age' })]),
    )
    expect(body.error.message).toBe('name: Name is required')
  })

  it('a query-string failure names the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/validated-query?page=abc' })
    const body = expectApiError(res, 400)
    expect(body.error.issues?.[0]?.path).toBe('page')
  })

  it.each([
    ['invalid JSON', 'application/json', '{"name":', 400, 'The request body is not valid JSON'],
    ['empty JSON', 'application/json', '', 400, 'The request body is empty but JSON was declared'],
    ['an unsupported media type', 'application/xml', '<a/>', 415, 'Unsupported content type; send JSON'],
    [
      'a body over the limit',
      'application/json',
      JSON.stringify({ name: 'x'.repeat(2048), age: 1 }),
      413,
      'The request body is too large',
    ],
  ] as const)('%s answers %i with a friendly message', async (_name, contentType, payload, status, message) => {
    const res = await app.inject({
      method: 'POST',
      url: '/validated',
      headers: { 'content-type': contentType },
      payload,
    })
    expectApiError(res, status, message)
  })
})
