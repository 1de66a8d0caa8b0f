import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import { type ApiErrorBody, ApiErrorSchema } from '#shared/errors.ts'

/** Traces, file paths and library internals that must never reach a response body. */
const LEAK = /\n\s+at |\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.m?js:\d+|stack/i

export function expectNoLeak(res: LightMyRequestResponse) {
  expect(res.body, `response ${res.statusCode} leaks internals`).not.toMatch(LEAK)
}

/** The one error shape (`src/shared/errors.ts`), with the given status (and message when given), and no stack trace. */
export function expectApiError(res: LightMyRequestResponse, status: number, message?: string | RegExp): ApiErrorBody {
  expect(res.statusCode, res.body).toBe(status)
  expectNoLeak(res)
  const body = ApiErrorSchema.parse(res.json())
  if (typeof message === 'string') expect(body.error.message).toBe(message)
  else if (message) expect(body.error.message).toMatch(message)
  return body
}
