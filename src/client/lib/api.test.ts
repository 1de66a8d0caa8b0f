import { describe, expect, it } from 'vitest'
import { ApiError, errorMessage, fieldErrorMessage, parseErrorBody } from './api.ts'

describe('ApiError', () => {
  it('builds the docs/product.md §8 message from status and body text', () => {
    const body = '{"error":{"code":"CONFLICT","message":"Already pending"}}'
    expect(new ApiError(409, 'Conflict', body).message).toBe(`409: ${body}`)
  })

  it('falls back to the status text when the body is empty', () => {
    expect(new ApiError(502, 'Bad Gateway', '').message).toBe('502: Bad Gateway')
  })

  it('reads code, message and issues from our JSON error shape', () => {
    const err = new ApiError(
      400,
      'Bad Request',
      JSON.stringify({
        error: { code: 'BAD_REQUEST', message: 'email: invalid', issues: [{ path: 'email', message: 'x' }] },
      }),
    )
    expect(err.status).toBe(400)
    expect(err.code).toBe('BAD_REQUEST')
    expect(err.serverMessage).toBe('email: invalid')
    expect(err.issues).toEqual([{ path: 'email', message: 'x' }])
  })

  it("reads better-auth's flat {code, message}", () => {
    const err = new ApiError(403, 'Forbidden', '{"code":"EMAIL_NOT_VERIFIED","message":"Email not verified"}')
    expect(err.code).toBe('EMAIL_NOT_VERIFIED')
    expect(err.serverMessage).toBe('Email not verified')
  })
})

describe('parseErrorBody', () => {
  it('ignores bodies that are not JSON objects', () => {
    expect(parseErrorBody('<html>oops</html>')).toEqual({})
    expect(parseErrorBody('')).toEqual({})
    expect(parseErrorBody('"just a string"')).toEqual({})
  })
})

describe('errorMessage', () => {
  it("prefers the server's message", () => {
    const err = new ApiError(409, 'Conflict', '{"error":{"code":"CONFLICT","message":"Already pending"}}')
    expect(errorMessage(err, 'Please try again later')).toBe('Already pending')
  })

  it('uses the fallback for other errors', () => {
    expect(errorMessage(new TypeError('Failed to fetch'), 'Please try again later')).toBe('Please try again later')
    expect(errorMessage(new ApiError(500, 'Internal Server Error', ''), 'Nope')).toBe('Nope')
  })
})

describe('fieldErrorMessage', () => {
  const body = JSON.stringify({
    error: {
      code: 'BAD_REQUEST',
      message: 'verdict: outside your ± range',
      issues: [{ path: 'verdict', message: 'outside your ± range' }],
    },
  })

  it.each([
    ['verdict', 'outside your ± range'],
    ['reportedIn', 'verdict: outside your ± range'],
  ])("about %s reads '%s'", (field, text) => {
    expect(fieldErrorMessage(new ApiError(400, 'Bad Request', body), field, 'Try again')).toBe(text)
  })

  it('falls back when the request never reached the server', () => {
    expect(fieldErrorMessage(new TypeError('Failed to fetch'), 'verdict', 'Try again')).toBe('Try again')
  })
})
