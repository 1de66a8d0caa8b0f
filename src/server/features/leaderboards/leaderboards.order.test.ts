import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { membersAhead, parseBoardOrder, type Standing } from './leaderboards.order.ts'

// A board's kept order and the place of a viewer at their current standing (leaderboards.order.ts), against the
// board's own rule: higher value first, then the earlier moment, then the id.

type Entry = Standing

/** The order as the database reads it: value descending, moment ascending, id ascending. */
function orderOf(entries: readonly Entry[]) {
  const sorted = [...entries].sort((a, b) => b.value - a.value || a.at - b.at || (a.id < b.id ? -1 : 1))
  return parseBoardOrder({
    ids: sorted.map((e) => e.id).join(' ') || null,
    values: sorted.map((e) => String(e.value)).join(' ') || null,
    ats: sorted.map((e) => String(e.at)).join(' ') || null,
  })
}

const board = orderOf([
  { id: 'ann', value: 9, at: 100 },
  { id: 'bob', value: 7, at: 50 },
  { id: 'cat', value: 7, at: 80 },
  { id: 'dan', value: 3, at: 10 },
])

describe('a viewer placed among the kept order', () => {
  it.each([
    ['first with a higher value', { id: 'eve', value: 10, at: 999 }, [], 0],
    ['after the same value reached earlier', { id: 'eve', value: 7, at: 60 }, [], 2],
    ['before the same value reached later', { id: 'eve', value: 7, at: 70 }, [], 2],
    ['last with the lowest value', { id: 'eve', value: 1, at: 0 }, [], 4],
    ['at their own kept place, not counting themselves', { id: 'cat', value: 7, at: 80 }, [], 2],
    ['higher after their own write, their old entry left out', { id: 'dan', value: 8, at: 500 }, [], 1],
    ['lower after a delete, their old entry left out', { id: 'ann', value: 3, at: 20 }, [], 3],
    ['without a blocked member ahead', { id: 'eve', value: 5, at: 0 }, ['ann'], 2],
    ['with a blocked member behind still not counted', { id: 'eve', value: 5, at: 0 }, ['dan'], 3],
  ])('%s', (_name, me, blocked, ahead) => {
    expect(membersAhead(board, me, blocked)).toBe(ahead)
  })

  it('leaves an exact tie with another member to the database', () => {
    expect(membersAhead(board, { id: 'eve', value: 7, at: 50 })).toBeUndefined()
    expect(membersAhead(board, { id: 'bob', value: 7, at: 50 })).toBe(1)
  })

  it('places anyone on an empty board first', () => {
    expect(membersAhead(orderOf([]), { id: 'eve', value: 1, at: 1 })).toBe(0)
  })

  it('refuses texts that do not line up', () => {
    expect(() => parseBoardOrder({ ids: 'a b', values: '1', ats: '1 2' })).toThrow(/2 ids, 1 values/)
  })

  it('counts exactly the other members ranked ahead, for any board, viewer and blocks', () => {
    const entry = fc.record({
      id: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'),
      value: fc.integer({ min: 1, max: 4 }),
      at: fc.integer({ min: 0, max: 5 }),
    })
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { selector: (e) => e.id, maxLength: 8 }),
        entry,
        fc.subarray(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']),
        (entries, me, blocked) => {
          const others = entries.filter((e) => e.id !== me.id)
          const tied = others.some((e) => e.value === me.value && e.at === me.at)
          const expected = others.filter(
            (e) => !blocked.includes(e.id) && (e.value > me.value || (e.value === me.value && e.at < me.at)),
          ).length
          expect(membersAhead(orderOf(entries), me, blocked)).toBe(tied ? undefined : expected)
        },
      ),
    )
  })
})
