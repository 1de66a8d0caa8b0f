import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '#shared/errors.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { cursorTimeOf, decodeCursor, encodeCursor, isCursorTime } from './measurements.service.ts'

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

describe('decodeCursor', () => {
  const CURSOR_ERROR = 'Invalid cursor; load the list again from the start'
  const ID = '5152b5b4-a455-4367-8c53-fd715c389714'
  const forged = (text: string) => Buffer.from(text, 'utf8').toString('base64url')

  /** Any instant PostgreSQL and the cursor can hold: years 1 to 9999, to the microsecond. */
  const cursorTime = fc
    .tuple(
      fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
      fc.integer({ min: 0, max: 999_999 }),
    )
    .map(([date, micros]) => `${date.toISOString().slice(0, 19)}.${String(micros).padStart(6, '0')}Z`)

  it('gives back what encodeCursor made, for any time from year 1 to 9999 and any UUID', () => {
    fc.assert(
      fc.property(cursorTime, fc.uuid(), (createdAt, id) => {
        expect(decodeCursor(encodeCursor(createdAt, id))).toEqual({ createdAt, id })
      }),
    )
  })

  it.each([
    ['February 30th', '2026-02-30T00:00:00.000000Z'],
    ['year 0000', '0000-01-01T00:00:00.000000Z'],
    ['February 29th of a common year', '2025-02-29T12:00:00.000000Z'],
    ['April 31st', '2026-04-31T00:00:00.000000Z'],
    ['month 13', '2026-13-01T00:00:00.000000Z'],
    ['day 0', '2026-01-00T00:00:00.000000Z'],
    ['hour 24', '2026-01-01T24:00:00.000000Z'],
    ['a leap second', '2026-12-31T23:59:60.000000Z'],
    ['minute 60', '2026-01-01T10:60:00.000000Z'],
  ])('refuses a cursor whose time is impossible: %s', (_name, time) => {
    expect(isCursorTime(time)).toBe(false)
    expect(() => decodeCursor(forged(`${time}|${ID}`))).toThrow(CURSOR_ERROR)
  })

  it('keeps February 29th of a leap year and the first and last instants', () => {
    for (const time of ['2024-02-29T12:00:00.000000Z', '0001-01-01T00:00:00.000000Z', '9999-12-31T23:59:59.999999Z']) {
      expect(decodeCursor(forged(`${time}|${ID}`)).createdAt).toBe(time)
    }
  })

  it('refuses an id that is not a UUID', () => {
    expect(() => decodeCursor(forged(`2026-01-01T00:00:00.000000Z|${ID.slice(1)}x`))).toThrow(CURSOR_ERROR)
  })

  it('decodes any string or throws the cursor field error, never anything else', () => {
    const anyCursor = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.tuple(fc.string(), fc.string()).map(([time, id]) => forged(`${time}|${id}`)),
      fc.tuple(cursorTime, fc.string({ maxLength: 40 })).map(([time, id]) => forged(`${time}|${id}`)),
      fc
        .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 0, max: 99 }))
        .map(([y, m, d]) => {
          const pad = (n: number, w = 2) => String(n).padStart(w, '0')
          return forged(`${pad(y, 4)}-${pad(m)}-${pad(d)}T00:00:00.000000Z|${ID}`)
        }),
    )
    fc.assert(
      fc.property(anyCursor, (cursor) => {
        try {
          const { createdAt, id } = decodeCursor(cursor)
          expect(isCursorTime(createdAt)).toBe(true)
          expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
        } catch (err) {
          expect(err).toBeInstanceOf(AppError)
          expect((err as AppError).issues).toEqual([{ path: 'cursor', message: CURSOR_ERROR }])
        }
      }),
      { numRuns: 500 },
    )
  })
})
