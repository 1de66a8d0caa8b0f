import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LEADERBOARD_PERIODS, periodBucket } from '#shared/achievements/constants.ts'
import { createTestApp, type TestApp } from '#tests/support/test-app.ts'
import { bucketsSql } from './leaderboards.service.ts'

// The buckets a measurement is written in (SQL, bucketsSql) must be the ones a board reads (periodBucket, in
// TypeScript), or a measurement would count in a week nobody ever asks for. Both are UTC calendar periods with weeks
// starting on Monday; these instants sit on the edges.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

const INSTANTS = [
  '2026-11-15T23:59:59.999Z', // Sunday, the last moment of the week of Monday 9 November
  '2026-11-16T00:00:00.000Z', // Monday: a new week
  '2026-11-22T23:59:00.000Z', // Sunday 23:59
  '2026-12-31T23:59:59.999Z', // Thursday: the last moment of the year, in the week of Monday 28 December
  '2027-01-01T00:00:00.000Z', // Friday: a new year and month, the same week (w2026-12-28)
  '2021-01-03T23:59:59.000Z', // Sunday: 2021 by the calendar, in the week of Monday 28 December 2020
  '2024-12-30T00:00:00.000Z', // Monday: the week that holds 1 January 2025 starts in 2024
  '2024-02-29T12:00:00.000Z', // a leap day
  '1900-01-01T00:00:00.000Z', // the earliest date a measurement may be taken (a Monday)
]

/** The SQL buckets of an instant, in the order of LEADERBOARD_PERIODS (all, year, month, week). */
async function sqlBuckets(iso: string, timeZone: string): Promise<string[]> {
  return t.db.transaction(async (tx) => {
    // The session's time zone must not matter: buckets are UTC.
    await tx.execute(sql`select set_config('TimeZone', ${timeZone}, true)`)
    const result = await tx.execute(sql`select ${bucketsSql(sql`${iso}::timestamptz`)} as buckets`)
    const [row] = (result as unknown as { rows: { buckets: string[] }[] }).rows
    return row?.buckets ?? []
  })
}

describe('leaderboard buckets', () => {
  it.each(INSTANTS)('SQL and periodBucket agree for %s in any session time zone', async (iso) => {
    const expected = LEADERBOARD_PERIODS.map((period) => periodBucket(period, new Date(iso)))
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati']) {
      expect(await sqlBuckets(iso, zone), zone).toEqual(expected)
    }
  })

  it('puts Sunday 23:59 UTC in the previous week and Monday 00:00 UTC in the next', async () => {
    const [sunday, monday] = await Promise.all([
      sqlBuckets('2026-11-15T23:59:00Z', 'UTC'),
      sqlBuckets('2026-11-16T00:00:00Z', 'UTC'),
    ])
    expect(sunday[3]).toBe('w2026-11-09')
    expect(monday[3]).toBe('w2026-11-16')
  })

  it('keeps the week across a year boundary while the year and month change', async () => {
    const before = await sqlBuckets('2026-12-31T23:59:59Z', 'UTC')
    const after = await sqlBuckets('2027-01-01T00:00:00Z', 'UTC')
    expect(before).toEqual(['all', 'y2026', 'm2026-12', 'w2026-12-28'])
    expect(after).toEqual(['all', 'y2027', 'm2027-01', 'w2026-12-28'])
  })
})
