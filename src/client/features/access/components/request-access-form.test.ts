import { describe, expect, it } from 'vitest'
import { EMPTY_REQUEST_ACCESS, fieldErrors, validateRequestAccess } from './request-access-form.ts'

describe('validateRequestAccess', () => {
  it("gives docs/product.md's message for every required field", () => {
    const result = validateRequestAccess(EMPTY_REQUEST_ACCESS)
    expect(result).toEqual({
      ok: false,
      errors: {
        email: 'Email is required',
        firstName: 'First name is required',
        lastName: 'Last name is required',
        huntingExperience: 'Please select your experience level',
        location: 'Location is required',
      },
    })
  })

  it('asks for a valid email', () => {
    const result = validateRequestAccess({ ...EMPTY_REQUEST_ACCESS, email: 'not-an-email' })
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.errors.email).toBe('Please enter a valid email')
  })

  it('accepts a complete request without a reason', () => {
    const result = validateRequestAccess({
      email: ' Ada@Example.com ',
      firstName: 'Ada',
      lastName: 'Ridge',
      huntingExperience: 'advanced',
      location: 'Montana',
      reason: '  ',
    })
    expect(result).toEqual({
      ok: true,
      data: {
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Ridge',
        huntingExperience: 'advanced',
        location: 'Montana',
      },
    })
  })
})

describe('fieldErrors', () => {
  it("maps the server's issues to fields and ignores unknown paths", () => {
    expect(
      fieldErrors([
        { path: 'email', message: 'Bad email' },
        { path: 'body', message: 'Whole body wrong' },
      ]),
    ).toEqual({ email: 'Bad email' })
  })
})
