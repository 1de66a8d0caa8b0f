import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AuthUser } from '#shared/schemas/access.ts'
import { AccessCookie, cookieValue } from './access-cookie.ts'
import type { SessionCheck } from './session-cache.ts'

const SECRET = 'access-cookie-test-secret-0123456789abcdef0123456789'
const SESSION = 'token123.c2lnbmF0dXJl%3D'
const T0 = 1_700_000_000_000

const member: AuthUser = {
  id: 'u1',
  email: 'u1@example.test',
  firstName: 'Ada',
  lastName: 'Lovelace',
  profileImageUrl: null,
  betaApproved: true,
  isAdmin: false,
  gatePassed: true,
}
const check: SessionCheck = { user: member, checkedAt: T0, validUntil: T0 + 300_000 }

/** The Cookie header a browser sends back: the session cookie and the access cookie a Set-Cookie carried. */
function sentBack(setCookie: string | undefined, session = SESSION, name = 'fieldmark.session_token'): string {
  if (!setCookie) throw new Error('no access cookie was issued')
  return `${name}=${session}; ${setCookie.split(';')[0]}`
}

describe('AccessCookie', () => {
  const cookies = new AccessCookie(SECRET, false)

  it('gives back the check it carries, for its own session, until it ends', () => {
    const header = sentBack(cookies.issue(SESSION, check, T0))
    expect(cookies.read(header, SESSION, T0 + 1)).toEqual(check)
    expect(cookies.read(header, SESSION, T0 + 299_999)).toEqual(check)
  })

  it('is HttpOnly, SameSite=Lax, lives as long as the check, and is Secure under its __Secure- name on https', () => {
    expect(cookies.issue(SESSION, check, T0)).toMatch(
      /^fieldmark\.access=[\w.-]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/,
    )
    expect(new AccessCookie(SECRET, true).issue(SESSION, check, T0)).toMatch(
      /^__Secure-fieldmark\.access=[\w.-]+; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax; Secure$/,
    )
    expect(cookies.clear()).toBe('fieldmark.access=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax')
  })

  const value = (header: string) => cookieValue(header, ['fieldmark.access']) as string
  const withValue = (v: string) => `fieldmark.session_token=${SESSION}; fieldmark.access=${v}`
  const good = sentBack(cookies.issue(SESSION, check, T0))
  const [format, payload, signature] = value(good).split('.') as [string, string, string]
  const forged = (claim: object) => `${format}.${Buffer.from(JSON.stringify(claim)).toString('base64url')}`
  const refusals: { name: string; header: string; session?: string; now?: number }[] = [
    { name: 'none sent', header: `fieldmark.session_token=${SESSION}` },
    { name: 'sent with another session', header: good, session: 'token456.c2lnbg%3D' },
    { name: 'expired', header: good, now: T0 + 300_000 },
    {
      name: 'made an admin by hand, old signature',
      header: withValue(`${forged({ u: { ...member, isAdmin: true }, b: 'x', c: T0, v: T0 + 1 })}.${signature}`),
    },
    { name: 'signature cut short', header: withValue(`${format}.${payload}.${signature.slice(1)}`) },
    { name: 'no signature', header: withValue(`${format}.${payload}`) },
    { name: 'another format', header: withValue(`a0.${payload}.${signature}`) },
    {
      name: 'signed with another secret',
      header: sentBack(new AccessCookie(`${SECRET}-other`, false).issue(SESSION, check, T0)),
    },
    { name: 'garbage', header: withValue('%%%.;;;') },
  ]
  it.each(refusals)('refuses an access cookie $name', ({ header, session = SESSION, now = T0 + 1 }) => {
    expect(cookies.read(header, session, now)).toBeUndefined()
  })

  it('refuses a genuine signature over a claim that is not a member (schema)', () => {
    const bad = new AccessCookie(SECRET, false)
    const header = sentBack(bad.issue(SESSION, { ...check, user: { id: 'u1' } as AuthUser }, T0))
    expect(cookies.read(header, SESSION, T0 + 1)).toBeUndefined()
  })

  it('is not issued when it would not fit in a cookie (a very long picture URL)', () => {
    const long = { ...check, user: { ...member, profileImageUrl: `https://example.test/${'p'.repeat(3_000)}` } }
    expect(cookies.issue(SESSION, long, T0)).toBeUndefined()
  })

  it('any change to one character of the value is refused', () => {
    const original = value(good)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: original.length - 1 }), fc.constantFrom(...'ABCabc019-_.'), (at, char) => {
        fc.pre(original[at] !== char)
        const changed = `${original.slice(0, at)}${char}${original.slice(at + 1)}`
        expect(cookies.read(withValue(changed), SESSION, T0 + 1)).toBeUndefined()
      }),
      { numRuns: 300 },
    )
  })
})

describe('cookieValue', () => {
  it.each([
    { header: undefined, expected: undefined },
    { header: 'a=1; b=2', expected: '2' },
    { header: 'b=2;a=1', expected: '2' },
    { header: 'ab=3; a=1', expected: undefined },
    { header: 'junk; b = 4', expected: '4' },
  ])('reads b from $header', ({ header, expected }) => {
    expect(cookieValue(header, ['b'])).toBe(expected)
  })
})
