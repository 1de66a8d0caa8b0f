import { describe, expect, it } from 'vitest'
import { connectErrorText, emailError, nameError, passwordError, singleSignOnErrorText } from './identity.ts'

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

describe('singleSignOnErrorText', () => {
  it('tells the owner of an existing account to sign in with the password and connect in Settings', () => {
    expect(singleSignOnErrorText('account_not_linked')).toBe(
      'An account with this e-mail exists: sign in with your password, then connect single sign-on in Settings.',
    )
  })

  it('says when the provider is down, and reads any other code as a failed round trip', () => {
    expect(singleSignOnErrorText('provider_unavailable')).toMatch(/not answering right now/)
    expect(singleSignOnErrorText('state_not_found')).toBe(
      'Single sign-on did not complete. Please try again, or sign in with your e-mail.',
    )
    expect(singleSignOnErrorText('<script>')).toBeNull()
  })
})

describe('connectErrorText', () => {
  it('explains why Settings could not connect the provider', () => {
    expect(connectErrorText('email_does_not_match')).toMatch(/different e-mail address/)
    expect(connectErrorText('account_already_linked_to_different_user')).toMatch(/another Fieldmark account/)
    expect(connectErrorText('unable_to_link_account')).toMatch(/not confirmed your e-mail/)
    expect(connectErrorText('Weird Code')).toBe('Could not connect single sign-on. Please try again.')
  })
})
