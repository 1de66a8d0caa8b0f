import { describe, expect, it } from 'vitest'
import { displayName, fullName, initials } from './user-name.ts'

describe('displayName', () => {
  it('shows the full name when both names exist', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Ridge', email: 'ada@example.com' })).toBe('Ada Ridge')
  })

  it('shows the email when a name part is missing', () => {
    expect(displayName({ firstName: 'Ada', lastName: null, email: 'ada@example.com' })).toBe('ada@example.com')
    expect(displayName({ firstName: ' ', lastName: 'Ridge', email: 'ada@example.com' })).toBe('ada@example.com')
  })

  it("shows 'User' when there is neither name nor email", () => {
    expect(displayName({ firstName: null, lastName: null, email: '' })).toBe('User')
    expect(displayName(null)).toBe('User')
  })
})

describe('fullName', () => {
  it('is null unless both names exist', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Ridge' })).toBe('Ada Ridge')
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBeNull()
  })
})

describe('initials', () => {
  it('takes the first letters of the names', () => {
    expect(initials({ firstName: 'ada', lastName: 'ridge', email: 'x@y.z' })).toBe('AR')
  })

  it('falls back to the e-mail, then to U', () => {
    expect(initials({ firstName: null, lastName: null, email: 'jo@example.com' })).toBe('JO')
    expect(initials({ firstName: null, lastName: null, email: '' })).toBe('U')
  })
})
