import { describe, expect, it } from 'vitest'
import { memberName } from './member-name.ts'

describe('memberName', () => {
  it.each([
    [{ firstName: 'Sam', lastName: 'Carter' }, 'Sam Carter'],
    [{ firstName: ' Sam ', lastName: null }, 'Sam'],
    [{ firstName: null, lastName: 'Carter' }, 'Carter'],
    [{ firstName: '', lastName: '  ' }, 'Member'],
    [{ firstName: null, lastName: null }, 'Member'],
  ])('names %o %s', (member, name) => {
    expect(memberName(member)).toBe(name)
  })
})
