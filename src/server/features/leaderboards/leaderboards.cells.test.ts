import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { periodBucket } from '#shared/schemas/achievements.ts'
import { type Cell, EMPTY_CELL, moveCell, type Part, rollUp, TOTALS_SHARDS, totalsShard } from './leaderboards.cells.ts'
import { bucketRange } from './leaderboards.delta.ts'

// The arithmetic of a write on one cell, against the cell computed from all its measurements as a rebuild does
// (leaderboards.service.ts cellsCtes): counts, the latest trophy (else the latest measurement), the best size
// recorded first among equals.

/** A cell from every part in it: the definition the moves must agree with. */
function cellOf(parts: readonly Part[]): Cell {
  if (parts.length === 0) return EMPTY_CELL
  const trophies = parts.filter((p) => p.trophy)
  const latest = (trophies.length > 0 ? trophies : parts).map((p) => p.createdAt).sort()
  const sized = parts
    .filter((p) => p.size !== null)
    .sort((a, b) => (b.size as number) - (a.size as number) || (a.createdAt < b.createdAt ? -1 : 1))
  return {
    measurements: parts.length,
    trophies: trophies.length,
    trophiesAt: latest.at(-1) ?? null,
    best: sized[0]?.size ?? null,
    bestAt: sized[0]?.createdAt ?? null,
  }
}

/** The move, its maxima read again from the parts after the write where it says so (as the delta does). */
function moved(before: readonly Part[], after: readonly Part[], removed?: Part, added?: Part): Cell {
  const { cell, refindLatest, refindBest } = moveCell(cellOf(before), removed, added)
  const truth = cellOf(after)
  return {
    ...cell,
    ...(refindLatest ? { trophiesAt: truth.trophiesAt } : {}),
    ...(refindBest ? { best: truth.best, bestAt: truth.bestAt } : {}),
  }
}

const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000000Z`
const part = (second: number, size: number | null, trophy = false): Part => ({ trophy, size, createdAt: at(second) })

describe('moveCell', () => {
  const a = part(1, 10)
  const b = part(2, 12, true)
  const c = part(3, 12)
  it.each<[string, Part[], Part | undefined, Part | undefined, boolean, boolean]>([
    ['a first measurement', [], undefined, a, false, false],
    ['a later one, smaller', [b], undefined, a, false, false],
    ['a tie recorded later keeps the first best', [b], undefined, c, false, false],
    ['the only trophy removed: the latest of the others is read again', [a, b, c], b, undefined, true, true],
    ['the latest non-trophy removed while a trophy remains: nothing to read', [a, b, c], c, undefined, false, false],
    ['the best grown by an edit: still the best, nothing to read', [a, b, c], b, { ...b, size: 13 }, false, false],
    ['the best shrunk by an edit: read again', [a, b, c], b, { ...b, size: 5 }, false, true],
    ['the last one deleted: no rows', [a], a, undefined, false, false],
    ['the only one edited: its new part alone', [b], b, { ...b, trophy: false, size: 3 }, false, false],
  ])('%s', (_, start, removed, added, latest, best) => {
    const after = [...start.filter((p) => p !== removed), ...(added ? [added] : [])]
    const move = moveCell(cellOf(start), removed, added)
    expect([move.refindLatest, move.refindBest]).toEqual([latest, best])
    expect(moved(start, after, removed, added)).toEqual(cellOf(after))
  })

  it('agrees with the cell computed again, for any cell and any part added, removed or changed', () => {
    // Few sizes and moments, so that ties of size and of moment are common.
    const aPart = fc.record({
      trophy: fc.boolean(),
      size: fc.option(fc.constantFrom(1, 2, 2.5, 3), { nil: null }),
      createdAt: fc.integer({ min: 0, max: 6 }).map(at),
    })
    const change = fc.oneof(
      fc.record({ kind: fc.constant('add' as const), part: aPart }),
      fc.record({ kind: fc.constant('remove' as const), index: fc.nat() }),
      fc.record({
        kind: fc.constant('edit' as const),
        index: fc.nat(),
        trophy: fc.boolean(),
        size: aPart.map((p) => p.size),
      }),
    )
    fc.assert(
      fc.property(fc.array(aPart, { maxLength: 8 }), change, (start, step) => {
        if (step.kind === 'add') {
          expect(moved(start, [...start, step.part], undefined, step.part)).toEqual(cellOf([...start, step.part]))
          return
        }
        if (start.length === 0) return
        const index = step.index % start.length
        const old = start[index] as Part
        // An edit keeps the measurement's moment: it is the same measurement.
        const added = step.kind === 'edit' ? { ...old, trophy: step.trophy, size: step.size } : undefined
        const after = start.flatMap((p, i) => (i !== index ? [p] : added ? [added] : []))
        expect(moved(start, after, old, added)).toEqual(cellOf(after))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('rollUp', () => {
  it('makes a cell from the cells it is made of, as from all their measurements', () => {
    const aPart = fc.record({
      trophy: fc.boolean(),
      size: fc.option(fc.constantFrom(1, 2, 3), { nil: null }),
      createdAt: fc.integer({ min: 0, max: 9 }).map(at),
    })
    fc.assert(
      fc.property(fc.array(fc.array(aPart, { maxLength: 4 }), { maxLength: 4 }), (groups) => {
        const whole = cellOf(groups.flat())
        const rolled = rollUp(whole, groups.map(cellOf))
        expect(whole.measurements === 0 ? EMPTY_CELL : rolled).toEqual(whole)
      }),
      { numRuns: 1000 },
    )
  })
})

describe('bucketRange', () => {
  it('starts and ends a week or month bucket where periodBucket moves to the next, in UTC', () => {
    const moment = fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2100-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    fc.assert(
      fc.property(moment, fc.constantFrom('this-week' as const, 'this-month' as const), (date, period) => {
        const bucket = periodBucket(period, date)
        const { from, to } = bucketRange(bucket)
        expect(new Date(from).getTime()).toBeLessThanOrEqual(date.getTime())
        expect(new Date(to).getTime()).toBeGreaterThan(date.getTime())
        expect(periodBucket(period, new Date(from))).toBe(bucket)
        expect(periodBucket(period, new Date(new Date(to).getTime() - 1))).toBe(bucket)
        expect(periodBucket(period, new Date(to))).not.toBe(bucket)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('totalsShard', () => {
  it('gives a member one row of the species totals, the same every time, within the shards', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 40 }), (id) => {
        const shard = totalsShard(id)
        expect(Number.isInteger(shard) && shard >= 0 && shard < TOTALS_SHARDS).toBe(true)
        expect(totalsShard(id)).toBe(shard)
      }),
    )
  })

  it('spreads members over every shard, none with more than twice its share', () => {
    const counts = new Array<number>(TOTALS_SHARDS).fill(0)
    for (let i = 0; i < 1_600; i++) counts[totalsShard(`member-${i}`)] = (counts[totalsShard(`member-${i}`)] ?? 0) + 1
    expect(Math.min(...counts)).toBeGreaterThan(0)
    expect(Math.max(...counts)).toBeLessThanOrEqual(200)
  })
})
