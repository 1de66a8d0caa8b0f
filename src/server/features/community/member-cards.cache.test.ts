import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema.ts'
import { createUser, type SignedInUser } from '#tests/support/factories.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { MemberCards } from './member-cards.cache.ts'

// The authors' cards of posts (member-cards.cache.ts): kept per member while the event hub tells the process of every
// change, never kept otherwise, and a read that overlaps a change is not kept.

let t: TestApp
let member: SignedInUser

beforeAll(async () => {
  t = await createTestApp()
  member = await createUser(t, { verify: 'mark', firstName: 'Cora', lastName: 'Card' })
})
afterAll(() => t?.close())

const rename = (firstName: string) => t.db.update(users).set({ firstName }).where(eq(users.id, member.id))

async function nameIn(cards: MemberCards): Promise<string | undefined> {
  const card = (await cards.cards(t.db, [member.id])).get(member.id)
  return card && (JSON.parse(card.member.toString()) as { firstName: string }).firstName
}

describe('member cards', () => {
  it('are read once and served from memory until dropped', async () => {
    const cards = new MemberCards({ live: true })
    await rename('Cora')
    expect(await nameIn(cards)).toBe('Cora')
    expect(cards.size).toBe(1)
    // Nothing dropped it (this instance hears no events): the kept card is served.
    await rename('Changed')
    expect(await nameIn(cards)).toBe('Cora')
    cards.drop(member.id)
    expect(await nameIn(cards)).toBe('Changed')
    await rename('Again')
    cards.clear()
    expect(cards.size).toBe(0)
    expect(await nameIn(cards)).toBe('Again')
  })

  it('are never kept by a process that hears no events', async () => {
    const cards = new MemberCards({ live: false })
    await rename('First')
    expect(await nameIn(cards)).toBe('First')
    await rename('Second')
    expect(await nameIn(cards)).toBe('Second')
    expect(cards.size).toBe(0)
  })

  it('read while a change arrives serve that request but are not kept', async () => {
    const cards = new MemberCards({ live: true })
    await rename('Before')
    const reading = nameIn(cards)
    cards.drop(member.id) // the event of a change committed while the read was under way
    expect(await reading).toBe('Before')
    expect(cards.size).toBe(0)
  })

  it('give the picture to the member only once a moderator hid the profile, and leave out members that do not exist', async () => {
    const cards = new MemberCards({ live: true })
    await t.db.update(users).set({ image: '/api/photos/x/thumb', hiddenAt: new Date() }).where(eq(users.id, member.id))
    const found = await cards.cards(t.db, [member.id, member.id, 'nobody'])
    expect([...found.keys()]).toEqual([member.id])
    const card = found.get(member.id)
    expect(JSON.parse(card?.owner.toString() ?? '')).toMatchObject({
      id: member.id,
      profileImageUrl: '/api/photos/x/thumb',
    })
    expect(JSON.parse(card?.member.toString() ?? '')).toMatchObject({ id: member.id, profileImageUrl: null })
    await t.db.update(users).set({ image: null, hiddenAt: null }).where(eq(users.id, member.id))
  })

  it("are dropped by the app when the database reports a change (the trigger's event)", async () => {
    await rename('Watched')
    await t.app.memberCards.cards(t.db, [member.id])
    expect(await nameIn(t.app.memberCards)).toBe('Watched')
    await rename('Heard')
    await expect.poll(() => nameIn(t.app.memberCards), { timeout: 3000 }).toBe('Heard')
  })
})
