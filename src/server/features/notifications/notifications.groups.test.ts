import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { groupWindow, type WindowRow, windowRowsOf } from './notifications.groups.ts'

// The bell's grouping, as the statement gave it with window functions before: rows come newest first.

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, 59 - minute)).toISOString()

function row(groupKey: string, actorId: string | null, minute: number, unread = false): WindowRow {
  return {
    kind: 'like',
    groupKey,
    actorId,
    measurementId: groupKey,
    commentId: null,
    achievementId: null,
    verdict: null,
    unread,
    latestAt: at(minute),
  }
}

describe('groupWindow', () => {
  it.each([
    { name: 'no notifications', rows: [], groups: [] },
    {
      name: 'one like',
      rows: [row('a', 'ann', 0, true)],
      groups: [{ key: 'a', actorCount: 1, actorIds: ['ann'], unread: true, latestAt: at(0) }],
    },
    {
      name: 'an actor twice counts once, named where their latest is',
      rows: [row('a', 'ann', 0), row('a', 'bo', 1), row('a', 'ann', 2)],
      groups: [{ key: 'a', actorCount: 2, actorIds: ['ann', 'bo'], unread: false, latestAt: at(0) }],
    },
    {
      name: 'the latest three named, all counted, unread if any is',
      rows: [row('a', 'sam', 0), row('a', 'cy', 1), row('a', 'bo', 2, true), row('a', 'ann', 3)],
      groups: [{ key: 'a', actorCount: 4, actorIds: ['sam', 'cy', 'bo'], unread: true, latestAt: at(0) }],
    },
    {
      name: 'groups newest first; one without actors has none named',
      rows: [row('b', null, 0), row('a', 'ann', 1), row('b', null, 2, true)],
      groups: [
        { key: 'b', actorCount: 0, actorIds: null, unread: true, latestAt: at(0) },
        { key: 'a', actorCount: 1, actorIds: ['ann'], unread: false, latestAt: at(1) },
      ],
    },
  ])('$name', ({ rows, groups }) => {
    expect(groupWindow(rows, 3)).toEqual(groups.map((g) => expect.objectContaining(g)))
  })

  it('takes kind, item and verdict from the latest notification of each group', () => {
    const older = { ...row('check:m', 'ann', 5), kind: 'size-check' as const, verdict: 'plausible' as const }
    const newer = { ...row('check:m', 'bo', 1), kind: 'size-check' as const, verdict: 'disputed' as const }
    expect(groupWindow([newer, older], 3)[0]).toMatchObject({ kind: 'size-check', verdict: 'disputed' })
  })

  // What the statement's window functions computed, written plainly: per group the row numbered first, bool_or,
  // and the distinct actors ranked by their latest notification.
  function reference(rows: readonly WindowRow[], shown: number) {
    const keys = [...new Set(rows.map((r) => r.groupKey))]
    return keys.map((key) => {
      const mine = rows.filter((r) => r.groupKey === key)
      const actors = [...new Set(mine.flatMap((r) => (r.actorId === null ? [] : [r.actorId])))]
      return {
        key,
        latestAt: mine[0]?.latestAt,
        unread: mine.some((r) => r.unread),
        actorCount: actors.length,
        actorIds: actors.length === 0 ? null : actors.slice(0, shown),
      }
    })
  }

  it('agrees with the window functions it replaces, for any window', () => {
    const rows = fc
      .array(
        fc.record({
          key: fc.constantFrom('a', 'b', 'c', 'd'),
          actor: fc.option(fc.constantFrom('ann', 'bo', 'cy', 'dee', 'eve'), { nil: null }),
          unread: fc.boolean(),
        }),
        { maxLength: 40 },
      )
      .map((drawn) => drawn.map((d, minute) => row(d.key, d.actor, minute, d.unread)))
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 4 }), (window, shown) => {
        const groups = groupWindow(window, shown).map(({ key, latestAt, unread, actorCount, actorIds }) => ({
          key,
          latestAt,
          unread,
          actorCount,
          actorIds,
        }))
        expect(groups).toEqual(reference(window, shown))
      }),
    )
  })
})

describe('windowRowsOf', () => {
  it('reads the rows the statement wrote, empty fields as NULL', () => {
    const text = [
      'like\x1flike:m1\x1fann\x1fm1\x1f\x1f\x1f\x1ft\x1f2026-11-01T12:00:00.000Z',
      'achievement\x1fachievement:x\x1f\x1f\x1f\x1fx\x1f\x1ff\x1f2026-11-01T11:00:00.000Z',
    ].join('\x1e')
    expect(windowRowsOf(text)).toEqual([
      {
        kind: 'like',
        groupKey: 'like:m1',
        actorId: 'ann',
        measurementId: 'm1',
        commentId: null,
        achievementId: null,
        verdict: null,
        unread: true,
        latestAt: '2026-11-01T12:00:00.000Z',
      },
      {
        kind: 'achievement',
        groupKey: 'achievement:x',
        actorId: null,
        measurementId: null,
        commentId: null,
        achievementId: 'x',
        verdict: null,
        unread: false,
        latestAt: '2026-11-01T11:00:00.000Z',
      },
    ])
    expect(windowRowsOf('')).toEqual([])
  })

  it('refuses a row with a field too many or too few', () => {
    expect(() => windowRowsOf('like\x1fonly')).toThrow(/2 fields/)
  })
})
