import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type ApiErrorBody, type ApiIssue, AppError, ERROR_STATUS, type ErrorCode } from '#shared/errors.ts'

const STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
}

const FRIENDLY: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but JSON was declared',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type; send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length',
}

/** Router errors, answered before any route; their own messages would echo the URL. */
const ROUTER_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid: it holds a malformed percent-encoding',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the URL is too long',
}

export function errorBody(code: ErrorCode, message: string, issues?: ApiIssue[], requestId?: string): ApiErrorBody {
  return { error: { code, message, ...(issues ? { issues } : {}), ...(requestId ? { requestId } : {}) } }
}

/** The one place errors become responses; anything unexpected is a logged 500 without details. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // An outside service that failed (photo storage, the AI provider): the operator needs its own error.
      if (err.cause !== undefined) req.log.warn({ err: err.cause, code: err.code, url: req.url }, err.message)
      return reply.status(ERROR_STATUS[err.code]).send(errorBody(err.code, err.message, err.issues, req.id))
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body'
      const issues = err.validation.map((v) => {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.')
        return { path: path || where, message: v.message ?? 'Invalid value' }
      })
      const first = issues[0]
      const message =
        first && first.path === where && issues.length === 1
          ? `Invalid ${where}: ${first.message}`
          : `${first?.path}: ${first?.message}`
      return reply.status(400).send(errorBody('BAD_REQUEST', message, issues, req.id))
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    if (status >= 400 && status < 500) {
      const code = STATUS_CODES[status] ?? 'BAD_REQUEST'
      const message = (err.code && FRIENDLY[err.code]) || err.message || 'Bad request'
      return reply.status(status).send(errorBody(code, message, undefined, req.id))
    }
    req.log.error({ err, method: req.method, url: req.url }, 'request failed')
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong', undefined, req.id))
  })
})

/** Fastify's `frameworkErrors`: what its router refuses before any route gets the one error shape too. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500
  // No hook has run: the request id header is set here.
  reply.header('x-request-id', req.id)
  if (status >= 500) {
    req.log.error({ err, method: req.method, url: req.url }, 'request failed')
    return reply.status(500).send(errorBody('INTERNAL', 'Something went wrong', undefined, req.id))
  }
  const message = (err.code && ROUTER_MESSAGES[err.code]) || 'Bad request'
  return reply.status(status).send(errorBody(STATUS_CODES[status] ?? 'BAD_REQUEST', message, undefined, req.id))
}
