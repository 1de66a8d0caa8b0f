import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema.ts'
import { aSignUp, createUser, getAuthUser, postIdentity } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'

// Every way the identity provider could write a member keeps the profile's rules (PATCH /api/profile): its own
// update-user and change-email are closed, and sign-up takes names like the profile does and no picture.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

async function rowOf(email: string) {
  const [row] = await t.db.select().from(users).where(eq(users.email, email))
  return row
}

describe("the identity provider's own member updates", () => {
  it('POST /api/identity/update-user is closed: long names and a javascript: picture are never stored', async () => {
    const member = await createUser(t, { state: 'member', firstName: 'Fred', lastName: 'Bear' })
    expect((await getAuthUser(t, member.cookie)).json().firstName).toBe('Fred')

    for (const body of [
      { firstName: 'x'.repeat(5_000) },
      { firstName: 'y'.repeat(90_000) },
      { image: 'javascript:alert(1)' },
      { name: 'Someone Else' },
    ]) {
      const res = await postIdentity(t, '/update-user', body, member.cookie)
      expect(res.statusCode).toBe(404)
    }
    expect(await rowOf(member.email)).toMatchObject({
      firstName: 'Fred',
      lastName: 'Bear',
      name: 'Fred Bear',
      image: null,
    })
    expect((await getAuthUser(t, member.cookie)).json()).toMatchObject({ firstName: 'Fred', profileImageUrl: null })
  })

  it('POST /api/identity/change-email is closed', async () => {
    const member = await createUser(t, { state: 'member' })
    const res = await postIdentity(t, '/change-email', { newEmail: 'elsewhere@example.com' }, member.cookie)
    expect(res.statusCode).toBe(404)
    expect(await rowOf(member.email)).toBeDefined()
  })

  it("drops the member's cached session whenever the identity provider changes them", async () => {
    const member = await createUser(t, { state: 'member', firstName: 'Fred' })
    expect((await getAuthUser(t, member.cookie)).json().firstName).toBe('Fred') // now cached
    // Server code may still update a member through better-auth's API; the cache must not keep the old name.
    await t.app.auth.api.updateUser({
      body: { firstName: 'Frederick' },
      headers: new Headers({ cookie: member.cookie }),
    })
    expect((await getAuthUser(t, member.cookie)).json().firstName).toBe('Frederick')
  })
})

describe('sign-up takes names as the profile does', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['a first name over 60 characters', { firstName: 'x'.repeat(61) }, 'firstName must be at most 60 characters'],
    ['a 90 KB last name', { lastName: 'y'.repeat(90_000) }, 'lastName must be at most 60 characters'],
    ['a blank first name', { firstName: '   ' }, 'firstName is required'],
    ['a missing last name', { lastName: undefined }, 'lastName is required'],
    ['a first name that is not text', { firstName: 42 }, 'firstName must be text'],
    ['a javascript: picture', { image: 'javascript:alert(1)' }, 'image is set from a profile photo'],
    ['any picture', { image: 'https://images.example/me.png' }, 'image is set from a profile photo'],
  ]
  for (const [what, overrides, message] of cases) {
    it(`refuses ${what} with 400 naming the field, and creates no account`, async () => {
      const input = aSignUp()
      const res = await postIdentity(t, '/sign-up/email', { ...input, name: 'A B', ...overrides })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(message)
      expect(await rowOf(input.email)).toBeUndefined()
      expect(await t.mailsTo(input.email)).toEqual([])
    })
  }

  it('stores trimmed names, and the display name built from them whatever `name` said', async () => {
    const input = aSignUp()
    const res = await postIdentity(t, '/sign-up/email', {
      ...input,
      firstName: '  Ada ',
      lastName: ' Lovelace',
      name: 'z'.repeat(5_000),
    })
    expect(res.statusCode).toBe(200)
    expect(await rowOf(input.email)).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      image: null,
    })
  })

  it('accepts names of exactly 60 characters', async () => {
    const input = aSignUp({ firstName: 'f'.repeat(60), lastName: 'l'.repeat(60) })
    const res = await postIdentity(t, '/sign-up/email', { ...input, name: 'x' })
    expect(res.statusCode).toBe(200)
    expect((await rowOf(input.email))?.firstName).toHaveLength(60)
  })
})
