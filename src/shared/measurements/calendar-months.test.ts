import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { countByMonth, isTimeZone, lastMonths, monthBefore, monthKey, nextMonthTurn } from './calendar-months.ts'

describe('monthKey', () => {
  it.each([
    // 8 pm on October 31 in Wisconsin (CDT, UTC-5) is already November in UTC.
    { instant: '2026-11-01T01:00:00Z', zone: 'America/Chicago', month: '2026-10' },
    { instant: '2026-11-01T01:00:00Z', zone: 'UTC', month: '2026-11' },
    // New Year in Auckland (UTC+13) comes before it does in UTC.
    { instant: '2026-12-31T11:30:00Z', zone: 'Pacific/Auckland', month: '2027-01' },
    { instant: '2026-12-31T11:30:00Z', zone: 'UTC', month: '2026-12' },
    // The last instant of a month and the first of the next, in a zone half an hour off the hour.
    { instant: '2026-02-28T18:29:59.999Z', zone: 'Asia/Kolkata', month: '2026-02' },
    { instant: '2026-02-28T18:30:00Z', zone: 'Asia/Kolkata', month: '2026-03' },
    // Daylight saving time: Chicago is UTC-6 in March before the change.
    { instant: '2026-03-01T05:59:59Z', zone: 'America/Chicago', month: '2026-02' },
    { instant: '2026-03-01T06:00:00Z', zone: 'America/Chicago', month: '2026-03' },
    { instant: '1900-01-01T12:00:00Z', zone: 'UTC', month: '1900-01' },
  ])('$instant is $month in $zone', ({ instant, zone, month }) => {
    expect(monthKey(new Date(instant), zone)).toBe(month)
  })
})

describe('isTimeZone', () => {
  it.each([
    ['UTC', true],
    ['America/Chicago', true],
    ['Europe/Berlin', true],
    ['', false],
    ['Mars/Olympus_Mons', false],
    ['x'.repeat(65), false],
  ])('%s → %s', (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected)
  })
})

describe('monthBefore and lastMonths', () => {
  it.each([
    ['2026-11', 0, '2026-11'],
    ['2026-11', 10, '2026-01'],
    ['2026-11', 11, '2025-12'],
    ['2026-01', 1, '2025-12'],
    ['2026-03', 27, '2023-12'],
  ] as const)('%s minus %i months is %s', (key, back, expected) => {
    expect(monthBefore(key, back)).toBe(expected)
  })

  it('lists twelve months ending with the current month of the zone, oldest first', () => {
    const now = new Date('2026-11-01T01:00:00Z')
    expect(lastMonths(now, 'America/Chicago')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
    ])
    expect(lastMonths(now, 'UTC').at(-1)).toBe('2026-11')
  })
})

describe('countByMonth', () => {
  it('buckets by the zone, leaves out months before the window and after now', () => {
    const now = new Date('2026-11-15T12:00:00Z')
    const perMonth = countByMonth(
      [
        new Date('2026-11-01T01:00:00Z'), // October 31 in Chicago
        new Date('2026-11-10T12:00:00Z'),
        new Date('2025-12-01T12:00:00Z'), // the oldest month shown
        new Date('2025-11-30T12:00:00Z'), // before it
        new Date('2026-12-02T12:00:00Z'), // next month (a clock ahead)
      ],
      now,
      'America/Chicago',
    )
    expect(perMonth).toHaveLength(12)
    expect(perMonth[0]).toEqual({ month: '2025-12', count: 1 })
    expect(perMonth.at(-2)).toEqual({ month: '2026-10', count: 1 })
    expect(perMonth.at(-1)).toEqual({ month: '2026-11', count: 1 })
    expect(perMonth.reduce((sum, m) => sum + m.count, 0)).toBe(3)
  })

  const zones = fc.constantFrom('UTC', 'America/Chicago', 'America/Los_Angeles', 'Asia/Kolkata', 'Pacific/Auckland')
  const instant = fc.date({
    min: new Date('2024-01-01T00:00:00Z'),
    max: new Date('2027-12-31T00:00:00Z'),
    noInvalidDate: true,
  })

  it('counts each instant of the window exactly once, in the month monthKey names', () => {
    fc.assert(
      fc.property(fc.array(instant, { maxLength: 40 }), instant, zones, (instants, now, zone) => {
        const perMonth = countByMonth(instants, now, zone)
        const window = new Set(perMonth.map((m) => m.month))
        const inWindow = instants.filter((d) => window.has(monthKey(d, zone)))
        expect(perMonth.reduce((sum, m) => sum + m.count, 0)).toBe(inWindow.length)
        for (const { month, count } of perMonth) {
          expect(count).toBe(inWindow.filter((d) => monthKey(d, zone) === month).length)
        }
        expect(perMonth.at(-1)?.month).toBe(monthKey(now, zone))
      }),
    )
  })
})

describe('nextMonthTurn', () => {
  const zones = Intl.supportedValuesOf('timeZone')
  // From 2000 on: before then some zones kept offsets of odd minutes (local mean time).
  // Instants within 15 hours of a UTC month's start, where months turn somewhere, to the millisecond.
  const instant = fc
    .tuple(fc.integer({ min: 2000, max: 2100 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: -54e6, max: 54e6 }))
    .map(([year, month, offset]) => Date.UTC(year, month, 1) + offset)

  it('leaves the month unchanged in every zone until it comes, and is at most a quarter hour away', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (at, zone) => {
        const turn = nextMonthTurn(at)
        expect(turn).toBeGreaterThan(at)
        expect(turn - at).toBeLessThanOrEqual(15 * 60_000)
        // The month can only move forward, so equal ends mean no turn between them.
        expect(monthKey(new Date(turn - 1), zone)).toBe(monthKey(new Date(at), zone))
      }),
      { numRuns: 2_000 },
    )
  })

  it('comes exactly when a month turns at a zone whose offset has quarter hours', () => {
    // Midnight of 1 March 2026 in Kathmandu (UTC+5:45) is 18:15 UTC on 28 February.
    const turn = Date.UTC(2026, 1, 28, 18, 15)
    expect(nextMonthTurn(turn - 1)).toBe(turn)
    expect(monthKey(new Date(turn - 1), 'Asia/Kathmandu')).toBe('2026-02')
    expect(monthKey(new Date(turn), 'Asia/Kathmandu')).toBe('2026-03')
  })
})
