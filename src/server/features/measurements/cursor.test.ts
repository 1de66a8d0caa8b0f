import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { cursorTimeOf, decodeCursor, encodeCursor } from './measurements.service.ts'

// Keyset cursors: the feed reads created_at as text (cheaper for the database than to_char) and cursorTimeOf turns it
// into the cursor's UTC time to the microsecond, whatever time zone the session writes in.

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('cursorTimeOf', () => {
  it.each([
    ['2026-11-23 08:36:35.514+00', '2026-11-23T08:36:35.514000Z'],
    ['2026-11-23 08:36:35+00', '2026-11-23T08:36:35.000000Z'],
    ['2026-11-23 08:36:35.000001+00', '2026-11-23T08:36:35.000001Z'],
    ['2026-11-23 14:06:35.123456+05:30', '2026-11-23T08:36:35.123456Z'],
    ['2026-01-01 00:30:00.5-03', '2026-01-01T03:30:00.500000Z'],
    ['1890-06-01 00:00:00+00:19:32', '1890-05-31T23:40:28.000000Z'],
    ['2024-02-29 23:59:59.999999-00', '2024-02-29T23:59:59.999999Z'],
  ])('%s → %s', (text, cursor) => {
    expect(cursorTimeOf(text)).toBe(cursor)
  })

  it.each(['2026-11-23T08:36:35Z', '2026-11-23 08:36:35', 'infinity', ''])('refuses %j', (text) => {
    expect(() => cursorTimeOf(text)).toThrow(/not a timestamp/)
  })

  it("gives to_char's UTC text for any time the database writes, in any session time zone", async () => {
    const zones = ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham', 'America/Los_Angeles']
    const micros = fc.integer({ min: 946_684_800_000_000, max: 4_102_444_800_000_000 }) // 2000 to 2100
    await fc.assert(
      fc.asyncProperty(
        fc.array(micros, { minLength: 1, maxLength: 20 }),
        fc.constantFrom(...zones),
        async (list, zone) => {
          const values = sql.join(
            list.map((us) => sql`(to_timestamp(0) + ${`${us} microseconds`}::interval)`),
            sql`, `,
          )
          const rows = await t.db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local time zone '${zone}'`))
            const result = await tx.execute(
              sql`select v::text as text, to_char(v at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as cursor
              from (values ${values}) as x(v)`,
            )
            return (result as unknown as { rows: { text: string; cursor: string }[] }).rows
          })
          for (const row of rows) expect(cursorTimeOf(row.text)).toBe(row.cursor)
        },
      ),
      { numRuns: 25 },
    )
  })

  it('makes cursors that decode to the same time', () => {
    const cursor = encodeCursor(
      cursorTimeOf('2026-11-23 14:06:35.123456+05:30'),
      '5152b5b4-a455-4367-8c53-fd715c389714',
    )
    expect(decodeCursor(cursor)).toEqual({
      createdAt: '2026-11-23T08:36:35.123456Z',
      id: '5152b5b4-a455-4367-8c53-fd715c389714',
    })
  })
})
