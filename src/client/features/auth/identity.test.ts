import { describe, expect, it } from 'vitest'
import { emailError, nameError, passwordError } from './identity.ts'

describe('emailError', () => {
  it('requires a plausible address', () => {
    expect(emailError('')).toBe('Email is required')
    expect(emailError('nope')).toBe('Please enter a valid email')
    expect(emailError(' ada@example.com ')).toBeUndefined()
  })
})

describe('passwordError', () => {
  it('asks for at least 8 characters', () => {
    expect(passwordError('')).toBe('Password is required')
    expect(passwordError('1234567')).toBe('Password must be at least 8 characters')
    expect(passwordError('12345678')).toBeUndefined()
  })
})

describe('nameError', () => {
  it('requires a name of at most 60 characters, like the profile', () => {
    expect(nameError('First name', '  ')).toBe('First name is required')
    expect(nameError('First name', ` ${'a'.repeat(60)} `)).toBeUndefined()
    expect(nameError('Last name', 'a'.repeat(61))).toBe('Last name must be at most 60 characters')
  })
})
